/// Small screens for end-to-end tests: a pharmacy picker before and after a
/// change (one row retitled, one inserted, one moved).
enum SampleScreens {
    static func row(_ id: String, _ title: String, analyticsId: String = "a") -> String {
        #"{"id": "\#(id)", "component": {"type": "IconTitleDetails", "props": {"title": "\#(title)", "analyticsId": "\#(analyticsId)"}}}"#
    }

    static func screen(title: String, rows: [String]) -> String {
        """
        {
          "title": "\(title)",
          "box": {"sections": [
            {"id": "pharmacies", "header": {"type": "SectionHeader", "props": {"title": "Nearby"}},
             "rows": [\(rows.joined(separator: ",\n       "))]}
          ]}
        }

        """
    }

    static let old = screen(title: "Pick", rows: [row("boots", "Boots"), row("lloyds", "Lloyds"), row("well", "Well")])
    static let new = screen(
        title: "Pick", rows: [row("well", "Well"), row("boots", "Boots"), row("lloyds", "LloydsPharmacy"), row("asda", "Asda")])
    /// `old` with only the analytics ids changed.
    static let retagged = screen(
        title: "Pick",
        rows: [row("boots", "Boots", analyticsId: "b"), row("lloyds", "Lloyds", analyticsId: "b"), row("well", "Well")])
    /// Valid JSON, but `rows` is an object.
    static let invalid = #"{"box": {"sections": [{"id": "s", "rows": {}}]}}"# + "\n"
}

import BentoJSON

/// A `sections` array, its later part read by another decoder when it is
/// long (`SectionSplit`).
extension ScreenPullDecoder {
    mutating func sections() throws(JSONSyntaxError) -> [Section] {
        var sections: [Section] = []
        if outlining { recorder.beginSections() }
        try reader.beginArray()
        let split = helper.flatMap { helper in
            SectionSplit(
                reader, outlining: outlining, mapping: mapping, helper: helper, smallestRest: smallestRest,
                readsRestFirst: readsRestFirst)
        }
        defer { split?.stop() }
        while try reader.nextElement() {
            // Where the other decoder began: its sections are taken over.
            if let rest = split?.rest(at: reader.offset) {
                sections += rest.sections
                sectionsTakenOver += rest.sections.count
                if outlining { recorder.append(sectionsOf: rest.outline) }
                reader.skipElements(to: rest.end)
                consumed(reader.offset)
                continue
            }
            sections.append(try section())
            split?.reached(reader.offset)
        }
        return sections
    }

    /// The sections `reader` reads from its place in a `sections` array to
    /// the array's end, with their outline when `outlining`, and where the
    /// last one ends; nil when they are not all valid, when there is none
    /// (a comma before the array's end), or as soon as `stopped()`.
    /// `begun()` is called once the first is read.
    /// The pages of `mapping` it has read are handed back as it goes.
    static func sections(
        continuing reader: JSONPullReader, outlining: Bool, mapping: MappedFile? = nil, begun: () -> Void = {},
        stopped: () -> Bool
    ) -> SectionSplit.Rest? {
        var decoder = ScreenPullDecoder(reader: reader, consumed: mapping?.releaser(from: reader.offset) ?? { _ in })
        decoder.outlining = outlining
        var sections: [Section] = []
        var end = reader.offset
        do {
            while try decoder.reader.nextElement() {
                if stopped() { return nil }
                sections.append(try decoder.section())
                end = decoder.reader.offset
                if sections.count == 1 { begun() }
            }
        } catch {
            return nil
        }
        guard !sections.isEmpty else { return nil }
        return SectionSplit.Rest(sections: sections, outline: decoder.recorder, end: end)
    }

    /// The screen `bytes` hold and its outline, the later part of each
    /// `sections` array with `smallestRest` bytes after its bracket read
    /// first by another decoder, on this thread; and how many sections that
    /// one read. What tests compare with one decoder's reading.
    static func outlinedReadingRestFirst(_ bytes: [UInt8], smallestRest: Int)
        -> (screen: Screen, outline: DocumentOutline, takenOver: Int)?
    {
        JSONPullReader.reading(bytes) { reader in
            let read = document(with: reader, consumed: { _ in }) { (decoder: inout ScreenPullDecoder) throws(JSONSyntaxError) in
                decoder.outlining = true
                (decoder.helper, decoder.smallestRest, decoder.readsRestFirst) = (.newThread, smallestRest, true)
                _ = try decoder.reader.kind()
                let start = decoder.reader.offset
                let screen = try decoder.screen()
                return (screen, start..<decoder.reader.offset, decoder.recorder, decoder.sectionsTakenOver)
            }
            return read.map { screen, whole, recorder, takenOver in
                (screen, recorder.outline(mapped: nil, bytes: bytes, whole: whole, isBoxForm: screen.shape == .box), takenOver)
            }
        }
    }
}

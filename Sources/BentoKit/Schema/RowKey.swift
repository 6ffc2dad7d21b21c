/// A row of a box by identity: its section's id and its own (row ids are
/// unique within a section only). The merge keys a BASE row by the section
/// it had there, wherever a side moves it.
struct RowKey: Hashable, Sendable {
    let section: ScreenID
    let id: ScreenID
}

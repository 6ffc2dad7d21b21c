extension HTMLRenderer {
    /// The page of a directory diff: an index of every screen that was read,
    /// then a section per screen that differs. A screen on one side only is
    /// drawn against an empty screen; files that could not be read are left
    /// out (they are reported as errors).
    /// - Complexity: O(n) in the size of all screens and changesets.
    public func render(_ directory: DirectoryChangeset) -> [UInt8] {
        let empty = Screen(box: Box())
        let entries: [Entry] = directory.entries.compactMap { entry in
            switch entry.status {
            case .changed, .added, .removed:
                guard let changeset = entry.changeset else { return nil }
                return Entry(path: entry.path, changeset: changeset, old: entry.old, new: entry.new)
            case .unchanged:
                // Equal screens are listed, not drawn: any two screens stand in.
                guard let changeset = entry.changeset else { return nil }
                return Entry(path: entry.path, changeset: changeset, old: empty, new: empty)
            case .invalid:
                return nil
            }
        }
        return render(entries, oldName: directory.oldRoot, newName: directory.newRoot)
    }
}

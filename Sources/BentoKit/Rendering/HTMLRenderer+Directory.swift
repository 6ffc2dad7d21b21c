extension HTMLRenderer {
    /// The page of a directory diff: an index of every screen that was read,
    /// then a section per screen that differs. A screen on one side only is
    /// drawn against an empty screen; files that could not be read are left
    /// out (they are reported as errors).
    /// - Complexity: O(n) in the size of all screens and changesets.
    public func render(_ directory: DirectoryChangeset) -> [UInt8] {
        let empty = Screen(box: Box())
        let entries: [Entry] = directory.entries.compactMap { entry in
            let oldName = ScreenDirectory.join(directory.oldRoot, entry.path)
            let newName = ScreenDirectory.join(directory.newRoot, entry.path)
            switch entry.status {
            case .changed:
                guard let changeset = entry.changeset else { return nil }
                return Entry(path: entry.path, changeset: changeset, old: entry.old, new: entry.new)
            case .unchanged:
                // Equal screens are listed, not drawn: any two screens stand in.
                let changeset = entry.changeset ?? Changeset(oldName: oldName, newName: newName, changes: [])
                return Entry(path: entry.path, changeset: changeset, old: empty, new: empty)
            case .added:
                guard let new = entry.new else { return nil }
                let changeset = ScreenDiff.changeset(from: empty, to: new, oldName: "/dev/null", newName: newName)
                return Entry(path: entry.path, changeset: changeset, old: nil, new: new)
            case .removed:
                guard let old = entry.old else { return nil }
                let changeset = ScreenDiff.changeset(from: old, to: empty, oldName: oldName, newName: "/dev/null")
                return Entry(path: entry.path, changeset: changeset, old: old, new: nil)
            case .invalid:
                return nil
            }
        }
        return render(entries, oldName: directory.oldRoot, newName: directory.newRoot)
    }
}

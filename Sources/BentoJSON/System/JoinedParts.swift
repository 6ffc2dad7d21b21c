/// Arrays made in parts (a run of work per core), read as one list in
/// their order without joining them: joining copies every element on one
/// thread, and an element that holds references counts each of them up
/// there, and down again when the parts go. Inlinable, so that it is
/// made for the element type of its caller's module.
@frozen
public struct JoinedParts<Element: Sendable>: Sendable {
    @usableFromInline let parts: [[Element]]
    /// Where each part starts in the list, then the list's length.
    @usableFromInline let starts: [Int]

    /// The elements of `parts`, part after part.
    /// - Complexity: O(p) in the number of parts.
    @inlinable
    public init(_ parts: [[Element]]) {
        self.parts = parts
        var starts = [0]
        starts.reserveCapacity(parts.count + 1)
        for part in parts { starts.append(starts[starts.count - 1] + part.count) }
        self.starts = starts
    }

    /// How many elements the parts hold.
    @inlinable
    public var count: Int { starts[starts.count - 1] }

    /// The element at `index` of the list.
    /// - Complexity: O(log p) in the number of parts.
    @inlinable
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        // The last part whose start is at or before `index`, passing over empty parts.
        var (low, high) = (0, parts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return parts[low][index - starts[low]]
    }
}

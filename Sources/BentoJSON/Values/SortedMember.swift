/// A member of an object being written: where its name (inside its
/// quotes) is in the text and where its text went in the output. Its
/// name's key is read only when the object is sorted (`readKey(in:)`).
struct SortedMember {
    private var key: CompactMembers.NameKey
    let written: Range<Int>
    var name: Range<Int> { key.name }

    init(name: Range<Int>, written: Range<Int>) {
        (key, self.written) = (CompactMembers.NameKey(unread: name), written)
    }

    /// Reads the key its name is sorted by.
    mutating func readKey(in text: Span<UInt8>) {
        key = CompactMembers.NameKey(key.name, in: text)
    }

    /// Whether this name comes before `other`'s in code point order, both
    /// without escapes and their keys read.
    func precedes(_ other: SortedMember, in text: Span<UInt8>) -> Bool {
        key.precedes(other.key, in: text)
    }
}

extension SortedMember {
    /// About how many bytes of text a member of a wide object takes
    /// (`"member1":"value 1",`): room is made for an object's members
    /// before they are counted, and memory made but never written costs
    /// nothing, while a guess too low grows the array once or twice.
    static let bytesPerMember = 24
    /// Members at most this many are sorted by insertion.
    static let sortedByInsertion = 16
}

extension Array where Element == SortedMember {
    /// Sorts the members in `range` by name, their keys read: by insertion
    /// in place when they are few (as in most objects), else by the
    /// library's sort, which takes runs already in order as they are (the
    /// names of a wide object are often written in some order), in place
    /// when the range is the whole array (a slice would be copied first).
    /// - Complexity: O(n log n) comparisons in the count of the range.
    mutating func sortByName(_ range: Range<Int>, in text: Span<UInt8>) {
        guard range.count > SortedMember.sortedByInsertion else { return insertionSort(range, text) }
        if range == indices {
            sort { $0.precedes($1, in: text) }
        } else {
            self[range].sort { $0.precedes($1, in: text) }
        }
    }

    /// Removes the members from `first` on: one at a time when they are
    /// few (the library's range removal costs more than a small object's
    /// members do).
    /// - Complexity: O(n) in the members removed.
    mutating func removeMembers(from first: Int) {
        guard count - first <= SortedMember.sortedByInsertion else { return removeSubrange(first...) }
        while count > first { removeLast() }
    }

    private mutating func insertionSort(_ range: Range<Int>, _ text: Span<UInt8>) {
        guard range.count > 1 else { return }
        for k in range.lowerBound + 1..<range.upperBound {
            let member = self[k]
            var j = k
            while j > range.lowerBound && member.precedes(self[j - 1], in: text) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = member
        }
    }
}

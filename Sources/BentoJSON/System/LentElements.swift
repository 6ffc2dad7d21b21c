/// The elements of an array, lent for the length of a closure
/// (`Array.withLentElements`) and read where they are: an element read
/// through it is passed on borrowed, so nothing is copied and no reference
/// is counted up and down. That matters where both cores read the same rows,
/// which share a few blocks of text and their type names: counting those from
/// every core at once costs more than the work. Indices are checked.
///
/// Valid only inside the closure that receives it, as a buffer pointer is;
/// do not keep it or return it. Inlinable, so that reading an element is a
/// load where it is used, specialized for its type.
public struct LentElements<Element>: RandomAccessCollection {
    @usableFromInline let elements: UnsafeBufferPointer<Element>

    @inlinable
    init(lending elements: UnsafeBufferPointer<Element>) { self.elements = elements }

    /// The first index, 0.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last index: the number of elements.
    @inlinable public var endIndex: Int { elements.count }

    /// Element `i`, read in place.
    @inlinable
    public subscript(i: Int) -> Element {
        unsafeAddress {
            precondition(i >= 0 && i < elements.count, "index out of range")
            return elements.baseAddress! + i
        }
    }
}

extension Array {
    /// `body` with the elements lent in place (`LentElements`).
    /// - Complexity: O(1) besides `body`.
    @inlinable
    public func withLentElements<R>(_ body: (LentElements<Element>) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(LentElements(lending: $0)) }
    }
}

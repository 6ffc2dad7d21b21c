/// The places of an array being filled on several threads at once, each
/// place set by one thread only (`Array.filled(count:with:_:)`): the caller's
/// parts of the work are disjoint, so no lock is needed. Indices are checked.
///
/// Valid only inside the closure that receives it; do not keep it.
public struct DisjointFill<Element>: @unchecked Sendable {
    @usableFromInline let places: UnsafeMutableBufferPointer<Element>

    @inlinable
    init(_ places: UnsafeMutableBufferPointer<Element>) { self.places = places }

    /// Place `i`; set it from one thread only.
    @inlinable
    public subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < places.count, "index out of range")
            return places[i]
        }
        nonmutating set {
            precondition(i >= 0 && i < places.count, "index out of range")
            places[i] = newValue
        }
    }
}

extension Array {
    /// An array of `count` elements, each `value` until `body` sets it, and
    /// what `body` returns. `body` may set places from several threads at
    /// once (`Parallel`, `concurrentMap`), each place from one thread only.
    /// - Complexity: O(n) besides `body`.
    @inlinable
    public static func filled<R>(count: Int, with value: Element, _ body: (DisjointFill<Element>) throws -> R) rethrows
        -> (array: [Element], result: R)
    {
        var array = [Element](repeating: value, count: count)
        let result = try array.withUnsafeMutableBufferPointer { try body(DisjointFill($0)) }
        return (array, result)
    }
}

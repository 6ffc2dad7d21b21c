import Dispatch

/// The places of an array being filled on several threads at once, each
/// place set by one thread only (`Array.filled(count:with:_:)`): the caller's
/// parts of the work are disjoint, so no lock is needed. Indices are checked.
///
/// Valid only inside the closure that receives it; do not keep it.
/// Sendable, unchecked, because the compiler cannot see that the threads'
/// places are disjoint: each place is written by one thread and read after
/// all of them have finished.
@safe public struct DisjointFill<Element>: @unchecked Sendable {
    @usableFromInline let places: UnsafeMutableBufferPointer<Element>

    @inlinable
    init(_ places: UnsafeMutableBufferPointer<Element>) { unsafe self.places = places }

    /// Place `i`; set it from one thread only.
    @inlinable
    public subscript(i: Int) -> Element {
        get {
            precondition(unsafe i >= 0 && i < places.count, "index out of range")
            return unsafe places[i]
        }
        nonmutating set {
            precondition(unsafe i >= 0 && i < places.count, "index out of range")
            unsafe places[i] = newValue
        }
    }

    /// Makes place `i`, not yet initialized, `element`; from one thread only.
    @usableFromInline
    func initialize(_ i: Int, to element: Element) {
        precondition(unsafe i >= 0 && i < places.count, "index out of range")
        unsafe places.initializeElement(at: i, to: element)
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
        let result = try unsafe array.withUnsafeMutableBufferPointer { try body(unsafe DisjointFill($0)) }
        return (array, result)
    }

    /// `prefix`, then `make(k)` for each `k` of `0..<count`: each run of
    /// `runs` is made by one thread, straight into its places, so that no
    /// element is copied after it is made.
    init(
        concurrentlyMaking count: Int, runs: [Range<Int>], after prefix: [Element] = [],
        _ make: @Sendable (Int) -> Element
    ) {
        guard prefix.count + count > 0 else {
            self.init()
            return
        }
        unsafe self.init(unsafeUninitializedCapacity: prefix.count + count) { buffer, initialized in
            var end = buffer.startIndex
            for element in prefix {
                unsafe buffer.initializeElement(at: end, to: element)
                end += 1
            }
            // Each run writes only its own places, so no lock is needed.
            let places = unsafe DisjointFill(UnsafeMutableBufferPointer(rebasing: buffer[prefix.count...]))
            if runs.count == 1 {
                for k in runs[0] { places.initialize(k, to: make(k)) }
            } else {
                DispatchQueue.concurrentPerform(iterations: runs.count) { r in
                    for k in runs[r] { places.initialize(k, to: make(k)) }
                }
            }
            initialized = prefix.count + count
        }
    }
}

/// Pointers as a tree of their tokens: node 0 is the document, and each
/// node's children are the next tokens of the pointers through it.
struct PointerTrie {
    /// Per node: its children, by token (and its UTF-8 bytes) in the order
    /// first met.
    var children: [[(token: String, bytes: [UInt8], node: Int)]] = [[]]
    /// Per node: the pointers (by index) that end there.
    var ends: [[Int]] = [[]]
    /// Each child by its parent and its token's bytes (code points).
    private var childByToken: [ChildKey: Int] = [:]

    private struct ChildKey: Hashable {
        var node: Int
        var token: [UInt8]
    }

    init(_ pointers: [[String]]) {
        for (k, tokens) in pointers.enumerated() {
            var node = 0
            for token in tokens { node = child(of: node, token) }
            ends[node].append(k)
        }
    }

    /// The child of `node` for `token`, made when there is none.
    private mutating func child(of node: Int, _ token: String) -> Int {
        let key = ChildKey(node: node, token: Array(token.utf8))
        if let found = childByToken[key] { return found }
        let made = children.count
        children.append([])
        ends.append([])
        children[node].append((token, key.token, made))
        childByToken[key] = made
        return made
    }

    /// Whether no pointer is another's or inside another's.
    var isIndependent: Bool {
        ends.indices.allSatisfy { node in ends[node].count <= 1 && (ends[node].isEmpty || children[node].isEmpty) }
    }
}

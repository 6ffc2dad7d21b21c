@testable import BentoJSON
@testable import BentoKit

/// An RFC 6902 applier written for the tests only, apart from the library,
/// so that the patches bento writes are checked by code that did not write
/// them. Every operation sees the document the previous one left; any
/// error (a missing parent, an index out of range, a move into its own
/// child, a failed test) stops the patch, as the RFC requires.
enum JSONPatchApplier {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Applies a patch given as a JSON array of operation objects.
    static func apply(_ patch: JSONValue, to document: JSONValue) throws -> JSONValue {
        guard case .array(let operations) = patch else { throw Failure(description: "a patch is an array") }
        var document = document
        for (k, operation) in operations.enumerated() {
            do {
                document = try applyOperation(operation, to: document)
            } catch let failure as Failure {
                throw Failure(description: "operation \(k): \(failure.description)")
            }
        }
        return document
    }

    private static func applyOperation(_ operation: JSONValue, to document: JSONValue) throws -> JSONValue {
        guard case .string(let op)? = operation["op"], case .string(let path)? = operation["path"] else {
            throw Failure(description: "an operation needs \"op\" and \"path\"")
        }
        let target = try tokens(path)
        func from() throws -> [String] {
            guard case .string(let from)? = operation["from"] else { throw Failure(description: "\(op) needs \"from\"") }
            return try tokens(from)
        }
        func value() throws -> JSONValue {
            guard let value = operation["value"] else { throw Failure(description: "\(op) needs \"value\"") }
            return value
        }
        switch op {
        case "add":
            return try add(try value(), at: target[...], in: document)
        case "remove":
            return try remove(at: target[...], in: document).document
        case "replace":
            // The target must exist; then it is as if removed and added back.
            guard get(target[...], in: document) != nil else { throw Failure(description: "replace at nowhere: \(path)") }
            if target.isEmpty { return try value() }
            let removed = try remove(at: target[...], in: document)
            return try add(try value(), at: target[...], in: removed.document)
        case "move":
            let source = try from()
            let isPrefix = zip(source, target).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            if source.count < target.count && isPrefix {
                throw Failure(description: "cannot move a value into one of its children")
            }
            let removed = try remove(at: source[...], in: document)
            return try add(removed.value, at: target[...], in: removed.document)
        case "copy":
            guard let copied = get(try from()[...], in: document) else { throw Failure(description: "copy from nowhere") }
            return try add(copied, at: target[...], in: document)
        case "test":
            guard let found = get(target[...], in: document), found == (try value()) else {
                throw Failure(description: "test failed at \(path)")
            }
            return document
        default:
            throw Failure(description: "unknown op \(op)")
        }
    }

    /// RFC 6901 tokens; `~1` then `~0` decoded (the replay helper's parser).
    static func tokens(_ pointer: String) throws -> [String] {
        guard pointer.isEmpty || pointer.hasPrefix("/") else { throw Failure(description: "bad pointer \(pointer)") }
        return ChangesetReplay.pointerTokens(pointer)
    }

    private static func get(_ tokens: ArraySlice<String>, in document: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return document }
        switch document {
        case .object(let object): return object[token].flatMap { get(tokens.dropFirst(), in: $0) }
        case .array(let elements):
            guard let k = index(token), k < elements.count else { return nil }
            return get(tokens.dropFirst(), in: elements[k])
        default: return nil
        }
    }

    private static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber),
            token == "0" || !token.hasPrefix("0")
        else { return nil }
        return Int(token)
    }

    private static func add(_ value: JSONValue, at tokens: ArraySlice<String>, in document: JSONValue) throws -> JSONValue {
        guard let token = tokens.first else { return value }  // the whole document
        let last = tokens.count == 1
        switch document {
        case .object(var object):
            if last {
                object[token] = value
            } else {
                guard let child = object[token] else { throw Failure(description: "no member \(token)") }
                object[token] = try add(value, at: tokens.dropFirst(), in: child)
            }
            return .object(object)
        case .array(var elements):
            if last {
                let k = token == "-" ? elements.count : index(token)
                // Index = count (or `-`) appends.
                guard let k, k <= elements.count else {
                    throw Failure(description: "index \(token) out of range (\(elements.count) elements)")
                }
                elements.insert(value, at: k)
            } else {
                guard let k = index(token), k < elements.count else { throw Failure(description: "no element \(token)") }
                elements[k] = try add(value, at: tokens.dropFirst(), in: elements[k])
            }
            return .array(elements)
        default:
            throw Failure(description: "\(token): not a container")
        }
    }

    private static func remove(at tokens: ArraySlice<String>, in document: JSONValue) throws
        -> (document: JSONValue, value: JSONValue)
    {
        guard let token = tokens.first else { throw Failure(description: "cannot remove the whole document") }
        let last = tokens.count == 1
        switch document {
        case .object(var object):
            guard let child = object[token] else { throw Failure(description: "no member \(token)") }
            if last {
                object[token] = nil
                return (.object(object), child)
            }
            let removed = try remove(at: tokens.dropFirst(), in: child)
            object[token] = removed.document
            return (.object(object), removed.value)
        case .array(var elements):
            guard let k = index(token), k < elements.count else { throw Failure(description: "no element \(token)") }
            if last {
                let value = elements.remove(at: k)
                return (.array(elements), value)
            }
            let removed = try remove(at: tokens.dropFirst(), in: elements[k])
            elements[k] = removed.document
            return (.array(elements), removed.value)
        default:
            throw Failure(description: "\(token): not a container")
        }
    }
}

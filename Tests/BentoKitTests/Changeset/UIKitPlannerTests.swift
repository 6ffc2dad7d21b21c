import BenchmarkScreens
import Testing

@testable import BentoJSON
@testable import BentoKit

/// The UIKit plan replays cleanly in the simulator of UIKit's rules
/// (`UIKitSimulator`), on every fixture, thousands of random pairs and the
/// adversarial ones; and the simulator catches every mutant of a plan.
@Suite("bento-changeset(5), UIKIT PLAN")
struct UIKitPlannerTests {
    static func check(_ old: Screen, _ new: Screen, _ label: String) throws {
        let changeset = ScreenDiff.changeset(from: old, to: new)
        let plan = UIKitPlanner.plan(changeset, old: old, new: new)
        for box in BoxName.allCases {
            do {
                try UIKitSimulator.check(plan.boxes[box] ?? [], box: box, changeset: changeset, old: old, new: new)
            } catch {
                Issue.record("\(label) \(box): \(error)")
            }
        }
    }

    @Test("every fixture pair")
    func fixtures() throws {
        #expect(!FixturePairs.all.isEmpty)
        for pair in FixturePairs.all {
            try Self.check(try ScreenReader.read(path: pair.oldPath), try ScreenReader.read(path: pair.newPath), pair.name)
        }
    }

    @Test("thousands of random pairs, both ways")
    func randomPairs() throws {
        for seed: UInt64 in 0..<3000 {
            let (old, new) = try RandomScreenPairs.screens(seed: seed)
            try Self.check(old, new, "seed \(seed)")
            try Self.check(new, old, "seed \(seed) reversed")
        }
    }

    /// Pairs built to need every batch: sections that move while their rows
    /// move and change, rows that move and change, headers that change with
    /// rows coming and going, rows crossing into and out of moved sections.
    static func adversarial(seed: UInt64) -> (Screen, Screen) {
        var random = SeededGenerator(seed: seed)
        func component(_ k: Int) -> Component { Component(type: "T", properties: JSONObject([("k", .number(JSONNumber(k)))])) }
        let sectionCount = random.int(2...6)
        var old: [Section] = []
        var rowNumber = 0
        for s in 0..<sectionCount {
            let rows = (0..<random.int(0...6)).map { _ -> Node in
                rowNumber += 1
                return Node(id: ScreenID("r\(rowNumber)"), component: component(0))
            }
            old.append(Section(id: ScreenID("s\(s)"), header: random.chance(0.5) ? component(0) : nil, rows: rows))
        }
        var new = old.shuffled(using: &random)
        var loose: [Node] = []
        for s in new.indices {
            if random.chance(0.4) { new[s].header = component(1) }
            var rows = new[s].rows.filter { _ in !random.chance(0.1) }
            for r in rows.indices where random.chance(0.3) { rows[r].component = component(2) }
            rows.shuffle(using: &random)
            if random.chance(0.5), let last = rows.popLast() { loose.append(last) }
            new[s].rows = rows
        }
        for row in loose {
            let s = random.int(0...new.count - 1)
            new[s].rows.insert(row, at: random.int(0...new[s].rows.count))
        }
        for s in new.indices where random.chance(0.3) {
            rowNumber += 1
            new[s].rows.insert(Node(id: ScreenID("r\(rowNumber)"), component: component(3)), at: random.int(0...new[s].rows.count))
        }
        if random.chance(0.3) { new.remove(at: random.int(0...new.count - 1)) }
        if random.chance(0.3) { new.insert(Section(id: ScreenID("added"), rows: [Node(id: ScreenID("a"), component: component(4))]), at: random.int(0...new.count)) }
        return (Screen(box: Box(sections: old)), Screen(box: Box(sections: new)))
    }

    @Test("adversarial pairs: moved sections whose rows move, rows that move and change, headers that change with rows inside")
    func adversarialPairs() throws {
        var counts = [0, 0, 0, 0]
        for seed: UInt64 in 0..<3000 {
            let (old, new) = Self.adversarial(seed: seed)
            try Self.check(old, new, "adversarial \(seed)")
            let plan = UIKitPlanner.plan(ScreenDiff.changeset(from: old, to: new), old: old, new: new)
            counts[plan.boxes[.box]?.count ?? 0] += 1
        }
        // Every batch count, three at most, is reached.
        #expect(counts[1] > 0 && counts[2] > 0 && counts[3] > 0, "\(counts)")
    }

    /// Every way of breaking one operation of a batch: dropping it,
    /// doubling it, shifting one of its indices.
    static func mutants(_ batch: UIKitPlan.Batch) -> [UIKitPlan.Batch] {
        var out: [UIKitPlan.Batch] = []
        func each<T>(_ keyPath: WritableKeyPath<UIKitPlan.Batch, [T]>, shift: (T) -> T) {
            for k in batch[keyPath: keyPath].indices {
                var dropped = batch
                dropped[keyPath: keyPath].remove(at: k)
                var doubled = batch
                doubled[keyPath: keyPath].append(batch[keyPath: keyPath][k])
                var shifted = batch
                shifted[keyPath: keyPath][k] = shift(batch[keyPath: keyPath][k])
                out += [dropped, doubled, shifted]
            }
        }
        each(\.deleteSections) { $0 + 1 }
        each(\.insertSections) { $0 + 1 }
        each(\.moveSections) { ($0.from, $0.to + 1) }
        each(\.reloadSections) { $0 + 1 }
        each(\.deleteRows) { .init($0.section, $0.row + 1) }
        each(\.insertRows) { .init($0.section, $0.row + 1) }
        each(\.moveRows) { ($0.from, .init($0.to.section, $0.to.row + 1)) }
        each(\.reloadRows) { .init($0.section, $0.row + 1) }
        return out
    }

    @Test("the simulator catches every mutant: an operation dropped, doubled or shifted")
    func mutantsAreCaught() throws {
        var tried = 0
        var pairs: [(Screen, Screen)] = try FixturePairs.all.map { (try ScreenReader.read(path: $0.oldPath), try ScreenReader.read(path: $0.newPath)) }
        pairs += (0..<200).map { Self.adversarial(seed: $0) }
        for (old, new) in pairs {
            let changeset = ScreenDiff.changeset(from: old, to: new)
            let plan = UIKitPlanner.plan(changeset, old: old, new: new)
            for box in BoxName.allCases {
                let batches = plan.boxes[box] ?? []
                for (b, batch) in batches.enumerated() {
                    for mutant in Self.mutants(batch) {
                        var broken = batches
                        broken[b] = mutant
                        tried += 1
                        #expect(throws: UIKitSimulator.Failure.self) {
                            try UIKitSimulator.check(broken, box: box, changeset: changeset, old: old, new: new)
                        }
                    }
                }
            }
        }
        #expect(tried > 1000)
    }
}

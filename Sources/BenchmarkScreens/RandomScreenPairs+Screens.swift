import BentoJSON
import BentoKit

extension RandomScreenPairs {
    /// Pair `seed` read as screens: the random screen pairs of the property
    /// tests.
    /// - Throws: a `Diagnostic` if the generator wrote an invalid file (a bug).
    public static func screens(seed: UInt64) throws(Diagnostic) -> (old: BentoKit.Screen, new: BentoKit.Screen) {
        let (old, new) = pair(seed: seed)
        return (try read(old, "old-\(seed).json"), try read(new, "new-\(seed).json"))
    }

    /// A random three-way merge: a BASE screen and two independent random
    /// changes of it, OURS and THEIRS, which often touch the same elements
    /// (the merge's properties and conflicts). Seeds give other screens than
    /// `pair(seed:)`'s.
    public static func triple(seed: UInt64) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        var g = Generator(random: SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 7))
        let base = g.screen()
        let ours = g.mutate(base)
        let theirs = g.mutate(base)
        return (g.text(base), g.text(ours), g.text(theirs))
    }

    /// Triple `seed` read as screens.
    /// - Throws: a `Diagnostic` if the generator wrote an invalid file (a bug).
    public static func screens(tripleSeed seed: UInt64) throws(Diagnostic)
        -> (base: BentoKit.Screen, ours: BentoKit.Screen, theirs: BentoKit.Screen)
    {
        let (base, ours, theirs) = triple(seed: seed)
        return (try read(base, "base-\(seed).json"), try read(ours, "ours-\(seed).json"), try read(theirs, "theirs-\(seed).json"))
    }

    private static func read(_ bytes: [UInt8], _ name: String) throws(Diagnostic) -> BentoKit.Screen {
        try ScreenReader.read(SourceText(name: name, bytes: bytes))
    }
}

import BentoJSON
import BentoKit

extension RandomScreenPairs {
    /// Pair `seed` read as screens: the random screen pairs of the property
    /// tests.
    /// - Throws: a `Diagnostic` if the generator wrote an invalid file (a bug).
    public static func screens(seed: UInt64) throws(Diagnostic) -> (old: BentoKit.Screen, new: BentoKit.Screen) {
        let (old, new) = pair(seed: seed)
        return (
            try ScreenReader.read(SourceText(name: "old-\(seed).json", bytes: old)),
            try ScreenReader.read(SourceText(name: "new-\(seed).json", bytes: new))
        )
    }
}

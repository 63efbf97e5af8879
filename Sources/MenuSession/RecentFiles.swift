import PizzaModel

/// The menu files opened last, for Open Recent: the user's own menu first, then the others, newest first.
public struct RecentFiles: Equatable, Sendable {
    /// How many files besides the user's own menu are kept.
    public static let limit = 5

    public let ownMenuPath: FilePath
    /// The other files, newest first.
    public private(set) var others: [FilePath]

    /// `others` as they were kept, newest first; the own menu, repeats and any beyond the limit are dropped.
    public init(ownMenuPath: FilePath, others: [FilePath] = []) {
        self.ownMenuPath = ownMenuPath
        self.others = []
        for path in others.reversed() { opened(path) }
    }

    /// Every file, in the order Open Recent lists them.
    public var all: [FilePath] { [ownMenuPath] + others }

    /// `path` was opened: it comes first among the others.
    public mutating func opened(_ path: FilePath) {
        guard path != ownMenuPath else { return }
        others.removeAll { $0 == path }
        others.insert(path, at: 0)
        if others.count > Self.limit { others.removeLast(others.count - Self.limit) }
    }

    /// The folder that tells `path` apart, when another recent file has the same file name; nil otherwise.
    public func distinguishingFolder(of path: FilePath) -> FilePath? {
        let sameName = (all + [path]).filter { $0.fileName == path.fileName && $0 != path }
        return sameName.isEmpty ? nil : path.folder
    }
}

/// The members of a menu object that the app does not know (`"currency"`, a pizza's `"notes"`), kept
/// exactly as written so that every save writes them back where they were.
public struct UnknownMembers: Hashable, Sendable {
    struct Member: Hashable, Sendable {
        /// The key, escapes undone.
        let key: String
        /// The value's JSON text, as it was in the file.
        let value: [UInt8]
        /// The schema field this member followed in the file; -1 when it came before every known one.
        let afterField: Int
    }

    private(set) var members: [Member] = []

    public init() {}

    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The JSON text of the member called `key`.
    public func value(for key: String) -> [UInt8]? {
        members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    /// Whether a member has exactly this key (compared as code points, like the known keys).
    func contains(_ key: String) -> Bool { members.contains { $0.key.utf8.elementsEqual(key.utf8) } }

    mutating func append(key: String, value: [UInt8], afterField: Int) {
        members.append(Member(key: key, value: value, afterField: afterField))
    }

    /// The most bytes these members take when written: `, "key": value` each, every key byte escaped.
    var writtenSizeBound: Int {
        members.reduce(0) { $0 + 6 + 6 * $1.key.utf8.count + $1.value.count }
    }
}

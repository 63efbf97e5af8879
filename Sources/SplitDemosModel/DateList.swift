/// The dates demo's list (the template's own app): timestamps, newest first, with a selection that stays
/// on the same entry through inserts and deletes.
public struct DateList: Equatable, Sendable {
    /// Microseconds since the Unix epoch, in list order (index 0 is the top row).
    public private(set) var timestamps: [Int64] = []
    /// The selected row, if any; always a valid index.
    public private(set) var selection: Int?

    public init() {}

    public var count: Int { timestamps.count }

    /// Inserts `timestamp` at the top. The selected entry stays selected (its index moves down by one).
    public mutating func insertAtTop(_ timestamp: Int64) {
        timestamps.insert(timestamp, at: 0)
        if let selected = selection { selection = selected + 1 }
    }

    /// Selects `index`, or nothing; an index out of range selects nothing.
    public mutating func select(_ index: Int?) {
        selection = index.flatMap { timestamps.indices.contains($0) ? $0 : nil }
    }

    /// What deleting a row did to the selection.
    public enum DeleteOutcome: Equatable, Sendable {
        /// The deleted row was not the selected one; the selection (possibly moved up) still shows the same entry.
        case selectionKept
        /// The deleted row was the one shown: nothing is selected now, so the detail must clear.
        case selectionCleared
    }

    /// Deletes the row at `index` and returns how the selection changed; nil when `index` is out of range.
    @discardableResult
    public mutating func delete(at index: Int) -> DeleteOutcome? {
        guard timestamps.indices.contains(index) else { return nil }
        timestamps.remove(at: index)
        guard let selected = selection else { return .selectionKept }
        if selected == index {
            selection = nil
            return .selectionCleared
        }
        if selected > index { selection = selected - 1 }
        return .selectionKept
    }

    /// The selected timestamp, if any.
    public var selectedTimestamp: Int64? { selection.map { timestamps[$0] } }
}

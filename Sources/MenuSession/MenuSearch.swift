import PizzaModel

/// The search bar's query and the pizzas it leaves in the list, as menu indices in menu order.
///
/// A name matches when it contains the query, case and accents aside (`TextFolding`). The list's rows are
/// the shown indices, so row `r` is the pizza at `shown[r]`. Edits keep the rows in step: a pizza that
/// starts to match (added, renamed, brought back) joins the list, while a row being edited stays even
/// if its new name no longer matches, so that nothing vanishes under the user's hands; the next
/// keystroke filters it again. So the shown rows always hold every match, which is what lets a longer
/// query search only the rows of the shorter one.
public struct MenuSearch: Equatable, Sendable {
    /// The query as typed.
    public private(set) var query: String
    private var folded: [UInt8]
    /// The shown menu indices, ascending; nil while every pizza is shown (the query is empty, or every
    /// name matches it).
    private(set) var shown: [Int]?

    init(query: String = "") {
        self.query = query
        folded = Self.fold(query)
        shown = nil
    }

    /// The query folded; the control characters a name cannot hold are left out.
    static func fold(_ query: String) -> [UInt8] {
        TextFolding.folded(query).filter { $0 >= 0x20 && $0 != 0x7F }
    }

    /// Whether some pizza is left out.
    var isFiltering: Bool { shown != nil }

    /// The new query's rows, searching only the current rows when the new query contains the old one.
    /// Returns whether the rows changed: a longer query that every shown name still matches changes none.
    /// `names` may be nil only for an empty query.
    mutating func change(to query: String, names: FoldedNames?) -> Bool {
        let folded = Self.fold(query)
        self.query = query
        defer { self.folded = folded }
        let old = shown
        if folded.isEmpty {
            shown = nil
        } else {
            guard let names else { preconditionFailure("a query that is not empty needs the folded names") }
            if let shown, Self.bytes(folded, contain: self.folded) {
                let narrowed = names.indices(among: shown, containing: folded)
                self.shown = narrowed
                // A subset of the rows shown: the same rows exactly when as many, with no million-row comparison.
                return narrowed.count != shown.count
            }
            let found = names.indices(containing: folded)
            // Every pizza matches: shown as the whole menu, so that the next keystroke can tell nothing changed.
            shown = found.count == names.count ? nil : found
        }
        return shown != old
    }

    func matches(_ index: Int, in names: FoldedNames) -> Bool {
        folded.isEmpty || names.name(at: index, contains: folded)
    }

    func row(ofMenuIndex index: Int) -> Int? {
        guard let shown else { return index }
        let row = lowerBound(index)
        return row < shown.count && shown[row] == index ? row : nil
    }

    func menuIndex(atRow row: Int) -> Int? {
        guard let shown else { return row }
        return shown.indices.contains(row) ? shown[row] : nil
    }

    private func lowerBound(_ index: Int) -> Int {
        guard let shown else { return index }
        var low = 0, high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if shown[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Following edits (indices are the menu's, after the edit; the result is in rows)

    mutating func inserted(at index: Int, matches: Bool) -> SessionChange.Rows {
        guard var shown else { return .replaced(at: index, removed: 0, added: 1) }
        let row = lowerBound(index)
        for later in row..<shown.count { shown[later] += 1 }
        if matches { shown.insert(index, at: row) }
        self.shown = shown
        return matches ? .replaced(at: row, removed: 0, added: 1) : .unchanged
    }

    mutating func removed(at index: Int) -> SessionChange.Rows {
        guard var shown else { return .replaced(at: index, removed: 1, added: 0) }
        let row = lowerBound(index)
        let wasShown = row < shown.count && shown[row] == index
        if wasShown { shown.remove(at: row) }
        for later in row..<shown.count { shown[later] -= 1 }
        self.shown = shown
        return wasShown ? .replaced(at: row, removed: 1, added: 0) : .unchanged
    }

    /// The pizza at `index` changed in place; one that now matches joins the list.
    mutating func changed(at index: Int, matches: Bool) -> SessionChange.Rows {
        guard var shown else { return .replaced(at: index, removed: 1, added: 1) }
        let row = lowerBound(index)
        if row < shown.count && shown[row] == index { return .replaced(at: row, removed: 1, added: 1) }
        guard matches else { return .unchanged }
        shown.insert(index, at: row)
        self.shown = shown
        return .replaced(at: row, removed: 0, added: 1)
    }

    mutating func moved(from source: Int, to destination: Int) -> SessionChange.Rows {
        let low = min(source, destination), high = max(source, destination)
        guard var shown else { return .replaced(at: low, removed: high - low + 1, added: high - low + 1) }
        let first = lowerBound(low)
        var end = first
        while end < shown.count && shown[end] <= high {
            let index = shown[end]
            if index == source {
                shown[end] = destination
            } else {
                shown[end] = source < destination ? index - 1 : index + 1
            }
            end += 1
        }
        shown[first..<end].sort()
        self.shown = shown
        return end > first ? .replaced(at: first, removed: end - first, added: end - first) : .unchanged
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        if needle.isEmpty { return true }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}

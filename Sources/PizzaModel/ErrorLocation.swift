/// Where a byte offset lies in a text, as an editor shows it: line and column, both from 1.
///
/// Lines end at LF, CR LF or a lone CR. A byte order mark at the start takes no column. The column
/// counts characters (grapheme clusters: "é" written as e and a combining accent is one), so a
/// person can count to it.
enum ErrorLocation {
    /// Reads `source` from its start up to `offset`.
    static func find(_ offset: Int, in source: inout any ByteSource) throws(StorageError) -> (line: Int, column: Int) {
        try source.rewind()
        var counter = Counter()
        var chunk: [UInt8] = []
        var position = 0
        while position < offset {
            chunk.removeAll(keepingCapacity: true)
            try source.read(appendingTo: &chunk, maximum: min(ByteWindow.chunkSize, offset - position))
            if chunk.isEmpty { break }
            counter.add(chunk)
            position += chunk.count
        }
        return (counter.line, counter.column)
    }

    /// Counts lines and the characters of the last one, keeping only a bounded tail of that line.
    struct Counter {
        private(set) var line = 1
        private var countedColumns = 0
        private var pending: [UInt8] = []
        private var afterCR = false
        /// Whether `pending` starts at the start of the file, where a byte order mark takes no column.
        private var pendingStartsFile = true

        private static let flushLength = 1 << 16

        var column: Int { countedColumns + Self.characters(in: pending[...], startingFile: pendingStartsFile) + 1 }

        mutating func add(_ bytes: [UInt8]) {
            for byte in bytes {
                if byte == 0x0A {
                    if !afterCR { newLine() }
                    afterCR = false
                } else if byte == 0x0D {
                    newLine()
                    afterCR = true
                } else {
                    afterCR = false
                    pending.append(byte)
                }
            }
            if pending.count > Self.flushLength { flush() }
        }

        private mutating func newLine() {
            line += 1
            countedColumns = 0
            pending.removeAll(keepingCapacity: true)
            pendingStartsFile = false
        }

        /// Counts the pending bytes up to the last place where two ASCII bytes meet: characters never
        /// join across it, so the rest can be counted later on its own.
        private mutating func flush() {
            var cut = pending.count - 1
            while cut > 0, !(pending[cut - 1] < 0x80 && pending[cut] < 0x80) { cut -= 1 }
            guard cut > 0 else { return }
            countedColumns += Self.characters(in: pending[..<cut], startingFile: pendingStartsFile)
            pending.removeSubrange(..<cut)
            pendingStartsFile = false
        }

        private static func characters(in bytes: ArraySlice<UInt8>, startingFile: Bool) -> Int {
            let text = startingFile && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
            return String(decoding: text, as: UTF8.self).count
        }
    }
}

/// The bytes of a file read a chunk at a time, of which only what is still needed is kept.
///
/// Offsets are positions in the file. `window` holds bytes `windowStart ..< windowStart + window.count`;
/// when it is read on, the bytes before `tokenStart` (and before `pinned`, while set) are dropped, so a
/// large file is never held whole.
struct ByteWindow {
    private(set) var source: any ByteSource
    private(set) var window: [UInt8] = []
    private(set) var windowStart = 0
    /// The offset of the next byte to read.
    var index = 0
    /// Where the token being read starts: the window keeps every byte from here on.
    var tokenStart = 0
    /// While set, the window also keeps every byte from here on (a value being captured whole).
    var pinned: Int?
    private var sourceEnded = false
    /// Why reading the file failed part way, if it did; the bytes simply end there.
    private(set) var sourceError: StorageError?

    static let chunkSize = 1 << 20

    init(source: any ByteSource) { self.source = source }

    /// The byte at `offset` in the file, reading on when the window ends before it; nil past the end.
    @inline(__always)
    mutating func byte(at offset: Int) -> UInt8? {
        let position = offset - windowStart
        if position < window.count { return window[position] }
        return readOn(toInclude: offset) ? window[offset - windowStart] : nil
    }

    /// The byte at `index`, or 0 at the end.
    var peek: UInt8 {
        @inline(__always) mutating get { byte(at: index) ?? 0 }
    }

    /// Drops the bytes no longer needed, then appends chunks until `offset` is in the window.
    /// False at the end of the file, or when reading fails (kept in `sourceError`).
    @inline(never)
    private mutating func readOn(toInclude offset: Int) -> Bool {
        let done = min(tokenStart, index, pinned ?? .max) - windowStart
        if done > 0 {
            window.removeSubrange(..<done)
            windowStart += done
        }
        while offset - windowStart >= window.count {
            guard !sourceEnded else { return false }
            let before = window.count
            do throws(StorageError) {
                try source.read(appendingTo: &window, maximum: Self.chunkSize)
            } catch {
                sourceError = error
            }
            sourceEnded = window.count == before
        }
        return true
    }

    /// Moves `index` past the bytes for which `include` holds, reading on as needed.
    @inline(__always)
    mutating func skip(while include: (UInt8) -> Bool) {
        while true {
            var position = index - windowStart
            let count = window.count
            while position < count, include(window[position]) { position += 1 }
            index = windowStart + position
            if position < count || !readOn(toInclude: index) { return }
        }
    }

    /// The bytes from file offset `start` to `end`, which must still be in the window.
    func bytes(from start: Int, to end: Int) -> ArraySlice<UInt8> {
        window[(start - windowStart)..<(end - windowStart)]
    }

    /// The bytes from `start` to `end` as text, or nil when they are not valid UTF-8. `isASCII` says that
    /// none has its top bit set (seen while scanning), so they need no validating.
    func utf8String(from start: Int, to end: Int, isASCII: Bool = false) -> String? {
        let range = (start - windowStart)..<(end - windowStart)
        if isASCII { return unsafe String(copying: UTF8Span(unchecked: window.span.extracting(range), isKnownASCII: true)) }
        return try? String(copying: UTF8Span(validating: window.span.extracting(range)))
    }

    /// Calls `body` with the bytes from `index` to the end of the window. A token that ends inside them is
    /// read there in one go; one that runs past them goes the byte-at-a-time way, which reads on.
    @inline(__always)
    func withUnread<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        body(window.span.extracting(min(max(index - windowStart, 0), window.count)...))
    }

    /// The byte at file offset `offset`, which must be in the window.
    @inline(__always)
    func windowByte(_ offset: Int) -> UInt8 { window[offset - windowStart] }

    /// Calls `body` with the bytes from file offset `start` to `end`, which must be in the window.
    @inline(__always)
    func withBytes<Result>(from start: Int, to end: Int, _ body: (Span<UInt8>) -> Result) -> Result {
        body(window.span.extracting((start - windowStart)..<(end - windowStart)))
    }

    /// About how many times `byte` occurs in the rest of the file: its share of the bytes already in the
    /// window after `index`, over the bytes still to come, and never more than one per `minimumStride`.
    func estimatedCount(of byte: UInt8, minimumStride: Int) -> Int {
        let sample = window.span.extracting((index - windowStart)...)
        guard !sample.isEmpty else { return 0 }
        let remaining = max(source.expectedCount - index, sample.count)
        var count = 0
        for offset in sample.indices { count &+= sample[offset] == byte ? 1 : 0 }
        return min(count * remaining / sample.count, remaining / minimumStride + 1)
    }
}

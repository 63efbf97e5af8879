import Glibc

/// Bytes that arrive a piece at a time, so a large menu is parsed without holding the whole file.
public protocol ByteSource {
    /// Appends up to `maximum` of the next bytes to `buffer`; appends nothing at the end.
    mutating func read(appendingTo buffer: inout [UInt8], maximum: Int) throws(StorageError)
    /// Goes back to the first byte; the reader reads an invalid file again to find an error's line.
    mutating func rewind() throws(StorageError)
    /// How many bytes there are in all, as far as is known when reading starts.
    var expectedCount: Int { get }
}

/// Bytes already in memory, handed out as asked, or at most `chunkSize` at a time (tests read in tiny chunks).
public struct MemoryByteSource: ByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    public init(_ bytes: [UInt8], chunkSize: Int = .max) {
        precondition(chunkSize > 0, "a chunk holds at least one byte")
        self.bytes = bytes
        self.chunkSize = chunkSize
    }

    public var expectedCount: Int { bytes.count }

    public mutating func read(appendingTo buffer: inout [UInt8], maximum: Int) {
        let end = offset + min(bytes.count - offset, maximum, chunkSize)
        buffer.append(contentsOf: bytes[offset..<end])
        offset = end
    }

    public mutating func rewind() { offset = 0 }
}

/// The first `limit` bytes of another source, then its end: a large file's first rows are read from its start alone.
struct PrefixByteSource: ByteSource {
    private var source: any ByteSource
    private let limit: Int
    private var remaining: Int

    init(_ source: any ByteSource, limit: Int) {
        self.source = source
        self.limit = limit
        remaining = limit
    }

    var expectedCount: Int { min(source.expectedCount, limit) }

    mutating func read(appendingTo buffer: inout [UInt8], maximum: Int) throws(StorageError) {
        guard remaining > 0 else { return }
        let before = buffer.count
        try source.read(appendingTo: &buffer, maximum: min(maximum, remaining))
        remaining -= buffer.count - before
    }

    mutating func rewind() throws(StorageError) {
        try source.rewind()
        remaining = limit
    }
}

/// An open file read with POSIX `read`, closed when the last reference goes. It refuses to give
/// more than `limit` bytes in all, even if the file grows while it is read.
public final class FileByteSource: ByteSource {
    private let fd: Int32
    private let path: FilePath
    private let limit: Int
    private let role: FileRole
    private var delivered = 0
    public let expectedCount: Int

    /// Opens the regular file at `path` for reading; nil when there is nothing there. Opening never
    /// waits: a named pipe, a device or a socket is refused with a message before or without blocking.
    /// `role` names the file in messages.
    public init?(path: FilePath, limit: Int, role: FileRole = .menu) throws(StorageError) {
        var before = stat()
        let found = path.withCString { $0.map { stat($0, &before) } ?? -1 } == 0
        if !found {
            let code = errno
            if code == ENOENT, let target = PosixStorage.danglingLinkTarget(path) {
                throw StorageError(path: path, reason: .danglingLink(target: target))
            }
            if code == ENOENT { return nil }
            throw StorageError(path: path, reason: .system(SystemRefusal(code), reading: true))
        }
        try Self.requireRegularFile(before, path: path)
        let fd = path.withCString { $0.map { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) } ?? -1 }
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: true))
        }
        do throws(StorageError) {
            expectedCount = try Self.readableSize(of: fd, path: path, limit: limit, role: role)
        } catch {
            close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
        self.limit = limit
        self.role = role
    }

    deinit { close(fd) }

    /// Refuses anything but a regular file, saying what it is.
    static func requireRegularFile(_ info: stat, path: FilePath) throws(StorageError) {
        if info.st_mode & S_IFMT == S_IFDIR { throw StorageError(path: path, reason: .folderToRead) }
        if let kind = kindOfNonRegularFile(info) { throw StorageError(path: path, reason: .notRegularFile(kind, leftAsItIs: false)) }
    }

    /// What the file described by `info` is, when it is not a regular file: "a device", "a named pipe (FIFO)".
    static func kindOfNonRegularFile(_ info: stat) -> FileKind? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        case S_IFIFO: return .namedPipe
        case S_IFCHR, S_IFBLK: return .device
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// The size of the open file, once it is known to be a regular file small enough to be a menu.
    private static func readableSize(of fd: Int32, path: FilePath, limit: Int, role: FileRole) throws(StorageError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: true)) }
        try requireRegularFile(info, path: path)
        guard info.st_size <= limit else {
            throw StorageError(path: path, reason: .tooLarge(size: Int(info.st_size), limit: limit, role: role.name))
        }
        return Int(info.st_size)
    }

    public func read(appendingTo buffer: inout [UInt8], maximum: Int) throws(StorageError) {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: maximum))
        var count = -1
        while count < 0 {
            count = buffer.withUnsafeMutableBytes { bytes in Glibc.read(fd, bytes.baseAddress! + start, maximum) }
            if count < 0 && errno != EINTR {
                let code = errno
                buffer.removeSubrange(start...)
                throw StorageError(path: path, reason: .system(SystemRefusal(code), reading: true))
            }
        }
        buffer.removeSubrange((start + count)...)
        delivered += count
        guard delivered <= limit else { throw StorageError(path: path, reason: .tooLarge(size: nil, limit: limit, role: role.name)) }
    }

    public func rewind() throws(StorageError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: true))
        }
        delivered = 0
    }
}

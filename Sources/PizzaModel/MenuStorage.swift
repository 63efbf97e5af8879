import Glibc

/// Why a menu file could not be read or written, in words a person can act on.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Where menu bytes come from and go to. The store uses `PosixStorage`; tests inject faults.
public protocol MenuStorage: Sendable {
    /// The file at `path`, open for reading a piece at a time; nil when there is no file there.
    func open(_ path: String, limit: Int) throws(StorageError) -> (any ByteSource)?
    /// Replaces `path` with `bytes` so that a crash at any moment leaves the old or the new file.
    func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError)
    /// Whether something other than a folder stands at `path` (a file, or a link to one).
    func fileExists(_ path: String) -> Bool
    /// Renames `path` to a free name beside it and returns that name.
    func moveAside(_ path: String, suffix: String) throws(StorageError) -> String
}

extension MenuStorage {
    /// The whole file at `path`, or nil when there is no file there.
    public func read(_ path: String, limit: Int) throws(StorageError) -> [UInt8]? {
        guard var source = try open(path, limit: limit) else { return nil }
        // Room for the size the file had when opened, and one more chunk to find its end (or growth).
        let chunk = 65_536
        var bytes: [UInt8] = []
        bytes.reserveCapacity(source.expectedCount + chunk)
        while true {
            let before = bytes.count
            try source.read(appendingTo: &bytes, maximum: max(source.expectedCount - before, chunk))
            if bytes.count == before { return bytes }
        }
    }
}

/// Plain POSIX files: temporary file in the same folder, `fsync`, `rename`, then `fsync` of the folder.
public struct PosixStorage: MenuStorage {
    public init() {}

    public func open(_ path: String, limit: Int) throws(StorageError) -> (any ByteSource)? {
        try FileByteSource(path: path, limit: limit)
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) {
        let folder = Self.folder(of: path)
        try makeFolder(folder, for: path)
        let temporary = "\(folder)/.\(Self.fileName(of: path)).\(getpid()).tmp"
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StorageError(path: path, reason: Self.explain(errno, reading: false)) }
        var failure: Int32 = 0
        var written = 0
        while written < bytes.count && failure == 0 {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 { if errno != EINTR { failure = errno } } else { written += count }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw StorageError(path: path, reason: Self.explain(failure, reading: false))
        }
        let folderFD = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        removeStaleTemporaries(in: folder, for: Self.fileName(of: path))
    }

    /// Deletes `.NAME.PID.tmp` files left by a process that was killed while saving (its PID is gone).
    private func removeStaleTemporaries(in folder: String, for name: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = ".\(name)."
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard entryName.hasPrefix(prefix), entryName.hasSuffix(".tmp"),
                  let pid = Int32(entryName.dropFirst(prefix.count).dropLast(4)), pid != getpid(),
                  kill(pid, 0) != 0 && errno == ESRCH else { continue }
            unlink("\(folder)/\(entryName)")
        }
    }

    public func fileExists(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & S_IFMT != S_IFDIR }
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    public func moveAside(_ path: String, suffix: String) throws(StorageError) -> String {
        var attempt = 1
        while true {
            let candidate = attempt == 1 ? "\(path).\(suffix)" : "\(path).\(suffix)-\(attempt)"
            if access(candidate, F_OK) != 0 {
                guard rename(path, candidate) == 0 else {
                    throw StorageError(path: path, reason: "cannot keep the old file aside: " + Self.explain(errno, reading: false))
                }
                return candidate
            }
            attempt += 1
        }
    }

    /// Creates `folder` and its parents, like `mkdir -p`.
    private func makeFolder(_ folder: String, for path: String) throws(StorageError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StorageError(path: path, reason: "\(folder) is a file, not a folder")
            }
            return
        }
        let parent = Self.folder(of: folder)
        if parent != folder { try makeFolder(parent, for: path) }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw StorageError(path: path, reason: "cannot create the folder \(folder): " + Self.explain(errno, reading: false))
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func explain(_ code: Int32, reading: Bool) -> String {
        switch code {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EACCES, EPERM: return reading ? "permission denied" : "the folder is not writable (permission denied)"
        case EROFS: return "the disk is read-only"
        case EISDIR: return "this is a folder, not a menu file"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case ELOOP: return "the path loops through symbolic links"
        case ENAMETOOLONG: return "the path is too long"
        case EIO: return "the disk reported an input/output error"
        default: return String(cString: strerror(code))
        }
    }
}

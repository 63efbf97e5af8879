import Glibc

/// Why a menu file could not be read or written, in words a person can act on.
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's name as shown to people (escaped and shortened, see `FilePath.description`).
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public init(path: FilePath, reason: String) {
        self.init(path: path.description, reason: reason)
    }

    public var description: String { "\(path): \(reason)" }
}

/// Where menu bytes come from and go to. The store uses `PosixStorage`; tests inject faults.
/// Every member may be called from any thread: implementations keep no shared mutable state.
public protocol MenuStorage: Sendable {
    /// The regular file at `path`, open for reading a piece at a time; nil when there is nothing there.
    func open(_ path: FilePath, limit: Int) throws(StorageError) -> (any ByteSource)?
    /// Replaces the file at `path` (or, when `path` is a symbolic link, the file it leads to) with
    /// `bytes`, so that a crash at any moment leaves the old or the new file.
    func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(StorageError)
    /// Whether something other than a folder stands at `path` (a file, or a link to one).
    func fileExists(_ path: FilePath) -> Bool
    /// Renames `path` to a free name beside it and returns that name.
    func moveAside(_ path: FilePath, suffix: String) throws(StorageError) -> FilePath
}

extension MenuStorage {
    /// The whole file at `path`, or nil when there is no file there.
    public func read(_ path: FilePath, limit: Int) throws(StorageError) -> [UInt8]? {
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

    public func read(_ path: String, limit: Int) throws(StorageError) -> [UInt8]? {
        try read(FilePath(path), limit: limit)
    }

    public func open(_ path: String, limit: Int) throws(StorageError) -> (any ByteSource)? {
        try open(FilePath(path), limit: limit)
    }

    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try writeAtomically(bytes, to: FilePath(path))
    }
}

/// Plain POSIX files. A save writes a new temporary file beside the target (a random name created
/// with `O_EXCL | O_NOFOLLOW`, so nothing already there is followed or reused), gives it the
/// target's mode and owner, `fsync`s it, renames it over the target and `fsync`s the folder.
/// A symbolic link is saved through: the file it leads to is replaced, in that file's folder.
public struct PosixStorage: MenuStorage {
    public init() {}

    public func open(_ path: FilePath, limit: Int) throws(StorageError) -> (any ByteSource)? {
        try FileByteSource(path: path, limit: limit)
    }

    public func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(StorageError) {
        let (target, throughLink) = try Self.followLinks(path)
        let folder = target.folder
        if throughLink {
            try requireFolder(folder, for: path)
        } else {
            try makeFolder(folder, for: path)
        }
        var existing = stat()
        let replacesFile = Self.lstat(target, &existing) && existing.st_mode & S_IFMT == S_IFREG
        let (fd, temporary) = try createTemporary(in: folder, for: target.fileName, private: replacesFile, path: path)
        var failure: Int32 = 0
        if replacesFile {
            // The owner first: changing it may clear the mode's set-id bits, which the mode then restores.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                if fchown(fd, existing.st_uid, existing.st_gid) != 0 { _ = fchown(fd, UInt32.max, existing.st_gid) }
            }
            if fchmod(fd, existing.st_mode & 0o7777) != 0 { failure = errno }
        }
        var written = 0
        while written < bytes.count && failure == 0 {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 { if errno != EINTR { failure = errno } } else { written += count }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && Self.call(temporary, target, rename) != 0 { failure = errno }
        if failure != 0 {
            _ = temporary.withCString { $0.map(unlink) }
            throw StorageError(path: path, reason: Self.explain(failure, reading: false))
        }
        let folderFD = folder.withCString { $0.map { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK) } ?? -1 }
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        removeStaleTemporaries(in: folder, for: target.fileName)
    }

    /// At most this many bytes of the file's name go into its temporary's name, which stays within NAME_MAX.
    private static let namePartLength = 200

    /// `.NAME.PID.RANDOM.tmp`, created new: never a file, link or pipe that was already there.
    private func createTemporary(
        in folder: FilePath, for name: [UInt8], private isPrivate: Bool, path: FilePath
    ) throws(StorageError) -> (Int32, FilePath) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let random = String(generator.next(upperBound: UInt64(1) << 48), radix: 16)
            let temporary = folder.appending(Self.temporaryPrefix(for: name) + Array("\(getpid()).\(random).tmp".utf8))
            let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            let fd = temporary.withCString { $0.map { Glibc.open($0, flags, isPrivate ? 0o600 : 0o666) } ?? -1 }
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { throw StorageError(path: path, reason: Self.explain(errno, reading: false)) }
        }
        throw StorageError(path: path, reason: "cannot create a temporary file beside it (every name tried was taken)")
    }

    private static func temporaryPrefix(for name: [UInt8]) -> [UInt8] {
        [UInt8(ascii: ".")] + name.prefix(namePartLength) + [UInt8(ascii: ".")]
    }

    /// Deletes `.NAME.PID[.RANDOM].tmp` files left by a process that was killed while saving (its PID is gone).
    private func removeStaleTemporaries(in folder: FilePath, for name: [UInt8]) {
        guard let directory = folder.withCString({ $0.flatMap(opendir) }) else { return }
        defer { closedir(directory) }
        let prefix = Self.temporaryPrefix(for: name)
        let suffix = Array(".tmp".utf8)
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard entryName.count > prefix.count + suffix.count, entryName.starts(with: prefix),
                  Array(entryName.suffix(suffix.count)) == suffix else { continue }
            let middle = entryName[prefix.count..<(entryName.count - suffix.count)]
            let pidText = middle.prefix { $0 != UInt8(ascii: ".") }
            guard let pid = Int32(String(decoding: pidText, as: UTF8.self)), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0 && errno == ESRCH else { continue }
            _ = entryName.withUnsafeBufferPointer { buffer in
                (Array(buffer) + [0]).withUnsafeBufferPointer {
                    $0.withMemoryRebound(to: CChar.self) { unlinkat(dirfd(directory), $0.baseAddress!, 0) }
                }
            }
        }
    }

    public func fileExists(_ path: FilePath) -> Bool {
        var info = stat()
        if path.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 { return info.st_mode & S_IFMT != S_IFDIR }
        return Self.lstat(path, &info) && info.st_mode & S_IFMT == S_IFLNK
    }

    public func moveAside(_ path: FilePath, suffix: String) throws(StorageError) -> FilePath {
        var attempt = 1
        var info = stat()
        while true {
            let candidate = FilePath(bytes: path.bytes + Array((attempt == 1 ? ".\(suffix)" : ".\(suffix)-\(attempt)").utf8))
            if !Self.lstat(candidate, &info) {
                guard Self.call(path, candidate, rename) == 0 else {
                    throw StorageError(path: path, reason: "cannot keep the old file aside: " + Self.explain(errno, reading: false))
                }
                return candidate
            }
            attempt += 1
        }
    }

    /// Where `path` leads when its last part is a symbolic link (followed to the end), and whether it was one.
    static func followLinks(_ path: FilePath) throws(StorageError) -> (FilePath, Bool) {
        var current = path
        var info = stat()
        for _ in 0..<40 {
            guard lstat(current, &info), info.st_mode & S_IFMT == S_IFLNK else { return (current, current != path) }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let count = current.withCString { name in
                name.map { name in buffer.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: CChar.self) { readlink(name, $0.baseAddress!, $0.count) } } } ?? -1
            }
            guard count > 0 else { throw StorageError(path: path, reason: explain(errno, reading: true)) }
            let target = FilePath(bytes: buffer[..<count])
            current = target.isAbsolute ? target : current.folder.appending(target.bytes)
        }
        throw StorageError(path: path, reason: explain(ELOOP, reading: true))
    }

    /// The missing file a dangling link at `path` leads to, or nil when `path` is not such a link.
    public static func danglingLinkTarget(_ path: FilePath) -> FilePath? {
        var info = stat()
        guard lstat(path, &info), info.st_mode & S_IFMT == S_IFLNK,
              let target = try? followLinks(path).0, !lstat(target, &info) else { return nil }
        return target
    }

    /// The size of the regular file at `path`, links followed; nil for anything else or when it cannot be seen.
    public static func regularFileSize(_ path: FilePath) -> Int? {
        var info = stat()
        guard path.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// A link's target folder must already be there: a missing one may be a drive or synced folder
    /// that is not mounted, and creating it would hide the menu from its real place.
    private func requireFolder(_ folder: FilePath, for path: FilePath) throws(StorageError) {
        var info = stat()
        guard folder.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 else {
            throw StorageError(path: path, reason: "it is a link into the folder \(folder), which does not exist")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError(path: path, reason: "\(folder) is a file, not a folder")
        }
    }

    /// Creates `folder` and its parents, like `mkdir -p`, private to the user as the XDG spec asks.
    private func makeFolder(_ folder: FilePath, for path: FilePath) throws(StorageError) {
        var info = stat()
        if folder.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StorageError(path: path, reason: "\(folder) is a file, not a folder")
            }
            return
        }
        let parent = folder.folder
        if parent != folder { try makeFolder(parent, for: path) }
        if folder.withCString({ $0.map { mkdir($0, 0o700) } ?? -1 }) != 0 && errno != EEXIST {
            throw StorageError(path: path, reason: "cannot create the folder \(folder): " + Self.explain(errno, reading: false))
        }
    }

    private static func lstat(_ path: FilePath, _ info: inout stat) -> Bool {
        path.withCString { $0.map { Glibc.lstat($0, &info) } ?? -1 } == 0
    }

    /// A POSIX call taking two paths, like `rename`.
    private static func call(
        _ first: FilePath, _ second: FilePath, _ function: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    ) -> Int32 {
        first.withCString { one in
            second.withCString { two in
                guard let one, let two else { errno = ENOENT; return -1 }
                return function(one, two)
            }
        }
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
        case ENXIO: return "this is a socket or a device with nothing behind it, not a regular file"
        default: return String(cString: strerror(code))
        }
    }
}

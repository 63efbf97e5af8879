import CXattr
import Glibc

/// Why a menu file could not be read or written, as values: the app words them in the user's language, and
/// `description` says them in English (for logs and tests).
public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of refusal this is, for callers that answer some of them differently.
    public enum Kind: Equatable, Sendable {
        /// The system refused, or something stands where the file should be.
        case failed
        /// The file is not what was last read or written: another program changed, replaced, created or
        /// deleted it. Nothing was overwritten.
        case changedOnDisk
        /// The file is read-only (see `PosixStorage`'s rule); it was left as it is.
        case readOnly
    }

    /// The file's name as shown to people (escaped and shortened, see `FilePath.description`).
    public var path: String
    public var reason: StorageProblem
    public var kind: Kind

    public init(path: String, reason: StorageProblem) {
        self.path = path
        self.reason = reason
        kind = reason.kind
    }

    public init(path: FilePath, reason: StorageProblem) {
        self.init(path: path.description, reason: reason)
    }

    public var description: String { "\(path): \(reason)" }
}

/// What a file the app keeps is, which decides how a save treats a link there and how the file is named
/// in messages.
public struct FileRole: Equatable, Sendable {
    /// Which of the app's files this is, for naming it in messages.
    public enum Name: Equatable, Sendable {
        case menu, windowState, recentFiles, priceList

        /// The file's kind in an English sentence: "a menu", "a window-state file".
        public var english: String {
            switch self {
            case .menu: "a menu"
            case .windowState: "a window-state file"
            case .recentFiles: "a recent-files list"
            case .priceList: "an exported price list"
            }
        }
    }

    public var name: Name
    /// Whether a save goes through a symbolic link to the file it leads to (a menu kept with one's
    /// dotfiles), or refuses to write through a link at all.
    public var savesThroughLinks: Bool
    /// Whether missing folders on the way are made (the app's own files, in the XDG folders), or a missing
    /// folder is an error (a file the user named, whose folder may be on a drive that is not mounted).
    public var makesFolders = true

    public static let menu = FileRole(name: .menu, savesThroughLinks: true)
    public static let windowState = FileRole(name: .windowState, savesThroughLinks: false)
    public static let recentFiles = FileRole(name: .recentFiles, savesThroughLinks: false)
    /// A price list exported as CSV: a new file the user named, never written through a link planted there.
    public static let priceList = FileRole(name: .priceList, savesThroughLinks: false, makesFolders: false)
}

/// Which file stood at a path when it was last read or written: a save replaces only that one.
public struct FileVersion: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }
}

/// What a save expects to find at its path; anything else there is a change made on disk by another
/// program, and the save refuses to overwrite it (`StorageError.Kind.changedOnDisk`).
public enum ExpectedFile: Equatable, Sendable {
    /// Whatever regular file is there (the window state; or the user chose to overwrite a changed file).
    case anything
    /// No file: there was none when it was read.
    case nothing
    /// The file as it was last read or written.
    case version(FileVersion)
}

/// What stands at a path, links followed, as a load sees it.
public struct FileStatus: Equatable, Sendable {
    /// What the next save expects there: the regular file found, nothing, or (for anything else) whatever is there.
    public var expected: ExpectedFile
    /// A regular file that a save will refuse to replace (see `PosixStorage`'s rule).
    public var isReadOnly: Bool

    public init(expected: ExpectedFile, isReadOnly: Bool = false) {
        self.expected = expected
        self.isReadOnly = isReadOnly
    }

    /// Whether a regular file is there.
    public var isRegularFile: Bool {
        if case .version = expected { return true }
        return false
    }
}

/// Where menu bytes come from and go to. The store uses `PosixStorage`; tests inject faults.
/// Every member may be called from any thread: implementations keep no shared mutable state.
public protocol MenuStorage: Sendable {
    /// The regular file at `path`, open for reading a piece at a time; nil when there is nothing there.
    /// `role` names the file in messages (a window-state file too large is not "a menu").
    func open(_ path: FilePath, limit: Int, role: FileRole) throws(StorageError) -> (any ByteSource)?
    /// What stands at `path`, links followed.
    func status(of path: FilePath) -> FileStatus
    /// Replaces the regular file at `path` (or, for a role that saves through links, the file a link
    /// there leads to) with `bytes`, so that a crash at any moment leaves the old or the new file.
    /// Refuses, replacing nothing, when anything but a regular file or nothing is there, when the file
    /// is read-only, or when it is not the file `expecting` says. Returns the file as written.
    @discardableResult
    func writeAtomically(_ bytes: [UInt8], to path: FilePath, role: FileRole, expecting: ExpectedFile) throws(StorageError) -> FileVersion
    /// Renames the regular file at `path` (a link there is followed, and the file it leads to is renamed
    /// in its own folder) to a free name beside it, and returns that name; nil when no file is there.
    /// Refuses what `writeAtomically` refuses.
    func moveAside(_ path: FilePath, suffix: String, expecting: ExpectedFile) throws(StorageError) -> FilePath?
}

extension MenuStorage {
    public func open(_ path: FilePath, limit: Int) throws(StorageError) -> (any ByteSource)? {
        try open(path, limit: limit, role: .menu)
    }

    public func open(_ path: String, limit: Int) throws(StorageError) -> (any ByteSource)? {
        try open(FilePath(path), limit: limit, role: .menu)
    }

    /// The whole file at `path`, or nil when there is no file there.
    public func read(_ path: FilePath, limit: Int, role: FileRole = .menu) throws(StorageError) -> [UInt8]? {
        guard var source = try open(path, limit: limit, role: role) else { return nil }
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

    public func read(_ path: String, limit: Int, role: FileRole = .menu) throws(StorageError) -> [UInt8]? {
        try read(FilePath(path), limit: limit, role: role)
    }

    /// Replaces the menu at `path`, whatever regular file is there.
    @discardableResult
    public func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(StorageError) -> FileVersion {
        try writeAtomically(bytes, to: path, role: .menu, expecting: .anything)
    }

    @discardableResult
    public func writeAtomically(_ bytes: [UInt8], to path: String) throws(StorageError) -> FileVersion {
        try writeAtomically(bytes, to: FilePath(path))
    }
}

/// Plain POSIX files. A save writes a new temporary file beside the target (a random name created
/// with `O_EXCL | O_NOFOLLOW`, so nothing already there is followed or reused), gives it the
/// target's owner, extended attributes (its ACL among them) and mode, `fsync`s it, renames it over the
/// target and `fsync`s the folder. A symbolic link is saved through for a menu (the file it leads to is
/// replaced, in that file's folder) and never for the window state.
///
/// Only a regular file is ever replaced or set aside: a device, pipe, socket, folder or (for the window
/// state) link stays as it is, and the save says why it refused. A file is *read-only*, and never
/// replaced, when its mode gives no one write permission (no `w` for owner, group or others; this holds
/// for root too, who may write anything) or when this user may not write it (`access(W_OK)`).
public struct PosixStorage: MenuStorage {
    /// The random part of a temporary file's name; tests choose it, to plant things at the very name.
    private let randomName: @Sendable () -> UInt64

    public init() {
        randomName = {
            var generator = SystemRandomNumberGenerator()
            return generator.next(upperBound: UInt64(1) << 48)
        }
    }

    init(randomName: @escaping @Sendable () -> UInt64) { self.randomName = randomName }

    public func open(_ path: FilePath, limit: Int, role: FileRole) throws(StorageError) -> (any ByteSource)? {
        try FileByteSource(path: path, limit: limit, role: role)
    }

    public func status(of path: FilePath) -> FileStatus {
        var info = stat()
        guard path.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 else {
            return FileStatus(expected: errno == ENOENT ? .nothing : .anything)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return FileStatus(expected: .anything) }
        return FileStatus(expected: .version(FileVersion(info)), isReadOnly: Self.readOnlyCause(path, info) != nil)
    }

    public func writeAtomically(
        _ bytes: [UInt8], to path: FilePath, role: FileRole, expecting: ExpectedFile
    ) throws(StorageError) -> FileVersion {
        let target = try Self.destination(of: path, role: role)
        let folder = target.folder
        if target != path || !role.makesFolders {
            try requireFolder(folder, for: path, throughLink: target != path)
        } else {
            try makeFolder(folder, for: path)
        }
        let existing = try Self.replaceable(target, for: path, role: role, expecting: expecting)
        let (fd, temporary) = try createTemporary(in: folder, for: target.fileName, private: existing != nil, path: path)
        var written = stat()
        do throws(StorageError) {
            var failure: Int32 = 0
            if let existing {
                // The owner first: changing it may clear the mode's set-id bits, which the mode then restores.
                if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                    if fchown(fd, existing.st_uid, existing.st_gid) != 0 { _ = fchown(fd, UInt32.max, existing.st_gid) }
                }
                try Self.copyExtendedAttributes(from: target, to: fd, for: path)
                if fchmod(fd, existing.st_mode & 0o7777) != 0 { failure = errno }
            }
            var count = 0
            while count < bytes.count && failure == 0 {
                let result = bytes.withUnsafeBytes { buffer in
                    Glibc.write(fd, buffer.baseAddress! + count, buffer.count - count)
                }
                if result < 0 { if errno != EINTR { failure = errno } } else { count += result }
            }
            if failure == 0 && fsync(fd) != 0 { failure = errno }
            if failure == 0 && fstat(fd, &written) != 0 { failure = errno }
            if close(fd) != 0 && failure == 0 { failure = errno }
            if failure != 0 { throw StorageError(path: path, reason: .system(SystemRefusal(failure), reading: false)) }
            // Looked at again just before the rename, which replaces whatever is there by then.
            _ = try Self.replaceable(target, for: path, role: role, expecting: expecting)
            if Self.call(temporary, target, rename) != 0 {
                throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: false))
            }
        } catch {
            _ = temporary.withCString { $0.map(unlink) }
            throw error
        }
        let folderFD = folder.withCString { $0.map { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK) } ?? -1 }
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        removeStaleTemporaries(in: folder, for: target.fileName)
        return FileVersion(written)
    }

    /// The file a save at `path` writes: the path itself, or where a link there leads for a role that saves through links.
    private static func destination(of path: FilePath, role: FileRole) throws(StorageError) -> FilePath {
        if role.savesThroughLinks { return try followLinks(path).0 }
        var info = stat()
        if lstat(path, &info) && info.st_mode & S_IFMT == S_IFLNK {
            throw StorageError(path: path, reason: .linkNotWrittenThrough(role: role.name))
        }
        return path
    }

    /// What stands at `target`, when a save may replace it: nil for nothing, or the regular file there.
    /// Throws for anything else, for a read-only file, and for a file other than the one expected.
    private static func replaceable(
        _ target: FilePath, for path: FilePath, role: FileRole, expecting: ExpectedFile
    ) throws(StorageError) -> stat? {
        var info = stat()
        guard lstat(target, &info) else {
            let code = errno
            guard code == ENOENT || code == ENOTDIR else { throw StorageError(path: path, reason: .system(SystemRefusal(code), reading: false)) }
            if case .version = expecting { throw StorageError(path: path, reason: .changedOnDisk(.deletedOrMoved)) }
            return nil
        }
        if let kind = FileByteSource.kindOfNonRegularFile(info) {
            throw StorageError(path: path, reason: .notRegularFile(kind, leftAsItIs: true))
        }
        switch expecting {
        case .anything: break
        case .nothing: throw StorageError(path: path, reason: .changedOnDisk(.created))
        case .version(let version):
            if version != FileVersion(info) { throw StorageError(path: path, reason: .changedOnDisk(.changed)) }
        }
        if let cause = readOnlyCause(target, info) { throw StorageError(path: path, reason: .readOnly(cause)) }
        return info
    }

    /// Why the regular file at `path` is read-only, or nil when a save may replace it.
    static func readOnlyCause(_ path: FilePath, _ info: stat) -> ReadOnlyCause? {
        if info.st_mode & 0o222 == 0 { return .modeAllowsNoWriter }
        if path.withCString({ $0.map { access($0, W_OK) } ?? -1 }) != 0 {
            return errno == EROFS ? .readOnlyDisk : .notYours
        }
        return nil
    }

    /// Gives the open file `fd` every extended attribute of `source` (its ACL is one of them). An attribute
    /// the system keeps for itself (`security.*`) is left to the system when it may not be copied.
    private static func copyExtendedAttributes(from source: FilePath, to fd: Int32, for path: FilePath) throws(StorageError) {
        let names: [[CChar]] = source.withCString { name in
            guard let name else { return [] }
            var buffer = [CChar](repeating: 0, count: 4096)
            var count = llistxattr(name, &buffer, buffer.count)
            if count < 0 && errno == ERANGE {
                buffer = [CChar](repeating: 0, count: max(llistxattr(name, nil, 0), 0) + 4096)
                count = llistxattr(name, &buffer, buffer.count)
            }
            guard count > 0 else { return [] }
            return buffer[..<count].split(separator: 0).map { Array($0) + [0] }
        }
        for attribute in names {
            let text = String(decoding: attribute.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let value: [UInt8]? = source.withCString { name in
                guard let name else { return nil }
                let size = lgetxattr(name, attribute, nil, 0)
                guard size >= 0 else { return nil }
                var value = [UInt8](repeating: 0, count: size)
                let count = lgetxattr(name, attribute, &value, size)
                return count >= 0 ? Array(value[..<count]) : nil
            }
            guard let value else {
                throw StorageError(path: path, reason: .extendedAttribute(name: text, reading: true, SystemRefusal(errno)))
            }
            if fsetxattr(fd, attribute, value, value.count, 0) != 0 && !text.hasPrefix("security.") {
                throw StorageError(path: path, reason: .extendedAttribute(name: text, reading: false, SystemRefusal(errno)))
            }
        }
    }

    /// At most this many bytes of the file's name go into its temporary's name, which stays within NAME_MAX.
    private static let namePartLength = 200

    /// `.NAME.PID.RANDOM.tmp`, created new: never a file, link or pipe that was already there.
    private func createTemporary(
        in folder: FilePath, for name: [UInt8], private isPrivate: Bool, path: FilePath
    ) throws(StorageError) -> (Int32, FilePath) {
        for _ in 0..<100 {
            let temporary = folder.appending(Self.temporaryName(for: name, random: randomName()))
            let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            let fd = temporary.withCString { $0.map { Glibc.open($0, flags, isPrivate ? 0o600 : 0o666) } ?? -1 }
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: false)) }
        }
        throw StorageError(path: path, reason: .noTemporaryName)
    }

    /// The temporary file's name for a file called `name`, with `random` as its random part.
    static func temporaryName(for name: [UInt8], random: UInt64) -> [UInt8] {
        temporaryPrefix(for: name) + Array("\(getpid()).\(String(random, radix: 16)).tmp".utf8)
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

    public func moveAside(_ path: FilePath, suffix: String, expecting: ExpectedFile) throws(StorageError) -> FilePath? {
        let target = try Self.followLinks(path).0
        guard try Self.replaceable(target, for: path, role: .menu, expecting: expecting) != nil else { return nil }
        var attempt = 1
        var info = stat()
        while true {
            let candidate = FilePath(bytes: target.bytes + Array((attempt == 1 ? ".\(suffix)" : ".\(suffix)-\(attempt)").utf8))
            attempt += 1
            // A new hard link never takes the place of anything, as a rename would.
            if Self.call(target, candidate, link) == 0 {
                if target.withCString({ $0.map(unlink) ?? -1 }) == 0 { return candidate }
                let code = errno
                _ = candidate.withCString { $0.map(unlink) }
                throw StorageError(path: path, reason: .keepAside(SystemRefusal(code)))
            }
            let code = errno
            if code == EEXIST { continue }
            // A file system without hard links: a rename to a name seen free.
            guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
                throw StorageError(path: path, reason: .keepAside(SystemRefusal(code)))
            }
            if Self.lstat(candidate, &info) { continue }
            guard Self.call(target, candidate, rename) == 0 else {
                throw StorageError(path: path, reason: .keepAside(SystemRefusal(errno)))
            }
            return candidate
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
            guard count > 0 else { throw StorageError(path: path, reason: .system(SystemRefusal(errno), reading: true)) }
            let target = FilePath(bytes: buffer[..<count])
            current = target.isAbsolute ? target : current.folder.appending(target.bytes)
        }
        throw StorageError(path: path, reason: .system(.linkLoop, reading: true))
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
    private func requireFolder(_ folder: FilePath, for path: FilePath, throughLink: Bool) throws(StorageError) {
        var info = stat()
        guard folder.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 else {
            throw StorageError(path: path, reason: throughLink ? .linkIntoMissingFolder(folder) : .missingFolder(folder))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StorageError(path: path, reason: .fileInsteadOfFolder(folder))
        }
    }

    /// Creates `folder` and its parents, like `mkdir -p`, private to the user as the XDG spec asks.
    private func makeFolder(_ folder: FilePath, for path: FilePath) throws(StorageError) {
        var info = stat()
        if folder.withCString({ $0.map { stat($0, &info) } ?? -1 }) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StorageError(path: path, reason: .fileInsteadOfFolder(folder))
            }
            return
        }
        let parent = folder.folder
        if parent != folder { try makeFolder(parent, for: path) }
        if folder.withCString({ $0.map { mkdir($0, 0o700) } ?? -1 }) != 0 && errno != EEXIST {
            throw StorageError(path: path, reason: .cannotCreateFolder(folder, SystemRefusal(errno)))
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
}

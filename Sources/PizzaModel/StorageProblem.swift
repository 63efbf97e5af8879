import Glibc

/// Why a file could not be read or written, with the values a message needs. The app words each case in the
/// user's language (`Messages.storageProblem`); `description` is the English, for logs and tests.
public enum StorageProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The system refused (`errno`), while reading or while writing.
    case system(SystemRefusal, reading: Bool)
    /// A symbolic link leads to a file that does not exist.
    case danglingLink(target: FilePath)
    /// A folder is where the menu file should be read from.
    case folderToRead
    /// Something other than a regular file is there; a save (`leftAsItIs`) did not touch it.
    case notRegularFile(FileKind, leftAsItIs: Bool)
    /// The file is larger than a file of its role can be (`size` nil when it grew while being read).
    case tooLarge(size: Int?, limit: Int, role: FileRole.Name)
    /// The menu, written, would be larger than a menu file can be; nothing was written.
    case menuTooLargeToWrite(size: Int, limit: Int)
    /// A link is there, and a file of this role is never written through one.
    case linkNotWrittenThrough(role: FileRole.Name)
    /// Another program changed the file since it was last read or saved; it is not overwritten.
    case changedOnDisk(FileChange)
    /// The file is read-only, for this reason; it is left as it is.
    case readOnly(ReadOnlyCause)
    /// An extended attribute of the file could not be read, or not given to the new file.
    case extendedAttribute(name: String, reading: Bool, SystemRefusal)
    /// Every name tried for the temporary file beside it was taken.
    case noTemporaryName
    /// The old (broken) file could not be renamed aside.
    case keepAside(SystemRefusal)
    /// The file is a link into a folder that does not exist.
    case linkIntoMissingFolder(FilePath)
    /// The file's folder does not exist.
    case missingFolder(FilePath)
    /// A file stands where a folder on the way should be.
    case fileInsteadOfFolder(FilePath)
    /// A folder on the way could not be created.
    case cannotCreateFolder(FilePath, SystemRefusal)
    /// The price list would replace the menu's own file.
    case menuOwnFile
    /// cairo could not make the PDF (out of memory, as a rule): nothing was written.
    case pdfNotMade

    public var kind: StorageError.Kind {
        switch self {
        case .changedOnDisk: .changedOnDisk
        case .readOnly: .readOnly
        default: .failed
        }
    }

    public var description: String {
        switch self {
        case .system(let refusal, let reading): refusal.english(reading: reading)
        case .danglingLink(let target): "it is a link to \(target), which does not exist"
        case .folderToRead: "this is a folder, not a menu file"
        case .notRegularFile(let kind, let left): "this is \(kind.english), not a regular file" + (left ? "; it is left as it is" : "")
        case .tooLarge(let size, let limit, let role):
            (size.map { "the file is \(FileSize.english($0, roundingUp: true)), " } ?? "the file is ")
                + "more than \(role.english) can be (\(FileSize.english(limit, roundingUp: false)) at most)"
        case .menuTooLargeToWrite(let size, let limit):
            "the menu would be \(FileSize.english(size, roundingUp: true)), more than a menu file can be "
                + "(\(FileSize.english(limit, roundingUp: false)) at most); nothing was written"
        case .linkNotWrittenThrough(let role):
            "this is a symbolic link, which \(role.english) is never written through; it is left as it is"
        case .changedOnDisk(let change): "\(change.english) since it was last read or saved here; it is not overwritten"
        case .readOnly(let cause): "it is read-only (\(cause.english)); it is left as it is"
        case .extendedAttribute(let name, let reading, let refusal):
            (reading ? "cannot read its extended attribute \(name): " : "cannot keep its extended attribute \(name): ")
                + refusal.english(reading: reading)
        case .noTemporaryName: "cannot create a temporary file beside it (every name tried was taken)"
        case .keepAside(let refusal): "cannot keep the old file aside: " + refusal.english(reading: false)
        case .linkIntoMissingFolder(let folder): "it is a link into the folder \(folder), which does not exist"
        case .missingFolder(let folder): "the folder \(folder) does not exist"
        case .fileInsteadOfFolder(let folder): "\(folder) is a file, not a folder"
        case .cannotCreateFolder(let folder, let refusal): "cannot create the folder \(folder): " + refusal.english(reading: false)
        case .menuOwnFile: "this is the menu's own file, which a price list never replaces; it is left as it is"
        case .pdfNotMade: "cairo could not make the PDF (out of memory?); nothing was written"
        }
    }
}

/// A system call's refusal (`errno`), sorted into the ones a message explains; any other keeps its code.
public enum SystemRefusal: Equatable, Sendable {
    case diskFull, quotaUsedUp, permissionDenied, readOnlyDisk, isFolder, notFolder, linkLoop, pathTooLong
    case inputOutput, nothingBehind
    /// Any other `errno`: `strerror` says it (in the user's language, where the system has it).
    case other(Int32)

    public init(_ code: Int32) {
        switch code {
        case ENOSPC: self = .diskFull
        case EDQUOT: self = .quotaUsedUp
        case EACCES, EPERM: self = .permissionDenied
        case EROFS: self = .readOnlyDisk
        case EISDIR: self = .isFolder
        case ENOTDIR: self = .notFolder
        case ELOOP: self = .linkLoop
        case ENAMETOOLONG: self = .pathTooLong
        case EIO: self = .inputOutput
        case ENXIO: self = .nothingBehind
        default: self = .other(code)
        }
    }

    func english(reading: Bool) -> String {
        switch self {
        case .diskFull: "the disk is full"
        case .quotaUsedUp: "the disk quota is used up"
        case .permissionDenied: reading ? "permission denied" : "the folder is not writable (permission denied)"
        case .readOnlyDisk: "the disk is read-only"
        case .isFolder: "this is a folder, not a menu file"
        case .notFolder: "a part of the path is a file, not a folder"
        case .linkLoop: "the path loops through symbolic links"
        case .pathTooLong: "the path is too long"
        case .inputOutput: "the disk reported an input/output error"
        case .nothingBehind: "this is a socket or a device with nothing behind it, not a regular file"
        case .other(let code): String(cString: strerror(code))
        }
    }
}

/// What stands at a path when it is not a regular file.
public enum FileKind: Equatable, Sendable {
    case folder, symbolicLink, namedPipe, device, socket, other

    var english: String {
        switch self {
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .namedPipe: "a named pipe (FIFO)"
        case .device: "a device"
        case .socket: "a socket"
        case .other: "something other than a file"
        }
    }
}

/// How another program changed a file since it was last read or saved.
public enum FileChange: Equatable, Sendable {
    case deletedOrMoved, created, changed

    var english: String {
        switch self {
        case .deletedOrMoved: "another program deleted or moved it"
        case .created: "another program created it"
        case .changed: "another program changed it"
        }
    }
}

/// Why a regular file is read-only (see `PosixStorage`'s rule).
public enum ReadOnlyCause: Equatable, Sendable {
    case modeAllowsNoWriter, readOnlyDisk, notYours

    var english: String {
        switch self {
        case .modeAllowsNoWriter: "its mode lets no one write it"
        case .readOnlyDisk: "the disk is read-only"
        case .notYours: "you may not write it"
        }
    }
}

/// A file's size as a message shows it: under a megabyte in bytes, larger in megabytes (a file's size rounded up,
/// a limit's down, so the one shown is always more than the other).
public enum FileSize {
    /// The size in the unit it is shown in, and whether that unit is megabytes.
    public static func shown(_ size: Int, roundingUp: Bool) -> (count: Int, megabytes: Bool) {
        let megabyte = 1_048_576
        guard size >= megabyte else { return (size, false) }
        return (roundingUp ? (size + megabyte - 1) / megabyte : size / megabyte, true)
    }

    /// "65,536 bytes", "1 byte", "256 MB".
    static func english(_ size: Int, roundingUp: Bool) -> String {
        let (count, megabytes) = shown(size, roundingUp: roundingUp)
        return grouped(count) + (megabytes ? " MB" : count == 1 ? " byte" : " bytes")
    }

    /// `65536` as "65,536".
    private static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}

import Glibc
import Gtk
import PizzaModel

/// The words for why a file could not be read or written: the model's problems (`StorageProblem`,
/// `MenuFileProblem`) in the user's language. Untranslated, each says what the model's `description` says.
extension Messages {
    /// `FILE: line L, column C: REASON`, for the command line.
    static func fileError(_ error: MenuFileError) -> String {
        let reason = menuFileProblem(error.problem)
        switch (error.line, error.column) {
        case (let line?, let column?):
            // Translators: a menu file's error on the command line; %1$s is the file, %2$d the line, %3$d the column,
            // %4$s what is wrong there.
            return String(translating: "%1$s: line %2$d, column %3$d: %4$s", error.path, line, column, reason)
        case (let line?, nil):
            // Translators: a menu file's error on the command line; %1$s is the file, %2$d the line, %3$s what is wrong.
            return String(translating: "%1$s: line %2$d: %3$s", error.path, line, reason)
        default:
            // Translators: a file's error on the command line; %1$s is the file, %2$s what is wrong with it.
            return String(translating: "%1$s: %2$s", error.path, reason)
        }
    }

    static func fileError(_ error: StorageError) -> String {
        String(translating: "%1$s: %2$s", error.path, storageProblem(error.reason))
    }

    /// Why the file could not be loaded: for a menu file's error, its place in the file and what is wrong there.
    static func loadProblem(_ problem: LoadProblem) -> String {
        switch problem {
        case .unreadable(let error): return fileError(error)
        case .invalid(let error): return fileError(error)
        }
    }

    static func storageProblem(_ problem: StorageProblem) -> String {
        switch problem {
        case .system(let refusal, let reading): return systemRefusal(refusal, reading: reading)
        case .danglingLink(let target):
            // Translators: why a file cannot be read, %s is the missing file a symbolic link leads to.
            return String(translating: "it is a link to %s, which does not exist", target.description)
        case .folderToRead: return String(translating: "this is a folder, not a menu file")
        case .notRegularFile(let kind, let leftAsItIs): return notRegularFile(kind, left: leftAsItIs)
        case .tooLarge(let size, let limit, let role): return tooLarge(size: size, limit: limit, role: role)
        case .menuTooLargeToWrite(let size, let limit):
            // Translators: why a save failed; %1$s is the size the menu would have, %2$s the largest a menu file can be.
            return String(translating: "the menu would be %1$s, more than a menu file can be (%2$s at most); nothing was written",
                          fileSize(size, roundingUp: true), fileSize(limit, roundingUp: false))
        case .linkNotWrittenThrough(let role):
            switch role {
            case .menu: return String(translating: "this is a symbolic link, which a menu is never written through; it is left as it is")
            case .windowState:
                return String(translating: "this is a symbolic link, which a window-state file is never written through; it is left as it is")
            case .recentFiles:
                return String(translating: "this is a symbolic link, which a recent-files list is never written through; it is left as it is")
            case .priceList:
                return String(translating: "this is a symbolic link, which an exported price list is never written through; it is left as it is")
            }
        case .changedOnDisk(let change):
            switch change {
            case .deletedOrMoved:
                return String(translating: "another program deleted or moved it since it was last read or saved here; it is not overwritten")
            case .created: return String(translating: "another program created it since it was last read or saved here; it is not overwritten")
            case .changed: return String(translating: "another program changed it since it was last read or saved here; it is not overwritten")
            }
        case .readOnly(let cause):
            switch cause {
            case .modeAllowsNoWriter: return String(translating: "it is read-only (its mode lets no one write it); it is left as it is")
            case .readOnlyDisk: return String(translating: "it is read-only (the disk is read-only); it is left as it is")
            case .notYours: return String(translating: "it is read-only (you may not write it); it is left as it is")
            }
        case .extendedAttribute(let name, let reading, let refusal):
            let why = systemRefusal(refusal, reading: reading)
            // Translators: why a save failed; %1$s is the name of an extended attribute, %2$s why.
            return reading ? String(translating: "cannot read its extended attribute %1$s: %2$s", name, why)
                // Translators: why a save failed; %1$s is the name of an extended attribute, %2$s why.
                : String(translating: "cannot keep its extended attribute %1$s: %2$s", name, why)
        case .noTemporaryName: return String(translating: "cannot create a temporary file beside it (every name tried was taken)")
        case .keepAside(let refusal):
            // Translators: why the unreadable menu file could not be renamed aside, %s is why.
            return String(translating: "cannot keep the old file aside: %s", systemRefusal(refusal, reading: false))
        case .linkIntoMissingFolder(let folder):
            // Translators: why a save failed, %s is a folder.
            return String(translating: "it is a link into the folder %s, which does not exist", folder.description)
        // Translators: why a save failed, %s is a folder.
        case .missingFolder(let folder): return String(translating: "the folder %s does not exist", folder.description)
        // Translators: why a save failed, %s is the path of a file that stands where a folder should be.
        case .fileInsteadOfFolder(let folder): return String(translating: "%s is a file, not a folder", folder.description)
        case .cannotCreateFolder(let folder, let refusal):
            // Translators: why a save failed; %1$s is a folder, %2$s why it could not be created.
            return String(translating: "cannot create the folder %1$s: %2$s", folder.description, systemRefusal(refusal, reading: false))
        case .menuOwnFile: return String(translating: "this is the menu's own file, which a price list never replaces; it is left as it is")
        case .pdfNotMade: return String(translating: "cairo could not make the PDF (out of memory?); nothing was written")
        }
    }

    static func systemRefusal(_ refusal: SystemRefusal, reading: Bool) -> String {
        switch refusal {
        case .diskFull: String(translating: "the disk is full")
        case .quotaUsedUp: String(translating: "the disk quota is used up")
        case .permissionDenied: reading ? String(translating: "permission denied")
            : String(translating: "the folder is not writable (permission denied)")
        case .readOnlyDisk: String(translating: "the disk is read-only")
        case .isFolder: String(translating: "this is a folder, not a menu file")
        case .notFolder: String(translating: "a part of the path is a file, not a folder")
        case .linkLoop: String(translating: "the path loops through symbolic links")
        case .pathTooLong: String(translating: "the path is too long")
        case .inputOutput: String(translating: "the disk reported an input/output error")
        case .nothingBehind: String(translating: "this is a socket or a device with nothing behind it, not a regular file")
        // The system's own words, in the user's language where the system has them.
        case .other(let code): String(cString: strerror(code))
        }
    }

    /// "this is a device, not a regular file", and for a save that refused it, "; it is left as it is" too.
    private static func notRegularFile(_ kind: FileKind, left: Bool) -> String {
        switch kind {
        case .folder: left ? String(translating: "this is a folder, not a regular file; it is left as it is")
            : String(translating: "this is a folder, not a regular file")
        case .symbolicLink: left ? String(translating: "this is a symbolic link, not a regular file; it is left as it is")
            : String(translating: "this is a symbolic link, not a regular file")
        case .namedPipe: left ? String(translating: "this is a named pipe (FIFO), not a regular file; it is left as it is")
            : String(translating: "this is a named pipe (FIFO), not a regular file")
        case .device: left ? String(translating: "this is a device, not a regular file; it is left as it is")
            : String(translating: "this is a device, not a regular file")
        case .socket: left ? String(translating: "this is a socket, not a regular file; it is left as it is")
            : String(translating: "this is a socket, not a regular file")
        case .other: left ? String(translating: "this is something other than a file, not a regular file; it is left as it is")
            : String(translating: "this is something other than a file, not a regular file")
        }
    }

    private static func tooLarge(size: Int?, limit: Int, role: FileRole.Name) -> String {
        let most = fileSize(limit, roundingUp: false)
        guard let size else {
            // Translators: %s is the largest such a file can be, "256 MB".
            switch role {
            case .menu: return String(translating: "the file is more than a menu can be (%s at most)", most)
            case .windowState: return String(translating: "the file is more than a window-state file can be (%s at most)", most)
            case .recentFiles: return String(translating: "the file is more than a recent-files list can be (%s at most)", most)
            case .priceList: return String(translating: "the file is more than an exported price list can be (%s at most)", most)
            }
        }
        let shown = fileSize(size, roundingUp: true)
        // Translators: %1$s is the file's size, "301 MB", %2$s the largest such a file can be, "256 MB".
        switch role {
        case .menu: return String(translating: "the file is %1$s, more than a menu can be (%2$s at most)", shown, most)
        case .windowState: return String(translating: "the file is %1$s, more than a window-state file can be (%2$s at most)", shown, most)
        case .recentFiles: return String(translating: "the file is %1$s, more than a recent-files list can be (%2$s at most)", shown, most)
        case .priceList: return String(translating: "the file is %1$s, more than an exported price list can be (%2$s at most)", shown, most)
        }
    }

    /// "65,536 bytes" (grouped the locale's way, with a comma where the locale does not group), "256 MB".
    static func fileSize(_ size: Int, roundingUp: Bool) -> String {
        let (count, megabytes) = FileSize.shown(size, roundingUp: roundingUp)
        let grouping = numberFormat.groupingMark.isEmpty ? "," : numberFormat.groupingMark
        let figure = NumberFormat(decimalMark: numberFormat.decimalMark, groupingMark: grouping).localized(String(count))
        // Translators: a file's size in megabytes, %s is the number.
        if megabytes { return String(translating: "%s MB", figure) }
        // Translators: a file's size in bytes, %s is the number written the language's way, "65,536".
        return String(translating: "%s byte", plural: "%s bytes", count: count, figure)
    }
}

internal import CGtk

/// The user's special folders as GLib reads them from `user-dirs.dirs` (`g_get_user_special_dir`).
public enum UserFolders {
    /// `g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS)`: the Documents folder, or nil when the user has none
    /// set up or it is not a folder on disk now (`g_file_test`). The string GLib returns is its own, copied here.
    @MainActor
    public static var documents: [UInt8]? {
        guard let path = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS) else { return nil }
        guard g_file_test(path, G_FILE_TEST_IS_DIR) != 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: path, count: strlen(path)))
    }
}

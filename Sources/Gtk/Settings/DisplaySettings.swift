internal import CGtk

/// Wraps the default display's `GtkSettings`: the theme GTK draws with.
@MainActor
public final class DisplaySettings: Object {
    /// `gtk_settings_get_default`; nil without a display.
    public static var `default`: DisplaySettings? {
        Object.wrapper(for: gtk_settings_get_default(), ownership: .none)
    }

    /// `gtk-application-prefer-dark-theme`: the theme's dark variant (Adwaita's, in GTK 4.8).
    public var prefersDarkTheme: Bool {
        get { property("gtk-application-prefer-dark-theme").boolValue ?? false }
        set { setProperty("gtk-application-prefer-dark-theme", .bool(newValue)) }
    }

    /// `gtk-enable-animations`: false makes GTK's transitions (a stack's slide, a revealer's) instant.
    public var enablesAnimations: Bool {
        get { property("gtk-enable-animations").boolValue ?? true }
        set { setProperty("gtk-enable-animations", .bool(newValue)) }
    }

    /// `gtk-theme-name`, e.g. "Default", or "HighContrast" (GTK's high-contrast Adwaita variant).
    public var themeName: String? {
        get { if case .string(let name) = property("gtk-theme-name") { name } else { nil } }
        set { setProperty("gtk-theme-name", .string(newValue)) }
    }

    /// `gtk-decoration-layout`: the window controls the desktop puts at a title bar's start (before the colon) and
    /// end (after it), e.g. "icon:minimize,maximize,close".
    public var decorationLayout: String? {
        get { if case .string(let layout) = property("gtk-decoration-layout") { layout } else { nil } }
        set { setProperty("gtk-decoration-layout", .string(newValue)) }
    }

    /// `gtk_settings_reset_property`: back to the value the desktop (XSettings, settings.ini) gives.
    public func reset(_ property: String) { gtk_settings_reset_property(c(), property) }
}

/// Wraps `GSettings`, for one schema that may not be installed.
@MainActor
public final class GioSettings: Object {
    /// `g_settings_schema_source_lookup`, then `g_settings_new`: nil when the schema is not installed (GSettings
    /// would abort the program), or lacks any of `keys`.
    public static func ifInstalled(_ schemaID: String, keys: [String]) -> GioSettings? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard keys.allSatisfy({ g_settings_schema_has_key(schema, $0) != 0 }) else { return nil }
        return GioSettings(g_settings_new(schemaID), ownership: .full)
    }

    /// `g_settings_get_string`; enum keys read as their nick ("prefer-dark").
    public func string(_ key: String) -> String {
        let value = g_settings_get_string(c(), key)
        defer { g_free(value) }
        return value.map { String(cString: $0) } ?? ""
    }

    /// `g_settings_set_string`; enum keys take their nick.
    public func setString(_ value: String, for key: String) { _ = g_settings_set_string(c(), key, value) }

    /// `g_settings_get_boolean`.
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(c(), key) != 0 }

    /// `g_settings_set_boolean`.
    public func setBool(_ value: Bool, for key: String) { _ = g_settings_set_boolean(c(), key, value ? 1 : 0) }

    /// `changed::key`: the handler runs after `key` changed.
    @discardableResult
    public func onChanged(_ key: String, _ handler: @escaping @MainActor (GioSettings) -> Void) -> SignalConnection {
        connect(Signal(string: "changed::\(key)")) { settings, _ in handler(emitted(settings)) }
    }
}

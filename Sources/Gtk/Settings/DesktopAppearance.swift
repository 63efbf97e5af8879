internal import CGtk

/// Follows the desktop's light or dark preference and its high-contrast setting with GTK 4.8's own Adwaita
/// variants: `gtk-application-prefer-dark-theme` for dark, the "HighContrast" theme for high contrast (dark
/// too, it is GTK's inverse high contrast). Any app can use it; nothing in it knows the app.
///
/// The colour scheme comes from the settings portal (`org.freedesktop.appearance color-scheme`) when one
/// answers on the session bus, else from GNOME's `org.gnome.desktop.interface color-scheme`; high contrast
/// from the portal's `contrast` or `org.gnome.desktop.a11y.interface high-contrast`. A missing schema or
/// portal leaves GTK's own choice alone. Changes are followed while the returned object lives.
@MainActor
public final class DesktopAppearance {
    /// The desktop's colour-scheme preference, in the portal's and GNOME's terms.
    public enum ColorScheme: Sendable, Equatable {
        /// Neither asked for: the theme GTK would choose.
        case noPreference
        /// Dark asked for.
        case preferDark
        /// Light asked for.
        case preferLight
    }

    /// What the desktop asks of the app's looks.
    public struct Preference: Sendable, Equatable {
        /// Light, dark or either.
        public var colorScheme: ColorScheme
        /// Whether the high-contrast theme is asked for.
        public var highContrast: Bool
        /// A preference with these fields.
        public init(colorScheme: ColorScheme, highContrast: Bool) {
            self.colorScheme = colorScheme
            self.highContrast = highContrast
        }
    }

    /// What the desktop asks for now.
    public private(set) var preference = Preference(colorScheme: .noPreference, highContrast: false)
    /// Called after each change was applied to GTK.
    public var onChange: (@MainActor (Preference) -> Void)?

    private let interface = GioSettings.ifInstalled("org.gnome.desktop.interface", keys: ["color-scheme"])
    private let accessibility = GioSettings.ifInstalled("org.gnome.desktop.a11y.interface", keys: ["high-contrast"])
    private let portal = SettingsPortal()
    private var portalScheme: ColorScheme?
    private var portalHighContrast: Bool?

    private static var shared: DesktopAppearance?

    /// Starts following the desktop for the whole process (once; later calls return the same follower).
    /// The one line an app needs, after GTK is initialised: `DesktopAppearance.follow()`.
    @discardableResult
    public static func follow() -> DesktopAppearance {
        if let shared { return shared }
        let appearance = DesktopAppearance()
        shared = appearance
        return appearance
    }

    init() {
        interface?.onChanged("color-scheme") { [weak self] _ in self?.update() }
        accessibility?.onChanged("high-contrast") { [weak self] _ in self?.update() }
        portalScheme = portal?.read("color-scheme").map(Self.colorScheme(portalValue:))
        portalHighContrast = portal?.read("contrast").map { $0 == 1 }
        portal?.onChanged = { [weak self] key, value in
            guard let self else { return }
            switch key {
            case "color-scheme": self.portalScheme = Self.colorScheme(portalValue: value)
            case "contrast": self.portalHighContrast = value == 1
            default: return
            }
            self.update()
        }
        update()
    }

    private func update() {
        let scheme = portalScheme ?? interface.map { Self.colorScheme(gnomeValue: $0.string("color-scheme")) } ?? .noPreference
        let highContrast = portalHighContrast ?? accessibility?.bool("high-contrast") ?? false
        preference = Preference(colorScheme: scheme, highContrast: highContrast)
        Self.apply(preference)
        onChange?(preference)
    }

    /// Whether `apply` has set prefer-dark, so that there is something of ours to reset.
    private static var hasSetDarkPreference = false

    /// Sets GtkSettings for `preference`: prefer-dark on, off or left to the desktop; the HighContrast theme,
    /// or the desktop's own theme back. Each reset makes GTK parse its whole theme again (160 KB of CSS, and
    /// half a megabyte of heap at start-up), so a setting is reset only when it was set here.
    public static func apply(_ preference: Preference) {
        guard let settings = DisplaySettings.default else { return }
        switch preference.colorScheme {
        case .preferDark, .preferLight:
            settings.prefersDarkTheme = preference.colorScheme == .preferDark
            hasSetDarkPreference = true
        case .noPreference:
            if hasSetDarkPreference { settings.reset("gtk-application-prefer-dark-theme") }
            hasSetDarkPreference = false
        }
        if preference.highContrast {
            if settings.themeName != highContrastTheme { settings.themeName = highContrastTheme }
        } else if settings.themeName == highContrastTheme {
            settings.reset("gtk-theme-name")
        }
    }

    /// GTK 4.8's name for its high-contrast Adwaita (the dark variant when dark is preferred).
    public static let highContrastTheme = "HighContrast"

    /// GNOME's `color-scheme` nick.
    static func colorScheme(gnomeValue: String) -> ColorScheme {
        switch gnomeValue {
        case "prefer-dark": .preferDark
        case "prefer-light": .preferLight
        default: .noPreference
        }
    }

    /// The portal's `color-scheme`: 0 no preference, 1 dark, 2 light.
    static func colorScheme(portalValue: UInt32) -> ColorScheme {
        switch portalValue {
        case 1: .preferDark
        case 2: .preferLight
        default: .noPreference
        }
    }
}

/// The settings portal's `org.freedesktop.appearance` namespace, through GDBus on the session bus. Nil when
/// there is no session bus; reads return nil when no portal answers (it is never started for us).
@MainActor
private final class SettingsPortal {
    private static let name = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"

    private let bus: OpaquePointer
    private var subscription: guint = 0
    /// The key and its new value, for `SettingChanged` signals of the appearance namespace with a `u` value.
    var onChanged: (@MainActor (String, UInt32) -> Void)? {
        didSet { subscribeOnce() }
    }

    init?() {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        self.bus = bus
    }

    isolated deinit {
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(bus, subscription) }
        g_object_unref(bus.raw)
    }

    /// `org.freedesktop.portal.Settings.Read` of `key`, without starting a portal; nil on any failure.
    func read(_ key: String) -> UInt32? {
        var arguments: [OpaquePointer?] = [g_variant_new_string(Self.namespace), g_variant_new_string(key)]
        let parameters = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 2) }
        guard let reply = g_dbus_connection_call_sync(bus, Self.name, Self.path, Self.interface, "Read", parameters, nil,
                                                      G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000, nil, nil) else { return nil }
        defer { g_variant_unref(reply) }
        guard let boxed = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(boxed) }
        return Self.uint32(in: boxed)
    }

    /// The `u` inside `variant`, unwrapping the extra `v` older portals add.
    nonisolated fileprivate static func uint32(in variant: OpaquePointer) -> UInt32? {
        var current = g_variant_ref(variant)
        defer { g_variant_unref(current) }
        while String(cString: g_variant_get_type_string(current)) == "v" {
            guard let inner = g_variant_get_variant(current) else { return nil }
            g_variant_unref(current)
            current = inner
        }
        guard String(cString: g_variant_get_type_string(current)) == "u" else { return nil }
        return g_variant_get_uint32(current)
    }

    private func subscribeOnce() {
        guard subscription == 0 else { return }
        let handler: @MainActor (String, UInt32) -> Void = { [weak self] key, value in self?.onChanged?(key, value) }
        let data = HandlerBox(handler).retainedForGLib()
        subscription = g_dbus_connection_signal_subscribe(bus, Self.name, Self.interface, "SettingChanged", Self.path,
                                                          Self.namespace, G_DBUS_SIGNAL_FLAGS_NONE, settingChanged,
                                                          data, releaseHandlerBoxData)
    }
}

/// `GDBusSignalCallback` for `SettingChanged (s namespace, s key, v value)`.
private let settingChanged: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
    guard let parameters, let data,
          String(cString: g_variant_get_type_string(parameters)) == "(ssv)",
          let keyVariant = g_variant_get_child_value(parameters, 1),
          let value = g_variant_get_child_value(parameters, 2) else { return }
    defer { g_variant_unref(keyVariant); g_variant_unref(value) }
    let key = String(cString: g_variant_get_string(keyVariant, nil))
    guard let number = SettingsPortal.uint32(in: value) else { return }
    let box = Unmanaged<HandlerBox<@MainActor (String, UInt32) -> Void>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler?(key, number) }
}

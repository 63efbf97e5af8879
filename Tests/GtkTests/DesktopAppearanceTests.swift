import Foundation
import XCTest
@testable import Gtk

/// The desktop's colour scheme and high contrast reach GtkSettings (GSettings in memory, as with-display.sh sets).
final class DesktopAppearanceTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"], "memory", "never write the user's settings")
    }

    func testDarkPreferenceAndHighContrastFollowTheDesktopWhileRunning() throws {
        try MainActor.assumeIsolated {
            let interface = try XCTUnwrap(GioSettings.ifInstalled("org.gnome.desktop.interface", keys: ["color-scheme"]))
            let accessibility = try XCTUnwrap(GioSettings.ifInstalled("org.gnome.desktop.a11y.interface", keys: ["high-contrast"]))
            let settings = try XCTUnwrap(DisplaySettings.default)
            interface.setString("default", for: "color-scheme")
            accessibility.setBool(false, for: "high-contrast")
            let originalTheme = settings.themeName
            XCTAssertNotEqual(originalTheme, DesktopAppearance.highContrastTheme)

            let appearance = DesktopAppearance()
            XCTAssertEqual(appearance.preference, .init(colorScheme: .noPreference, highContrast: false))
            XCTAssertFalse(settings.prefersDarkTheme)

            interface.setString("prefer-dark", for: "color-scheme")
            runMainLoop { settings.prefersDarkTheme }
            XCTAssertTrue(settings.prefersDarkTheme, "prefer-dark picks Adwaita's dark variant")
            XCTAssertEqual(appearance.preference.colorScheme, .preferDark)

            accessibility.setBool(true, for: "high-contrast")
            runMainLoop { settings.themeName == DesktopAppearance.highContrastTheme }
            XCTAssertEqual(settings.themeName, DesktopAppearance.highContrastTheme)
            XCTAssertTrue(appearance.preference.highContrast)

            accessibility.setBool(false, for: "high-contrast")
            interface.setString("prefer-light", for: "color-scheme")
            runMainLoop { !settings.prefersDarkTheme && settings.themeName != DesktopAppearance.highContrastTheme }
            XCTAssertFalse(settings.prefersDarkTheme)
            XCTAssertEqual(settings.themeName, originalTheme, "the desktop's own theme is back")

            interface.setString("default", for: "color-scheme")
            runMainLoop { appearance.preference.colorScheme == .noPreference }
            XCTAssertEqual(appearance.preference, .init(colorScheme: .noPreference, highContrast: false))

            interface.setString("prefer-dark", for: "color-scheme")
            runMainLoop { settings.prefersDarkTheme }
            interface.setString("default", for: "color-scheme")
            runMainLoop { !settings.prefersDarkTheme }
            XCTAssertFalse(settings.prefersDarkTheme, "no preference after dark gives GTK's own light default back")
        }
    }

    func testAMissingSchemaOrKeyIsNoSettingsAndNoCritical() {
        MainActor.assumeIsolated {
            XCTAssertNil(GioSettings.ifInstalled("org.example.NoSuchSchema", keys: []))
            XCTAssertNil(GioSettings.ifInstalled("org.gnome.desktop.interface", keys: ["no-such-key"]))
            XCTAssertNotNil(GioSettings.ifInstalled("org.gnome.desktop.interface", keys: ["color-scheme"]))
        }
    }

    func testPortalAndGnomeValuesMeanTheSameSchemes() {
        MainActor.assumeIsolated {
            XCTAssertEqual([0, 1, 2, 7].map { DesktopAppearance.colorScheme(portalValue: $0) },
                           [.noPreference, .preferDark, .preferLight, .noPreference])
            XCTAssertEqual(["default", "prefer-dark", "prefer-light", "?"].map { DesktopAppearance.colorScheme(gnomeValue: $0) },
                           [.noPreference, .preferDark, .preferLight, .noPreference])
        }
    }
}

import Foundation
import XCTest
import SplitView

/// Real key presses from outside (XTEST, through xdotool) to the window titled `title`, after giving it the
/// keyboard focus as a window manager would: they reach the widgets the way a user's do.
@MainActor
func pressKeysFromOutside(windowTitled title: String, _ keys: [String]) throws {
    let xdotool = Process()
    xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    xdotool.arguments = ["search", "--sync", "--onlyvisible", "--name", "^\(title)$", "windowfocus", "--sync", "%1",
                         "key", "--clearmodifiers"] + keys
    try xdotool.run()
    runMainLoop { !xdotool.isRunning }
    XCTAssertEqual(xdotool.terminationStatus, 0, "xdotool key \(keys)")
}

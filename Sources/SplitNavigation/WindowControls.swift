/// Which of the window's controls (close, minimize, maximize, the icon) each pane's header bar shows, written as
/// GTK's decoration layouts ("start:end", e.g. "icon:minimize,close").
///
/// Side by side, the list's bar takes the controls of the window's start and the detail's bar those of its end,
/// so they sit at the window's outer ends, once each. A bar shown alone (a stack page, the detail with the list
/// hidden or sliding over it) shows them all; the list sliding over the detail shows none, the detail's bar
/// under it keeps them.
public struct WindowControls: Equatable, Sendable {
    /// The list's bar's decoration layout.
    public var primary: String
    /// The detail's bar's decoration layout.
    public var secondary: String

    /// The controls of the desktop's `layout` (`gtk-decoration-layout`) for each bar in `mode`.
    public init(layout: String, mode: DisplayMode) {
        let sides = layout.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let start = String(sides[0])
        let end = sides.count > 1 ? String(sides[1]) : ""
        let all = "\(start):\(end)"
        switch mode {
        case .sideBySide:
            primary = "\(start):"
            secondary = ":\(end)"
        case .stack:
            primary = all
            secondary = all
        case .detailOnly, .listOverDetail:
            primary = ":"
            secondary = all
        }
    }
}

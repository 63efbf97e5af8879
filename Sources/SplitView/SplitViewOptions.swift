/// The words a split view shows or speaks, chosen by the client (translated, or through gettext).
public struct SplitViewStrings: Sendable {
    /// The back button's tooltip and accessible name, e.g. "Back to Colours".
    public var back: String
    /// The list toggle's tooltip, e.g. "Show or Hide the Colours List (F9)".
    public var toggleTooltip: String
    /// The list toggle's accessible name, e.g. "Show Colours List".
    public var toggleLabel: String

    /// The three strings, translated by the caller.
    public init(back: String, toggleTooltip: String, toggleLabel: String) {
        self.back = back
        self.toggleTooltip = toggleTooltip
        self.toggleLabel = toggleLabel
    }

    /// English strings naming the primary pane, e.g. `english(primaryTitle: "Colours")`.
    public static func english(primaryTitle: String) -> SplitViewStrings {
        SplitViewStrings(back: "Back to \(primaryTitle)", toggleTooltip: "Show or Hide the \(primaryTitle) List (F9)",
                         toggleLabel: "Show \(primaryTitle) List")
    }
}

/// The keys and buttons a split view answers to by itself. Each can be turned off, e.g. when the app binds
/// Escape to something else: `split.bindings.remove(.escape)`.
public struct SplitViewBindings: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Escape goes back (collapsed, detail on top).
    public static let escape = SplitViewBindings(rawValue: 1 << 0)
    /// Alt+Left goes back.
    public static let altLeft = SplitViewBindings(rawValue: 1 << 1)
    /// The mouse's back button (button 8) goes back.
    public static let mouseBack = SplitViewBindings(rawValue: 1 << 2)
    /// F9 shows or hides the list (side by side).
    public static let f9 = SplitViewBindings(rawValue: 1 << 3)
    /// F6 and Shift+F6 move focus between the panes side by side, and between the shown pane and the
    /// header bar when only one pane is shown.
    public static let f6 = SplitViewBindings(rawValue: 1 << 4)

    /// Every binding: the default.
    public static let all: SplitViewBindings = [.escape, .altLeft, .mouseBack, .f9, .f6]
}

/// Where a split view's header bars go.
public enum SplitViewHeaderBars: Sendable {
    /// Each pane has a header bar of its own above it, as libadwaita's split views and the seeds' two navigation
    /// bars do: the list's bar (`SplitView.primaryHeader`) for the list's actions, and the detail's bar
    /// (`SplitView.secondaryHeader`) with Back, the list button and the detail's title. Side by side the window's
    /// controls are split between the two bars' outer ends; one bar alone shows them all. The window has no title
    /// bar of its own: call `window.hideTitlebar()` before showing it.
    case perPane
    /// No header bar in the view: the client packs `backButton` and `primaryToggle` in the window's own header bar.
    case none
}

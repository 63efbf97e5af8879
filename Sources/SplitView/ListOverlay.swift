import Gtk

/// The middle layout's container (the seeds' iPad portrait): the detail takes the whole width, and the list
/// slides over it from the leading edge, above a scrim that dims the detail. The list never moves or resizes
/// the detail, since overlay children do not take part in the overlay's size.
///
/// It only renders: `SplitView` decides when it is open, and hears about clicks on the scrim.
@MainActor
final class ListOverlay {
    let overlay = Overlay()
    /// Slides the list in and out; GTK makes the slide instant when `gtk-enable-animations` is off.
    let revealer = Revealer()
    /// Dims the detail while the list is open, and takes the click that dismisses it.
    let scrim = Box(.vertical)
    /// The list's own background, so the detail does not show through it.
    private let sheet = Box(.vertical)
    /// A click on the dimmed detail.
    var onScrimClicked: (@MainActor () -> Void)?
    /// The slide out finished (or there was none): the list is hidden, also from assistive technologies.
    var onClosed: (@MainActor () -> Void)?

    init() {
        Self.installStyle()
        overlay.expandsHorizontally = true
        overlay.expandsVertically = true
        // A swipe moves the list beyond the leading edge: it is cut there, not drawn over what is beside the view.
        overlay.clipsChildren = true
        scrim.addCSSClass("split-view-scrim")
        scrim.expandsHorizontally = true
        scrim.expandsVertically = true
        scrim.isVisible = false
        sheet.addCSSClass("background")
        sheet.addCSSClass("split-view-sheet")
        sheet.expandsVertically = true
        revealer.child = sheet
        revealer.align(horizontal: .start, vertical: .fill)
        revealer.setTransitionDuration(200)
        revealer.isVisible = false
        overlay.addOverlay(scrim)
        overlay.addOverlay(revealer)

        let click = ClickGesture()
        click.onPressed { [weak self] _, _, _, _ in self?.onScrimClicked?() }
        scrim.addController(click)
        revealer.onChildRevealedChanged { [weak self] revealer, revealed in
            guard let self, !revealed, !revealer.revealsChild else { return }
            revealer.isVisible = false
            self.onClosed?()
        }
    }

    /// Puts the detail under the overlay and the list in its sheet.
    func install(primary: Widget, secondary: Widget) {
        overlay.child = secondary
        sheet.append(primary)
    }

    /// Takes both panes out again, for another container.
    func uninstall(primary: Widget) {
        sheet.remove(primary)
        overlay.child = nil
        revealer.revealsChild = false
        revealer.isVisible = false
        scrim.isVisible = false
    }

    /// Opens or closes the list over the detail, `width` pixels wide, sliding from the leading edge.
    func setOpen(_ open: Bool, width: Int, animated: Bool) {
        sheet.sizeRequest = (width, -1)
        revealer.setTransition(overlay.direction == .rightToLeft ? .slideLeft : .slideRight)
        revealer.setTransitionDuration(animated ? 200 : 0)
        scrim.isVisible = open
        if open { revealer.isVisible = true }
        guard revealer.revealsChild != open else { return }
        revealer.revealsChild = open
        if !open && !revealer.isMapped {
            revealer.isVisible = false
            onClosed?()
        }
    }

    private lazy var sheetShift = HorizontalShift(revealer)

    /// Draws the list `openFraction` of the way in (0 out of sight, 1 all in), `width` pixels wide, following
    /// a swipe: shown at once, moved sideways, above a scrim as dim as the list is far in.
    func drawSwipe(openFraction: Double, width: Int) {
        sheet.sizeRequest = (width, -1)
        if !revealer.revealsChild {
            revealer.setTransitionDuration(0)
            revealer.isVisible = true
            revealer.revealsChild = true
        }
        scrim.isVisible = true
        scrim.opacity = openFraction
        let hidden = Double(width) * (1 - openFraction)
        sheetShift.set(overlay.direction == .rightToLeft ? hidden : -hidden)
    }

    /// Back to drawing what `setOpen` said, after a swipe.
    func endSwipe() {
        sheetShift.set(0)
        scrim.opacity = 1
    }

    var isOpen: Bool { revealer.revealsChild }

    private static var styleInstalled = false

    /// The scrim's tint and the sheet's edge, once per process (the default display's style).
    private static func installStyle() {
        guard !styleInstalled else { return }
        styleInstalled = true
        let css = CssProvider()
        css.load("""
            .split-view-scrim { background-color: alpha(black, 0.3); }
            .split-view-sheet { box-shadow: inset -1px 0 alpha(black, 0.2); }
            .split-view-page { box-shadow: -1px 0 alpha(black, 0.2); }
            .split-view-page:dir(rtl) { box-shadow: 1px 0 alpha(black, 0.2); }
            """)
        css.addToDefaultDisplay()
    }
}

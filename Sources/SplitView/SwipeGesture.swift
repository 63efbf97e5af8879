import Gtk

/// A horizontal drag that starts at a widget's leading edge and goes inwards: a finger on a touchscreen or the
/// pointer's primary button (a wheel never drives it). Released past a third of the width (or `distance`)
/// it completes; released earlier it is cancelled and nothing happens.
@MainActor
final class EdgeSwipe {
    private let gesture = DragGesture()
    private weak var widget: Widget?
    private var isTracking = false
    /// Whether a drag may start now (the overlay is closed, the stack has somewhere to go back to).
    var isEnabled: @MainActor () -> Bool = { false }
    var onCompleted: (@MainActor () -> Void)?
    /// How far from the leading edge a drag may start, in pixels.
    let edgeWidth: Double = 24
    /// How far inwards a drag has to go before it completes, at most.
    let distance: Double = 160

    init(on widget: Widget) {
        self.widget = widget
        gesture.setPhase(.capture)
        gesture.onBegin { [weak self] gesture, x, _ in self?.began(gesture, atX: x) }
        gesture.onEnd { [weak self] _, dx, dy in self?.ended(dx: dx, dy: dy) }
        widget.addController(gesture)
    }

    private var isRightToLeft: Bool { widget?.direction == .rightToLeft }

    private func began(_ gesture: DragGesture, atX x: Double) {
        guard let widget, isEnabled() else { return gesture.deny() }
        let fromEdge = isRightToLeft ? Double(widget.width) - x : x
        isTracking = fromEdge <= edgeWidth
        if !isTracking { gesture.deny() }
    }

    private func ended(dx: Double, dy: Double) {
        guard isTracking, let widget else { return }
        isTracking = false
        let inwards = isRightToLeft ? -dx : dx
        let needed = min(distance, Double(widget.width) / 3)
        if inwards >= needed && abs(dy) < inwards && isEnabled() { onCompleted?() }
    }
}

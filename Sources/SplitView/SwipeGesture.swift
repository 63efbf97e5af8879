import Gtk
import SplitNavigation

/// What a swipe moves, given by the view once the finger has shown which way it goes.
@MainActor
struct SwipeMove {
    /// The distance that is the whole way, in pixels.
    let length: Double
    /// Draws the swipe `progress` of the way along (0 where it started, 1 the whole way).
    let draw: @MainActor (_ progress: Double) -> Void
    /// The slide reached its end: `completed` at 1, or cancelled back at 0.
    let finish: @MainActor (_ completed: Bool) -> Void
}

/// Horizontal swipes on a widget, as GNOME's navigation views take them: a drag that starts at the leading edge
/// (a finger on a touchscreen, or the pointer's primary button), or a touchpad's two-finger scroll anywhere.
/// A wheel never drives it, nor does a mostly vertical move.
///
/// Once the move is clearly horizontal, `start` is asked what it moves (nil: nothing, the move goes to the widgets
/// underneath). From then on the swipe follows the finger; when the finger lets go, it slides on to its end with
/// the speed it had: completed, or cancelled if released before a third of the way or flung back
/// (`SwipeProgress`). The slide is instant when `gtk-enable-animations` is off.
@MainActor
final class SwipeGesture {
    private let drag = DragGesture()
    let scroll = ScrollController()
    private weak var widget: Widget?
    /// Asked once a move is clearly horizontal: `inwards` is away from the leading edge; `fromEdge`, whether it
    /// is a drag that started at that edge, or a touchpad's swipe (which may start anywhere).
    var start: @MainActor (_ inwards: Bool, _ fromEdge: Bool) -> SwipeMove? = { _, _ in nil }
    /// How far from the leading edge a drag counts as starting at it, in pixels.
    static let edgeWidth = 24.0
    /// How far a finger goes before its direction counts, in pixels.
    static let threshold = 8.0
    /// X11 does not say when the fingers leave a touchpad: a scroll this long silent, in milliseconds, has ended.
    var touchpadQuiet: UInt32 = 200

    private enum Phase {
        case idle
        /// A drag or touchpad scroll whose direction is not clear yet: how far it went, where it started.
        case pending(dx: Double, dy: Double, fromEdge: Bool)
        /// Not a swipe (vertical, or refused): ignored until it ends.
        case ignored
        /// Following the finger: `forward` is the sign of a screen move towards completing.
        case tracking(SwipeMove, SwipeProgress, forward: Double, lastDx: Double)
    }

    private var phase = Phase.idle
    private var isScrolling = false
    private var scrollDx = 0.0
    /// When the touchpad last moved, in seconds.
    private var lastScroll = 0.0
    private var quietTimer: MainContext.Source?
    private var settling: (move: SwipeMove, from: Double, to: Double, started: Double, duration: Double)?
    private let clock = ContinuousClock()
    private let epoch = ContinuousClock.now

    init(on widget: Widget) {
        self.widget = widget
        drag.setPhase(.capture)
        drag.onBegin { [weak self] _, x, _ in self?.pressed(atX: x) }
        drag.onUpdate { [weak self] gesture, dx, dy in self?.dragged(gesture, dx: dx, dy: dy) }
        drag.onEnd { [weak self] gesture, _, _ in self?.released(at: self?.time(of: gesture) ?? 0) }
        widget.addController(drag)
        scroll.setPhase(.capture)
        scroll.onScroll { [weak self] controller, dx, dy in self?.scrolled(controller, dx: dx, dy: dy) ?? false }
        scroll.onEnd { [weak self] controller in self?.scrollEnded(at: self?.time(of: controller)) }
        widget.addController(scroll)
    }

    /// Whether a swipe is under the finger or sliding to its end.
    var isActive: Bool {
        if case .tracking = phase { return true }
        return settling != nil
    }

    /// Stops a swipe where it is without finishing it: the view changed under it and draws itself anew.
    func abandon() {
        phase = isScrolling || isDragging ? .ignored : .idle
        settling = nil
    }

    private var isDragging = false
    private var isRightToLeft: Bool { widget?.direction == .rightToLeft }
    private var seconds: Double { (clock.now - epoch) / .seconds(1) }

    /// When the event being handled happened, in seconds: the window system's time, so that events handled late
    /// in a burst (a busy machine) keep their own pace and do not look like a flick; the clock's for a signal
    /// that a program emitted.
    private func time(of controller: EventController) -> Double {
        controller.currentEventTime.map { Double($0) / 1000 } ?? seconds
    }

    // MARK: Drags

    private func pressed(atX x: Double) {
        guard let widget else { return }
        finishSettling()
        isDragging = true
        let fromEdge = (isRightToLeft ? Double(widget.width) - x : x) <= Self.edgeWidth
        phase = .pending(dx: 0, dy: 0, fromEdge: fromEdge)
    }

    private func dragged(_ gesture: DragGesture, dx: Double, dy: Double) {
        let time = time(of: gesture)
        switch phase {
        case .pending(_, _, let fromEdge):
            phase = .pending(dx: dx, dy: dy, fromEdge: fromEdge)
            if recognize(at: time) { gesture.claim() } else if case .ignored = phase { gesture.deny() }
        case .tracking:
            follow(toDx: dx, at: time)
        case .idle, .ignored:
            break
        }
    }

    private func released(at time: Double) {
        isDragging = false
        letGo(at: time)
    }

    // MARK: Touchpad

    private func scrolled(_ controller: ScrollController, dx: Double, dy: Double) -> Bool {
        guard controller.isFromTouchpad ?? true else { return false }
        let time = time(of: controller)
        lastScroll = time
        quietTimer?.cancel()
        quietTimer = MainContext.timeout(milliseconds: touchpadQuiet) { [weak self] in
            self?.scrollEnded(at: nil)
            return false
        }
        if !isScrolling {
            isScrolling = true
            finishSettling()
            scrollDx = 0
            phase = .pending(dx: 0, dy: 0, fromEdge: true)
        }
        // The page follows the fingers as scrolled content does.
        scrollDx -= dx
        switch phase {
        case .pending(let pendingDx, let pendingDy, let fromEdge):
            phase = .pending(dx: pendingDx - dx, dy: pendingDy - dy, fromEdge: fromEdge)
            return recognize(at: time)
        case .tracking:
            follow(toDx: scrollDx, at: time)
            return true
        case .idle, .ignored:
            return false
        }
    }

    /// - Parameter time: when the fingers lifted; nil when the touchpad fell silent: they lifted as it last moved.
    private func scrollEnded(at time: Double?) {
        quietTimer?.cancel()
        quietTimer = nil
        guard isScrolling else { return }
        isScrolling = false
        letGo(at: time ?? lastScroll)
    }

    // MARK: Following and letting go

    /// Decides a pending move once it went far enough: a horizontal one that `start` takes is tracked.
    private func recognize(at time: Double) -> Bool {
        guard case .pending(let dx, let dy, let fromEdge) = phase else { return false }
        guard max(abs(dx), abs(dy)) >= Self.threshold else { return false }
        let inwards = (isRightToLeft ? -dx : dx) > 0
        guard abs(dx) > abs(dy), let move = start(inwards, fromEdge) else {
            phase = .ignored
            return false
        }
        let forward: Double = dx > 0 ? 1 : -1
        var progress = SwipeProgress(length: move.length)
        progress.move(by: abs(dx), at: time)
        phase = .tracking(move, progress, forward: forward, lastDx: dx)
        move.draw(progress.progress)
        return true
    }

    private func follow(toDx dx: Double, at time: Double) {
        guard case .tracking(let move, var progress, let forward, let lastDx) = phase else { return }
        progress.move(by: forward * (dx - lastDx), at: time)
        phase = .tracking(move, progress, forward: forward, lastDx: dx)
        move.draw(progress.progress)
    }

    /// The finger lifted at `time`: a finger that stood still before lifting has no speed left.
    private func letGo(at time: Double) {
        guard case .tracking(let move, var progress, _, _) = phase else {
            phase = .idle
            return
        }
        phase = .idle
        progress.move(by: 0, at: time)
        let target: Double = progress.completes ? 1 : 0
        guard let widget, DisplaySettings.default?.enablesAnimations ?? true, progress.settleDuration > 0 else {
            move.draw(target)
            move.finish(target == 1)
            return
        }
        settling = (move, progress.progress, target, seconds, progress.settleDuration)
        widget.onNextFrame { [weak self] in self?.settleStep() }
    }

    /// One frame of the slide to the end, eased out.
    private func settleStep() {
        guard let slide = settling, let widget else { return }
        let elapsed = min((seconds - slide.started) / slide.duration, 1)
        let eased = 1 - (1 - elapsed) * (1 - elapsed)
        slide.move.draw(slide.from + (slide.to - slide.from) * eased)
        if elapsed < 1 {
            widget.onNextFrame { [weak self] in self?.settleStep() }
        } else {
            settling = nil
            slide.move.finish(slide.to == 1)
        }
    }

    /// A new press or scroll while the last swipe still slides: that slide ends at once.
    private func finishSettling() {
        guard let slide = settling else { return }
        settling = nil
        slide.move.draw(slide.to)
        slide.move.finish(slide.to == 1)
    }
}

/// Moves a widget sideways with a CSS transform of its own: it is drawn (and picked) elsewhere, and its size and
/// the layout around it stay as they are.
@MainActor
final class HorizontalShift {
    private let css = CssProvider()
    private var offset = 0.0

    init(_ widget: Widget) { widget.addStyleProvider(css) }

    /// Draws the widget `x` pixels to the right of its place (negative: to the left).
    func set(_ x: Double) {
        guard x != offset else { return }
        offset = x
        css.load(x == 0 ? "" : "* { transform: translateX(\(x)px); }")
    }
}

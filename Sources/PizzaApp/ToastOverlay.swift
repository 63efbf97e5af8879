import Gtk

/// Short confirmations over the bottom of the content, as libadwaita's toasts: a message with at most one
/// button ("Deleted “Cheese”" — Undo), gone after `timeout` or when its button is pressed. The toast is drawn
/// over the content and never moves it. A new toast replaces the one shown. While the pointer is over the
/// toast, or the keyboard is in it (Tab reached its button), it stays, and the timeout starts again when both
/// have left.
///
/// Errors that need an answer do not belong here: they go in the `Banner`, which stays until acted on.
@MainActor
final class ToastOverlay {
    /// How long a toast stays, as libadwaita's default.
    static let timeout: UInt32 = 5_000

    let widget = Overlay()
    private let revealer = Revealer()
    private let toast = Box(alert: .horizontal, spacing: 6)
    private let label = Label()
    private let actionButton = Button(label: "")
    private let closeButton = Button(iconName: "window-close-symbolic")
    private let pointer = MotionController()
    private let keyboard = FocusController()
    private var holdsKeyboard = false
    private var action: (@MainActor () -> Void)?
    private var timer: MainContext.Source?
    /// The toast is about to hide (its button, its timeout, or the window): focus in it must go elsewhere.
    var willHide: (@MainActor () -> Void)?

    /// The toast itself, over the content.
    var popup: Widget { revealer }

    init(content: Widget) {
        widget.child = content
        toast.addCSSClass("toast")
        label.wraps = true
        label.breaksLongWords = true
        label.xAlign = 0
        label.expandsHorizontally = true
        actionButton.addCSSClass("flat")
        closeButton.addCSSClass("flat")
        closeButton.addCSSClass("circular")
        closeButton.tooltip = String(translating: "Dismiss")
        closeButton.setAccessibleLabel(String(translating: "Dismiss Notification"))
        toast.append(label)
        toast.append(actionButton)
        toast.append(closeButton)
        toast.addController(pointer)
        toast.addController(keyboard)

        revealer.setTransition(.crossfade)
        revealer.setTransitionDuration(200)
        revealer.child = toast
        revealer.align(horizontal: .center, vertical: .end)
        revealer.setMargins(top: 12, bottom: 18, start: 12, end: 12)
        revealer.isVisible = false
        widget.addOverlay(revealer)

        actionButton.onClicked { [weak self] _ in
            let action = self?.action
            self?.dismiss()
            action?()
        }
        closeButton.onClicked { [weak self] _ in self?.dismiss() }
        // Hidden once faded out, so that it takes no clicks meant for the content under it.
        revealer.onChildRevealedChanged { [weak self] _, revealed in
            guard let self, !revealed, !self.revealer.revealsChild else { return }
            // A click on the fading toast can still give its button the focus.
            self.willHide?()
            self.revealer.isVisible = false
        }
        pointer.onContainsPointerChanged { [weak self] _, _ in self?.timeOutUnlessHeld() }
        keyboard.onEnter { [weak self] _ in
            self?.holdsKeyboard = true
            self?.timeOutUnlessHeld()
        }
        keyboard.onLeave { [weak self] _ in
            self?.holdsKeyboard = false
            self?.timeOutUnlessHeld()
        }
    }

    /// The message shown now, if any.
    var text: String? { revealer.revealsChild ? label.text : nil }

    /// Shows `message`, with a button labelled `actionLabel` that runs `action` and dismisses the toast.
    func show(_ message: String, actionLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        label.text = message
        toast.setAccessibleLabel(message)
        actionButton.setMnemonicLabel(actionLabel)
        actionButton.isVisible = actionLabel != nil
        self.action = action
        revealer.isVisible = true
        revealer.revealsChild = true
        // A new toast has its whole time.
        timer?.cancel()
        timer = nil
        timeOutUnlessHeld()
    }

    /// The timeout runs while the toast shows, unless the pointer or the keyboard holds it.
    private func timeOutUnlessHeld() {
        guard revealer.revealsChild else { return }
        if pointer.containsPointer || holdsKeyboard {
            timer?.cancel()
            timer = nil
        } else if timer == nil {
            startTimer()
        }
    }

    func dismiss() {
        willHide?()
        timer?.cancel()
        timer = nil
        action = nil
        revealer.revealsChild = false
    }

    private func startTimer() {
        timer?.cancel()
        timer = MainContext.timeout(milliseconds: Self.timeout) { [weak self] in
            self?.timer = nil
            self?.dismiss()
            return false
        }
    }
}

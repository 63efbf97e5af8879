import Gtk

/// A strip above the content for messages a person can act on: a load error, a failed save, an undo.
@MainActor
final class Banner {
    let widget = Box(.horizontal, spacing: 12)
    private let label = Label()
    private let actionButton = Button(label: "")
    private let closeButton = Button(iconName: "window-close-symbolic")
    private let buttons = Box(.horizontal, spacing: 12)
    private var action: (@MainActor () -> Void)?
    /// The user closed the bar.
    var onDismissed: (@MainActor () -> Void)?
    /// The bar is about to hide: focus in it must go elsewhere.
    var willHide: (@MainActor () -> Void)?

    init() {
        widget.addCSSClass("banner")
        widget.isVisible = false
        label.wraps = true
        label.breaksLongWords = true
        label.xAlign = 0
        label.expandsHorizontally = true
        label.isSelectable = true
        // Selectable by dragging, but never focused: a label that takes focus selects all its text, and one
        // that is only unfocusable still swallows Tab (GtkLabel claims the focus move it could not make).
        label.canFocus = false
        closeButton.hasFrame = false
        closeButton.tooltip = String(translating: "Dismiss")
        closeButton.setAccessibleLabel(String(translating: "Dismiss Message"))
        // The buttons in a box of their own: a horizontal box of the wrapping label and both buttons reported a
        // minimum height one pixel short of what it needed at any width (GTK 4.8: "Expect overlapping widgets").
        buttons.align(vertical: .center)
        buttons.append(actionButton)
        buttons.append(closeButton)
        widget.append(label)
        widget.append(buttons)
        actionButton.onClicked { [weak self] _ in
            let action = self?.action
            self?.hide()
            action?()
        }
        closeButton.onClicked { [weak self] _ in
            self?.hide()
            self?.onDismissed?()
        }
    }

    var text: String? { widget.isVisible ? label.text : nil }

    /// The buttons below the message rather than beside it: in a narrow window, a message beside a long button
    /// wraps into a tall strip that covers the field being typed in.
    var isStacked = false {
        didSet {
            guard isStacked != oldValue else { return }
            widget.orientation = isStacked ? .vertical : .horizontal
            buttons.align(horizontal: isStacked ? .end : .fill)
        }
    }

    /// Shows `message`, with a button labelled `actionLabel` that runs `action` and dismisses the banner.
    func show(_ message: String, isError: Bool = false, actionLabel: String? = nil, action: (@MainActor () -> Void)? = nil) {
        label.text = message
        if isError { widget.addCSSClass("error") } else { widget.removeCSSClass("error") }
        actionButton.setMnemonicLabel(actionLabel)
        actionButton.isVisible = actionLabel != nil
        self.action = action
        widget.isVisible = true
    }

    func hide() {
        willHide?()
        widget.isVisible = false
        action = nil
    }
}

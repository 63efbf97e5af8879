import Gtk
import MenuSession

/// Asks what to do with changes that are not in the file, the way GNOME apps do before closing:
/// Try Again (save once more), Save As (another file), Discard Changes, or Cancel. Escape and the close
/// button cancel. Without a Try Again or Save As label it asks only Discard or Cancel (a typed price that is
/// not valid).
@MainActor
final class UnsavedChangesDialog {
    typealias Answer = AppSession.Answer

    let window = Window()
    /// The user answered; the dialog is already closed.
    var onAnswer: (@MainActor (Answer) -> Void)?
    /// Ctrl+Q in the dialog.
    var onQuitRequested: (@MainActor () -> Void)?
    /// The dialog has closed, whichever way.
    var onClosed: (@MainActor () -> Void)?
    private var isClosed = false
    private weak var parent: Window?

    init(parent: Window, question: String, detail: String, cancelLabel: String = String(translating: "_Cancel"),
         discardLabel: String = String(translating: "_Discard Changes"),
         tryAgainLabel: String? = String(translating: "_Try Again"), saveAsLabel: String? = nil, tryAgainOverwrites: Bool = false) {
        self.parent = parent
        window.makeDialog(over: parent, title: String(translating: "Unsaved Changes"), width: 420)

        let header = HeaderBar()
        header.setShowTitleButtons(false)
        window.setTitlebar(header)

        let content = Box(.vertical, spacing: 12)
        content.setMargins(24)
        let heading = Label(question)
        heading.addCSSClass("title-2")
        heading.wraps = true
        heading.breaksLongWords = true
        heading.xAlign = 0
        let body = Label(detail)
        body.wraps = true
        body.breaksLongWords = true
        body.xAlign = 0
        body.isSelectable = true
        // Selectable by dragging, never focused (a focused label selects all its text).
        body.canFocus = false
        let buttons = Box(.horizontal, spacing: 6)
        buttons.align(horizontal: .end)
        let cancel = Button(label: cancelLabel)
        let discard = Button(label: discardLabel)
        let tryAgain = tryAgainLabel.map { Button(label: $0) }
        let saveAs = saveAsLabel.map { Button(label: $0) }
        for button in [cancel, discard] + [saveAs, tryAgain].compactMap({ $0 }) {
            button.setMnemonicLabel(button.label)
            buttons.append(button)
        }
        discard.addCSSClass("destructive-action")
        // Enter never writes over another program's file: then it saves a copy (or cancels).
        if tryAgainOverwrites { tryAgain?.addCSSClass("destructive-action") }
        let suggested = (tryAgainOverwrites ? nil : tryAgain) ?? saveAs ?? cancel
        suggested.addCSSClass("suggested-action")
        content.append(heading)
        content.append(body)
        content.append(buttons)
        window.child = content
        window.setDefaultWidget(suggested)

        cancel.onClicked { [weak self] _ in self?.answer(.cancel) }
        discard.onClicked { [weak self] _ in self?.answer(.discard) }
        tryAgain?.onClicked { [weak self] _ in self?.answer(.tryAgain) }
        saveAs?.onClicked { [weak self] _ in self?.answer(.saveAs) }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            if keyval == Key.escape {
                self?.answer(.cancel)
                return true
            }
            // Ctrl+Q, which the main window does not get while the question is open: quit once it is answered.
            guard keyval == Key.q || keyval == Key.capitalQ, modifiers & Key.controlMask != 0 else { return false }
            self?.onQuitRequested?()
            return true
        }
        window.addController(keys)
        window.onCloseRequest { [weak self] _ in
            self?.answer(.cancel)
            return true
        }
        defaultButton = suggested
    }

    private var defaultButton: Button?

    /// Asks `question` in its own words.
    convenience init(parent: Window, asking question: Messages.Question) {
        self.init(parent: parent, question: question.heading, detail: question.detail, cancelLabel: question.cancel,
                  discardLabel: question.discard, tryAgainLabel: question.tryAgain, saveAsLabel: question.saveAs,
                  tryAgainOverwrites: question.tryAgainOverwrites)
    }

    func present() {
        window.present()
        defaultButton?.grabFocus()
    }

    private func answer(_ answer: Answer) {
        guard !isClosed else { return }
        isClosed = true
        window.destroy()
        parent?.takeFocusBack()
        onClosed?()
        onAnswer?(answer)
    }
}

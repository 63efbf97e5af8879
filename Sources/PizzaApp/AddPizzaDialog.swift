import Gtk
import PizzaModel

/// A small modal window that asks for a new pizza's name and price per square inch. Each field shows the
/// model's own message beside it; nothing typed is lost on a mistake.
///
/// Every way out (Cancel, Escape, Add, the window manager's close) goes through `close()`, which
/// reports `onClosed` once. The owner must not wait for GTK's `destroy` signal: a destroyed window's
/// Swift wrapper still holds a reference, so `destroy` only fires when that wrapper is released,
/// which re-entered the owner while it was storing the next dialog.
@MainActor
final class AddPizzaDialog {
    let window = Window()
    private let nameEntry = Entry()
    private let priceEntry = Entry()
    private let nameError = makeFieldErrorLabel()
    private let priceError = makeFieldErrorLabel()
    private let addButton = Button(label: String(translating: "_Add"))

    /// Tries to add; returns the errors to show, each beside the field it concerns, or none when added.
    var onSubmit: (@MainActor (_ name: String, _ price: String) -> [MenuError])?
    /// Says what is wrong with a typed name, if anything, so that Enter in the name field can tell at once.
    var nameProblem: (@MainActor (_ name: String) -> MenuError?)?
    /// The dialog has closed, whichever way.
    var onClosed: (@MainActor () -> Void)?
    private var isClosed = false
    private weak var parent: Window?

    init(parent: Window) {
        self.parent = parent
        window.title = String(translating: "New Pizza")
        window.isModal = true
        window.setTransientFor(parent)
        window.setDestroyWithParent(true)
        window.defaultSize = (360, -1)
        // A form, not a document: it takes its content's height again when a field's message goes away.
        window.isResizable = false

        let header = HeaderBar()
        header.setShowTitleButtons(false)
        let cancelButton = Button(label: String(translating: "_Cancel"))
        cancelButton.setUseUnderline(true)
        addButton.setUseUnderline(true)
        addButton.addCSSClass("suggested-action")
        header.packStart(cancelButton)
        header.packEnd(addButton)
        window.setTitlebar(header)

        let form = Box(.vertical, spacing: 6)
        form.setMargins(18)
        let nameLabel = Label(String(translating: "Name"))
        nameLabel.xAlign = 0
        let priceLabel = Label(String(translating: "Price per square inch, in dollars"))
        priceLabel.xAlign = 0
        // Placeholders that read as hints, not as values already filled in.
        nameEntry.setPlaceholder(String(translating: "For example, Margherita"))
        nameEntry.setAccessibleLabel(String(translating: "Name"))
        priceEntry.setPlaceholder(String(translating: "For example, 0.05"))
        priceEntry.setNumericInput()
        priceEntry.setAccessibleLabel(String(translating: "Price per square inch"))
        form.append(nameLabel)
        form.append(nameEntry)
        form.append(nameError)
        form.append(priceLabel)
        form.append(priceEntry)
        form.append(priceError)
        window.child = form

        cancelButton.onClicked { [weak self] in self?.close() }
        addButton.onClicked { [weak self] in self?.submit() }
        // Enter adds once both fields are filled in; with no price yet it moves on to the price. A name
        // that cannot be added is told at once, and the focus stays on it.
        nameEntry.onActivate { [weak self] in
            guard let self else { return }
            if let problem = self.nameProblem?(self.nameEntry.text) {
                self.show(problem, in: self.nameError)
            } else if self.priceEntry.text.isEmpty { self.priceEntry.grabFocus() } else { self.submit() }
        }
        priceEntry.onActivate { [weak self] in self?.submit() }
        nameEntry.onChanged { [weak self] in self?.nameError.isVisible = false }
        priceEntry.onChanged { [weak self] in self?.priceError.isVisible = false }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] keyval, _, _ in
            guard keyval == Key.escape else { return false }
            self?.close()
            return true
        }
        window.addController(keys)
        window.onCloseRequest { [weak self] in
            self?.close()
            return true
        }
    }

    func present() {
        window.present()
        nameEntry.grabFocus()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        window.destroy()
        parent?.takeFocusBack()
        onClosed?()
    }

    private func submit() {
        let errors = onSubmit?(nameEntry.text, priceEntry.text) ?? []
        guard !errors.isEmpty else {
            close()
            return
        }
        let nameProblem = errors.first { $0.isAboutName }
        let priceProblem = errors.first { !$0.isAboutName }
        show(nameProblem, in: nameError)
        show(priceProblem, in: priceError)
        // Focus goes to the first field to fix, top to bottom.
        if nameProblem != nil { nameEntry.grabFocus() } else { priceEntry.grabFocus() }
    }

    private func show(_ error: MenuError?, in label: Label) {
        label.text = error?.description ?? ""
        label.isVisible = error != nil
    }
}

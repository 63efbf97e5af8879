import Gtk
import MenuSession
import PizzaModel

/// A small modal window that asks for a new pizza's name and price per square inch. Each field shows the
/// model's own message beside it; nothing typed is lost on a mistake.
///
/// Cancel, Escape and the window manager's close only ask to close (`onCancelRequested`): the state
/// decides, asking first when something is typed. Every way out goes through `close()`, which reports
/// `onClosed` once. The owner must not wait for GTK's `destroy` signal: a destroyed window's
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
    /// The fields now read this name and price.
    var onTyped: (@MainActor (_ name: String, _ price: String) -> Void)?
    /// Cancel, Escape or the close button: the user wants to leave the dialog.
    var onCancelRequested: (@MainActor () -> Void)?
    /// Ctrl+Q in the dialog: quit, as in the main window.
    var onQuitRequested: (@MainActor () -> Void)?
    private var isClosed = false
    private weak var parent: Window?
    /// The menu's currency and unit, which the price's caption and messages say.
    private let measures: MenuMeasures

    init(parent: Window, measures: MenuMeasures = .standard) {
        self.parent = parent
        self.measures = measures
        window.makeDialog(over: parent, title: String(translating: "New Pizza"), width: 360)
        // A form, not a document: it takes its content's height again when a field's message goes away.
        window.isResizable = false

        let header = HeaderBar()
        header.setShowTitleButtons(false)
        let cancelButton = Button(label: String(translating: "_Cancel"))
        cancelButton.setMnemonicLabel(String(translating: "_Cancel"))
        addButton.setMnemonicLabel(String(translating: "_Add"))
        addButton.addCSSClass("suggested-action")
        header.packStart(cancelButton)
        header.packEnd(addButton)
        window.setTitlebar(header)

        let form = Box(.vertical, spacing: 6)
        form.setMargins(18)
        let nameLabel = Label(String(translating: "Name"))
        nameLabel.xAlign = 0
        let priceLabel = Label(Messages.priceCaption(measures))
        priceLabel.xAlign = 0
        // Placeholders that read as hints, not as values already filled in.
        nameEntry.setPlaceholder(String(translating: "For example, Margherita"))
        nameEntry.setAccessibleLabel(String(translating: "Name"))
        priceEntry.setPlaceholder(String(translating: "For example, 0.05"))
        priceEntry.setNumericInput()
        priceEntry.setAccessibleLabel(Messages.priceCaption(measures.unit))
        form.append(nameLabel)
        form.append(nameEntry)
        form.append(nameError)
        form.append(priceLabel)
        form.append(priceEntry)
        form.append(priceError)
        window.child = form

        cancelButton.onClicked { [weak self] _ in self?.onCancelRequested?() }
        addButton.onClicked { [weak self] _ in self?.submit() }
        // Enter adds once both fields are filled in; with no price yet it moves on to the price. A name
        // that cannot be added is told at once, and the focus stays on it.
        nameEntry.onActivate { [weak self] _ in
            guard let self else { return }
            if let problem = self.nameProblem?(self.nameEntry.text) {
                self.show(problem, in: self.nameError)
            } else if self.priceEntry.text.isEmpty { self.priceEntry.grabFocus() } else { self.submit(withKeyboard: true) }
        }
        priceEntry.onActivate { [weak self] _ in self?.submit(withKeyboard: true) }
        for (entry, error) in [(nameEntry, nameError), (priceEntry, priceError)] {
            entry.onChanged { [weak self, weak error] _ in
                error?.isVisible = false
                guard let self else { return }
                self.onTyped?(self.nameEntry.text, self.priceEntry.text)
            }
        }
        let keys = KeyController()
        keys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            if keyval == Key.escape {
                self?.onCancelRequested?()
                return true
            }
            guard keyval == Key.q || keyval == Key.capitalQ, modifiers & Key.controlMask != 0 else { return false }
            self?.onQuitRequested?()
            return true
        }
        window.addController(keys)
        window.onCloseRequest { [weak self] _ in
            self?.onCancelRequested?()
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

    /// Whether the last Add came from the keyboard (Enter): the list then shows where the focus went.
    private(set) var addedWithKeyboard = false

    private func submit(withKeyboard: Bool = false) {
        addedWithKeyboard = withKeyboard
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
        label.text = error.map { Messages.fieldError($0, measures) } ?? ""
        label.isVisible = error != nil
    }
}

extension AddPizzaDialog {
    /// A dialog that adds to the menu of `runner`'s state and tells it what is typed; `onAdded` gets the new
    /// pizza, chosen.
    convenience init(parent: Window, runner: AppRunner, onAdded: @escaping @MainActor (PizzaID?) -> Void) {
        self.init(parent: parent, measures: runner.state.menu.menu.measures)
        onSubmit = { [weak runner] name, priceText in
            guard let runner, let update = runner.send(.menu(.add(name: name, priceText: priceText))),
                  !update.refused else { return [] }
            guard let error = update.error else {
                onAdded(runner.state.menu.selection)
                return []
            }
            // A refused price is found before the name is looked at: both are told at once.
            if !error.isAboutName, let nameProblem = runner.state.menu.menu.problem(withNewName: name) {
                return [nameProblem, error]
            }
            return [error]
        }
        nameProblem = { [weak runner] name in runner?.state.menu.menu.problem(withNewName: name) }
        onTyped = { [weak runner] name, price in runner?.send(.newPizzaTyped(.init(name: name, price: price))) }
        onCancelRequested = { [weak runner] in runner?.send(.newPizzaCancelled) }
    }
}

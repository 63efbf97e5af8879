import Gtk
import MenuSession
import PizzaModel
import SplitView

/// The secondary pane: the chosen pizza, the size buttons (one row, wrapped when narrow), the demo's size
/// and price lines, the sizes drawn to scale, and the name, price and description editors. With no pizza chosen it says so and still lets the user pick a size.
/// It only reports what the user did; the state decides, and `render` shows its `DetailState`.
@MainActor
final class PizzaDetailController {
    let widget = ScrolledWindow()
    private let content = Box(.vertical, spacing: 18)
    /// A zero-high strip over the content that reports the detail's width as it changes.
    private let widthProbe = DrawingArea()
    private let heading = Label()
    /// An empty menu's way to its first pizza, where the list's + may be out of sight (the middle layout).
    private let addFirstButton = Button(label: String(translating: "Add Pizza…"))
    private let sizeRow = FlowBox()
    private var sizeButtons: [ToggleButton] = []
    private let sizeLine = Label()
    private let priceLine = Label()
    let drawing = SizeDrawing()
    private let editor = Box(.vertical, spacing: 6)
    /// Why the editors are off while the rest of the menu is read.
    private let readingNote = Label(String(translating: "Editing waits until the whole menu is read."))
    private let nameEntry = Entry()
    private let nameError = makeFieldErrorLabel()
    private let renameButton = Button(label: String(translating: "Rename"))
    private let priceEntry = Entry()
    private let priceError = makeFieldErrorLabel()
    private let setPriceButton = Button(label: String(translating: "Set Price"))
    private let descriptionEntry = Entry()
    private let descriptionError = makeFieldErrorLabel()

    private(set) var sizes: [PizzaSize] = []
    /// The menu's unit, which the size line and the size buttons' names say.
    private(set) var unit = LengthUnit.inch
    private var priceCaption: Label?
    private(set) var chosenSize: PizzaSize?
    /// What the state says the detail shows: the pizza, what its fields read, their errors.
    private var state = AppSession.DetailState.empty
    /// The fields' `changed` handlers: they report typing, and are blocked while the state's text is put in.
    private var nameTyping: SignalConnection?
    private var priceTyping: SignalConnection?
    private var descriptionTyping: SignalConnection?
    /// The next frame's handler that scrolls a refused field's message into view.
    private var messageReveal: SignalConnection?

    /// A size button was pressed.
    var onSizeChosen: (@MainActor (PizzaSize) -> Void)?
    /// The detail's editable fields: a text field by its key in the file ("name", "description"), or the price.
    enum Field: Equatable {
        case text(String)
        case price

        var key: String? { if case .text(let key) = self { key } else { nil } }

        /// The session's events for this field: it now reads `text`, is applied, or is put back.
        func typed(_ text: String) -> MenuSession.Event { key.map { .typeText(key: $0, text) } ?? .typePrice(text) }
        var commit: MenuSession.Event { key.map { .commitText(key: $0) } ?? .commitPrice }
        var revert: MenuSession.Event { key.map { .revertText(key: $0) } ?? .revertPrice }

        /// What is typed in this field and not yet applied, if anything.
        func draft(in session: MenuSession) -> String? { key.map { session.textDrafts[$0] } ?? session.priceDraft }
    }
    /// A field now reads this text.
    var onTyped: (@MainActor (Field, String) -> Void)?
    /// Enter, or the field's button (Rename, Set Price): apply what it reads.
    var onCommit: (@MainActor (Field) -> Void)?
    /// Escape in a field; returns whether there was typing to put back (otherwise Escape goes on).
    var onRevert: (@MainActor (Field) -> Bool)?
    /// Focus left a field: what it reads is applied, and a refusal is shown beside it.
    var onFieldLeft: (@MainActor () -> Void)?

    init() {
        content.setMargins(24)
        content.align(vertical: .start)
        heading.addCSSClass("detail-heading")
        heading.xAlign = 0
        heading.wraps = true
        heading.breaksLongWords = true
        heading.isSelectable = true
        // Selectable by dragging, but never focused: a label that takes focus selects all its text, and one
        // that is only unfocusable still swallows Tab (GtkLabel claims the focus move it could not make).
        heading.canFocus = false
        sizeLine.addCSSClass("size-line")
        sizeLine.xAlign = 0
        sizeLine.isSelectable = true
        sizeLine.canFocus = false
        priceLine.addCSSClass("price-line")
        priceLine.xAlign = 0
        priceLine.isSelectable = true
        priceLine.canFocus = false

        let sizeCaption = Label(String(translating: "Size"))
        sizeCaption.xAlign = 0
        sizeCaption.addCSSClass("heading")
        sizeRow.setAccessibleLabel(String(translating: "Size"))
        sizeRow.setChildrenPerLine(minimum: 3, maximum: 12)
        TabStop.make(sizeRow)
        // Like a group of radio buttons, Tab into the sizes lands on the chosen one. GTK is still moving
        // focus while it reports the entry, so the move waits for it to finish.
        let sizeFocus = FocusController()
        sizeFocus.onEnter { [weak self] _ in MainContext.idle { self?.focusFirstControl() } }
        sizeRow.addController(sizeFocus)
        // The arrows move between the sizes themselves: GtkFlowBox's own cursor does not follow the focus.
        let sizeKeys = KeyController()
        sizeKeys.setPhase(.capture)
        sizeKeys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard let self, modifiers & (Key.controlMask | Key.altMask | Key.shiftMask) == 0 else { return false }
            let forward = self.sizeRow.direction == .rightToLeft ? Key.left : Key.right
            let backward = forward == Key.right ? Key.left : Key.right
            switch keyval {
            case forward, Key.down: return self.moveSizeFocus(by: 1)
            case backward, Key.up: return self.moveSizeFocus(by: -1)
            default: return false
            }
        }
        sizeRow.addController(sizeKeys)
        sizeLine.wraps = true
        priceLine.wraps = true

        priceEntry.setNumericInput()
        // Ctrl+Z is the menu's undo: a field's own would bring back text from before a reload or an undone edit.
        for entry in [nameEntry, priceEntry, descriptionEntry] { entry.enablesUndo = false }
        addField(String(translating: "Name"), entry: nameEntry, button: renameButton, error: nameError)
        priceCaption = addField(Messages.priceCaption(unit), entry: priceEntry, button: setPriceButton, error: priceError)
        addField(String(translating: "Description"), entry: descriptionEntry, button: nil, error: descriptionError)

        content.append(heading)
        addFirstButton.setActionName("win.add-pizza")
        addFirstButton.addCSSClass("suggested-action")
        addFirstButton.align(horizontal: .start)
        content.append(addFirstButton)
        content.append(sizeCaption)
        content.append(sizeRow)
        content.append(sizeLine)
        content.append(priceLine)
        content.append(drawing.widget)
        drawing.onSizeChosen = { [weak self] size in self?.choose(size) }
        readingNote.xAlign = 0
        readingNote.wraps = true
        readingNote.addCSSClass("dim-label")
        content.append(readingNote)
        content.append(editor)
        widget.scrollVerticallyOnly()
        let page = Overlay()
        page.child = content
        widthProbe.align(vertical: .start)
        page.addOverlay(widthProbe)
        widget.child = page
        // A new width reflows the detail, and GTK scrolls to the focus only when it moves.
        widthProbe.onResize { [weak self] _, _, _ in self?.keepFocusedFieldInView() }
        widget.expandsHorizontally = true
        widget.expandsVertically = true

        priceTyping = connect(.price, entry: priceEntry, button: setPriceButton)
        nameTyping = connect(.text(Menu.nameKey), entry: nameEntry, button: renameButton)
        descriptionTyping = connect(.text("description"), entry: descriptionEntry, button: nil)
    }

    /// Adds a field to the editor: its caption, the entry (named by the caption) with its button, and its error.
    @discardableResult
    private func addField(_ caption: String, entry: Entry, button: Button?, error: Label) -> Label {
        let captionLabel = Label(caption)
        captionLabel.xAlign = 0
        captionLabel.addCSSClass("heading")
        entry.setAccessibleLabel(caption)
        entry.expandsHorizontally = true
        let row = Box(.horizontal, spacing: 6)
        row.append(entry)
        if let button { row.append(button) }
        editor.append(captionLabel)
        editor.append(row)
        editor.append(error)
        return captionLabel
    }

    /// Reports what happens in `field`'s entry and button; returns the entry's `changed` handler.
    private func connect(_ field: Field, entry: Entry, button: Button?) -> SignalConnection {
        button?.onClicked { [weak self] _ in self?.onCommit?(field) }
        entry.onActivate { [weak self] _ in self?.onCommit?(field) }
        let focus = FocusController()
        focus.onLeave { [weak self] _ in self?.onFieldLeft?() }
        entry.addController(focus)
        let keys = KeyController()
        keys.onKeyPressed { [weak self] _, keyval, _, modifiers in
            guard keyval == Key.escape, modifiers & (Key.controlMask | Key.altMask | Key.shiftMask) == 0 else { return false }
            return self?.onRevert?(field) ?? false
        }
        entry.addController(keys)
        return entry.onChanged { [weak self, weak entry] _ in
            if let entry { self?.onTyped?(field, entry.text) }
        }
    }

    /// Builds one toggle button per size of the menu, and chooses the size labelled `label` (another file's
    /// window state may name another), else keeps the chosen size when it still exists.
    func setSizes(_ sizes: [PizzaSize], unit: LengthUnit, chosen label: String?) {
        guard sizes != self.sizes || unit != self.unit else {
            if let size = sizes.first(where: { $0.label == label }), size != chosenSize {
                chosenSize = size
                render()
            }
            return
        }
        self.unit = unit
        for button in sizeButtons { sizeRow.remove(button) }
        sizeButtons = []
        self.sizes = sizes
        for size in sizes {
            let button = ToggleButton(toggleLabel: size.label)
            // `24"` has no letter to say which way it runs: right to left, it would read `"24`.
            button.child?.direction = .leftToRight
            button.setAccessibleLabel(Messages.sizeName(size, unit: unit))
            button.setGroup(sizeButtons.first)
            button.onToggled { [weak self] button in
                if button.isActive { self?.choose(size) }
            }
            sizeRow.append(button)
            sizeButtons.append(button)
        }
        let alias = label.flatMap { PizzaSize.aliases[$0] }
        chosenSize = sizes.first { $0.label == label } ?? sizes.first { $0.label == alias }
            ?? sizes.first { $0.diameter == 12 } ?? sizes.first
        render()
    }

    /// The user chose `size`, with its button or its circle.
    private func choose(_ size: PizzaSize) {
        guard size != chosenSize else { return }
        chosenSize = size
        render()
        onSizeChosen?(size)
    }

    /// Shows the menu's `sizes` with the one labelled `sizeLabel` chosen (else the one chosen stays), and `state`.
    func render(_ state: AppSession.DetailState, sizes: [PizzaSize], sizeLabel: String?) {
        setSizes(sizes, unit: state.measures.unit, chosen: sizeLabel ?? chosenSize?.label)
        render(state)
    }

    /// Shows what the state says: the pizza (or "Choose a pizza", or how to add one when the menu is empty),
    /// the fields as typed, and why a typed value was refused.
    func render(_ state: AppSession.DetailState) {
        guard state != self.state else { return }
        if state.measures.unit != self.state.measures.unit, let priceCaption {
            priceCaption.text = Messages.priceCaption(state.measures.unit)
            priceEntry.setAccessibleLabel(priceCaption.text)
        }
        self.state = state
        setText(of: nameEntry, to: state.name, typing: nameTyping)
        setText(of: priceEntry, to: state.price, typing: priceTyping)
        show(state.nameError, in: nameError)
        show(state.priceError, in: priceError)
        setText(of: descriptionEntry, to: state.text("description"), typing: descriptionTyping)
        show(state.textErrors["description"], in: descriptionError)
        render()
    }

    private func show(_ error: MenuError?, in label: Label) {
        if let error { label.text = Messages.fieldError(error, state.measures) }
        label.isVisible = error != nil
    }

    /// Focus on `field`, to fix what was typed there: the caret after the text, which stays unselected, so that
    /// typing goes on from it instead of replacing it.
    func focus(_ field: Field) {
        let (entry, message) = switch field {
        case .price: (priceEntry, priceError)
        case .text(Menu.nameKey): (nameEntry, nameError)
        case .text: (descriptionEntry, descriptionError)
        }
        entry.grabFocus()
        entry.moveCaretToEnd()
        if message.isVisible { scrollToShow(message) }
    }

    /// The field being typed in, with its message when it shows, scrolled back into view.
    private func keepFocusedFieldInView() {
        guard let focus = widget.focusInRoot else { return }
        let fields = [(nameEntry, nameError), (priceEntry, priceError), (descriptionEntry, descriptionError)]
        guard let (entry, message) = fields.first(where: { focus === $0.0 || focus.isDescendant(of: $0.0) }) else { return }
        scrollToShow(message.isVisible ? message : entry)
    }

    /// Once the next frame has laid it out, scrolls the detail so that a field's message shows below its field
    /// (GTK scrolls the focused field into view, not what is under it).
    private func scrollToShow(_ message: Widget) {
        messageReveal?.disconnect()
        messageReveal = widget.window?.surface?.frameClock?.onAfterPaint { [weak self] _ in
            guard let self else { return }
            self.messageReveal?.disconnect()
            self.messageReveal = nil
            self.widget.scrollToShow(message)
        }
    }

    /// Puts `text` in `entry` with the caret after it, where typing goes on (GTK leaves the caret at the start).
    private func setText(of entry: Entry, to text: String, typing: SignalConnection?) {
        guard entry.text != text else { return }
        if let typing { typing.whileBlocked { entry.text = text } } else { entry.text = text }
        entry.moveCaretToEnd()
    }

    /// Focus on the first control of the detail: the chosen size button.
    func focusFirstControl() {
        let index = sizes.firstIndex { $0 == chosenSize } ?? 0
        if sizeButtons.indices.contains(index) { sizeButtons[index].grabFocus() }
    }

    /// Focus on the size `offset` places from the focused one, if there is one; returns whether it moved.
    private func moveSizeFocus(by offset: Int) -> Bool {
        guard let focused = sizeButtons.firstIndex(where: { $0.hasFocus }) else { return false }
        let next = focused + offset
        guard sizeButtons.indices.contains(next) else { return true }
        return sizeButtons[next].grabFocus()
    }

    private func render() {
        let pizza = state.pizza
        content.isVisible = pizza != nil || !state.isReading
        for (button, size) in zip(sizeButtons, sizes) where button.isActive != (size == chosenSize) {
            button.isActive = size == chosenSize
        }
        if let pizza {
            if heading.text != pizza.name {
                heading.text = pizza.name
                // A renamed heading may take more lines and push the field being typed in out of view.
                keepFocusedFieldInView()
            }
            heading.removeCSSClass("detail-placeholder")
            editor.isVisible = true
            editor.isSensitive = !state.isReading
            priceLine.isVisible = chosenSize != nil
            if let chosenSize {
                sizeLine.showAligned(Messages.sizeLine(diameter: chosenSize.diameter, unit: unit))
                priceLine.setMarkup(Messages.priceLineMarkup(PriceQuote(pizza: pizza, size: chosenSize, measures: state.measures)))
            }
        } else {
            heading.text = state.isMenuEmpty ? String(translating: "Add a pizza to see its prices") : String(translating: "Choose a pizza")
            heading.addCSSClass("detail-placeholder")
            editor.isVisible = false
            priceLine.isVisible = false
            priceLine.text = ""
            if let chosenSize { sizeLine.showAligned(Messages.sizeLine(diameter: chosenSize.diameter, unit: unit)) }
        }
        sizeLine.isVisible = chosenSize != nil
        addFirstButton.isVisible = pizza == nil && state.isMenuEmpty
        readingNote.isVisible = pizza != nil && state.isReading
        drawing.show(sizes, chosen: chosenSize, unit: unit)
    }
}

extension Label {
    /// Shows `text`, whose spaces line figures up in the monospaced detail (`  12.0in Pizza`), and names the
    /// label for screen readers by its words only (`12.0in Pizza`).
    func showAligned(_ text: String) {
        self.text = text
        setAccessibleLabel(Messages.spoken(text))
    }
}

import Gtk
import PizzaModel

/// The secondary pane: the chosen pizza, a row of size buttons, the demo's size and price lines, and
/// the price editor. With no pizza chosen it says so and still lets the user pick a size.
@MainActor
final class PizzaDetailController {
    let widget = ScrolledWindow()
    private let content = Box(.vertical, spacing: 18)
    private let heading = Label()
    private let sizeRow = Box(.horizontal, spacing: 6)
    private var sizeButtons: [ToggleButton] = []
    private let sizeLine = Label()
    private let priceLine = Label()
    private let editor = Box(.vertical, spacing: 6)
    private let priceEntry = Entry()
    private let priceError = makeFieldErrorLabel()
    private let setPriceButton = Button(label: "Set Price")

    private(set) var sizes: [PizzaSize] = []
    private(set) var chosenSize: PizzaSize?
    private var pizza: Pizza?
    private var isRendering = false

    /// A size button was pressed.
    var onSizeChosen: (@MainActor (PizzaSize) -> Void)?
    /// A new price per square inch was entered for the shown pizza; returns the error to show, if any.
    var onPriceEntered: (@MainActor (String) -> MenuError?)?

    init() {
        content.setMargins(24)
        content.align(vertical: .start)
        heading.addCSSClass("detail-heading")
        heading.xAlign = 0
        heading.wraps = true
        heading.isSelectable = true
        sizeLine.addCSSClass("size-line")
        sizeLine.xAlign = 0
        sizeLine.isSelectable = true
        priceLine.addCSSClass("price-line")
        priceLine.xAlign = 0
        priceLine.isSelectable = true

        let sizeCaption = Label("Size")
        sizeCaption.xAlign = 0
        sizeCaption.addCSSClass("heading")
        sizeRow.setAccessibleLabel("Size")

        let priceCaption = Label("Price per square inch")
        priceCaption.xAlign = 0
        priceCaption.addCSSClass("heading")
        let priceRow = Box(.horizontal, spacing: 6)
        priceEntry.setNumericInput()
        priceEntry.setAccessibleLabel("Price per square inch")
        priceEntry.expandsHorizontally = true
        priceRow.append(priceEntry)
        priceRow.append(setPriceButton)
        editor.append(priceCaption)
        editor.append(priceRow)
        editor.append(priceError)

        content.append(heading)
        content.append(sizeCaption)
        content.append(sizeRow)
        content.append(sizeLine)
        content.append(priceLine)
        content.append(editor)
        widget.scrollVerticallyOnly()
        widget.child = content
        widget.expandsHorizontally = true
        widget.expandsVertically = true

        setPriceButton.onClicked { [weak self] in self?.submitPrice() }
        priceEntry.onActivate { [weak self] in self?.submitPrice() }
        priceEntry.onChanged { [weak self] in self?.priceError.isVisible = false }
    }

    /// Builds one toggle button per size of the menu, keeping the chosen size when it still exists.
    func setSizes(_ sizes: [PizzaSize], chosen label: String?) {
        guard sizes != self.sizes else { return }
        for button in sizeButtons { sizeRow.remove(button) }
        sizeButtons = []
        self.sizes = sizes
        for size in sizes {
            let button = ToggleButton(toggleLabel: size.label)
            button.setAccessibleLabel(size.label == "Personal"
                ? "Personal size, \(MenuFile.number(size.diameter)) inches" : "\(MenuFile.number(size.diameter)) inch")
            button.setGroup(sizeButtons.first)
            button.onToggled { [weak self, weak button] in
                guard let self, let button, button.isActive, !self.isRendering else { return }
                self.chosenSize = size
                self.render()
                self.onSizeChosen?(size)
            }
            sizeRow.append(button)
            sizeButtons.append(button)
        }
        let alias = label.flatMap { PizzaSize.aliases[$0] }
        chosenSize = sizes.first { $0.label == label } ?? sizes.first { $0.label == alias }
            ?? sizes.first { $0.diameter == 12 } ?? sizes.first
        render()
    }

    /// Shows `pizza`, or the "Choose a pizza" state when nil.
    func show(_ pizza: Pizza?) {
        let changedPizza = pizza?.name != self.pizza?.name
        self.pizza = pizza
        if changedPizza || pizza == nil {
            priceEntry.text = pizza.map { MenuFile.number($0.pricePerSquareInch) } ?? ""
            priceError.isVisible = false
        }
        render()
    }

    /// The price entry's shown value follows the menu after an edit.
    func refreshPriceEntry() {
        priceEntry.text = pizza.map { MenuFile.number($0.pricePerSquareInch) } ?? ""
    }

    var headingText: String { heading.text }

    /// Focus on the first control of the detail: the chosen size button.
    func focusFirstControl() {
        let index = sizes.firstIndex { $0 == chosenSize } ?? 0
        if sizeButtons.indices.contains(index) { sizeButtons[index].grabFocus() }
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        for (button, size) in zip(sizeButtons, sizes) where button.isActive != (size == chosenSize) {
            button.isActive = size == chosenSize
        }
        if let pizza {
            heading.text = pizza.name
            heading.removeCSSClass("detail-placeholder")
            editor.isVisible = true
            priceLine.isVisible = chosenSize != nil
            if let chosenSize {
                let quote = PriceQuote(pizza: pizza, size: chosenSize)
                sizeLine.text = quote.sizeLine
                priceLine.text = quote.priceLine
            }
        } else {
            heading.text = "Choose a pizza"
            heading.addCSSClass("detail-placeholder")
            editor.isVisible = false
            priceLine.isVisible = false
            priceLine.text = ""
            if let chosenSize { sizeLine.text = PriceQuote.sizeLine(diameter: chosenSize.diameter) }
        }
        sizeLine.isVisible = chosenSize != nil
    }

    private func submitPrice() {
        guard pizza != nil, let error = onPriceEntered?(priceEntry.text) else {
            priceError.isVisible = false
            return
        }
        priceError.text = error.description
        priceError.isVisible = true
        priceEntry.grabFocus()
    }
}

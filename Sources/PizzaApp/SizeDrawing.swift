import Gtk
import PizzaModel

/// The menu's sizes drawn as circles to one scale, each over its diameter, the chosen one in the theme's
/// selection colour, the others outlined in the text colour (faded, but in full in high contrast); under them, how much more pizza the chosen size is than the next smaller one. A menu of
/// one size shows none of it. A click
/// on a circle (or its label) reports that size. It redraws when the sizes or the choice change, and GTK
/// redraws it when its width or the theme does; never for an edit or a search.
@MainActor
final class SizeDrawing {
    let widget = Box(.vertical, spacing: 6)
    private let area = DrawingArea(role: .image)
    private let comparisonLine = Label()
    private var sizes: [PizzaSize] = []
    private var chosen: PizzaSize?
    private var unit = LengthUnit.inch
    /// How many times GTK has drawn the circles: the tests' way to see a redraw.
    private(set) var drawCount = 0

    /// A circle was clicked.
    var onSizeChosen: (@MainActor (PizzaSize) -> Void)?

    /// The largest circle's diameter in pixels, and the room between slots.
    private static let circleHeight = 96.0
    private static let gap = 10.0

    init() {
        area.addCSSClass("size-drawing")
        area.expandsHorizontally = true
        area.setAccessibleLabel(String(translating: "Sizes to scale"))
        area.setDrawFunction { [weak self] _, canvas in self?.draw(on: canvas) }
        let click = ClickGesture()
        click.onReleased { [weak self] _, _, x, _ in self?.clicked(atX: x) }
        area.addController(click)
        comparisonLine.addCSSClass("size-comparison")
        comparisonLine.xAlign = 0
        comparisonLine.wraps = true
        comparisonLine.isSelectable = true
        comparisonLine.canFocus = false
        widget.append(area)
        widget.append(comparisonLine)
    }

    /// Shows `sizes`, diameters in `unit`, with `chosen` highlighted; draws again only when the sizes or the choice
    /// changed (the unit is only in the words).
    func show(_ sizes: [PizzaSize], chosen: PizzaSize?, unit: LengthUnit) {
        guard sizes != self.sizes || chosen != self.chosen || unit != self.unit else { return }
        let redraws = sizes != self.sizes || chosen != self.chosen
        self.sizes = sizes
        self.chosen = chosen
        self.unit = unit
        // One size alone has nothing to be compared with.
        widget.isVisible = sizes.count > 1
        let labelHeight = area.textSize("0").height
        area.contentHeight = Int(SizeCircleLayout.height(circleHeight: Self.circleHeight, labelHeight: labelHeight).rounded(.up))
        let comparison = chosen.flatMap { SizeComparison($0, among: sizes) }
        comparisonLine.text = comparison.map { Messages.sizeComparison($0, unit: unit) } ?? ""
        comparisonLine.isVisible = comparison != nil
        area.setAccessibleDescription(Messages.sizeDrawingDescription(sizes, chosen: chosen, comparison: comparison, unit: unit))
        if redraws { area.queueDraw() }
    }

    private func layout(width: Double) -> SizeCircleLayout {
        let labels = sizes.map { area.textSize(Self.label($0)) }
        return SizeCircleLayout(diameters: sizes.map(\.diameter), labelWidths: labels.map(\.width),
                                labelHeight: labels.map(\.height).max() ?? 0, width: width,
                                circleHeight: Self.circleHeight, gap: Self.gap, rightToLeft: area.direction == .rightToLeft)
    }

    /// A circle's label: its diameter, as a number alone (an inch mark would swap sides right to left).
    private static func label(_ size: PizzaSize) -> String { MenuFile.number(size.diameter) }

    private func draw(on canvas: Canvas) {
        drawCount += 1
        let layout = layout(width: canvas.width)
        let foreground = area.foregroundColor
        let highlight = area.themeColor("theme_selected_bg_color") ?? foreground
        // High contrast outlines every circle in the full text colour, not faded.
        let outline = Self.isHighContrast ? foreground : foreground.faded(0.6)
        canvas.scaled(by: layout.scale) {
            for (size, circle) in zip(sizes, layout.circles) {
                let isChosen = size == chosen
                // The line lies inside the circle, so that the circle is exactly its diameter across.
                let lineWidth = min(2, circle.radius)
                canvas.addCircle(centerX: circle.centerX, centerY: circle.centerY, radius: circle.radius - lineWidth / 2)
                canvas.setColor(isChosen ? highlight : foreground.faded(0.12))
                canvas.fill(preserve: true)
                // The chosen one is also outlined in the text colour: high contrast's selection colour is dark.
                canvas.setColor(isChosen ? foreground : outline)
                canvas.stroke(lineWidth: lineWidth)
                let label = Self.label(size)
                let labelWidth = canvas.textSize(label).width
                canvas.setColor(foreground)
                canvas.drawText(label, x: circle.centerX - labelWidth / 2, y: layout.labelTop)
            }
        }
    }

    /// GTK draws with its high-contrast theme (`DesktopAppearance` chooses it when the desktop asks).
    private static var isHighContrast: Bool { DisplaySettings.default?.themeName == DesktopAppearance.highContrastTheme }

    private func clicked(atX x: Double) {
        guard let index = layout(width: Double(area.width)).circleIndex(atX: x) else { return }
        onSizeChosen?(sizes[index])
    }
}

/// How much more pizza one size is than another: areas grow with the square of the diameter, so a 16" pizza
/// is 1.78 times a 12" one.
public struct SizeComparison: Equatable, Sendable {
    /// The size compared.
    public let size: PizzaSize
    /// The size it is compared with.
    public let other: PizzaSize

    /// `size` against the next smaller diameter among `sizes`, or the next larger one when it is the smallest;
    /// nil when no other size has another diameter.
    public init?(_ size: PizzaSize, among sizes: [PizzaSize]) {
        let smaller = sizes.filter { $0.diameter < size.diameter }.max { $0.diameter < $1.diameter }
        let larger = sizes.filter { $0.diameter > size.diameter }.min { $0.diameter < $1.diameter }
        guard let other = smaller ?? larger else { return nil }
        self.size = size
        self.other = other
    }

    /// The ratio of the areas, `size` over `other`.
    public var areaRatio: Double {
        let ratio = size.diameter / other.diameter
        return ratio * ratio
    }

    /// The ratio with two decimals, `1.78`.
    public var ratioText: String { DecimalFormat.fixed(areaRatio, decimals: 2) }
}

/// Where the sizes of a menu are drawn as circles to one scale: side by side in menu order (mirrored right to
/// left), their centres on one line, the largest touching the labels' line, each circle over its label. Slots
/// are as wide as their circle or their label, whichever is wider. The circles shrink to fit the width; when
/// even the labels do not fit, the whole drawing is scaled down by `scale`, so nothing is ever cut off.
public struct SizeCircleLayout: Equatable, Sendable {
    public struct Circle: Equatable, Sendable {
        public var centerX: Double
        public var centerY: Double
        public var radius: Double
        /// Where the slot begins and ends across, with the label centred in it.
        public var slot: ClosedRange<Double>
    }

    /// In drawing units: multiply by `scale` for the widget's pixels.
    public let circles: [Circle]
    /// Where the labels' tops are.
    public let labelTop: Double
    /// Pixels per drawing unit: 1 unless the labels alone are wider than the width.
    public let scale: Double

    /// Lays out circles of `diameters` (inches) over labels `labelWidths` wide and `labelHeight` high, in
    /// `width` pixels, the largest circle at most `circleHeight` pixels across, with `gap` between slots.
    public init(diameters: [Double], labelWidths: [Double], labelHeight: Double, width: Double, circleHeight: Double,
                gap: Double, rightToLeft: Bool) {
        precondition(diameters.count == labelWidths.count, "one label per circle")
        let gaps = gap * Double(max(diameters.count - 1, 0))
        func naturalWidth(_ pixelsPerInch: Double) -> Double {
            zip(diameters, labelWidths).reduce(gaps) { $0 + max($1.0 * pixelsPerInch, $1.1) }
        }
        let largest = diameters.max() ?? 1
        var pixelsPerInch = circleHeight / largest
        var scale = 1.0
        if naturalWidth(pixelsPerInch) > width {
            if naturalWidth(0) < width {
                // The widest scale at which the row fits; the row's width only grows with it.
                var low = 0.0, high = pixelsPerInch
                for _ in 0..<50 {
                    let middle = (low + high) / 2
                    if naturalWidth(middle) <= width { low = middle } else { high = middle }
                }
                pixelsPerInch = low
            } else {
                scale = width / naturalWidth(pixelsPerInch)
            }
        }
        let extent = width / scale
        // Standing on the labels' line: room the circles leave when they shrink is left above them.
        let centerY = circleHeight - largest * pixelsPerInch / 2
        var x = 0.0
        var circles: [Circle] = []
        for (diameter, labelWidth) in zip(diameters, labelWidths) {
            let slotWidth = max(diameter * pixelsPerInch, labelWidth)
            let slot = rightToLeft ? (extent - x - slotWidth)...(extent - x) : x...(x + slotWidth)
            circles.append(Circle(centerX: (slot.lowerBound + slot.upperBound) / 2, centerY: centerY,
                                  radius: diameter * pixelsPerInch / 2, slot: slot))
            x += slotWidth + gap
        }
        self.circles = circles
        self.labelTop = circleHeight + labelHeight / 4
        self.scale = scale
    }

    /// The index of the circle whose slot holds `x` pixels across (a click on a circle, or on the label
    /// under it), if any.
    public func circleIndex(atX x: Double) -> Int? {
        circles.firstIndex { $0.slot.contains(x / scale) }
    }

    /// How high the drawing is in pixels, with its labels.
    public static func height(circleHeight: Double, labelHeight: Double) -> Double {
        circleHeight + labelHeight * 5 / 4
    }
}

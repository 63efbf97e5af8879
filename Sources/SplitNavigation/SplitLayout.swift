/// The widths that decide a split view's layout, in pixels. Named after UIKit's size classes:
/// `regular` shows both panes side by side, `medium` shows the detail with the list sliding over it,
/// `compact` shows one at a time.
public struct SplitLayout: Equatable, Sendable {
    /// Below this width (the view's own) it collapses into a navigation stack.
    public var collapseBelow: Int
    /// Below this width, and from `collapseBelow` up, the detail takes the whole width and the list slides
    /// over it on demand (the seeds' iPad portrait). Nil turns that middle layout off: side by side down to
    /// the collapse.
    public var overlayBelow: Int?
    /// A narrower layout gives way to a wider one only at its threshold plus `hysteresis`, so a width that
    /// wobbles around a threshold does not flip the layout back and forth.
    public var hysteresis: Int
    /// The narrowest the primary (list) pane may be when side by side.
    public var primaryMinimumWidth: Int
    /// The narrowest the secondary (detail) pane may be when side by side.
    public var secondaryMinimumWidth: Int
    /// The primary pane's share of the width when side by side, kept within these bounds.
    public var primaryFractionRange: ClosedRange<Double>
    /// The primary pane's share before the user drags the divider.
    public var defaultPrimaryFraction: Double

    /// - Parameter overlayBelow: where side by side gives way to the list over the detail; nil (the default
    ///   here) keeps side by side down to the collapse.
    public init(
        collapseBelow: Int, overlayBelow: Int? = nil, hysteresis: Int, primaryMinimumWidth: Int, secondaryMinimumWidth: Int,
        primaryFractionRange: ClosedRange<Double> = 0.2...0.6, defaultPrimaryFraction: Double = 0.35
    ) {
        precondition(hysteresis >= 0, "hysteresis cannot be negative")
        precondition(overlayBelow.map { $0 > collapseBelow } ?? true, "the middle layout lies between the collapse and side by side")
        precondition(primaryMinimumWidth + secondaryMinimumWidth <= overlayBelow ?? collapseBelow,
                     "side by side must fit at its threshold, or the window grows back and the layout oscillates")
        precondition(secondaryMinimumWidth <= collapseBelow, "the detail alone must fit at the collapse threshold")
        self.collapseBelow = collapseBelow
        self.overlayBelow = overlayBelow
        self.hysteresis = hysteresis
        self.primaryMinimumWidth = primaryMinimumWidth
        self.secondaryMinimumWidth = secondaryMinimumWidth
        self.primaryFractionRange = primaryFractionRange
        self.defaultPrimaryFraction = min(max(defaultPrimaryFraction, primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
    }

    /// A general default: a 240 px list and a 400 px detail side by side down to 800 px (from 840 px coming
    /// from narrower), the list over the detail below that, and a stack below 680 px (expanding again from 720 px).
    /// Apps with wider content choose their own (for example, a detail with a row of six buttons).
    public static let standard = SplitLayout(
        collapseBelow: 680, overlayBelow: 800, hysteresis: 40, primaryMinimumWidth: 240, secondaryMinimumWidth: 400)

    /// The same layout without the middle one: side by side down to the collapse.
    public var withoutOverlay: SplitLayout {
        var layout = self
        layout.overlayBelow = nil
        return layout
    }

    /// The width class for `width`, given the class the view has now (the hysteresis band keeps it), with
    /// the panes' configured minimum widths.
    public func widthClass(for width: Int, current: WidthClass) -> WidthClass {
        widthClass(for: width, current: current, minimums: PaneMinimums(primary: 0, secondary: 0))
    }

    /// The width class for `width`, given the class the view has now and what the panes really need
    /// (`minimums`, measured): a layout its panes do not fit in is never chosen, so no frame is clipped.
    public func widthClass(for width: Int, current: WidthClass, minimums: PaneMinimums) -> WidthClass {
        let thresholds = thresholds(minimums)
        switch current {
        case .compact where width < thresholds.collapse + hysteresis: return .compact
        case .medium where width >= thresholds.collapse:
            guard let overlay = thresholds.overlay else { return .regular }
            return width >= overlay + hysteresis ? .regular : .medium
        default: return freshWidthClass(for: width, minimums: minimums)
        }
    }

    /// The width class for a view that has none yet (or left its band): the lower thresholds decide.
    public func freshWidthClass(for width: Int, minimums: PaneMinimums = PaneMinimums(primary: 0, secondary: 0)) -> WidthClass {
        let thresholds = thresholds(minimums)
        if width < thresholds.collapse { return .compact }
        if let overlay = thresholds.overlay, width < overlay { return .medium }
        return .regular
    }

    /// The collapse and overlay thresholds, raised to what the panes need.
    private func thresholds(_ minimums: PaneMinimums) -> (collapse: Int, overlay: Int?) {
        let sideBySide = max(primaryMinimumWidth, minimums.primary) + max(secondaryMinimumWidth, minimums.secondary)
        guard let overlayBelow else { return (max(collapseBelow, sideBySide), nil) }
        return (max(collapseBelow, minimums.secondary), max(overlayBelow, sideBySide))
    }

    /// The primary pane's width for a total width and a wished-for fraction, within every bound.
    public func primaryWidth(total: Int, fraction: Double) -> Int {
        primaryWidth(total: total, fraction: fraction, minimums: PaneMinimums(primary: 0, secondary: 0))
    }

    /// The primary pane's width for a total width and a wished-for fraction, within every bound, the
    /// panes' measured minimums among them.
    public func primaryWidth(total: Int, fraction: Double, minimums: PaneMinimums) -> Int {
        let clamped = min(max(fraction, primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
        let lower = max(primaryMinimumWidth, minimums.primary)
        let upper = max(lower, total - max(secondaryMinimumWidth, minimums.secondary))
        return min(max(Int((Double(total) * clamped).rounded()), lower), upper)
    }

    /// The fraction a dragged divider at `position` stands for, clamped to the allowed range.
    public func fraction(position: Int, total: Int) -> Double {
        guard total > 0 else { return defaultPrimaryFraction }
        return min(max(Double(position) / Double(total), primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
    }
}

/// `regular`: side by side. `medium`: the detail, with the list over it on demand. `compact`: one pane at a time.
public enum WidthClass: Equatable, Sendable {
    case regular, medium, compact
}

/// The narrowest each pane can be drawn, as measured from its widgets (margins and all), in pixels.
public struct PaneMinimums: Equatable, Sendable {
    public var primary: Int
    public var secondary: Int

    public init(primary: Int, secondary: Int) {
        self.primary = primary
        self.secondary = secondary
    }
}

/// The two panes, in UISplitViewController's words: primary is the list, secondary the detail.
public enum Pane: Equatable, Hashable, Sendable {
    case primary, secondary
}

/// The widths that decide when a split view collapses, in pixels. Named after UIKit's size classes:
/// `regular` shows both panes side by side, `compact` shows one at a time.
public struct SplitLayout: Equatable, Sendable {
    /// Below this width (the view's own) it collapses into a navigation stack.
    public var collapseBelow: Int
    /// A collapsed view expands again only at `collapseBelow + hysteresis`, so a width that wobbles
    /// around the threshold does not flip the layout back and forth.
    public var hysteresis: Int
    /// The narrowest the primary (list) pane may be when side by side.
    public var primaryMinimumWidth: Int
    /// The narrowest the secondary (detail) pane may be when side by side.
    public var secondaryMinimumWidth: Int
    /// The primary pane's share of the width when side by side, kept within these bounds.
    public var primaryFractionRange: ClosedRange<Double>
    /// The primary pane's share before the user drags the divider.
    public var defaultPrimaryFraction: Double

    public init(
        collapseBelow: Int, hysteresis: Int, primaryMinimumWidth: Int, secondaryMinimumWidth: Int,
        primaryFractionRange: ClosedRange<Double> = 0.2...0.6, defaultPrimaryFraction: Double = 0.35
    ) {
        precondition(hysteresis >= 0, "hysteresis cannot be negative")
        precondition(primaryMinimumWidth + secondaryMinimumWidth <= collapseBelow,
                     "side by side must fit at the threshold, or the window grows back and the layout oscillates")
        self.collapseBelow = collapseBelow
        self.hysteresis = hysteresis
        self.primaryMinimumWidth = primaryMinimumWidth
        self.secondaryMinimumWidth = secondaryMinimumWidth
        self.primaryFractionRange = primaryFractionRange
        self.defaultPrimaryFraction = min(max(defaultPrimaryFraction, primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
    }

    /// A general default: a 240 px list and a 400 px detail fit side by side from 680 px; the view
    /// expands again from 720 px. Apps with wider content choose their own (for example, a detail with a row of six buttons).
    public static let standard = SplitLayout(
        collapseBelow: 680, hysteresis: 40, primaryMinimumWidth: 240, secondaryMinimumWidth: 400)

    /// The width class for `width`, given the class the view has now (the hysteresis band keeps it).
    public func widthClass(for width: Int, current: WidthClass) -> WidthClass {
        switch current {
        case .regular: width < collapseBelow ? .compact : .regular
        case .compact: width >= collapseBelow + hysteresis ? .regular : .compact
        }
    }

    /// The primary pane's width for a total width and a wished-for fraction, within every bound.
    public func primaryWidth(total: Int, fraction: Double) -> Int {
        let clamped = min(max(fraction, primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
        let upper = max(primaryMinimumWidth, total - secondaryMinimumWidth)
        return min(max(Int((Double(total) * clamped).rounded()), primaryMinimumWidth), upper)
    }

    /// The fraction a dragged divider at `position` stands for, clamped to the allowed range.
    public func fraction(position: Int, total: Int) -> Double {
        guard total > 0 else { return defaultPrimaryFraction }
        return min(max(Double(position) / Double(total), primaryFractionRange.lowerBound), primaryFractionRange.upperBound)
    }
}

/// `regular`: side by side. `compact`: one pane at a time.
public enum WidthClass: Equatable, Sendable {
    case regular, compact
}

/// The two panes, in UISplitViewController's words: primary is the list, secondary the detail.
public enum Pane: Equatable, Hashable, Sendable {
    case primary, secondary
}

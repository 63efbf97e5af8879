import SplitView

extension SplitLayout {
    /// The pizza app's widths (a 460 px detail for six size buttons in a row, a 240 px list): side by side from
    /// 900 px of the view's width, the list over the detail below 860, the stack below 720 (expanding at 760).
    static let pizzaSplit = SplitLayout(
        collapseBelow: 720, overlayBelow: 860, hysteresis: 40, primaryMinimumWidth: 240, secondaryMinimumWidth: 460)
}

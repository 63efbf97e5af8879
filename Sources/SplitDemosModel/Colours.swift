/// The colours demo's list (the master-detail template built in code): fixed names in a stable order.
public enum DemoColour: String, CaseIterable, Sendable {
    case red, blue, green, cyan, yellow, white, black, gray

    /// The name shown in the list and as the detail's heading.
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The CSS class that paints the detail: `swatch-red`, ...
    public var cssClass: String { "swatch-\(rawValue)" }

    /// Whether the colour is dark, so its heading needs light text to stay readable.
    public var isDark: Bool {
        switch self {
        case .red, .blue, .green, .black, .gray: true
        case .cyan, .yellow, .white: false
        }
    }
}

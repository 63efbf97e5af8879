import Gtk

/// A page that stands in for content that is not there, as GNOME's status pages do: a large dimmed icon, a
/// title, and a description that says what to do ("No Pizzas" — "Add one with + (Ctrl+N)").
///
/// A list-detail view shows one in place of its list while the list has no rows (`ListDetailView.placeholder`).
/// Changing the fields updates the page in place, e.g. "No Pizzas Match" while a search finds nothing.
@MainActor
public final class StatusPage {
    /// The root widget: fills the space it is given and centres its content.
    public let widget = Box(.vertical, spacing: 12)
    private let icon = Image()
    private let titleLabel = Label()
    private let descriptionLabel = Label()

    /// The icon's theme name, e.g. "emoji-food-symbolic"; nil shows none.
    public var iconName: String? {
        didSet {
            icon.setIconName(iconName)
            icon.isVisible = iconName != nil
        }
    }

    /// The title, e.g. "No Pizzas".
    public var title: String {
        didSet { update() }
    }

    /// What to do about it, e.g. "Add one with + (Ctrl+N)"; empty shows none.
    public var description: String {
        didSet { update() }
    }

    /// A page with an icon from the icon theme (none when nil), a title and a description (none when empty).
    public init(iconName: String? = nil, title: String, description: String = "") {
        self.iconName = iconName
        self.title = title
        self.description = description
        widget.addCSSClass("status-page")
        widget.expandsHorizontally = true
        widget.expandsVertically = true
        widget.align(vertical: .center)
        widget.setMargins(top: 24, bottom: 24, start: 12, end: 12)
        icon.pixelSize = 96
        icon.addCSSClass("dim-label")
        icon.setIconName(iconName)
        icon.isVisible = iconName != nil
        icon.setMargins(top: 0, bottom: 12, start: 0, end: 0)
        titleLabel.addCSSClass("title-2")
        for label in [titleLabel, descriptionLabel] {
            label.wraps = true
            label.breaksLongWords = true
            label.justifyCenter()
            label.xAlign = 0.5
        }
        widget.append(icon)
        widget.append(titleLabel)
        widget.append(descriptionLabel)
        update()
    }

    private func update() {
        titleLabel.text = title
        descriptionLabel.text = description
        descriptionLabel.isVisible = !description.isEmpty
    }
}

import Gtk

/// The red message shown under a field when what was typed is not valid; hidden until there is one.
@MainActor
func makeFieldErrorLabel() -> Label {
    let label = Label()
    label.addCSSClass("field-error")
    label.xAlign = 0
    label.wraps = true
    label.breaksLongWords = true
    label.isVisible = false
    return label
}

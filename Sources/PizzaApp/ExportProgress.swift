import Gtk
import Synchronization

/// What an export running on another thread and the window share: how far it has come, and whether Cancel
/// was pressed. The export reports with `report`, which also says whether to go on.
final class ExportControl: Sendable {
    private let state = Mutex((fraction: 0.0, isCancelled: false))

    /// The fraction done, from 0 to 1, as last reported.
    var fraction: Double { state.withLock { $0.fraction } }

    /// Records `fraction`; false once `cancel` was called.
    @Sendable func report(_ fraction: Double) -> Bool {
        state.withLock { state in
            state.fraction = fraction
            return !state.isCancelled
        }
    }

    func cancel() { state.withLock { $0.isCancelled = true } }
}

/// A strip below the content while an export takes long: what is being done, a progress bar and Cancel.
@MainActor
final class ExportProgress {
    let widget = Box(.horizontal, spacing: 12)
    private let label = Label(String(translating: "Exporting the price list…"))
    private let bar = ProgressBar()
    private let cancelButton = Button(label: "")
    /// Cancel was pressed.
    var onCancel: (@MainActor () -> Void)?

    init() {
        widget.addCSSClass("banner")
        widget.isVisible = false
        bar.expandsHorizontally = true
        bar.align(vertical: .center)
        cancelButton.setMnemonicLabel(String(translating: "_Cancel"))
        bar.setAccessibleLabel(String(translating: "Export progress"))
        widget.append(label)
        widget.append(bar)
        widget.append(cancelButton)
        cancelButton.onClicked { [weak self] _ in self?.onCancel?() }
    }

    /// Shows `fraction` done, or hides the strip for nil.
    func render(_ fraction: Double?) {
        widget.isVisible = fraction != nil
        if let fraction { bar.fraction = fraction }
    }
}

import Gtk
import MenuSession
import PizzaModel

/// What the window tells the user around its content: the banner (errors that need an answer), toasts
/// (confirmations, with Undo), and the one question that stops leaving the menu. Answers go back as events.
@MainActor
final class WindowNotices {
    /// The content with the toasts over it, and the banner below it.
    let widget = Box(.vertical)
    let banner = Banner()
    let exportProgress = ExportProgress()
    let toasts: ToastOverlay
    private weak var parent: Window?
    private var questionDialog: UnsavedChangesDialog?
    private var shownBanner: AppSession.Banner?
    private let send: @MainActor (AppSession.Event) -> Void
    /// Where the user worked before the focus came into a notice (a toast's Undo, the bar's buttons).
    private weak var workFocus: Widget?

    init(over content: Widget, parent: Window, send: @escaping @MainActor (AppSession.Event) -> Void) {
        toasts = ToastOverlay(content: content)
        // Below the content, not above it: a message never moves what is under the pointer, nor hides it.
        widget.append(toasts.widget)
        widget.append(exportProgress.widget)
        widget.append(banner.widget)
        self.parent = parent
        self.send = send
        banner.onDismissed = { send(.bannerDismissed) }
        exportProgress.onCancel = { send(.exportCancelRequested) }
        parent.onFocusChanged { [weak self] _, focus in
            guard let self, let focus, self.notice(holding: focus) == nil else { return }
            self.workFocus = focus
        }
        banner.willHide = { [weak self] in self?.returnFocus(from: self?.banner.widget) }
        toasts.willHide = { [weak self] in self?.returnFocus(from: self?.toasts.popup) }
    }

    private func notice(holding focus: Widget) -> Widget? {
        [toasts.popup, banner.widget, exportProgress.widget].first { focus === $0 || focus.isDescendant(of: $0) }
    }

    /// A notice holding the focus hides: the focus goes back where the user worked, not to the window's first
    /// widget (the list's +), where GTK would put it at the next key.
    private func returnFocus(from hiding: Widget?) {
        guard let hiding, let focus = parent?.focus, notice(holding: focus) === hiding,
              let workFocus, workFocus.isMapped else { return }
        _ = workFocus.grabFocus()
    }

    /// Shows the view's banner and the progress of a long export.
    func render(_ view: AppSession.ViewState) {
        render(view.banner, isOwnMenu: view.fileName == nil)
        if view.exportProgress == nil && exportProgress.widget.isVisible { returnFocus(from: exportProgress.widget) }
        exportProgress.render(view.exportProgress)
    }

    /// Shows `message` in the banner, or hides it; nothing happens when it is the one shown.
    private func render(_ message: AppSession.Banner?, isOwnMenu: Bool) {
        guard message != shownBanner else { return }
        shownBanner = message
        guard let message else { return banner.hide() }
        let (text, actionLabel) = Messages.banner(message, isOwnMenu: isOwnMenu)
        let action = message.action
        banner.show(text, isError: message.isError, actionLabel: actionLabel) { [send] in if let action { send(action) } }
    }

    func show(_ toast: AppSession.Toast) {
        let (text, actionLabel) = Messages.toast(toast)
        let action = toast.action
        toasts.show(text, actionLabel: actionLabel) { [send] in
            if let action { send(.toastPressed(action)) }
        }
    }

    /// Shows the window's one question, over the main window (a dialog it asks about may close with the answer);
    /// while a question is open, that one is raised instead.
    func ask(_ question: AppSession.Question, measures: MenuMeasures) {
        if let questionDialog { return questionDialog.present() }
        guard let parent else { return }
        let dialog = UnsavedChangesDialog(parent: parent, asking: Messages.question(question, measures))
        dialog.onAnswer = { [send] answer in send(.answered(answer)) }
        dialog.onQuitRequested = { [send] in send(.closeRequested) }
        dialog.onClosed = { [weak self] in self?.questionDialog = nil }
        questionDialog = dialog
        dialog.present()
    }
}

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
    }

    /// Shows the view's banner and the progress of a long export.
    func render(_ view: AppSession.ViewState) {
        render(view.banner, isOwnMenu: view.fileName == nil)
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

import MenuSession
import PizzaModel
import SplitView

/// The words the window says for each of the state's messages, questions and empty pages: the one place
/// that turns what the state decided into text.
enum Messages {
    /// `text` as a sentence: a full stop added unless it already ends in one (messages quote model errors
    /// that are sentences of their own).
    static func sentence(_ text: some StringProtocol) -> String {
        text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? String(text) : text + "."
    }

    /// The window's title: the app's name, and the file's when it is not the user's own menu.
    static func title(fileName: FilePath?) -> String {
        fileName.map { "\(MenuFiles.fileName(of: $0)) — Pizza Split" } ?? "Pizza Split"
    }

    static func banner(_ banner: AppSession.Banner) -> (text: String, actionLabel: String?) {
        switch banner {
        case .loadProblem(let path, let problem):
            // A copy is promised only where the first save will really make one.
            let keeping = MenuStore(file: path).hasBrokenFileToKeep
                ? " Your file is left as it is; at your first change it is kept beside the new one as \(MenuFiles.fileName(of: path)).broken."
                : ""
            return ("Could not open your menu. \(sentence(problem)) Showing the default menu.\(keeping)", nil)
        case .couldNotOpen(let path, let problem):
            return ("Could not open \(MenuFiles.fileName(of: path)). \(sentence(problem)) The menu you had open stays open.", nil)
        case .saving:
            return ("Saving your menu…", nil)
        case .saveFailed(let reason):
            return ("Could not save your menu: \(sentence(reason)) Your changes are kept in this window.", "_Try Again")
        case .keptBrokenFile(let path):
            return ("Your old menu could not be read and was kept as \(MenuFiles.fileName(of: path)), beside the new one.", nil)
        case .newFile(let path):
            return ("\(MenuFiles.fileName(of: path)) does not exist yet. It will be created at your first change.", nil)
        case .readOnly(let path):
            return ("\(MenuFiles.fileName(of: path)) is read-only: it is shown here but cannot be changed.", nil)
        }
    }

    static func toast(_ toast: AppSession.Toast) -> (text: String, actionLabel: String?) {
        let text = switch toast.message {
        case .deleted(let name): "Deleted “\(Quoted.shortened(name))”"
        case .undid(let summary): "Undid: \(summary)"
        case .redid(let summary): "Redid: \(summary)"
        case .nothingToUndo: "Nothing to undo"
        case .nothingToRedo: "Nothing to redo"
        case .readOnly: "This menu is read-only: nothing was changed"
        }
        let label: String? = switch toast.action {
        case .undo: "_Undo"
        case .redo: "_Redo"
        case nil: nil
        }
        return (text, label)
    }

    static func emptyList(_ page: AppSession.EmptyList) -> (icon: String, title: String, description: String) {
        switch page {
        case .reading(let path): ("document-open-symbolic", "Reading the Menu…", MenuFiles.fileName(of: path))
        case .noMatches: ("system-search-symbolic", "No pizzas match", "Try another name, or press Escape to see every pizza.")
        case .noPizzas: ("emoji-food-symbolic", "No Pizzas", "Add one with +  (Ctrl+N)")
        }
    }

    /// The question's words and buttons; nil `tryAgain` asks only Discard or Cancel.
    struct Question {
        let heading: String
        let detail: String
        let cancel: String
        let discard: String
        let tryAgain: String?
    }

    static func question(_ question: AppSession.Question) -> Question {
        switch question {
        case .discardTypedName(let name, let error):
            Question(heading: "Discard the name you typed?",
                     detail: "“\(Quoted.shortened(name))” is not a name this menu can keep. \(sentence("\(error)"))",
                     cancel: "_Keep Editing", discard: "_Discard Name", tryAgain: nil)
        case .discardTypedPrice(let text, let error):
            Question(heading: "Discard the price you typed?",
                     detail: "“\(Quoted.shortened(text))” is not a price this menu can keep."
                        + (error.map { " \(sentence("\($0)"))" } ?? ""),
                     cancel: "_Keep Editing", discard: "_Discard Price", tryAgain: nil)
        case .unsavedChanges(let isClosing, let failure):
            Question(heading: isClosing ? "Save changes to the menu before closing?"
                        : "Save changes to the menu before opening another?",
                     detail: (failure.map { "Your changes could not be saved: \(sentence($0))" }
                        ?? "Your last change could not be saved.") + " If you go on without them, they are lost.",
                     cancel: "_Cancel", discard: "_Discard Changes", tryAgain: "_Try Again")
        case .discardNewPizza(let typed):
            Question(heading: "Discard the new pizza?",
                     detail: typed.name.isEmpty ? "What you typed in New Pizza has not been added to the menu."
                        : "“\(Quoted.shortened(typed.name))” has not been added to the menu.",
                     cancel: "_Keep Editing", discard: "_Discard Pizza", tryAgain: nil)
        case .fileChangedOnDisk:
            Question(heading: "The menu was changed by another program",
                     detail: "Your changes here are not in the file yet. Reload the file and lose them, or keep yours and "
                        + "overwrite what the other program wrote.",
                     cancel: "_Cancel", discard: "_Reload and Lose My Changes", tryAgain: "_Keep Mine and Overwrite")
        }
    }
}

extension StatusPage {
    /// Says what the list pane's empty page says for `page`.
    func show(_ page: AppSession.EmptyList) {
        let words = Messages.emptyList(page)
        iconName = words.icon
        title = words.title
        description = words.description
    }
}

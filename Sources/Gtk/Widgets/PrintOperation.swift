internal import CGtk

/// Wraps `GtkPrintOperation`: prints pages through the system's print dialog, or exports them to a PDF file
/// without one. Coordinates are in points on the whole sheet (`gtk_print_operation_set_unit` with
/// `GTK_UNIT_POINTS`, `gtk_print_operation_set_use_full_page`), as a `PageCanvas` takes them.
@MainActor
public final class PrintOperation: Object {
    /// How a print operation ended (`GtkPrintOperationResult`).
    public enum Result: Sendable, Equatable {
        /// Printed, or handed to the printing system (`GTK_PRINT_OPERATION_RESULT_APPLY`).
        case printed
        /// The user cancelled in the dialog (`GTK_PRINT_OPERATION_RESULT_CANCEL`).
        case cancelled
        /// Running on after `run` returned; `onDone` tells the end (`GTK_PRINT_OPERATION_RESULT_IN_PROGRESS`).
        case inProgress
        /// Printing failed, with GTK's reason (`GTK_PRINT_OPERATION_RESULT_ERROR`).
        case failed(String)
    }

    /// What `run` does (`GtkPrintOperationAction`).
    public enum Action: Sendable {
        /// Shows the print dialog, then prints (`GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG`).
        case printDialog
        /// Writes the pages to `exportFileName` as PDF, with no dialog (`GTK_PRINT_OPERATION_ACTION_EXPORT`).
        case export

        var c: GtkPrintOperationAction {
            switch self {
            case .printDialog: GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG
            case .export: GTK_PRINT_OPERATION_ACTION_EXPORT
            }
        }
    }

    /// `gtk_print_operation_new` (transfer full, not floating), then `gtk_print_operation_set_unit` (points),
    /// `gtk_print_operation_set_use_full_page` (true) and `gtk_print_operation_set_allow_async` (true).
    public convenience init() {
        self.init(gtk_print_operation_new(), ownership: .full)
        gtk_print_operation_set_unit(c(), GTK_UNIT_POINTS)
        gtk_print_operation_set_use_full_page(c(), 1)
        gtk_print_operation_set_allow_async(c(), 1)
    }

    /// `gtk_print_operation_set_n_pages`: how many pages there are; set it in `onBeginPrint` at the latest.
    public func setPageCount(_ count: Int) { gtk_print_operation_set_n_pages(c(), gint(clamping: count)) }

    /// `gtk_print_operation_set_job_name`: the job's name in the printer's queue.
    public func setJobName(_ name: String) { gtk_print_operation_set_job_name(c(), name) }

    /// `gtk_print_operation_set_export_filename`: the PDF file that `Action.export` writes.
    public func setExportFileName(_ path: String) { gtk_print_operation_set_export_filename(c(), path) }

    /// `gtk_print_operation_run`. With the dialog, it returns `.inProgress` and `onDone` tells the end.
    @discardableResult
    public func run(_ action: Action, parent: Window?) -> Result {
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(c(), action.c, parent?.c(), &error)
        if let error {
            defer { g_error_free(error) }
            return .failed(error.pointee.message.map { String(cString: $0) } ?? "")
        }
        return Self.result(result)
    }

    private static func result(_ result: GtkPrintOperationResult) -> Result {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY: .printed
        case GTK_PRINT_OPERATION_RESULT_CANCEL: .cancelled
        case GTK_PRINT_OPERATION_RESULT_IN_PROGRESS: .inProgress
        default: .failed("")
        }
    }

    /// The `begin-print` signal: the paper is chosen; count the pages for it and `setPageCount`.
    @discardableResult
    public func onBeginPrint(_ handler: @escaping @MainActor (PrintOperation, PrintContext) -> Void) -> SignalConnection {
        connect(Signal<ObjectHandler>(object: "begin-print")) { operation, context in
            guard let context = context.wrapper(as: PrintContext.self) else { return }
            handler(emitted(operation), context)
        }
    }

    /// The `draw-page` signal: draw page `number` (from 0) on the context's canvas.
    @discardableResult
    public func onDrawPage(_ handler: @escaping @MainActor (PrintOperation, PrintContext, Int) -> Void) -> SignalConnection {
        connect(Signal<ObjectIntHandler>(objectInt: "draw-page")) { operation, context, number in
            guard let context = context.wrapper(as: PrintContext.self) else { return }
            handler(emitted(operation), context, Int(number))
        }
    }

    /// The `done` signal: how the operation ended; `gtk_print_operation_get_error` gives the reason of a failure.
    @discardableResult
    public func onDone(_ handler: @escaping @MainActor (PrintOperation, Result) -> Void) -> SignalConnection {
        connect(Signal<IntHandler>(enumeration: "done")) { operation, raw in
            let operation: PrintOperation = emitted(operation)
            var result = Self.result(GtkPrintOperationResult(UInt32(bitPattern: raw)))
            if case .failed = result {
                var error: UnsafeMutablePointer<GError>?
                gtk_print_operation_get_error(operation.c(), &error)
                if let error {
                    result = .failed(error.pointee.message.map { String(cString: $0) } ?? "")
                    g_error_free(error)
                }
            }
            handler(operation, result)
        }
    }
}

/// Wraps `GtkPrintContext`: the sheet a print operation draws on, lent to its handlers.
@MainActor
public final class PrintContext: Object {
    /// `gtk_print_context_get_width`: the sheet's width in the operation's unit (points).
    public var width: Double { gtk_print_context_get_width(c()) }

    /// `gtk_print_context_get_height`: the sheet's height in the operation's unit (points).
    public var height: Double { gtk_print_context_get_height(c()) }

    /// `gtk_print_context_get_cairo_context` (transfer none): a canvas on the page being drawn, for the
    /// `draw-page` handler only.
    public func makeCanvas() -> PageCanvas { PageCanvas(cairo: gtk_print_context_get_cairo_context(c())) }
}

internal import CGtk

/// Wraps `GtkFlowBox` used as a wrapping row of controls: no selection, and each child's
/// `GtkFlowBoxChild` left out of the focus chain, so Tab and the arrows reach the controls themselves.
@MainActor
public final class FlowBox: Widget {
    var flowBox: OpaquePointer { c() }

    /// `gtk_flow_box_new` with `gtk_flow_box_set_selection_mode(GTK_SELECTION_NONE)`. Sunk here.
    public convenience init(columnSpacing: Int = 6, rowSpacing: Int = 6) {
        self.init(gtk_flow_box_new(), ownership: .full)
        gtk_flow_box_set_selection_mode(flowBox, GTK_SELECTION_NONE)
        gtk_flow_box_set_column_spacing(flowBox, guint(columnSpacing))
        gtk_flow_box_set_row_spacing(flowBox, guint(rowSpacing))
    }

    /// `gtk_flow_box_set_min_children_per_line` / `gtk_flow_box_set_max_children_per_line`.
    public func setChildrenPerLine(minimum: Int, maximum: Int) {
        gtk_flow_box_set_min_children_per_line(flowBox, guint(minimum))
        gtk_flow_box_set_max_children_per_line(flowBox, guint(maximum))
    }

    /// `gtk_flow_box_set_homogeneous`.
    public var isHomogeneous: Bool {
        get { gtk_flow_box_get_homogeneous(flowBox) != 0 }
        set { gtk_flow_box_set_homogeneous(flowBox, newValue ? 1 : 0) }
    }

    /// `gtk_flow_box_insert` at the end, then `gtk_widget_set_focusable(FALSE)` on the `GtkFlowBoxChild`
    /// GTK wraps it in. The flow box takes its own reference to the child.
    public func append(_ child: Widget) {
        gtk_flow_box_insert(flowBox, child.widget, -1)
        if let wrapper = gtk_widget_get_parent(child.widget) { gtk_widget_set_focusable(wrapper, 0) }
    }

    /// `gtk_flow_box_remove`, which takes the child out together with its `GtkFlowBoxChild`.
    public func remove(_ child: Widget) {
        guard let wrapper = gtk_widget_get_parent(child.widget) else { return }
        gtk_flow_box_remove(flowBox, wrapper)
    }
}

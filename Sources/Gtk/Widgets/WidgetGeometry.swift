internal import CGtk

extension Widget {
    /// `gtk_widget_compute_point`: where this widget's top-left corner is in `other`'s coordinates, or nil
    /// when the two share no common ancestor (or either is not laid out).
    public func origin(in other: Widget) -> (x: Double, y: Double)? {
        var source = graphene_point_t(x: 0, y: 0)
        var target = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(widget, other.widget, &source, &target) != 0 else { return nil }
        return (Double(target.x), Double(target.y))
    }
}

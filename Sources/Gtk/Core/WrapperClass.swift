internal import CGtk

// Which Swift class a GObject's one wrapper has. Written here once.
//
// A GObject keeps the wrapper it first got for its whole life (see `Ownership`), so that wrapper must be of the
// most specific class the binding has for the object's GType, whatever class the code that first met it asked
// for: a label first met as a window's `child: Widget?` is a `Label`, so that `child as? Label` works and a later
// `Object.wrapper(…, as: Label.self, …)` finds it. `known` lists each wrapped GType with its class. A subclass
// made in Swift (a row that is a `Box`) is used when asked for by name and its GType is the object's.

@MainActor
enum WrapperClass {
    private struct Entry {
        let type: GType
        let wrapper: Object.Type
        /// Whether a class is `wrapper` or one of its subclasses.
        let covers: (Object.Type) -> Bool
    }

    private static func entry<C: Object>(_ type: GType, _ wrapper: C.Type) -> Entry {
        Entry(type: type, wrapper: wrapper, covers: { $0 is C.Type })
    }

    private static let known: [Entry] = [
        entry(cgtk_type_object(), Object.self),
        entry(gtk_widget_get_type(), Widget.self),
        entry(gtk_box_get_type(), Box.self),
        entry(gtk_button_get_type(), Button.self),
        entry(gtk_toggle_button_get_type(), ToggleButton.self),
        entry(gtk_label_get_type(), Label.self),
        entry(gtk_entry_get_type(), Entry.self),
        entry(gtk_search_entry_get_type(), SearchEntry.self),
        entry(gtk_search_bar_get_type(), SearchBar.self),
        entry(gtk_image_get_type(), Image.self),
        entry(gtk_window_get_type(), Window.self),
        entry(gtk_application_window_get_type(), ApplicationWindow.self),
        entry(gtk_about_dialog_get_type(), AboutDialog.self),
        entry(gtk_header_bar_get_type(), HeaderBar.self),
        entry(gtk_paned_get_type(), Paned.self),
        entry(gtk_stack_get_type(), Stack.self),
        entry(gtk_revealer_get_type(), Revealer.self),
        entry(gtk_overlay_get_type(), Overlay.self),
        entry(gtk_scrolled_window_get_type(), ScrolledWindow.self),
        entry(gtk_list_view_get_type(), ListView.self),
        entry(gtk_column_view_get_type(), ColumnView.self),
        entry(gtk_column_view_column_get_type(), ColumnViewColumn.self),
        entry(gtk_text_view_get_type(), TextView.self),
        entry(gtk_text_buffer_get_type(), TextBuffer.self),
        entry(gtk_drop_down_get_type(), DropDown.self),
        entry(gtk_spinner_get_type(), Spinner.self),
        entry(gtk_progress_bar_get_type(), ProgressBar.self),
        entry(gtk_check_button_get_type(), CheckButton.self),
        entry(gtk_switch_get_type(), Switch.self),
        entry(gtk_picture_get_type(), Picture.self),
        entry(gtk_flow_box_get_type(), FlowBox.self),
        entry(gtk_drawing_area_get_type(), DrawingArea.self),
        entry(gtk_menu_button_get_type(), MenuButton.self),
        entry(gtk_popover_menu_get_type(), PopoverMenu.self),
        entry(gtk_event_controller_get_type(), EventController.self),
        entry(gtk_event_controller_key_get_type(), KeyController.self),
        entry(gtk_gesture_click_get_type(), ClickGesture.self),
        entry(gtk_event_controller_motion_get_type(), MotionController.self),
        entry(gtk_event_controller_focus_get_type(), FocusController.self),
        entry(gtk_drag_source_get_type(), DragSource.self),
        entry(gtk_drop_target_get_type(), DropTarget.self),
        entry(gtk_list_item_get_type(), ListItem.self),
        entry(gtk_signal_list_item_factory_get_type(), SignalListItemFactory.self),
        entry(gtk_single_selection_get_type(), SingleSelection.self),
        entry(indexListModelType, IndexListModel.self),
        entry(gtk_application_get_type(), Application.self),
        entry(g_simple_action_get_type(), SimpleAction.self),
        entry(g_simple_action_group_get_type(), ActionGroup.self),
        entry(g_menu_get_type(), MenuModel.self),
        entry(gtk_builder_get_type(), Builder.self),
        entry(gtk_file_chooser_native_get_type(), FileChooserNative.self),
        entry(gtk_print_operation_get_type(), PrintOperation.self),
        entry(gtk_print_context_get_type(), PrintContext.self),
        entry(gtk_settings_get_type(), DisplaySettings.self),
        entry(g_settings_get_type(), GioSettings.self),
        entry(gtk_css_provider_get_type(), CssProvider.self),
        entry(gdk_surface_get_type(), Surface.self),
        entry(gdk_frame_clock_get_type(), FrameClock.self),
        entry(gdk_texture_get_type(), Texture.self),
    ]

    private static let byType = Dictionary(known.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
    /// The most specific entry each requested class is, or descends from.
    private static var entryOfClass: [ObjectIdentifier: Entry] = [:]

    /// The class a new wrapper of `object` gets when asked for as `T`, or nil when the object is not a `T`.
    static func forNewWrapper<T: Object>(of object: UnsafeMutablePointer<GObject>, as requested: T.Type) -> T.Type? {
        let objectType = G_OBJECT_TYPE(object)
        let wanted = entry(of: requested)
        guard g_type_is_a(objectType, wanted.type) != 0 else { return nil }
        var type = objectType
        while byType[type] == nil { type = g_type_parent(type) }
        return byType[type]!.wrapper as? T.Type ?? requested
    }

    private static func entry(of requested: Object.Type) -> Entry {
        if let cached = entryOfClass[ObjectIdentifier(requested)] { return cached }
        let found = known.filter { $0.covers(requested) }.max { g_type_depth($0.type) < g_type_depth($1.type) }!
        entryOfClass[ObjectIdentifier(requested)] = found
        return found
    }
}

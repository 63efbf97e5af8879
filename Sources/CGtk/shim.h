#ifndef SWIFT_GTK_CGTK_SHIM_H
#define SWIFT_GTK_CGTK_SHIM_H

/* Only what Swift cannot import from <gtk/gtk.h>: macros and variadic calls. */
#include <gtk/gtk.h>
#include <glib-unix.h>
/* cairo's PDF surface, for PDFDocument. */
#include <cairo-pdf.h>
/* gettext and setlocale, for Localization. */
#include <libintl.h>
#include <locale.h>
/* malloc_trim, for Heap.returnFreePages. */
#include <malloc.h>

/* Type getters (the G_TYPE_* and GTK_TYPE_* macros). */
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }
static inline GType cgtk_type_string(void) { return G_TYPE_STRING; }
static inline GType cgtk_type_int(void) { return G_TYPE_INT; }
static inline GType cgtk_type_uint(void) { return G_TYPE_UINT; }
static inline GType cgtk_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType cgtk_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_type_list_model(void) { return G_TYPE_LIST_MODEL; }
static inline GType cgtk_type_none(void) { return G_TYPE_NONE; }
static inline GType cgtk_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType cgtk_type_enum(void) { return G_TYPE_ENUM; }
static inline GType cgtk_type_interface(void) { return G_TYPE_INTERFACE; }
static inline GType cgtk_type_param(void) { return G_TYPE_PARAM; }
static inline GType cgtk_type_variant(void) { return G_TYPE_VARIANT; }
static inline GType cgtk_type_pointer(void) { return G_TYPE_POINTER; }
static inline GType cgtk_type_boxed(void) { return G_TYPE_BOXED; }

/* G_SIGNAL_TYPE_STATIC_SCOPE, the flag GLib may set on a signal's parameter types. */
static inline GType cgtk_signal_type_static_scope(void) { return G_SIGNAL_TYPE_STATIC_SCOPE; }

/* The GTK_IS_WINDOW type check. */
static inline gboolean cgtk_is_window(gpointer instance) { return GTK_IS_WINDOW(instance); }
/* The GTK_IS_TEXT type check. */
static inline gboolean cgtk_is_text(gpointer instance) { return GTK_IS_TEXT(instance); }

/* gtk_accessible_update_property / _state / _relation are variadic: one stand-in per use. */
static inline void cgtk_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cgtk_accessible_set_description(GtkAccessible *accessible, const char *text) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
static inline void cgtk_accessible_set_labelled_by(GtkAccessible *accessible, GtkAccessible *label) {
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/* g_object_new with no properties (variadic in C). */
static inline gpointer cgtk_object_new(GType type) { return g_object_new(type, NULL); }

/* gtk_widget_activate_action is variadic (a GVariant format): one stand-in per parameter type. */
static inline gboolean cgtk_widget_activate_action_uint(GtkWidget *widget, const char *name, guint value) {
    return gtk_widget_activate_action(widget, name, "u", value);
}

/* gtk_file_chooser_native_new takes its parent as GtkWindow* and buttons as labels; not variadic, kept in Swift.
 * The libdispatch hooks that let Swift's main actor run inside the GLib main loop (no public header). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

#endif

/* The benchmark's references: the Pizza Split window written directly in C on GTK 4, over the menu that
 * idiomatic.c or best.c loads (menu.h). Same widgets (header bar with back, list toggle, add and main menu; the
 * list pane with its hidden search bar and "No Pizzas" page; the detail with its size buttons in a flow box,
 * price lines and the name and price editors; a hidden message banner; a hidden toast over the content), the
 * same CSS, the same single-instance GtkApplication that opens the file it is given, with the same actions and
 * shortcuts, the same desktop-appearance reads (settings portal, GNOME's settings), the same input handlers
 * (Escape, Alt+Left and mouse button 8 go back; each row takes clicks, right-clicks and drags), the same
 * accessible labels, the same collapse rule (below 720 px, back at 760 px) and the same deferral of the
 * switch to the next frame tick, the same menu file and load-error banner.
 * Usage: pizza-split-c [--menu FILE]; pizza-split-c --check-menu FILE prints what was loaded, or the error. */
#include "menu.h"
#include <math.h>

/* Each reference registers its own name on the session bus, so that one still exiting cannot take the
 * other's launch as a second instance. */
#ifndef REFERENCE_APPLICATION_ID
#define REFERENCE_APPLICATION_ID "io.github.pizzasplit.Reference"
#endif
#include <stdio.h>

#define COLLAPSE_BELOW 720
#define HYSTERESIS 40
#define ICON_NAME "io.github.pizzasplit.PizzaSplit"
#define ROW_DRAG_PREFIX "pizza-split-row:"

typedef struct {
  Menu *menu;
  char *menu_path, *load_error;
  GtkWidget *window, *root, *paned, *stack, *primary, *secondary, *list;
  GtkWidget *heading, *size_line, *price_line, *editor, *name_entry, *price_entry, *back, *toggle;
  GtkWidget *search_bar, *search_entry, *scroller, *empty_page;
  char *file_title;
  GtkWidget *title;
  GtkSingleSelection *selection;
  int chosen_size, collapsed, tick_pending, narrowest;
} App;

/* DecimalFormat.decimalsNeeded: from `minimum` decimals, the fewest that show `value` as typed, `maximum` at most. */
static int decimals_needed (double value, int minimum, int maximum) {
  if (!isfinite (value)) return minimum;
  double scale = 1;
  for (int i = 0; i < minimum; i++) scale *= 10;
  for (int decimals = minimum; decimals < maximum; decimals++) {
    double scaled = fabs (value) * scale;
    if (fabs (scaled - round (scaled)) <= 4 * (nextafter (scaled, INFINITY) - scaled)) return decimals;
    scale *= 10;
  }
  return maximum;
}

static void render_detail (App *app) {
  guint position = gtk_single_selection_get_selected (app->selection);
  double diameter = menu_size_diameter (app->menu, app->chosen_size);
  char *line = g_strdup_printf ("%6.1fin Pizza", diameter);
  gtk_label_set_text (GTK_LABEL (app->size_line), line);
  g_free (line);
  if (position == GTK_INVALID_LIST_POSITION) {
    gtk_label_set_text (GTK_LABEL (app->heading), "Choose a pizza");
    gtk_widget_add_css_class (app->heading, "detail-placeholder");
    gtk_widget_set_visible (app->editor, FALSE);
    gtk_widget_set_visible (app->price_line, FALSE);
    gtk_label_set_text (GTK_LABEL (app->price_line), "");
    return;
  }
  double unit = menu_pizza_price (app->menu, position);
  double area = M_PI * (diameter / 2) * (diameter / 2);
  /* PriceQuote.priceLine, each amount in a span that does not break (Markup.keepingAmountsTogether). */
  char digits[40];
  snprintf (digits, sizeof digits, "%.2f", area);
  int pad = MAX (0, 6 - (int) strlen (digits));
  char *price = g_strdup_printf ("%*s<span allow_breaks=\"false\">%s sq in</span> at <span allow_breaks=\"false\">$%6.*f</span>"
                                 " is <span allow_breaks=\"false\">$%6.2f</span>", pad, "", digits,
                                 decimals_needed (unit, 2, 4), unit, area * unit);
  gtk_label_set_text (GTK_LABEL (app->heading), menu_pizza_name (app->menu, position));
  gtk_editable_set_text (GTK_EDITABLE (app->name_entry), menu_pizza_name (app->menu, position));
  char number[40];
  menu_number_text (unit, number);
  gtk_editable_set_text (GTK_EDITABLE (app->price_entry), number);
  gtk_widget_remove_css_class (app->heading, "detail-placeholder");
  gtk_widget_set_visible (app->editor, TRUE);
  gtk_label_set_markup (GTK_LABEL (app->price_line), price);
  gtk_widget_set_visible (app->price_line, TRUE);
  g_free (price);
}

/* The header names the pizza while the collapsed window shows its detail, else the file (PizzaWindow.updateTitle). */
static void update_title (App *app) {
  guint position = gtk_single_selection_get_selected (app->selection);
  int detail = app->collapsed && position != GTK_INVALID_LIST_POSITION &&
               g_str_equal (gtk_stack_get_visible_child_name (GTK_STACK (app->stack)), "secondary");
  gtk_label_set_text (GTK_LABEL (app->title), detail ? menu_pizza_name (app->menu, position) : app->file_title);
}

static void place_panes (App *app, int collapse) {
  guint selected = gtk_single_selection_get_selected (app->selection);
  g_object_ref (app->primary);
  g_object_ref (app->secondary);
  /* The panes' minimum widths hold only side by side (SplitView.installContainer). */
  gtk_widget_set_size_request (app->primary, collapse ? -1 : 240, -1);
  gtk_widget_set_size_request (app->secondary, collapse ? -1 : 460, -1);
  if (collapse) {
    gtk_paned_set_start_child (GTK_PANED (app->paned), NULL);
    gtk_paned_set_end_child (GTK_PANED (app->paned), NULL);
    gtk_stack_add_named (GTK_STACK (app->stack), app->primary, "primary");
    gtk_stack_add_named (GTK_STACK (app->stack), app->secondary, "secondary");
    gtk_stack_set_visible_child_name (GTK_STACK (app->stack), selected == GTK_INVALID_LIST_POSITION ? "primary" : "secondary");
    gtk_box_remove (GTK_BOX (app->root), app->paned);
    gtk_box_prepend (GTK_BOX (app->root), app->stack);
  } else {
    gtk_stack_remove (GTK_STACK (app->stack), app->primary);
    gtk_stack_remove (GTK_STACK (app->stack), app->secondary);
    gtk_paned_set_start_child (GTK_PANED (app->paned), app->primary);
    gtk_paned_set_end_child (GTK_PANED (app->paned), app->secondary);
    gtk_box_remove (GTK_BOX (app->root), app->stack);
    gtk_box_prepend (GTK_BOX (app->root), app->paned);
  }
  gtk_widget_set_visible (app->back, collapse && selected != GTK_INVALID_LIST_POSITION);
  gtk_widget_set_visible (app->toggle, !collapse);
  g_object_unref (app->primary);
  g_object_unref (app->secondary);
  app->collapsed = collapse;
  update_title (app);
}

static gboolean apply_width (GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  App *app = data;
  app->tick_pending = FALSE;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (app->window));
  int width = surface ? gdk_surface_get_width (surface) : 0, current = width, reported = app->narrowest;
  if (reported > 0 && reported < width) width = reported;
  app->narrowest = 0;
  if (!app->collapsed && width < COLLAPSE_BELOW) {
    place_panes (app, TRUE);
    /* The width the user asked for, not the minimum GTK grew the window back to (SplitView.applyWidth). */
    if (reported > 0 && reported < current && !gtk_window_is_maximized (GTK_WINDOW (app->window)))
      gtk_window_set_default_size (GTK_WINDOW (app->window), reported, gdk_surface_get_height (surface));
  } else if (app->collapsed && width >= COLLAPSE_BELOW + HYSTERESIS) place_panes (app, FALSE);
  /* The divider at the default share of the width the panes get, as SplitLayout.primaryWidth places it. */
  int total = gtk_widget_get_width (app->root);
  if (!app->collapsed && total > 0) {
    int position = MIN (MAX ((int) round (total * 0.35), 240), MAX (240, total - 460));
    if (gtk_paned_get_position (GTK_PANED (app->paned)) != position) gtk_paned_set_position (GTK_PANED (app->paned), position);
  }
  return G_SOURCE_REMOVE;
}

static void schedule (App *app, int width) {
  if (width > 0 && (app->narrowest == 0 || width < app->narrowest)) app->narrowest = width;
  if (app->tick_pending) return;
  app->tick_pending = TRUE;
  gtk_widget_add_tick_callback (app->root, apply_width, app, NULL);
}

static void on_layout (GdkSurface *surface, int width, int height, gpointer data) { schedule (data, width); }

/* The probe under the panes reports the width the view was given, as the app's does. */
static void on_probe_resize (GtkDrawingArea *probe, int width, int height, gpointer data) { schedule (data, 0); }

static void on_realize (GtkWidget *window, gpointer data) {
  g_signal_connect (gtk_native_get_surface (GTK_NATIVE (window)), "layout", G_CALLBACK (on_layout), data);
}

static void on_selected (GObject *selection, GParamSpec *pspec, gpointer data) {
  App *app = data;
  render_detail (app);
  if (app->collapsed && gtk_single_selection_get_selected (app->selection) != GTK_INVALID_LIST_POSITION) {
    gtk_stack_set_visible_child_name (GTK_STACK (app->stack), "secondary");
    gtk_widget_set_visible (app->back, TRUE);
  }
  update_title (app);
}

static gboolean go_back (App *app) {
  if (!app->collapsed || !gtk_widget_get_visible (app->back)) return FALSE;
  gtk_stack_set_visible_child_name (GTK_STACK (app->stack), "primary");
  gtk_widget_set_visible (app->back, FALSE);
  update_title (app);
  return TRUE;
}

static void on_back (GtkButton *button, gpointer data) { go_back (data); }

static gboolean on_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
  GdkModifierType relevant = state & (GDK_ALT_MASK | GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  if ((keyval == GDK_KEY_Left && relevant == GDK_ALT_MASK) || (keyval == GDK_KEY_Escape && relevant == 0)) return go_back (data);
  return FALSE;
}

static void on_mouse_back (GtkGestureClick *click, int presses, double x, double y, gpointer data) { go_back (data); }

static void on_row_click (GtkGestureClick *click, int presses, double x, double y, gpointer data) {}

static void on_toggle (GtkToggleButton *button, gpointer data) {}

static void on_position (GObject *paned, GParamSpec *pspec, gpointer data) {}

static void on_price_entry (GtkWidget *widget, gpointer data) {}

static void on_name_entry (GtkWidget *widget, gpointer data) {}

static void on_focus_leave (GtkEventControllerFocus *focus, gpointer data) {}

static gboolean on_editor_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
  return FALSE;
}

static gboolean on_close_request (GtkWindow *window, gpointer data) { return FALSE; }

static gboolean on_list_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
  return FALSE;
}

static gboolean on_drop (GtkDropTarget *target, const GValue *value, double x, double y, gpointer data) { return FALSE; }

static void on_size_focus (GtkEventControllerFocus *focus, gpointer data) {}

static gboolean on_window_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, gpointer data) {
  return FALSE;
}

static void on_search_changed (GtkSearchEntry *entry, gpointer data) {}

static void on_search_mode (GObject *bar, GParamSpec *pspec, gpointer data) {}

static void on_toast_button (GtkButton *button, gpointer data) {}

static void on_toast_pointer (GObject *motion, GParamSpec *pspec, gpointer data) {}

/* Hidden once faded out, so that it takes no clicks meant for the content under it. */
static void on_toast_revealed (GObject *revealer, GParamSpec *pspec, gpointer data) {
  if (!gtk_revealer_get_child_revealed (GTK_REVEALER (revealer)) && !gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)))
    gtk_widget_set_visible (GTK_WIDGET (revealer), FALSE);
}

/* Ctrl+F: the list comes into view and the search field takes the focus (PizzaWindow.startSearch). */
static void on_search (GSimpleAction *action, GVariant *parameter, gpointer data) {
  App *app = data;
  go_back (app);
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (app->search_bar), TRUE);
  gtk_widget_grab_focus (app->search_entry);
  gtk_editable_select_region (GTK_EDITABLE (app->search_entry), 0, -1);
}

static void on_action (GSimpleAction *action, GVariant *parameter, gpointer data) {}

static void on_quit (GSimpleAction *action, GVariant *parameter, gpointer data) {
  g_application_quit (G_APPLICATION (data));
}

static const GActionEntry window_actions[] = {
  { "add-pizza", on_action }, { "delete-pizza", on_action }, { "undo", on_action }, { "redo", on_action },
  { "move-up", on_action }, { "move-down", on_action }, { "open-menu", on_action }, { "show-shortcuts", on_action },
  { "search", on_search },
};

/* DesktopAppearance.follow: dark and high contrast from the settings portal when one answers on the session
 * bus, else from GNOME's settings (when installed); changes are followed. */
#define PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_INTERFACE "org.freedesktop.portal.Settings"
#define APPEARANCE "org.freedesktop.appearance"

static struct {
  GSettings *interface, *accessibility;
  gint64 portal_scheme, portal_contrast; /* -1: the portal did not say */
  gboolean set_dark;
} look = { NULL, NULL, -1, -1, FALSE };

static GSettings *settings_if_installed (const char *id, const char *key) {
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema = source ? g_settings_schema_source_lookup (source, id, TRUE) : NULL;
  if (!schema) return NULL;
  gboolean has_key = g_settings_schema_has_key (schema, key);
  g_settings_schema_unref (schema);
  return has_key ? g_settings_new (id) : NULL;
}

/* Prefer-dark set or reset, the HighContrast theme on or off; a setting is reset only when set here, since
 * each reset parses the whole theme again. Schemes: 0 none, 1 dark, 2 light (the portal's and GNOME's). */
static void apply_appearance (void) {
  GtkSettings *settings = gtk_settings_get_default ();
  if (!settings) return;
  gint64 scheme = look.portal_scheme >= 0 ? look.portal_scheme
                : look.interface ? g_settings_get_enum (look.interface, "color-scheme") : 0;
  gboolean contrast = look.portal_contrast >= 0 ? look.portal_contrast == 1
                    : look.accessibility && g_settings_get_boolean (look.accessibility, "high-contrast");
  if (scheme == 1 || scheme == 2) {
    g_object_set (settings, "gtk-application-prefer-dark-theme", scheme == 1, NULL);
    look.set_dark = TRUE;
  } else if (look.set_dark) {
    gtk_settings_reset_property (settings, "gtk-application-prefer-dark-theme");
    look.set_dark = FALSE;
  }
  char *theme = NULL;
  g_object_get (settings, "gtk-theme-name", &theme, NULL);
  if (contrast && g_strcmp0 (theme, "HighContrast") != 0) g_object_set (settings, "gtk-theme-name", "HighContrast", NULL);
  else if (!contrast && g_strcmp0 (theme, "HighContrast") == 0) gtk_settings_reset_property (settings, "gtk-theme-name");
  g_free (theme);
}

/* The `u` in a portal value, inside one `v` or more (older portals add one); -1 if none. Takes `value`. */
static gint64 portal_number (GVariant *value) {
  while (g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT)) {
    GVariant *inner = g_variant_get_variant (value);
    g_variant_unref (value);
    value = inner;
  }
  gint64 number = g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32) ? g_variant_get_uint32 (value) : -1;
  g_variant_unref (value);
  return number;
}

/* Settings.Read of one appearance key, without starting a portal. */
static gint64 portal_read (GDBusConnection *bus, const char *key) {
  GVariant *reply = g_dbus_connection_call_sync (bus, PORTAL_NAME, PORTAL_PATH, PORTAL_INTERFACE, "Read",
                                                 g_variant_new ("(ss)", APPEARANCE, key), NULL,
                                                 G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000, NULL, NULL);
  if (!reply) return -1;
  gint64 number = portal_number (g_variant_get_child_value (reply, 0));
  g_variant_unref (reply);
  return number;
}

static void on_portal_changed (GDBusConnection *bus, const char *sender, const char *path, const char *interface,
                               const char *signal, GVariant *parameters, gpointer data) {
  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)"))) return;
  const char *key;
  GVariant *value;
  g_variant_get (parameters, "(&s&sv)", NULL, &key, &value);
  gint64 number = portal_number (value);
  if (number < 0) return;
  if (g_str_equal (key, "color-scheme")) look.portal_scheme = number;
  else if (g_str_equal (key, "contrast")) look.portal_contrast = number;
  else return;
  apply_appearance ();
}

static void on_appearance_setting (GSettings *settings, const char *key, gpointer data) { apply_appearance (); }

static void follow_desktop_appearance (void) {
  look.interface = settings_if_installed ("org.gnome.desktop.interface", "color-scheme");
  look.accessibility = settings_if_installed ("org.gnome.desktop.a11y.interface", "high-contrast");
  if (look.interface) g_signal_connect (look.interface, "changed::color-scheme", G_CALLBACK (on_appearance_setting), NULL);
  if (look.accessibility) g_signal_connect (look.accessibility, "changed::high-contrast", G_CALLBACK (on_appearance_setting), NULL);
  GDBusConnection *bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus) {
    look.portal_scheme = portal_read (bus, "color-scheme");
    look.portal_contrast = portal_read (bus, "contrast");
    g_dbus_connection_signal_subscribe (bus, PORTAL_NAME, PORTAL_INTERFACE, "SettingChanged", PORTAL_PATH, APPEARANCE,
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_portal_changed, NULL, NULL);
  }
  apply_appearance ();
}

/* As the app's start-up: the style sheet, the default icon, the desktop's appearance, the app's actions and
 * every shortcut (PizzaApplication.startUp). */
static void startup (GtkApplication *application, gpointer data) {
  GtkCssProvider *css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css, reference_style_css, -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (ICON_NAME);
  follow_desktop_appearance ();
  const GActionEntry app_actions[] = { { "quit", on_quit }, { "about", on_action } };
  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  const char *accels[][4] = { { "app.quit", "<Control>q" }, { "win.open-menu", "<Control>o" },
                              { "win.show-shortcuts", "<Control>question" }, { "win.add-pizza", "<Control>n" },
                              { "win.search", "<Control>f" }, { "win.move-up", "<Alt>Up" },
                              { "win.move-down", "<Alt>Down" }, { "win.undo", "<Control>z" },
                              { "win.redo", "<Control><Shift>z", "<Control>y" } };
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (application, accels[i][0], accels[i] + 1);
}

static void label_for_screen_readers (GtkWidget *widget, const char *label) {
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void on_size (GtkToggleButton *button, gpointer data) {
  App *app = data;
  if (!gtk_toggle_button_get_active (button)) return;
  app->chosen_size = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index"));
  render_detail (app);
}

static void setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *name = gtk_label_new (NULL), *price = gtk_label_new (NULL);
  gtk_widget_add_css_class (box, "pizza-row");
  gtk_widget_add_css_class (price, "pizza-price");
  gtk_widget_set_hexpand (name, TRUE);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (price), 1);
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), price);
  GtkGesture *secondary = gtk_gesture_click_new (), *primary = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), 3);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_row_click), data);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (secondary));
  /* Rows are dragged onto one another to reorder them. */
  GtkDragSource *drag = gtk_drag_source_new ();
  gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (drag));
  g_object_set_data (G_OBJECT (box), "drag", drag);
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), data);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (drop));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (primary), 1);
  g_signal_connect (primary, "released", G_CALLBACK (on_row_click), data);
  gtk_widget_add_controller (box, GTK_EVENT_CONTROLLER (primary));
  gtk_list_item_set_child (item, box);
}

static void bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
  App *app = data;
  const char *name = menu_row_name (app->menu, item);
  double unit = menu_pizza_price (app->menu, gtk_list_item_get_position (item));
  GtkWidget *box = gtk_list_item_get_child (item);
  /* PriceQuote.unitPriceText: three decimals, four when the price has them. */
  int decimals = decimals_needed (unit, 3, 4);
  char *price = g_strdup_printf ("$%.*f / sq in", decimals, unit);
  char *spoken = g_strdup_printf ("%s, %.*f dollars per square inch", name, decimals, unit);
  char *dragged = g_strdup_printf (ROW_DRAG_PREFIX "%u", gtk_list_item_get_position (item));
  GBytes *bytes = g_bytes_new_take (dragged, strlen (dragged));
  GdkContentProvider *content = gdk_content_provider_new_for_bytes ("text/plain;charset=utf-8", bytes);
  gtk_drag_source_set_content (g_object_get_data (G_OBJECT (box), "drag"), content);
  g_object_unref (content);
  g_bytes_unref (bytes);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)), name);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (box)), price);
  label_for_screen_readers (box, spoken);
  label_for_screen_readers (gtk_widget_get_parent (box), spoken);
  g_free (spoken);
  g_free (price);
}

/* Focus leaving an editor commits it, and Escape reverts it, as in the app. */
static void add_editor_controllers (GtkWidget *entry, App *app) {
  GtkEventController *focus = gtk_event_controller_focus_new (), *keys = gtk_event_controller_key_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), app);
  gtk_widget_add_controller (entry, focus);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_editor_key), app);
  gtk_widget_add_controller (entry, keys);
}

static GtkWidget *caption (const char *text) {
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

/* A selectable label that never takes the focus (it would select all its text). */
static void selectable (GtkWidget *label) {
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_can_focus (label, FALSE);
}

/* The list pane's search bar: hidden until Ctrl+F or typing in the list (PizzaSearchController). */
static GtkWidget *search_bar (App *app) {
  GtkWidget *bar = app->search_bar = gtk_search_bar_new (), *entry = app->search_entry = gtk_search_entry_new ();
  g_object_set (entry, "placeholder-text", "Search pizzas", NULL);
  label_for_screen_readers (entry, "Search pizzas");
  gtk_search_entry_set_search_delay (GTK_SEARCH_ENTRY (entry), 0);
  gtk_search_bar_set_child (GTK_SEARCH_BAR (bar), entry);
  gtk_search_bar_connect_entry (GTK_SEARCH_BAR (bar), GTK_EDITABLE (entry));
  gtk_search_bar_set_show_close_button (GTK_SEARCH_BAR (bar), TRUE);
  g_signal_connect (entry, "search-changed", G_CALLBACK (on_search_changed), app);
  g_signal_connect (entry, "activate", G_CALLBACK (on_search_changed), app);
  g_signal_connect (bar, "notify::search-mode-enabled", G_CALLBACK (on_search_mode), app);
  return bar;
}

/* Stands in for the list while it has no rows (StatusPage). */
static GtkWidget *empty_page (void) {
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_add_css_class (page, "status-page");
  gtk_widget_set_hexpand (page, TRUE);
  gtk_widget_set_vexpand (page, TRUE);
  gtk_widget_set_valign (page, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (page, 24);
  gtk_widget_set_margin_bottom (page, 24);
  gtk_widget_set_margin_start (page, 12);
  gtk_widget_set_margin_end (page, 12);
  GtkWidget *icon = gtk_image_new_from_icon_name ("emoji-food-symbolic");
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 96);
  gtk_widget_add_css_class (icon, "dim-label");
  gtk_widget_set_margin_bottom (icon, 12);
  GtkWidget *title = gtk_label_new ("No Pizzas"), *description = gtk_label_new ("Add one with +  (Ctrl+N)");
  gtk_widget_add_css_class (title, "title-2");
  gtk_box_append (GTK_BOX (page), icon);
  for (GtkWidget *label = title; label; label = label == title ? description : NULL) {
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
    gtk_label_set_xalign (GTK_LABEL (label), 0.5);
    gtk_box_append (GTK_BOX (page), label);
  }
  return page;
}

/* Confirmations over the bottom of the content, hidden until the first (ToastOverlay). */
static GtkWidget *toast_overlay (GtkWidget *content, App *app) {
  GtkWidget *overlay = gtk_overlay_new (), *revealer = gtk_revealer_new ();
  GtkWidget *toast = g_object_new (GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                   "orientation", GTK_ORIENTATION_HORIZONTAL, "spacing", 6, NULL);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), content);
  gtk_widget_add_css_class (toast, "toast");
  GtkWidget *message = gtk_label_new (NULL), *action = gtk_button_new_with_label ("");
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_set_hexpand (message, TRUE);
  gtk_button_set_use_underline (GTK_BUTTON (action), TRUE);
  gtk_widget_add_css_class (action, "flat");
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_add_css_class (close, "circular");
  gtk_widget_set_tooltip_text (close, "Dismiss");
  label_for_screen_readers (close, "Dismiss Notification");
  gtk_box_append (GTK_BOX (toast), message);
  gtk_box_append (GTK_BOX (toast), action);
  gtk_box_append (GTK_BOX (toast), close);
  GtkEventController *pointer = gtk_event_controller_motion_new ();
  g_signal_connect (pointer, "notify::contains-pointer", G_CALLBACK (on_toast_pointer), app);
  gtk_widget_add_controller (toast, pointer);
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
  gtk_revealer_set_transition_duration (GTK_REVEALER (revealer), 200);
  gtk_revealer_set_child (GTK_REVEALER (revealer), toast);
  gtk_widget_set_halign (revealer, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (revealer, GTK_ALIGN_END);
  gtk_widget_set_margin_top (revealer, 12);
  gtk_widget_set_margin_bottom (revealer, 18);
  gtk_widget_set_margin_start (revealer, 12);
  gtk_widget_set_margin_end (revealer, 12);
  gtk_widget_set_visible (revealer, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), revealer);
  g_signal_connect (action, "clicked", G_CALLBACK (on_toast_button), app);
  g_signal_connect (close, "clicked", G_CALLBACK (on_toast_button), app);
  g_signal_connect (revealer, "notify::child-revealed", G_CALLBACK (on_toast_revealed), app);
  return overlay;
}

static void activate (GtkApplication *application, gpointer data) {
  App *app = data;
  if (app->window) {
    gtk_window_present (GTK_WINDOW (app->window));
    return;
  }
  /* A menu other than the user's own is named in the title, as the app does. */
  char *own_menu = g_build_filename (g_get_user_data_dir (), "pizza-split", "menu.json", NULL);
  if (!app->menu_path) app->menu_path = g_strdup (own_menu);
  gboolean own = g_str_equal (app->menu_path, own_menu);
  char *file_name = g_path_get_basename (app->menu_path);
  app->file_title = own ? g_strdup ("Pizza Split") : g_strdup_printf ("%s — Pizza Split", file_name);
  g_free (file_name);
  g_free (own_menu);
  app->load_error = NULL;
  app->menu = menu_load (app->menu_path, &app->load_error);
  /* Another menu's window state is kept under the FNV-1a hash of its path (MenuFiles.statePath). */
  guint64 hash = 0xcbf29ce484222325u;
  for (const char *c = app->menu_path; *c; c++) hash = (hash ^ (guchar) *c) * 0x100000001b3u;
  char *state_name = own ? g_strdup ("window-state") : g_strdup_printf ("window-state-%016" G_GINT64_MODIFIER "x", hash);
  char *state_path = g_build_filename (g_get_user_state_dir (), "pizza-split", state_name, NULL);
  g_free (state_name);
  char *state = NULL;
  g_file_get_contents (state_path, &state, NULL, NULL);
  g_free (state);
  g_free (state_path);
  app->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (app->window), app->file_title);
  gtk_window_set_default_size (GTK_WINDOW (app->window), 960, 640);
  GtkWidget *header = gtk_header_bar_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (app->window), window_actions, G_N_ELEMENTS (window_actions), app);
  app->back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_visible (app->back, FALSE);
  gtk_widget_set_tooltip_text (app->back, "Back to Pizzas");
  label_for_screen_readers (app->back, "Back to Pizzas");
  g_signal_connect (app->back, "clicked", G_CALLBACK (on_back), app);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), app->back);
  GtkWidget *toggle = app->toggle = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (toggle), "sidebar-show-symbolic");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  gtk_widget_set_tooltip_text (toggle, "Show or Hide the Pizzas List (F9)");
  label_for_screen_readers (toggle, "Show Pizzas List");
  g_signal_connect (toggle, "toggled", G_CALLBACK (on_toggle), app);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), toggle);
  GtkWidget *add = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_set_tooltip_text (add, "Add a Pizza (Ctrl+N)");
  label_for_screen_readers (add, "Add Pizza");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (add), "win.add-pizza");
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), add);
  GMenu *menu = g_menu_new (), *edit = g_menu_new (), *file = g_menu_new (), *about = g_menu_new ();
  g_menu_append (edit, "_Undo", "win.undo");
  g_menu_append (edit, "_Redo", "win.redo");
  g_menu_append (file, "_Open Menu File…", "win.open-menu");
  g_menu_append (about, "_Keyboard Shortcuts", "win.show-shortcuts");
  g_menu_append (about, "_About Pizza Split", "app.about");
  g_menu_append (about, "_Quit", "app.quit");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (file));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (about));
  GtkWidget *menu_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "open-menu-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), G_MENU_MODEL (menu));
  gtk_menu_button_set_primary (GTK_MENU_BUTTON (menu_button), TRUE);
  gtk_widget_set_tooltip_text (menu_button, "Main Menu");
  label_for_screen_readers (menu_button, "Main Menu");
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), menu_button);
  GtkWidget *title = app->title = gtk_label_new (app->file_title);
  gtk_widget_add_css_class (title, "title");
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), title);
  gtk_window_set_titlebar (GTK_WINDOW (app->window), header);

  app->selection = gtk_single_selection_new (menu_list_model (app->menu));
  gtk_single_selection_set_autoselect (app->selection, FALSE);
  gtk_single_selection_set_can_unselect (app->selection, TRUE);
  gtk_single_selection_set_selected (app->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect (app->selection, "notify::selected", G_CALLBACK (on_selected), app);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), app);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), app);
  GtkWidget *list = app->list = gtk_list_view_new (GTK_SELECTION_MODEL (app->selection), factory);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  label_for_screen_readers (list, "Pizzas");
  /* Row keys (Space, the context-menu keys) and Tab leaving the list, before the rows' own bindings;
   * then Delete and Escape. */
  GtkEventController *list_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (list_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (list_keys, "key-pressed", G_CALLBACK (on_list_key), app);
  gtk_widget_add_controller (list, list_keys);
  list_keys = gtk_event_controller_key_new ();
  g_signal_connect (list_keys, "key-pressed", G_CALLBACK (on_list_key), app);
  gtk_widget_add_controller (list, list_keys);
  app->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (app->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (app->scroller), list);
  gtk_widget_set_vexpand (app->scroller, TRUE);
  app->primary = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (app->primary), search_bar (app));
  gtk_search_bar_set_key_capture_widget (GTK_SEARCH_BAR (app->search_bar), list);
  gtk_box_append (GTK_BOX (app->primary), app->scroller);
  gtk_box_append (GTK_BOX (app->primary), app->empty_page = empty_page ());
  gboolean empty = menu_pizza_count (app->menu) == 0;
  gtk_widget_set_visible (app->scroller, !empty);
  gtk_widget_set_visible (app->empty_page, empty);
  gtk_widget_set_size_request (app->primary, 240, -1);

  GtkWidget *detail = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (detail, 24);
  gtk_widget_set_margin_end (detail, 24);
  gtk_widget_set_margin_top (detail, 24);
  gtk_widget_set_margin_bottom (detail, 24);
  /* With no pizzas at all the detail is left empty; the list's page says how to add one. */
  gtk_widget_set_visible (detail, !empty);
  app->secondary = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (app->secondary), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (app->secondary), detail);
  gtk_widget_set_hexpand (app->secondary, TRUE);
  gtk_widget_set_vexpand (app->secondary, TRUE);
  gtk_widget_set_size_request (app->secondary, 460, -1);
  app->heading = gtk_label_new (NULL);
  gtk_widget_add_css_class (app->heading, "detail-heading");
  gtk_label_set_xalign (GTK_LABEL (app->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (app->heading), TRUE);
  selectable (app->heading);
  gtk_widget_set_valign (detail, GTK_ALIGN_START);
  app->size_line = gtk_label_new (NULL);
  app->price_line = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (app->size_line), 0);
  gtk_label_set_xalign (GTK_LABEL (app->price_line), 0);
  gtk_label_set_wrap (GTK_LABEL (app->size_line), TRUE);
  gtk_label_set_wrap (GTK_LABEL (app->price_line), TRUE);
  selectable (app->size_line);
  selectable (app->price_line);
  /* The sizes wrap when narrow; Tab lands on the chosen one, the arrows move between them. */
  GtkWidget *buttons = gtk_flow_box_new (), *first = NULL;
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (buttons), GTK_SELECTION_NONE);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (buttons), 6);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (buttons), 3);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (buttons), 12);
  label_for_screen_readers (buttons, "Size");
  GtkEventController *size_keys = gtk_event_controller_key_new (), *size_focus = gtk_event_controller_focus_new ();
  gtk_event_controller_set_propagation_phase (size_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (size_keys, "key-pressed", G_CALLBACK (on_list_key), app);
  gtk_widget_add_controller (buttons, size_keys);
  g_signal_connect (size_focus, "enter", G_CALLBACK (on_size_focus), app);
  gtk_widget_add_controller (buttons, size_focus);
  guint chosen = 0;
  for (guint i = 0; i < menu_size_count (app->menu); i++) if (menu_size_diameter (app->menu, i) == 12) { chosen = i; break; }
  for (guint i = 0; i < menu_size_count (app->menu); i++) {
    const char *size_label = menu_size_label (app->menu, i);
    GtkWidget *button = gtk_toggle_button_new_with_label (size_label);
    /* `24"` has no letter to say which way it runs. */
    gtk_widget_set_direction (gtk_button_get_child (GTK_BUTTON (button)), GTK_TEXT_DIR_LTR);
    g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
    char inches[40];
    menu_number_text (menu_size_diameter (app->menu, i), inches);
    char *spoken = g_str_equal (size_label, "Personal") ? g_strdup_printf ("Personal size, %s inches", inches)
                                                        : g_strdup_printf ("%s inch", inches);
    label_for_screen_readers (button, spoken);
    g_free (spoken);
    if (first) gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), GTK_TOGGLE_BUTTON (first)); else first = button;
    if (i == chosen) gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
    g_signal_connect (button, "toggled", G_CALLBACK (on_size), app);
    gtk_flow_box_insert (GTK_FLOW_BOX (buttons), button, -1);
    gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
  }
  gtk_widget_add_css_class (app->size_line, "size-line");
  gtk_widget_add_css_class (app->price_line, "price-line");
  GtkWidget *editor = app->editor = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6), *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = app->price_entry = gtk_entry_new (), *error = gtk_label_new (NULL);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_NUMBER);
  gtk_widget_add_css_class (error, "field-error");
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_widget_set_hexpand (entry, TRUE);
  label_for_screen_readers (entry, "Price per square inch");
  g_signal_connect (entry, "activate", G_CALLBACK (on_price_entry), app);
  g_signal_connect (entry, "changed", G_CALLBACK (on_price_entry), app);
  gtk_box_append (GTK_BOX (row), entry);
  GtkWidget *set_price = gtk_button_new_with_label ("Set Price");
  g_signal_connect (set_price, "clicked", G_CALLBACK (on_price_entry), app);
  gtk_box_append (GTK_BOX (row), set_price);
  gtk_widget_set_visible (error, FALSE);
  add_editor_controllers (entry, app);
  GtkWidget *name_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6), *name_error = gtk_label_new (NULL);
  app->name_entry = gtk_entry_new ();
  gtk_widget_set_hexpand (app->name_entry, TRUE);
  label_for_screen_readers (app->name_entry, "Name");
  g_signal_connect (app->name_entry, "activate", G_CALLBACK (on_name_entry), app);
  g_signal_connect (app->name_entry, "changed", G_CALLBACK (on_name_entry), app);
  add_editor_controllers (app->name_entry, app);
  gtk_box_append (GTK_BOX (name_row), app->name_entry);
  GtkWidget *rename = gtk_button_new_with_label ("Rename");
  g_signal_connect (rename, "clicked", G_CALLBACK (on_name_entry), app);
  gtk_box_append (GTK_BOX (name_row), rename);
  gtk_widget_add_css_class (name_error, "field-error");
  gtk_label_set_xalign (GTK_LABEL (name_error), 0);
  gtk_label_set_wrap (GTK_LABEL (name_error), TRUE);
  gtk_widget_set_visible (name_error, FALSE);
  gtk_box_append (GTK_BOX (editor), caption ("Name"));
  gtk_box_append (GTK_BOX (editor), name_row);
  gtk_box_append (GTK_BOX (editor), name_error);
  gtk_box_append (GTK_BOX (editor), caption ("Price per square inch"));
  gtk_box_append (GTK_BOX (editor), row);
  gtk_box_append (GTK_BOX (editor), error);
  gtk_widget_set_visible (editor, FALSE);
  gtk_box_append (GTK_BOX (detail), app->heading);
  gtk_box_append (GTK_BOX (detail), caption ("Size"));
  gtk_box_append (GTK_BOX (detail), buttons);
  gtk_box_append (GTK_BOX (detail), app->size_line);
  gtk_box_append (GTK_BOX (detail), app->price_line);
  gtk_box_append (GTK_BOX (detail), editor);

  app->paned = g_object_ref_sink (gtk_paned_new (GTK_ORIENTATION_HORIZONTAL));
  app->stack = g_object_ref_sink (gtk_stack_new ());
  gtk_stack_set_transition_type (GTK_STACK (app->stack), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT);
  gtk_stack_set_transition_duration (GTK_STACK (app->stack), 200);
  gtk_stack_set_hhomogeneous (GTK_STACK (app->stack), FALSE);
  gtk_stack_set_interpolate_size (GTK_STACK (app->stack), FALSE);
  gtk_paned_set_start_child (GTK_PANED (app->paned), app->primary);
  gtk_paned_set_end_child (GTK_PANED (app->paned), app->secondary);
  gtk_paned_set_position (GTK_PANED (app->paned), 336);
  gtk_paned_set_resize_start_child (GTK_PANED (app->paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (app->paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (app->paned), FALSE);
  g_signal_connect (app->paned, "notify::position", G_CALLBACK (on_position), app);
  app->root = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_name (app->root, "split-view");
  for (GtkWidget **widget = (GtkWidget *[]) { app->root, app->paned, app->stack, NULL }; *widget; widget++) {
    gtk_widget_set_hexpand (*widget, TRUE);
    gtk_widget_set_vexpand (*widget, TRUE);
  }
  gtk_box_append (GTK_BOX (app->root), app->paned);
  GtkWidget *probe = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  gtk_widget_set_hexpand (probe, TRUE);
  g_signal_connect (probe, "resize", G_CALLBACK (on_probe_resize), app);
  gtk_box_append (GTK_BOX (app->root), probe);
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key), app);
  gtk_widget_add_controller (app->root, keys);
  GtkGesture *mouse_back = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (mouse_back), 8);
  g_signal_connect (mouse_back, "pressed", G_CALLBACK (on_mouse_back), app);
  gtk_widget_add_controller (app->root, GTK_EVENT_CONTROLLER (mouse_back));
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0), *banner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (banner, "banner");
  GtkWidget *message = gtk_label_new (NULL), *banner_action = gtk_button_new_with_label ("");
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_widget_set_hexpand (message, TRUE);
  selectable (message);
  gtk_button_set_use_underline (GTK_BUTTON (banner_action), TRUE);
  gtk_box_append (GTK_BOX (banner), message);
  gtk_box_append (GTK_BOX (banner), banner_action);
  GtkWidget *dismiss = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_button_set_has_frame (GTK_BUTTON (dismiss), FALSE);
  gtk_widget_set_tooltip_text (dismiss, "Dismiss");
  label_for_screen_readers (dismiss, "Dismiss Message");
  gtk_box_append (GTK_BOX (banner), dismiss);
  gtk_widget_set_visible (banner, FALSE);
  if (app->load_error) {
    /* The problem as a sentence; a copy is promised only where the first save will make one. */
    const char *stop = g_str_has_suffix (app->load_error, ".") || g_str_has_suffix (app->load_error, "?") ||
                       g_str_has_suffix (app->load_error, "!") ? "" : ".";
    char *name = g_path_get_basename (app->menu_path);
    char *keeping = g_file_test (app->menu_path, G_FILE_TEST_EXISTS)
      ? g_strdup_printf (" Your file is left as it is; at your first change it is kept beside the new one as %s.broken.", name)
      : g_strdup ("");
    char *text = g_strdup_printf ("Could not open your menu. %s%s Showing the default menu.%s", app->load_error, stop, keeping);
    g_free (keeping);
    g_free (name);
    gtk_label_set_text (GTK_LABEL (message), text);
    g_free (text);
    gtk_widget_add_css_class (banner, "error");
    gtk_widget_set_visible (banner_action, FALSE);
    gtk_widget_set_visible (banner, TRUE);
  }
  gtk_box_append (GTK_BOX (content), banner);
  gtk_box_append (GTK_BOX (content), toast_overlay (app->root, app));
  gtk_window_set_child (GTK_WINDOW (app->window), content);
  /* F6 moves between the panes and the header bar, before GtkPaned's own F6. */
  GtkEventController *window_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (window_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (window_keys, "key-pressed", G_CALLBACK (on_window_key), app);
  gtk_widget_add_controller (app->window, window_keys);
  g_signal_connect (app->window, "realize", G_CALLBACK (on_realize), app);
  g_signal_connect (app->window, "close-request", G_CALLBACK (on_close_request), app);
  app->chosen_size = chosen;
  render_detail (app);
  gtk_window_present (GTK_WINDOW (app->window));
  gtk_widget_grab_focus (app->list);
}

/* --check-menu: what the loader made of FILE, one line per pizza and size, numbers as the app writes them. */
static int check_menu (const char *path) {
  char *error = NULL, number[40];
  Menu *menu = menu_load (path, &error);
  if (error) printf ("error: %s\n", error);
  for (guint i = 0; i < menu_pizza_count (menu); i++) {
    menu_number_text (menu_pizza_price (menu, i), number);
    printf ("pizza: %s\t%s\n", menu_pizza_name (menu, i), number);
  }
  for (guint i = 0; i < menu_size_count (menu); i++) {
    menu_number_text (menu_size_diameter (menu, i), number);
    printf ("size: %s\t%s\n", menu_size_label (menu, i), number);
  }
  return 0;
}

/* The menu named on the command line comes as a file to open, so that a second launch hands it to the first
 * (which, unlike the app, only shows its window). */
static void open_files (GApplication *application, GFile **files, int count, const char *hint, gpointer data) {
  App *app = data;
  if (!app->window) app->menu_path = g_file_get_path (files[count - 1]);
  activate (GTK_APPLICATION (application), app);
}

int main (int argc, char **argv) {
  if (argc == 3 && g_str_equal (argv[1], "--check-menu")) return check_menu (argv[2]);
  App app = { 0 };
  GtkApplication *application = gtk_application_new (REFERENCE_APPLICATION_ID, G_APPLICATION_HANDLES_OPEN);
  g_signal_connect (application, "startup", G_CALLBACK (startup), &app);
  g_signal_connect (application, "activate", G_CALLBACK (activate), &app);
  g_signal_connect (application, "open", G_CALLBACK (open_files), &app);
  char *args[] = { argv[0], argc == 3 && g_str_equal (argv[1], "--menu") ? argv[2] : NULL, NULL };
  int status = g_application_run (G_APPLICATION (application), args[1] ? 2 : 1, args);
  g_object_unref (application);
  return status;
}

/* The benchmark's references: the Pizza Split window written directly in C on GTK 4, over the menu that
 * idiomatic.c or best.c loads (menu.h). Same widgets (header bar with back, list toggle, add and main menu; the
 * detail with its size buttons, price lines and the name and price editors; a hidden message banner), the same CSS,
 * the same single-instance GtkApplication with the same actions and shortcuts, the same input handlers
 * (Escape, Alt+Left and mouse button 8 go back; each row takes clicks and right-clicks), the same
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

typedef struct {
  Menu *menu;
  char *menu_path, *load_error;
  GtkWidget *window, *root, *paned, *stack, *primary, *secondary, *list;
  GtkWidget *heading, *size_line, *price_line, *editor, *name_entry, *price_entry, *back;
  char *file_title;
  GtkWidget *title;
  GtkSingleSelection *selection;
  int chosen_size, collapsed, tick_pending, narrowest;
} App;

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
    return;
  }
  double unit = menu_pizza_price (app->menu, position);
  double area = M_PI * (diameter / 2) * (diameter / 2);
  char *price = g_strdup_printf ("%6.2f sq in at $%6.2f is $%6.2f", area, unit, area * unit);
  gtk_label_set_text (GTK_LABEL (app->heading), menu_pizza_name (app->menu, position));
  gtk_editable_set_text (GTK_EDITABLE (app->name_entry), menu_pizza_name (app->menu, position));
  char number[40];
  menu_number_text (unit, number);
  gtk_editable_set_text (GTK_EDITABLE (app->price_entry), number);
  gtk_widget_remove_css_class (app->heading, "detail-placeholder");
  gtk_widget_set_visible (app->editor, TRUE);
  gtk_label_set_text (GTK_LABEL (app->price_line), price);
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
  if (collapse) {
    gtk_paned_set_start_child (GTK_PANED (app->paned), NULL);
    gtk_paned_set_end_child (GTK_PANED (app->paned), NULL);
    gtk_stack_add_named (GTK_STACK (app->stack), app->primary, "primary");
    gtk_stack_add_named (GTK_STACK (app->stack), app->secondary, "secondary");
    gtk_stack_set_visible_child_name (GTK_STACK (app->stack), selected == GTK_INVALID_LIST_POSITION ? "primary" : "secondary");
    gtk_box_remove (GTK_BOX (app->root), app->paned);
    gtk_box_append (GTK_BOX (app->root), app->stack);
  } else {
    gtk_stack_remove (GTK_STACK (app->stack), app->primary);
    gtk_stack_remove (GTK_STACK (app->stack), app->secondary);
    gtk_paned_set_start_child (GTK_PANED (app->paned), app->primary);
    gtk_paned_set_end_child (GTK_PANED (app->paned), app->secondary);
    gtk_box_remove (GTK_BOX (app->root), app->stack);
    gtk_box_append (GTK_BOX (app->root), app->paned);
  }
  gtk_widget_set_visible (app->back, collapse && selected != GTK_INVALID_LIST_POSITION);
  g_object_unref (app->primary);
  g_object_unref (app->secondary);
  app->collapsed = collapse;
  update_title (app);
}

static gboolean apply_width (GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  App *app = data;
  app->tick_pending = FALSE;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (app->window));
  int width = surface ? gdk_surface_get_width (surface) : 0;
  if (app->narrowest > 0 && app->narrowest < width) width = app->narrowest;
  app->narrowest = 0;
  if (!app->collapsed && width < COLLAPSE_BELOW) place_panes (app, TRUE);
  else if (app->collapsed && width >= COLLAPSE_BELOW + HYSTERESIS) place_panes (app, FALSE);
  /* The divider at the default share of the width the panes get, as SplitLayout.primaryWidth places it. */
  int total = gtk_widget_get_width (app->root);
  if (!app->collapsed && total > 0) {
    int position = MIN (MAX ((int) round (total * 0.35), 240), MAX (240, total - 460));
    if (gtk_paned_get_position (GTK_PANED (app->paned)) != position) gtk_paned_set_position (GTK_PANED (app->paned), position);
  }
  return G_SOURCE_REMOVE;
}

static void schedule (App *app, int width) {
  if (app->narrowest == 0 || width < app->narrowest) app->narrowest = width;
  if (app->tick_pending) return;
  app->tick_pending = TRUE;
  gtk_widget_add_tick_callback (app->root, apply_width, app, NULL);
}

static void on_layout (GdkSurface *surface, int width, int height, gpointer data) { schedule (data, width); }

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

static void on_action (GSimpleAction *action, GVariant *parameter, gpointer data) {}

static void on_quit (GSimpleAction *action, GVariant *parameter, gpointer data) {
  g_application_quit (G_APPLICATION (data));
}

static const GActionEntry window_actions[] = {
  { "add-pizza", on_action }, { "delete-pizza", on_action }, { "undo", on_action }, { "redo", on_action },
  { "move-up", on_action }, { "move-down", on_action }, { "open-menu", on_action }, { "show-shortcuts", on_action },
};

static void install_actions (GtkApplication *application, GtkWidget *window) {
  const GActionEntry app_actions[] = { { "quit", on_quit }, { "about", on_action } };
  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  g_action_map_add_action_entries (G_ACTION_MAP (window), window_actions, G_N_ELEMENTS (window_actions), NULL);
  const char *accels[][4] = { { "app.quit", "<Control>q" }, { "win.add-pizza", "<Control>n" },
                              { "win.open-menu", "<Control>o" }, { "win.show-shortcuts", "<Control>question" },
                              { "win.undo", "<Control>z" }, { "win.redo", "<Control><Shift>z", "<Control>y" },
                              { "win.move-up", "<Alt>Up" }, { "win.move-down", "<Alt>Down" } };
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
  char *price = g_strdup_printf ("%6.3f", unit);
  char *spoken = g_strdup_printf ("%s, %.3f dollars per square inch", name, unit);
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

static void activate (GtkApplication *application, gpointer data) {
  App *app = data;
  GtkCssProvider *css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css, reference_style_css, -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  app->load_error = NULL;
  app->menu = menu_load (app->menu_path, &app->load_error);
  char *state_path = g_build_filename (g_get_user_state_dir (), "pizza-split", "window-state", NULL);
  char *state = NULL;
  g_file_get_contents (state_path, &state, NULL, NULL);
  g_free (state);
  g_free (state_path);
  app->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (app->window), app->file_title);
  gtk_window_set_default_size (GTK_WINDOW (app->window), 960, 640);
  GtkWidget *header = gtk_header_bar_new ();
  install_actions (application, app->window);
  app->back = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_visible (app->back, FALSE);
  gtk_widget_set_tooltip_text (app->back, "Back to Pizzas");
  label_for_screen_readers (app->back, "Back to Pizzas");
  g_signal_connect (app->back, "clicked", G_CALLBACK (on_back), app);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), app->back);
  GtkWidget *toggle = gtk_toggle_button_new ();
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
  app->primary = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (app->primary), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (app->primary), list);
  gtk_widget_set_size_request (app->primary, 240, -1);

  GtkWidget *detail = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_start (detail, 24);
  gtk_widget_set_margin_end (detail, 24);
  gtk_widget_set_margin_top (detail, 24);
  app->secondary = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (app->secondary), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (app->secondary), detail);
  gtk_widget_set_size_request (app->secondary, 460, -1);
  app->heading = gtk_label_new (NULL);
  gtk_widget_add_css_class (app->heading, "detail-heading");
  gtk_label_set_xalign (GTK_LABEL (app->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (app->heading), TRUE);
  gtk_label_set_selectable (GTK_LABEL (app->heading), TRUE);
  gtk_widget_set_valign (detail, GTK_ALIGN_START);
  app->size_line = gtk_label_new (NULL);
  app->price_line = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (app->size_line), 0);
  gtk_label_set_xalign (GTK_LABEL (app->price_line), 0);
  gtk_label_set_selectable (GTK_LABEL (app->size_line), TRUE);
  gtk_label_set_selectable (GTK_LABEL (app->price_line), TRUE);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6), *first = NULL;
  label_for_screen_readers (buttons, "Size");
  guint chosen = 0;
  for (guint i = 0; i < menu_size_count (app->menu); i++) if (menu_size_diameter (app->menu, i) == 12) { chosen = i; break; }
  for (guint i = 0; i < menu_size_count (app->menu); i++) {
    const char *size_label = menu_size_label (app->menu, i);
    GtkWidget *button = gtk_toggle_button_new_with_label (size_label);
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
    gtk_box_append (GTK_BOX (buttons), button);
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
  gtk_stack_set_hhomogeneous (GTK_STACK (app->stack), FALSE);
  gtk_paned_set_start_child (GTK_PANED (app->paned), app->primary);
  gtk_paned_set_end_child (GTK_PANED (app->paned), app->secondary);
  gtk_paned_set_position (GTK_PANED (app->paned), 336);
  gtk_paned_set_resize_start_child (GTK_PANED (app->paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (app->paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (app->paned), FALSE);
  g_signal_connect (app->paned, "notify::position", G_CALLBACK (on_position), app);
  app->root = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_vexpand (app->root, TRUE);
  gtk_widget_set_vexpand (app->paned, TRUE);
  gtk_widget_set_vexpand (app->stack, TRUE);
  gtk_widget_set_vexpand (app->primary, TRUE);
  gtk_box_append (GTK_BOX (app->root), app->paned);
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
  gtk_label_set_selectable (GTK_LABEL (message), TRUE);
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
    char *name = g_path_get_basename (app->menu_path);
    char *text = g_strdup_printf ("Could not open your menu. %s. Showing the default menu. Your file is left as it is; "
                                  "at your first change it is kept beside the new one as %s.broken.", app->load_error, name);
    g_free (name);
    gtk_label_set_text (GTK_LABEL (message), text);
    g_free (text);
    gtk_widget_add_css_class (banner, "error");
    gtk_widget_set_visible (banner_action, FALSE);
    gtk_widget_set_visible (banner, TRUE);
  }
  gtk_box_append (GTK_BOX (content), banner);
  gtk_box_append (GTK_BOX (content), app->root);
  gtk_window_set_child (GTK_WINDOW (app->window), content);
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

int main (int argc, char **argv) {
  if (argc == 3 && g_str_equal (argv[1], "--check-menu")) return check_menu (argv[2]);
  App app = { 0 };
  char *own_menu = g_build_filename (g_get_user_data_dir (), "pizza-split", "menu.json", NULL);
  app.menu_path = argc == 3 && g_str_equal (argv[1], "--menu") ? g_strdup (argv[2]) : g_strdup (own_menu);
  /* A menu other than the user's own is named in the title, as the app does. */
  char *file_name = g_path_get_basename (app.menu_path);
  app.file_title = g_str_equal (app.menu_path, own_menu) ? g_strdup ("Pizza Split") : g_strdup_printf ("%s — Pizza Split", file_name);
  g_free (file_name);
  g_free (own_menu);
  GtkApplication *application = gtk_application_new (REFERENCE_APPLICATION_ID, G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (application, "activate", G_CALLBACK (activate), &app);
  char *args[] = { argv[0], NULL };
  int status = g_application_run (G_APPLICATION (application), 1, args);
  g_object_unref (application);
  return status;
}

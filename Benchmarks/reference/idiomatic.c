/* The idiomatic C reference's menu: json-glib parses the file into a tree, the menu's rules are checked
 * on the tree, and the list is a GtkStringList, one GtkStringObject per pizza. Syntax errors are
 * json-glib's (with its line and column); the menu's own errors have the app's words, without a position,
 * since json-glib's nodes keep none. */
#include "menu.h"
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

typedef struct { char *name; double price; } Pizza;
typedef struct { char *label; double diameter; } Size;

struct Menu {
  GArray *pizzas, *sizes;
  GtkStringList *names;
};

static const char *describe (JsonNode *node) {
  switch (json_node_get_node_type (node)) {
  case JSON_NODE_OBJECT: return "an object";
  case JSON_NODE_ARRAY: return "a list";
  case JSON_NODE_NULL: return "'null'";
  default: break;
  }
  GType type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING) return "a string";
  if (type == G_TYPE_BOOLEAN) return json_node_get_boolean (node) ? "'true'" : "'false'";
  return "a number";
}

static int is_number (JsonNode *node) {
  return JSON_NODE_HOLDS_VALUE (node) &&
         (json_node_get_value_type (node) == G_TYPE_INT64 || json_node_get_value_type (node) == G_TYPE_DOUBLE);
}

static int is_string (JsonNode *node) {
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING;
}

/* MenuText's check of a name or label as read: "pizza 2: Enter a name for the pizza.", or NULL. */
static char *menu_text_problem_of (const char *text, int label, guint number, const char *noun) {
  char *trimmed = menu_trim (text, strlen (text));
  char *problem = menu_text_problem (trimmed, label);
  g_free (trimmed);
  if (!problem) return NULL;
  char *message = g_strdup_printf ("%s %u: %s", noun, number, problem);
  g_free (problem);
  return message;
}

static char *read_pizzas (JsonArray *list, Menu *menu) {
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char *problem = NULL;
  for (guint i = 0; i < json_array_get_length (list) && !problem; i++) {
    guint number = i + 1;
    JsonNode *node = json_array_get_element (list, i);
    if (!JSON_NODE_HOLDS_OBJECT (node)) {
      problem = g_strdup_printf ("item %u of \"pizzas\" must be an object {...}, found %s", number, describe (node));
      break;
    }
    JsonObject *item = json_node_get_object (node);
    JsonNode *name = json_object_get_member (item, "name"), *price = json_object_get_member (item, "pricePerSquareInch");
    if (name && !is_string (name))
      problem = g_strdup_printf ("expected a string for \"name\" of pizza %u, found %s", number, describe (name));
    else if (price && !is_number (price))
      problem = g_strdup_printf ("expected a number for \"pricePerSquareInch\" of pizza %u, found %s", number, describe (price));
    else if (name && (problem = menu_text_problem_of (json_node_get_string (name), 0, number, "pizza")))
      break;
    else if (price && !isfinite (json_node_get_double (price)))
      problem = g_strdup_printf ("the number for \"pricePerSquareInch\" of pizza %u is too large", number);
    else if (price && menu_price_problem (json_node_get_double (price))) {
      char found[40];
      menu_number_text (json_node_get_double (price), found);
      problem = g_strdup_printf ("pizza %u: %s (found %s)", number, menu_price_problem (json_node_get_double (price)), found);
    } else if (!name)
      problem = g_strdup_printf ("pizza %u has no \"name\"", number);
    else if (!price)
      problem = g_strdup_printf ("pizza %u has no \"pricePerSquareInch\"", number);
    if (problem) break;
    const char *text = json_node_get_string (name);
    Pizza pizza = { menu_trim (text, strlen (text)), json_node_get_double (price) };
    if (!g_hash_table_add (seen, menu_name_key (pizza.name))) {
      char *shown = menu_shortened (pizza.name);
      problem = g_strdup_printf ("pizza %u: there is already a pizza called “%s”", number, shown);
      g_free (shown);
      g_free (pizza.name);
      break;
    }
    g_array_append_val (menu->pizzas, pizza);
  }
  g_hash_table_unref (seen);
  return problem;
}

static char *read_sizes (JsonArray *list, Menu *menu) {
  if (json_array_get_length (list) == 0) return g_strdup ("The menu needs at least one size.");
  for (guint i = 0; i < json_array_get_length (list); i++) {
    guint number = i + 1;
    JsonNode *node = json_array_get_element (list, i);
    if (!JSON_NODE_HOLDS_OBJECT (node))
      return g_strdup_printf ("item %u of \"sizes\" must be an object {...}, found %s", number, describe (node));
    JsonObject *item = json_node_get_object (node);
    JsonNode *label = json_object_get_member (item, "label"), *diameter = json_object_get_member (item, "diameter");
    if (label && !is_string (label))
      return g_strdup_printf ("expected a string for \"label\" of size %u, found %s", number, describe (label));
    char *label_problem = label ? menu_text_problem_of (json_node_get_string (label), 1, number, "size") : NULL;
    if (label_problem) return label_problem;
    if (diameter && !is_number (diameter))
      return g_strdup_printf ("expected a number for \"diameter\" of size %u, found %s", number, describe (diameter));
    if (diameter && !isfinite (json_node_get_double (diameter)))
      return g_strdup_printf ("the number for \"diameter\" of size %u is too large", number);
    if (!label) return g_strdup_printf ("size %u has no \"label\"", number);
    if (!diameter) return g_strdup_printf ("size %u has no \"diameter\"", number);
    const char *text = json_node_get_string (label);
    Size size = { menu_trim (text, strlen (text)), json_node_get_double (diameter) };
    char *problem = NULL, *shown = menu_shortened (size.label);
    if (!(size.diameter >= 1 && size.diameter <= 100))
      problem = g_strdup_printf ("size %u: The size “%s” must be between 1 and 100 across, in the menu's unit.", number, shown);
    else if (number > MENU_MAXIMUM_SIZE_COUNT)
      problem = g_strdup_printf ("size %u: A menu can have at most %d sizes.", number, MENU_MAXIMUM_SIZE_COUNT);
    for (guint j = 0; j < menu->sizes->len && !problem; j++)
      if (g_str_equal (g_array_index (menu->sizes, Size, j).label, size.label))
        problem = g_strdup_printf ("size %u: There are two sizes labelled “%s”.", number, shown);
    g_free (shown);
    if (problem) { g_free (size.label); return problem; }
    g_array_append_val (menu->sizes, size);
  }
  return NULL;
}

static void clear (Menu *menu) {
  for (guint i = 0; i < menu->pizzas->len; i++) g_free (g_array_index (menu->pizzas, Pizza, i).name);
  for (guint i = 0; i < menu->sizes->len; i++) g_free (g_array_index (menu->sizes, Size, i).label);
  g_array_set_size (menu->pizzas, 0);
  g_array_set_size (menu->sizes, 0);
}

/* Parses `data` (or the file at `path` when data is NULL) into `menu`; returns the problem, or NULL. */
static char *parse (Menu *menu, const char *path, const char *data, gsize length) {
  JsonParser *parser = json_parser_new ();
  GError *error = NULL;
  char *problem = NULL;
  if (!(data ? json_parser_load_from_data (parser, data, length, &error) : json_parser_load_from_file (parser, path, &error))) {
    problem = g_strdup (error->message);
    g_error_free (error);
  } else if (!json_parser_get_root (parser)) {
    problem = g_strdup ("the file is empty");
  } else if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser))) {
    problem = g_strdup_printf ("the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with %s",
                               describe (json_parser_get_root (parser)));
  } else {
    JsonObject *root = json_node_get_object (json_parser_get_root (parser));
    JsonNode *pizzas = json_object_get_member (root, "pizzas"), *sizes = json_object_get_member (root, "sizes");
    if (pizzas && !JSON_NODE_HOLDS_ARRAY (pizzas))
      problem = g_strdup_printf ("\"pizzas\" must be a list [...], found %s", describe (pizzas));
    else if (pizzas)
      problem = read_pizzas (json_node_get_array (pizzas), menu);
    if (!problem && sizes && !JSON_NODE_HOLDS_ARRAY (sizes))
      problem = g_strdup_printf ("\"sizes\" must be a list [...], found %s", describe (sizes));
    else if (!problem && sizes)
      problem = read_sizes (json_node_get_array (sizes), menu);
    if (!problem && !pizzas) problem = g_strdup ("the menu has no \"pizzas\" list");
  }
  g_object_unref (parser);
  if (problem) clear (menu);
  return problem;
}

Menu *menu_load (const char *path, char **error) {
  Menu *menu = g_new0 (Menu, 1);
  menu->pizzas = g_array_new (FALSE, FALSE, sizeof (Pizza));
  menu->sizes = g_array_new (FALSE, FALSE, sizeof (Size));
  int fd = -1;
  gsize size = 0;
  char *problem = path ? menu_storage_problem (path, &fd, &size) : NULL;
  if (fd >= 0) {
    close (fd);
    char *reason = parse (menu, path, NULL, 0);
    /* json-glib's own messages already start with the file's name, line and column. */
    if (reason) problem = g_str_has_prefix (reason, path) ? reason : g_strdup_printf ("%s: %s", path, reason);
    if (problem != reason) g_free (reason);
  }
  if (fd < 0 || problem) {
    char *reason = parse (menu, "default-menu.json", reference_default_menu, reference_default_menu_length);
    if (reason) g_error ("the embedded default menu is invalid: %s", reason);
  }
  if (menu->sizes->len == 0) {
    const char *labels[] = { "Personal", "10\"", "12\"", "16\"", "18\"", "24\"" };
    const double diameters[] = { 8, 10, 12, 16, 18, 24 };
    for (int i = 0; i < 6; i++) {
      Size standard = { g_strdup (labels[i]), diameters[i] };
      g_array_append_val (menu->sizes, standard);
    }
  }
  menu->names = gtk_string_list_new (NULL);
  for (guint i = 0; i < menu->pizzas->len; i++) gtk_string_list_append (menu->names, g_array_index (menu->pizzas, Pizza, i).name);
  *error = problem;
  return menu;
}

guint menu_pizza_count (const Menu *menu) { return menu->pizzas->len; }
const char *menu_pizza_name (const Menu *menu, guint position) { return g_array_index (menu->pizzas, Pizza, position).name; }
double menu_pizza_price (const Menu *menu, guint position) { return g_array_index (menu->pizzas, Pizza, position).price; }
guint menu_size_count (const Menu *menu) { return menu->sizes->len; }
const char *menu_size_label (const Menu *menu, guint position) { return g_array_index (menu->sizes, Size, position).label; }
double menu_size_diameter (const Menu *menu, guint position) { return g_array_index (menu->sizes, Size, position).diameter; }
GListModel *menu_list_model (Menu *menu) { return G_LIST_MODEL (g_object_ref (menu->names)); }

const char *menu_row_name (const Menu *menu, GtkListItem *item) {
  return gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));
}

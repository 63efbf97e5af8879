/* The benchmark's two C references share the window (window.c) and the menu rules (menu-rules.c); each brings
 * its own menu loader and list model:
 *   idiomatic.c  json-glib tree, a GtkStringList of names (one object and one string per row);
 *   best.c       a hand-written streaming reader into one C array, and a lazy GListModel over it.
 * Both read the same embedded default menu as the app, and reject a bad file with the app's message. */
#ifndef PIZZA_REFERENCE_MENU_H
#define PIZZA_REFERENCE_MENU_H

#include <gtk/gtk.h>

/* Files larger than this are refused before reading, as the app does. */
#define MENU_MAXIMUM_FILE_SIZE (256u * 1024 * 1024)

typedef struct Menu Menu;

/* The menu at `path`; NULL or a missing file give the embedded default menu. A file that cannot be read
 * gives the default menu and the reason in *error (newly allocated), worded as the app words it. */
Menu *menu_load (const char *path, char **error);
guint menu_pizza_count (const Menu *menu);
const char *menu_pizza_name (const Menu *menu, guint position);
double menu_pizza_price (const Menu *menu, guint position);
guint menu_size_count (const Menu *menu);
const char *menu_size_label (const Menu *menu, guint position);
double menu_size_diameter (const Menu *menu, guint position);
/* The list's rows: one item per pizza, in order. The name may be read from the item or by position. */
GListModel *menu_list_model (Menu *menu);
const char *menu_row_name (const Menu *menu, GtkListItem *item);

/* The embedded default menu and style sheet (generated from Resources/ by the benchmark). */
extern const char reference_default_menu[];
extern const gsize reference_default_menu_length;
extern const char reference_style_css[];

/* Rules shared with the app (menu-rules.c). */
void menu_number_text (double value, char out[40]);        /* MenuFile.number: "0.05", "8", "1e-05" */
const char *menu_price_problem (double price);             /* Menu.validate(price:), or NULL */
char *menu_trim (const char *text, gsize length);          /* Menu.trim: Unicode white space at both ends */
char *menu_name_key (const char *name);                    /* Menu.nameKey: lower case when not plain */
char *menu_storage_problem (const char *path, int *fd, gsize *size); /* NULL and an open fd, or NULL and fd -1 when
                                                                       missing, or the app's StorageError text */
const char *menu_explain_errno (int code);            /* PosixStorage.explain(_, reading: true) */

#define MENU_MAXIMUM_NAME_LENGTH 200                        /* MenuText.maximumNameLength */
#define MENU_MAXIMUM_LABEL_LENGTH 24                        /* MenuText.maximumLabelLength */
#define MENU_MAXIMUM_SIZE_COUNT 12                          /* MenuError.maximumSizeCount */
#define MENU_SHOWN_LENGTH 40                                /* Quoted.shownLength */
/* Characters as a person counts them (grapheme clusters, by Pango's breaking, as Swift's String.count). */
gsize menu_character_count (const char *text, gsize length);
char *menu_shortened (const char *text);                    /* Quoted.shortened: 40 characters at most, "…" */
char *menu_text_problem (const char *trimmed, int label);   /* MenuText.checkedName/checkedLabel on trimmed
                                                               text: NULL, or the problem (newly allocated) */

#endif

/* The menu rules both C references share with the app (Sources/PizzaModel): number text, price limits,
 * trimming, the case-folded name key, and the storage checks before reading, with the app's wording. */
#include "menu.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Swift's Double.description for the shortest digits that read back the same: fixed notation with at
 * least one decimal, exponential below 1e-4 or beyond 2^53. Whole numbers under 1e15 print as integers. */
void menu_number_text (double value, char out[40]) {
  if (value == rint (value) && fabs (value) < 1e15) {
    snprintf (out, 40, "%lld", (long long) value);
    return;
  }
  char scientific[40];
  for (int precision = 1; precision <= 17; precision++) {
    snprintf (scientific, sizeof scientific, "%.*e", precision - 1, value);
    if (strtod (scientific, NULL) == value) break;
  }
  const char *p = scientific;
  int negative = *p == '-';
  if (negative) p++;
  char digits[24];
  int count = 0;
  for (; *p && *p != 'e'; p++) if (*p != '.') digits[count++] = *p;
  digits[count] = 0;
  int exponent = atoi (p + 1);
  char *o = out;
  if (negative) *o++ = '-';
  if (fabs (value) > 9007199254740992.0 || exponent < -4) {
    *o++ = digits[0];
    if (count > 1) { *o++ = '.'; memcpy (o, digits + 1, count - 1); o += count - 1; }
    snprintf (o, 16, "e%c%02d", exponent < 0 ? '-' : '+', abs (exponent));
    return;
  }
  if (exponent >= 0) {
    for (int i = 0; i <= exponent; i++) *o++ = i < count ? digits[i] : '0';
    *o++ = '.';
    if (count > exponent + 1) { memcpy (o, digits + exponent + 1, count - exponent - 1); o += count - exponent - 1; }
    else *o++ = '0';
  } else {
    *o++ = '0';
    *o++ = '.';
    for (int i = 0; i < -exponent - 1; i++) *o++ = '0';
    memcpy (o, digits, count);
    o += count;
  }
  *o = 0;
}

const char *menu_price_problem (double price) {
  if (!isfinite (price)) return "Enter the price per square inch as a number, like 0.05.";
  if (!(price > 0)) return "The price per square inch must be more than 0.";
  if (price > 100) return "The price per square inch can be at most $100.";
  return NULL;
}

/* Unicode's White_Space property, which Swift's Character.isWhitespace follows. */
static int is_white_space (gunichar c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

char *menu_trim (const char *text, gsize length) {
  if (length > 0 && (guchar) text[0] > 0x20 && (guchar) text[0] < 0x80 &&
      (guchar) text[length - 1] > 0x20 && (guchar) text[length - 1] < 0x80)
    return g_strndup (text, length);
  const char *start = text, *end = text + length;
  while (start < end && is_white_space (g_utf8_get_char (start))) start = g_utf8_next_char (start);
  while (end > start) {
    const char *last = g_utf8_find_prev_char (start, end);
    if (!last || !is_white_space (g_utf8_get_char (last))) break;
    end = last;
  }
  return g_strndup (start, end - start);
}

char *menu_name_key (const char *name) {
  char *trimmed = menu_trim (name, strlen (name));
  int plain = 1, ascii = 1;
  for (const guchar *p = (const guchar *) trimmed; *p; p++) {
    if ((*p >= 'A' && *p <= 'Z') || *p >= 0x80) plain = 0;
    if (*p >= 0x80) ascii = 0;
  }
  if (plain) return trimmed;
  char *key = ascii ? g_ascii_strdown (trimmed, -1) : g_utf8_strdown (trimmed, -1);
  g_free (trimmed);
  return key;
}

const char *menu_explain_errno (int code) {
  switch (code) {
  case ENOSPC: return "the disk is full";
  case EDQUOT: return "the disk quota is used up";
  case EACCES: case EPERM: return "permission denied";
  case EROFS: return "the disk is read-only";
  case EISDIR: return "this is a folder, not a menu file";
  case ENOTDIR: return "a part of the path is a file, not a folder";
  case ELOOP: return "the path loops through symbolic links";
  case ENAMETOOLONG: return "the path is too long";
  case EIO: return "the disk reported an input/output error";
  default: return strerror (code);
  }
}

char *menu_storage_problem (const char *path, int *fd, gsize *size) {
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0) return errno == ENOENT ? NULL : g_strdup_printf ("%s: %s", path, menu_explain_errno (errno));
  struct stat info;
  char *problem = NULL;
  if (fstat (*fd, &info) != 0)
    problem = g_strdup_printf ("%s: %s", path, menu_explain_errno (errno));
  else if (S_ISDIR (info.st_mode))
    problem = g_strdup_printf ("%s: this is a folder, not a menu file", path);
  else if (info.st_size > MENU_MAXIMUM_FILE_SIZE)
    problem = g_strdup_printf ("%s: the file is %lld MB, more than a menu can be (%u MB at most)", path,
                               (long long) (info.st_size / 1048576), MENU_MAXIMUM_FILE_SIZE / 1048576);
  if (problem) { close (*fd); *fd = -1; return problem; }
  *size = info.st_size;
  return NULL;
}

gsize menu_character_count (const char *text, gsize length) {
  gsize count = 0;
  int ascii = 1;
  for (gsize i = 0; i < length; i++) ascii &= (guchar) text[i] < 0x80 && text[i] != '\r';
  if (ascii) return length;
  char *valid = g_utf8_make_valid (text, length);
  glong scalars = g_utf8_strlen (valid, -1);
  PangoLogAttr *attributes = g_new (PangoLogAttr, scalars + 1);
  pango_get_log_attrs (valid, strlen (valid), -1, pango_language_from_string ("C"), attributes, scalars + 1);
  for (glong i = 0; i < scalars; i++) count += attributes[i].is_cursor_position;
  g_free (attributes);
  g_free (valid);
  return count;
}

char *menu_shortened (const char *text) {
  gsize length = strlen (text);
  if (length <= MENU_SHOWN_LENGTH || menu_character_count (text, length) <= MENU_SHOWN_LENGTH) return g_strdup (text);
  glong scalars = g_utf8_strlen (text, -1);
  PangoLogAttr *attributes = g_new (PangoLogAttr, scalars + 1);
  pango_get_log_attrs (text, length, -1, pango_language_from_string ("C"), attributes, scalars + 1);
  const char *end = text;
  int characters = 0;
  for (glong i = 0; i < scalars; i++, end = g_utf8_next_char (end))
    if (attributes[i].is_cursor_position && ++characters > MENU_SHOWN_LENGTH - 1) break;
  g_free (attributes);
  return g_strdup_printf ("%.*s…", (int) (end - text), text);
}

/* Unicode's Default_Ignorable_Code_Point, outside the format characters rejected before it is asked. */
static int is_default_ignorable (gunichar c) {
  return c == 0x00AD || c == 0x034F || c == 0x061C || (c >= 0x115F && c <= 0x1160) || (c >= 0x17B4 && c <= 0x17B5) ||
         (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2060 && c <= 0x206F) || c == 0x3164 || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0xFFA0 ||
         (c >= 0xFFF0 && c <= 0xFFF8) || (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0x1D173 && c <= 0x1D17A) ||
         (c >= 0xE0000 && c <= 0xE0FFF);
}

/* As the app says it: a name's message counts the characters it has, a label's does not. */
static char *too_long (int label, gsize characters) {
  if (label) return g_strdup ("A size label can be at most 24 characters long.");
  return g_strdup_printf ("A name can be at most 200 characters long; this one has %" G_GSIZE_FORMAT ".", characters);
}

char *menu_text_problem (const char *trimmed, int label) {
  const char *empty = label ? "Every size needs a label." : "Enter a name for the pizza.";
  gsize limit = label ? MENU_MAXIMUM_LABEL_LENGTH : MENU_MAXIMUM_NAME_LENGTH, length = strlen (trimmed);
  if (length == 0) return g_strdup (empty);
  int plain = 1;
  for (const guchar *p = (const guchar *) trimmed; *p && plain; p++) plain = *p >= 0x20 && *p < 0x7F;
  if (plain) return length <= limit ? NULL : too_long (label, length);
  if (length > limit) {
    gsize characters = menu_character_count (trimmed, length);
    if (characters > limit) return too_long (label, characters);
  }
  int visible = 0;
  for (const char *p = trimmed; *p; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    GUnicodeType type = g_unichar_type (c);
    if (c != 0x200C && c != 0x200D &&
        (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT || type == G_UNICODE_LINE_SEPARATOR ||
         type == G_UNICODE_PARAGRAPH_SEPARATOR || type == G_UNICODE_SURROGATE))
      return g_strdup_printf ("Text on a menu cannot contain invisible or text-direction characters (it has U+%04X).", c);
    if (!is_white_space (c) && !is_default_ignorable (c) && type != G_UNICODE_NON_SPACING_MARK &&
        type != G_UNICODE_ENCLOSING_MARK && type != G_UNICODE_SPACE_SEPARATOR)
      visible = 1;
  }
  return visible ? NULL : g_strdup (empty);
}

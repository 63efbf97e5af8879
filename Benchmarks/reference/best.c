/* The best C reference's menu, as a performance-minded C programmer would write it: the file is read a
 * megabyte at a time by a hand-written reader that keeps only the token it is reading, the pizzas go into
 * one C array (names back to back in one buffer), duplicate names are found with an open-addressing table
 * of hash tags, and the list is a GListModel that makes an item only for a row on screen.
 *
 * It follows the app's reader (Sources/PizzaModel: JSONScanner, MenuSchema, MenuText, ErrorLocation) rule for
 * rule: the same grammar, keys compared after escapes are undone, each key once per object (unknown ones
 * too), the same limits, error wording and positions (line and column, counted in characters). Two
 * differences remain: names are compared by their bytes after case folding (Swift compares canonically
 * equivalent strings as equal), and characters are Pango's grapheme clusters, which may differ from Swift's
 * on scripts whose rules changed between Unicode versions. */
#include "menu.h"
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK_SIZE (1 << 20)
#define MAXIMUM_DEPTH 256

typedef struct { guint32 name; double price; } Row;

struct Menu {
  Row *rows;
  guint count, capacity;
  char *names;                       /* every name, each ending in NUL */
  gsize names_length, names_capacity;
  char **labels;
  double *diameters;
  guint size_count;
};

enum Key { KEY_NAME, KEY_PRICE, KEY_LABEL, KEY_DIAMETER, KEY_PIZZAS, KEY_SIZES, KEY_OTHER };
static const char *const key_texts[] = { "name", "pricePerSquareInch", "label", "diameter", "pizzas", "sizes" };

typedef struct {
  const char *path;
  int fd;                            /* the file, or -1 for `memory` */
  const guchar *memory;
  gsize memory_length, memory_offset, expected, delivered;
  guchar *window;                    /* bytes window_start ..< window_start + window_length of the file */
  gsize window_length, window_capacity, window_start;
  gsize index, token_start;
  int ended;
  char *source_error;
  GString *escaped, *other_key;
  const guchar *text;                /* the last string read, valid until the next read */
  gsize text_length;
  guint64 *slots;                    /* tag << 32 | row + 1; 0 is empty */
  gsize slot_count, slots_used;
  struct { guint64 tag; guint row; int number; gsize position; } pending[64];
  int pending_count;
  Menu *menu;
  jmp_buf failed;
  char *reason;
  gsize failure_offset;
  int has_offset;
  char here[64];
  char shown_key[256];
  GPtrArray *menu_keys, *row_keys;   /* the keys the app does not know, of the menu and of the current row */
} Reader;

/* ---- Bytes ---- */

static void read_chunk (Reader *r) {
  if (r->window_capacity - r->window_length < CHUNK_SIZE) {
    r->window_capacity = MAX (r->window_capacity * 2, r->window_length + CHUNK_SIZE);
    r->window = g_realloc (r->window, r->window_capacity);
  }
  gssize count;
  if (r->fd < 0) {
    count = MIN ((gsize) CHUNK_SIZE, r->memory_length - r->memory_offset);
    memcpy (r->window + r->window_length, r->memory + r->memory_offset, count);
    r->memory_offset += count;
  } else {
    do count = read (r->fd, r->window + r->window_length, CHUNK_SIZE); while (count < 0 && errno == EINTR);
    if (count < 0) {
      if (!r->source_error) r->source_error = g_strdup (menu_explain_errno (errno));
      r->ended = 1;
      return;
    }
    r->delivered += count;
    if (r->delivered > MENU_MAXIMUM_FILE_SIZE) {
      if (!r->source_error)
        r->source_error = g_strdup_printf ("the file is more than a menu can be (%u MB at most)", MENU_MAXIMUM_FILE_SIZE / 1048576);
      r->ended = 1;
      return;
    }
  }
  r->window_length += count;
  if (count == 0) r->ended = 1;
}

/* Drops the bytes before the token being read, then reads until `offset` is in the window; 0 at the end. */
static __attribute__ ((noinline)) int read_on (Reader *r, gsize offset) {
  gsize done = MIN (r->token_start, r->index) - r->window_start;
  if (done > 0) {
    memmove (r->window, r->window + done, r->window_length - done);
    r->window_length -= done;
    r->window_start += done;
  }
  while (offset - r->window_start >= r->window_length) {
    if (r->ended) return 0;
    read_chunk (r);
  }
  return 1;
}

/* The byte at `offset` of the file, or -1 past its end. */
static inline __attribute__ ((always_inline)) int byte_at (Reader *r, gsize offset) {
  gsize position = offset - r->window_start;
  if (position < r->window_length) return r->window[position];
  return read_on (r, offset) ? r->window[offset - r->window_start] : -1;
}

static inline __attribute__ ((always_inline)) int peek (Reader *r) {
  int byte = byte_at (r, r->index);
  return byte < 0 ? 0 : byte;
}

#define SKIP(r, condition)                                                              \
  for (;;) {                                                                            \
    gsize position_ = (r)->index - (r)->window_start, count_ = (r)->window_length;      \
    const guchar *bytes_ = (r)->window;                                                 \
    while (position_ < count_) { guchar b = bytes_[position_]; if (!(condition)) break; position_++; } \
    (r)->index = (r)->window_start + position_;                                         \
    if (position_ < count_ || !read_on ((r), (r)->index)) break;                        \
  }

static inline void skip_whitespace (Reader *r) {
  r->token_start = r->index;
  SKIP (r, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09);
}

/* ---- Failures ---- */

static const char *describe_here (Reader *r) {
  int byte = byte_at (r, r->index);
  if (byte < 0) return "the end of the file";
  if (byte == '"') return "a string";
  if (byte == '{') return "an object";
  if (byte == '[') return "a list";
  if (byte == '-' || (byte >= '0' && byte <= '9')) return "a number";
  if (byte >= 0x21 && byte < 0x7F) {
    r->token_start = r->index;
    gsize end = r->index;
    int next;
    while (end - r->index < 12 && (next = byte_at (r, end)) >= 0x21 && next < 0x7F &&
           ((next != ',' && next != '}' && next != ']') || end == r->index))
      end++;
    snprintf (r->here, sizeof r->here, "'%.*s'", (int) (end - r->index), r->window + (r->index - r->window_start));
    return r->here;
  }
  if (byte >= 0x80) { snprintf (r->here, sizeof r->here, "a byte that is not text (0x%X)", byte); return r->here; }
  return "a control character";
}

static G_GNUC_NORETURN G_GNUC_PRINTF (3, 4) void fail_at (Reader *r, gsize offset, const char *format, ...) {
  va_list arguments;
  va_start (arguments, format);
  r->reason = g_strdup_vprintf (format, arguments);
  va_end (arguments);
  r->failure_offset = offset;
  r->has_offset = 1;
  longjmp (r->failed, 1);
}

#define FAIL(r, ...) fail_at ((r), (r)->index, __VA_ARGS__)

/* "\"name\" of pizza 3": what a value is, for messages; made only when one is needed. */
typedef struct { const char *format; int number; } What;
#define WHAT_TEXT(what) g_strdup_printf ((what).format, (what).number)

static void expect (Reader *r, int byte, const char *what) {
  if (peek (r) != byte) FAIL (r, "expected %s, found %s", what, describe_here (r));
  r->index++;
}

/* ---- Scalars ---- */

static void append_scalar (GString *text, gunichar scalar) {
  char utf8[6];
  g_string_append_len (text, utf8, g_unichar_to_utf8 (scalar, utf8));
}

static guint32 read_hex4 (Reader *r) {
  guint32 value = 0;
  for (int i = 0; i < 4; i++) {
    int byte = byte_at (r, r->index), digit;
    if (byte >= '0' && byte <= '9') digit = byte - '0';
    else if (byte >= 'a' && byte <= 'f') digit = byte - 'a' + 10;
    else if (byte >= 'A' && byte <= 'F') digit = byte - 'A' + 10;
    else FAIL (r, "a \\u escape needs four hex digits");
    value = value << 4 | digit;
    r->index++;
  }
  return value;
}

/* UTF-8 that may hold NULs from \u0000 (which g_utf8_validate refuses). */
static int valid_utf8 (const char *text, gsize length) {
  for (const char *end = text + length, *nul; text < end; text = nul + 1) {
    nul = memchr (text, 0, end - text);
    if (!g_utf8_validate (text, (nul ? nul : end) - text, NULL)) return 0;
    if (!nul) break;
  }
  return 1;
}

static void read_escaped_string (Reader *r, What what, gsize start) {
  GString *text = r->escaped;
  g_string_truncate (text, 0);
  int byte;
  while ((byte = byte_at (r, r->index)) >= 0) {
    if (byte == '"') {
      r->index++;
      if (!valid_utf8 (text->str, text->len)) fail_at (r, start, "%s is not valid UTF-8 text", WHAT_TEXT (what));
      r->text = (const guchar *) text->str;
      r->text_length = text->len;
      return;
    }
    if (byte == '\\') {
      r->index++;
      int escape = byte_at (r, r->index);
      if (escape < 0) continue;
      r->index++;
      switch (escape) {
      case '"': case '\\': case '/': g_string_append_c (text, escape); break;
      case 'n': g_string_append_c (text, 0x0A); break;
      case 't': g_string_append_c (text, 0x09); break;
      case 'r': g_string_append_c (text, 0x0D); break;
      case 'b': g_string_append_c (text, 0x08); break;
      case 'f': g_string_append_c (text, 0x0C); break;
      case 'u': {
        guint32 scalar = read_hex4 (r);
        if (scalar >= 0xD800 && scalar < 0xDC00) {
          if (byte_at (r, r->index) != '\\' || byte_at (r, r->index + 1) != 'u')
            FAIL (r, "%s has an unpaired \\u surrogate", WHAT_TEXT (what));
          r->index += 2;
          guint32 low = read_hex4 (r);
          if (low < 0xDC00 || low >= 0xE000) FAIL (r, "%s has an unpaired \\u surrogate", WHAT_TEXT (what));
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00);
        }
        if (scalar >= 0xD800 && scalar < 0xE000) FAIL (r, "%s has an invalid \\u escape", WHAT_TEXT (what));
        append_scalar (text, scalar);
        break;
      }
      default:
        fail_at (r, r->index - 2, "%s has an unknown escape '\\%c'", WHAT_TEXT (what), escape);
      }
      continue;
    }
    if (byte < 0x20) FAIL (r, "%s has a control character or line break inside the quotes", WHAT_TEXT (what));
    g_string_append_c (text, byte);
    r->index++;
  }
  fail_at (r, start, "%s is missing its closing quote", WHAT_TEXT (what));
}

/* Reads a string into r->text / r->text_length. */
static void read_string (Reader *r, What what) {
  if (peek (r) != '"') FAIL (r, "expected a string for %s, found %s", WHAT_TEXT (what), describe_here (r));
  r->token_start = r->index;
  gsize start = r->index;
  r->index++;
  SKIP (r, b != '"' && b != '\\' && b >= 0x20);
  int byte = byte_at (r, r->index);
  if (byte == '"') {
    r->text = r->window + (start + 1 - r->window_start);
    r->text_length = r->index - start - 1;
    int ascii = 1;
    for (gsize i = 0; i < r->text_length; i++) ascii &= r->text[i] < 0x80;
    if (!ascii && !g_utf8_validate ((const char *) r->text, r->text_length, NULL))
      fail_at (r, start, "%s is not valid UTF-8 text", WHAT_TEXT (what));
    r->index++;
    return;
  }
  if (byte == '\\') {
    r->index = start + 1;
    read_escaped_string (r, what, start);
    return;
  }
  if (byte < 0) fail_at (r, start, "%s is missing its closing quote", WHAT_TEXT (what));
  FAIL (r, "%s has a control character or line break inside the quotes", WHAT_TEXT (what));
}

static enum Key read_key (Reader *r) {
  r->token_start = r->index;
  gsize start = r->index + 1;
  r->index = start;
  SKIP (r, b != '"' && b != '\\');
  gsize end = r->index;
  r->index = r->token_start;
  if (byte_at (r, end) == '"') {
    const char *bytes = (const char *) r->window + (start - r->window_start);
    int key = KEY_OTHER;
    switch (end - start) {
    case 4: if (memcmp (bytes, "name", 4) == 0) key = KEY_NAME; break;
    case 5: key = memcmp (bytes, "label", 5) == 0 ? KEY_LABEL : memcmp (bytes, "sizes", 5) == 0 ? KEY_SIZES : KEY_OTHER; break;
    case 6: if (memcmp (bytes, "pizzas", 6) == 0) key = KEY_PIZZAS; break;
    case 8: if (memcmp (bytes, "diameter", 8) == 0) key = KEY_DIAMETER; break;
    case 18: if (memcmp (bytes, "pricePerSquareInch", 18) == 0) key = KEY_PRICE; break;
    }
    if (key != KEY_OTHER) {
      r->index = end + 1;
      return key;
    }
  }
  read_string (r, (What) { "a key", 0 });
  g_string_truncate (r->other_key, 0);
  g_string_append_len (r->other_key, (const char *) r->text, r->text_length);
  /* A key with escapes is compared once they are undone. */
  for (int known = 0; known < KEY_OTHER; known++)
    if (r->text_length == strlen (key_texts[known]) && memcmp (r->text, key_texts[known], r->text_length) == 0) return known;
  return KEY_OTHER;
}

/* The key as messages show it: shortened when the app does not know it. */
static const char *key_text (Reader *r, enum Key key) {
  if (key != KEY_OTHER) return key_texts[key];
  char *shown = menu_shortened (r->other_key->str);
  g_strlcpy (r->shown_key, shown, sizeof r->shown_key);
  g_free (shown);
  return r->shown_key;
}

static void skip_value (Reader *r);

/* A key this object does not know: kept by the app, so it may appear only once (compared as bytes). */
static void other_key (Reader *r, enum Key key, GPtrArray *seen, gsize key_offset, const char *noun, int number) {
  if (key != KEY_OTHER) g_string_assign (r->other_key, key_texts[key]);
  const char *text = r->other_key->str;
  for (guint i = 0; i < seen->len; i++)
    if (strcmp (g_ptr_array_index (seen, i), text) == 0) {
      if (noun) fail_at (r, key_offset, "%s %d has \"%s\" twice", noun, number, key_text (r, KEY_OTHER));
      fail_at (r, key_offset, "the menu has \"%s\" twice", key_text (r, KEY_OTHER));
    }
  g_ptr_array_add (seen, g_strdup (text));
  skip_value (r);
}

static const double exact_powers_of_ten[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* Skips digits; returns how many. */
static gsize skip_digits (Reader *r) {
  gsize first = r->index;
  SKIP (r, b >= '0' && b <= '9');
  return r->index - first;
}

/* A JSON number: exact by Clinger's fast path up to 15 digits and 10^22, else g_ascii_strtod. */
static double read_number (Reader *r, What what) {
  r->token_start = r->index;
  gsize start = r->index;
  int negative = 0;
  if (peek (r) == '-') { negative = 1; r->index++; }
  guint64 mantissa = 0;
  int digits = 0, exponent = 0;
  gsize integer_start = r->index, integer = skip_digits (r);
  if (integer == 0) {
    r->index = start;
    FAIL (r, "expected a number for %s, found %s", WHAT_TEXT (what), describe_here (r));
  }
  if (integer > 1 && r->window[integer_start - r->window_start] == '0')
    fail_at (r, start, "the number for %s has a leading zero", WHAT_TEXT (what));
  for (gsize i = integer_start; i < integer_start + integer; i++) {
    if (digits < 19) { mantissa = mantissa * 10 + (r->window[i - r->window_start] - '0'); digits += mantissa != 0; }
    else exponent++;
  }
  if (peek (r) == '.') {
    r->index++;
    gsize fraction_start = r->index, fraction = skip_digits (r);
    if (fraction == 0) fail_at (r, start, "the number for %s needs digits after '.'", WHAT_TEXT (what));
    for (gsize i = fraction_start; i < fraction_start + fraction && digits < 19; i++) {
      mantissa = mantissa * 10 + (r->window[i - r->window_start] - '0');
      digits += mantissa != 0;
      exponent--;
    }
  }
  if (peek (r) == 'e' || peek (r) == 'E') {
    r->index++;
    int exponent_negative = 0;
    if (peek (r) == '+' || peek (r) == '-') { exponent_negative = peek (r) == '-'; r->index++; }
    gsize exponent_start = r->index, count = skip_digits (r);
    if (count == 0) fail_at (r, start, "the number for %s has an empty exponent", WHAT_TEXT (what));
    int written = 0;
    for (gsize i = exponent_start; i < exponent_start + count && written < 100000; i++)
      written = written * 10 + (r->window[i - r->window_start] - '0');
    exponent += exponent_negative ? -written : written;
  }
  if (digits <= 15 && abs (exponent) <= 22) {
    double value = exponent >= 0 ? (double) mantissa * exact_powers_of_ten[exponent] : (double) mantissa / exact_powers_of_ten[-exponent];
    return negative ? -value : value;
  }
  char *text = g_strndup ((const char *) r->window + (start - r->window_start), r->index - start);
  double value = g_ascii_strtod (text, NULL);
  g_free (text);
  if (!isfinite (value)) fail_at (r, start, "the number for %s is too large", WHAT_TEXT (what));
  return value;
}

static void expect_word (Reader *r, const char *word) {
  gsize start = r->index;
  for (const char *p = word; *p; p++) {
    if (peek (r) != *p) { r->index = start; FAIL (r, "expected a value, found %s", describe_here (r)); }
    r->index++;
  }
}

static void skip_key (Reader *r) {
  skip_whitespace (r);
  if (peek (r) != '"') FAIL (r, "expected a quoted key, found %s", describe_here (r));
  read_string (r, (What) { "a key", 0 });
  skip_whitespace (r);
  expect (r, ':', "':' after a key");
}

/* Skips any value, iteratively, so deep nesting cannot overflow the stack. */
static void skip_value (Reader *r) {
  char closers[MAXIMUM_DEPTH];
  int depth = 0;
  do {
    skip_whitespace (r);
    int byte = peek (r);
    if (byte == '{' || byte == '[') {
      if (depth >= MAXIMUM_DEPTH) FAIL (r, "the file is nested too deeply");
      closers[depth++] = byte == '{' ? '}' : ']';
      r->index++;
      skip_whitespace (r);
      if (peek (r) == closers[depth - 1]) { r->index++; depth--; }
      else { if (closers[depth - 1] == '}') skip_key (r); continue; }
    } else if (byte == '"') read_string (r, (What) { "a value", 0 });
    else if (byte == 't') expect_word (r, "true");
    else if (byte == 'f') expect_word (r, "false");
    else if (byte == 'n') expect_word (r, "null");
    else read_number (r, (What) { "a value", 0 });
    while (depth > 0) {
      skip_whitespace (r);
      if (peek (r) == ',') {
        r->index++;
        if (closers[depth - 1] == '}') skip_key (r);
        break;
      }
      if (peek (r) != closers[depth - 1]) FAIL (r, "expected ',' or '%c', found %s", closers[depth - 1], describe_here (r));
      r->index++;
      depth--;
    }
  } while (depth > 0);
}

/* ---- Structure ---- */

/* Opens an object; 0 when it is empty (and already closed). */
static int object_begin (Reader *r) {
  skip_whitespace (r);
  expect (r, '{', "an object");
  skip_whitespace (r);
  if (peek (r) == '}') { r->index++; return 0; }
  return 1;
}

static enum Key object_key (Reader *r, gsize *key_offset) {
  skip_whitespace (r);
  *key_offset = r->index;
  if (peek (r) != '"') FAIL (r, "expected a quoted key, found %s", describe_here (r));
  enum Key key = read_key (r);
  skip_whitespace (r);
  if (peek (r) != ':') FAIL (r, "expected ':' after the key \"%s\", found %s", key_text (r, key), describe_here (r));
  r->index++;
  skip_whitespace (r);
  return key;
}

/* After a member's value: 1 when another member follows, 0 at the object's end. */
static int object_next (Reader *r, enum Key key) {
  skip_whitespace (r);
  if (peek (r) == ',') { r->index++; return 1; }
  if (peek (r) == '}') { r->index++; return 0; }
  FAIL (r, "expected ',' or '}' after the value of \"%s\", found %s", key_text (r, key), describe_here (r));
}

static int array_begin (Reader *r, const char *name) {
  if (peek (r) != '[') FAIL (r, "\"%s\" must be a list [...], found %s", name, describe_here (r));
  r->index++;
  skip_whitespace (r);
  if (peek (r) == ']') { r->index++; return 0; }
  return 1;
}

static void array_element (Reader *r, const char *name, int number) {
  skip_whitespace (r);
  if (peek (r) != '{') FAIL (r, "item %d of \"%s\" must be an object {...}, found %s", number, name, describe_here (r));
}

static int array_next (Reader *r, const char *name, int number) {
  skip_whitespace (r);
  if (peek (r) == ',') { r->index++; return 1; }
  if (peek (r) == ']') { r->index++; return 0; }
  FAIL (r, "expected ',' or ']' after item %d of \"%s\", found %s", number, name, describe_here (r));
}

/* ---- Duplicate names ---- */

static guint64 folded_hash (const char *name) {
  guint64 hash = 0xcbf29ce484222325ull;
  for (const guchar *p = (const guchar *) name; *p; p++) {
    if (*p >= 0x80) {
      char *lower = g_utf8_strdown (name, -1);
      hash = 0xcbf29ce484222325ull;
      for (const guchar *q = (const guchar *) lower; *q; q++) hash = (hash ^ *q) * 0x100000001b3ull;
      g_free (lower);
      return hash;
    }
    guchar folded = *p >= 'A' && *p <= 'Z' ? *p | 0x20 : *p;
    hash = (hash ^ folded) * 0x100000001b3ull;
  }
  return hash;
}

static gsize home_slot (guint64 tag, gsize mask) { return (gsize) ((tag * 0x9E3779B97F4A7C15ull) >> 32) & mask; }

static void size_table (Reader *r, gsize entries) {
  if (entries * 4 <= r->slot_count * 3) return;
  gsize count = 16;
  while (count * 3 < entries * 4) count <<= 1;
  if (count <= r->slot_count) return;
  guint64 *old = r->slots;
  gsize old_count = r->slot_count;
  r->slots = g_new0 (guint64, count);
  r->slot_count = count;
  for (gsize i = 0; i < old_count; i++) {
    if (!old[i]) continue;
    gsize slot = home_slot (old[i] >> 32, count - 1);
    while (r->slots[slot]) slot = (slot + 1) & (count - 1);
    r->slots[slot] = old[i];
  }
  g_free (old);
}

/* Adds row `row`; returns the earlier row with the same name ignoring case, or -1. */
static gint64 add_name (Reader *r, guint row, guint64 tag) {
  Menu *menu = r->menu;
  const char *name = menu->names + menu->rows[row].name;
  size_table (r, r->slots_used + 1);
  gsize mask = r->slot_count - 1, slot = home_slot (tag, mask);
  char *key = NULL;
  for (; r->slots[slot]; slot = (slot + 1) & mask) {
    if (r->slots[slot] >> 32 != tag) continue;
    guint earlier = (guint) (r->slots[slot] & 0xFFFFFFFF) - 1;
    if (!key) key = menu_name_key (name);
    char *other = menu_name_key (menu->names + menu->rows[earlier].name);
    int same = strcmp (key, other) == 0;
    g_free (other);
    if (same) { g_free (key); return earlier; }
  }
  g_free (key);
  r->slots[slot] = tag << 32 | (row + 1);
  r->slots_used++;
  return -1;
}

/* Checks the queued rows in order: the first that repeats an earlier name fails. */
static void check_names (Reader *r) {
  int count = r->pending_count;
  r->pending_count = 0;
  for (int i = 0; i < count; i++)
    if (add_name (r, r->pending[i].row, r->pending[i].tag) >= 0)
      fail_at (r, r->pending[i].position, "pizza %d: there is already a pizza called “%s”", r->pending[i].number,
               menu_shortened (r->menu->names + r->menu->rows[r->pending[i].row].name));
}

/* Queues a row for the duplicate check, a batch at a time: each row's slot is fetched into the cache when it
 * is queued, so the batch's cache misses overlap instead of stalling one row at a time. */
static void queue_name (Reader *r, guint row, int number, gsize position) {
  guint64 tag = folded_hash (r->menu->names + r->menu->rows[row].name) >> 32;
  size_table (r, r->slots_used + r->pending_count + 1);
  __builtin_prefetch (&r->slots[home_slot (tag, r->slot_count - 1)]);
  r->pending[r->pending_count].tag = tag;
  r->pending[r->pending_count].row = row;
  r->pending[r->pending_count].number = number;
  r->pending[r->pending_count].position = position;
  if (++r->pending_count == G_N_ELEMENTS (r->pending)) check_names (r);
}

/* ---- The menu's own shapes ---- */

static void reserve_names (Menu *menu, gsize more) {
  if (menu->names_length + more <= menu->names_capacity) return;
  menu->names_capacity = MAX (menu->names_capacity * 2, menu->names_length + more);
  menu->names = g_realloc (menu->names, menu->names_capacity);
}

/* MenuText's check of the trimmed text; a \u0000 in the string read (where C text ends) is a control character. */
static char *text_problem (Reader *r, const char *trimmed, int label) {
  char *problem = menu_text_problem (trimmed, label);
  if (!memchr (r->text, 0, r->text_length) || (problem && strstr (problem, "U+"))) return problem;
  g_free (problem);
  return g_strdup ("Text on a menu cannot contain invisible or text-direction characters (it has U+0000).");
}

static void read_pizza (Reader *r, int number) {
  Menu *menu = r->menu;
  gsize start = r->index;
  int has_name = 0, has_price = 0;
  double price = 0;
  gsize name_start = menu->names_length, name_length = 0;
  g_ptr_array_set_size (r->row_keys, 0);
  if (object_begin (r)) {
    for (;;) {
      gsize key_offset;
      enum Key key = object_key (r, &key_offset);
      if (key == KEY_NAME) {
        if (has_name) fail_at (r, key_offset, "pizza %d has \"name\" twice", number);
        gsize value_offset = r->index;
        read_string (r, (What) { "\"name\" of pizza %d", number });
        reserve_names (menu, r->text_length + 1);
        char *name = menu->names + name_start;
        memcpy (name, r->text, r->text_length);
        name_length = r->text_length;
        guchar first = name_length ? name[0] : 0, last = name_length ? name[name_length - 1] : 0;
        if (!(first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80)) {
          char *trimmed = menu_trim (name, name_length);
          name_length = strlen (trimmed);
          memcpy (name, trimmed, name_length);
          g_free (trimmed);
        }
        name[name_length] = 0;
        char *problem = text_problem (r, name, 0);
        if (problem) fail_at (r, value_offset, "pizza %d: %s", number, problem);
        has_name = 1;
      } else if (key == KEY_PRICE) {
        if (has_price) fail_at (r, key_offset, "pizza %d has \"pricePerSquareInch\" twice", number);
        gsize value_offset = r->index;
        price = read_number (r, (What) { "\"pricePerSquareInch\" of pizza %d", number });
        const char *problem = menu_price_problem (price);
        if (problem) {
          char found[40];
          menu_number_text (price, found);
          fail_at (r, value_offset, "pizza %d: %s (found %s)", number, problem, found);
        }
        has_price = 1;
      } else {
        other_key (r, key, r->row_keys, key_offset, "pizza", number);
      }
      if (!object_next (r, key)) break;
    }
  }
  if (!has_name) fail_at (r, start, "pizza %d has no \"name\"", number);
  if (!has_price) fail_at (r, start, "pizza %d has no \"pricePerSquareInch\"", number);
  if (menu->count == menu->capacity) {
    menu->capacity = MAX (16, menu->capacity * 2);
    menu->rows = g_renew (Row, menu->rows, menu->capacity);
  }
  menu->rows[menu->count] = (Row) { (guint32) name_start, price };
  menu->names_length += name_length + 1;
  queue_name (r, menu->count++, number, start);
}

/* About how many pizzas the file holds, from the share of '{' in what is already read. */
static gsize estimated_count (Reader *r) {
  gsize from = r->index - r->window_start, sample = r->window_length - from, objects = 0;
  if (sample == 0) return 0;
  for (gsize i = from; i < r->window_length; i++) objects += r->window[i] == '{';
  gsize remaining = MAX (r->expected > r->index ? r->expected - r->index : 0, sample);
  return MIN (objects * remaining / sample, remaining / 36 + 1);
}

static void read_pizzas (Reader *r) {
  Menu *menu = r->menu;
  gsize expected = estimated_count (r);
  size_table (r, expected);
  menu->capacity = MAX (16, expected + expected / 8);
  menu->rows = g_new (Row, menu->capacity);
  reserve_names (menu, expected * 16);
  if (!array_begin (r, "pizzas")) return;
  for (int number = 1;; number++) {
    array_element (r, "pizzas", number);
    read_pizza (r, number);
    if (!array_next (r, "pizzas", number)) break;
  }
  check_names (r);
}

static void read_sizes (Reader *r) {
  Menu *menu = r->menu;
  gsize list_start = r->index;
  if (array_begin (r, "sizes")) {
    for (int number = 1;; number++) {
      array_element (r, "sizes", number);
      gsize start = r->index;
      char *label = NULL;
      double diameter = 0;
      int has_diameter = 0;
      g_ptr_array_set_size (r->row_keys, 0);
      if (object_begin (r)) {
        for (;;) {
          gsize key_offset;
          enum Key key = object_key (r, &key_offset);
          if (key == KEY_LABEL) {
            if (label) fail_at (r, key_offset, "size %d has \"label\" twice", number);
            gsize value_offset = r->index;
            read_string (r, (What) { "\"label\" of size %d", number });
            label = menu_trim ((const char *) r->text, r->text_length);
            char *problem = text_problem (r, label, 1);
            if (problem) fail_at (r, value_offset, "size %d: %s", number, problem);
          } else if (key == KEY_DIAMETER) {
            if (has_diameter) fail_at (r, key_offset, "size %d has \"diameter\" twice", number);
            diameter = read_number (r, (What) { "\"diameter\" of size %d", number });
            has_diameter = 1;
          } else {
            other_key (r, key, r->row_keys, key_offset, "size", number);
          }
          if (!object_next (r, key)) break;
        }
      }
      if (!label) fail_at (r, start, "size %d has no \"label\"", number);
      if (!has_diameter) fail_at (r, start, "size %d has no \"diameter\"", number);
      menu->labels = g_renew (char *, menu->labels, menu->size_count + 1);
      menu->diameters = g_renew (double, menu->diameters, menu->size_count + 1);
      menu->labels[menu->size_count] = label;
      menu->diameters[menu->size_count++] = diameter;
      if (!(diameter >= 1 && diameter <= 100))
        fail_at (r, start, "size %d: The size “%s” must be between 1 and 100 across, in the menu's unit.", number, menu_shortened (label));
      if (menu->size_count > MENU_MAXIMUM_SIZE_COUNT)
        fail_at (r, start, "size %d: A menu can have at most %d sizes.", number, MENU_MAXIMUM_SIZE_COUNT);
      for (guint i = 0; i + 1 < menu->size_count; i++)
        if (strcmp (menu->labels[i], label) == 0)
          fail_at (r, start, "size %d: There are two sizes labelled “%s”.", number, menu_shortened (label));
      if (!array_next (r, "sizes", number)) break;
    }
  }
  if (menu->size_count == 0) fail_at (r, list_start, "The menu needs at least one size.");
}

static void read_top_level (Reader *r) {
  if (byte_at (r, 0) == 0xEF && byte_at (r, 1) == 0xBB && byte_at (r, 2) == 0xBF) r->index = 3;
  skip_whitespace (r);
  if (byte_at (r, r->index) < 0) { r->reason = g_strdup ("the file is empty"); longjmp (r->failed, 1); }
  if (byte_at (r, r->index) != '{')
    FAIL (r, "the menu must be a JSON object like {\"pizzas\": [...]}, but it starts with %s", describe_here (r));
  int has_pizzas = 0, has_sizes = 0;
  if (object_begin (r)) {
    for (;;) {
      gsize key_offset;
      enum Key key = object_key (r, &key_offset);
      if (key == KEY_PIZZAS) {
        if (has_pizzas) fail_at (r, key_offset, "the menu has \"pizzas\" twice");
        read_pizzas (r);
        has_pizzas = 1;
      } else if (key == KEY_SIZES) {
        if (has_sizes) fail_at (r, key_offset, "the menu has \"sizes\" twice");
        read_sizes (r);
        has_sizes = 1;
      } else {
        other_key (r, key, r->menu_keys, key_offset, NULL, 0);
      }
      if (!object_next (r, key)) break;
    }
  }
  skip_whitespace (r);
  if (byte_at (r, r->index) >= 0) FAIL (r, "unexpected %s after the end of the menu", describe_here (r));
  if (!has_pizzas) { r->reason = g_strdup ("the menu has no \"pizzas\" list"); longjmp (r->failed, 1); }
}

/* The error's line and column, found by reading the start of the source again. */
static char *located (Reader *r) {
  if (r->source_error) return g_strdup_printf ("%s: %s", r->path, r->source_error);
  if (!r->has_offset) return g_strdup_printf ("%s: %s", r->path, r->reason);
  gsize line = 1, position = 0;
  int after_cr = 0;
  GByteArray *last_line = g_byte_array_new ();   /* the bytes of the error's line before it */
  const guchar *bytes = r->memory;
  guchar *chunk = NULL;
  if (r->fd >= 0) {
    if (lseek (r->fd, 0, SEEK_SET) != 0) return g_strdup_printf ("%s: %s", r->path, r->reason);
    chunk = g_malloc (CHUNK_SIZE);
    bytes = chunk;
  }
  while (position < r->failure_offset) {
    gssize count = MIN ((gsize) CHUNK_SIZE, r->failure_offset - position);
    if (chunk) {
      do count = read (r->fd, chunk, count); while (count < 0 && errno == EINTR);
      if (count <= 0) break;
    } else {
      bytes = r->memory + position;
    }
    gssize from = 0;
    for (gssize i = 0; i < count; i++) {
      if (bytes[i] != 0x0A && bytes[i] != 0x0D) { after_cr = 0; continue; }
      if (bytes[i] == 0x0D || !after_cr) { line++; g_byte_array_set_size (last_line, 0); }
      after_cr = bytes[i] == 0x0D;
      from = i + 1;
    }
    g_byte_array_append (last_line, bytes + from, count - from);
    position += count;
  }
  g_free (chunk);
  /* Lines end at LF, CR LF or a lone CR; a byte order mark at the start of the file takes no column. */
  const char *text = (const char *) last_line->data;
  gsize length = last_line->len;
  if (line == 1 && length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0) { text += 3; length -= 3; }
  gsize column = menu_character_count (text, length) + 1;
  g_byte_array_unref (last_line);
  return g_strdup_printf ("%s: line %zu, column %zu: %s", r->path, line, column, r->reason);
}

static void clear (Menu *menu) {
  for (guint i = 0; i < menu->size_count; i++) g_free (menu->labels[i]);
  g_clear_pointer (&menu->labels, g_free);
  g_clear_pointer (&menu->diameters, g_free);
  g_clear_pointer (&menu->rows, g_free);
  g_clear_pointer (&menu->names, g_free);
  menu->count = menu->capacity = menu->size_count = 0;
  menu->names_length = menu->names_capacity = 0;
}

/* Reads the menu from `fd` (or from `memory` when fd is -1) into `menu`; returns the error, or NULL. */
static char *read_menu (Menu *menu, const char *path, int fd, const char *memory, gsize length) {
  Reader *r = g_new0 (Reader, 1);
  r->path = path;
  r->fd = fd;
  r->memory = (const guchar *) memory;
  r->memory_length = r->expected = length;
  r->escaped = g_string_new (NULL);
  r->other_key = g_string_new (NULL);
  r->menu_keys = g_ptr_array_new_with_free_func (g_free);
  r->row_keys = g_ptr_array_new_with_free_func (g_free);
  r->menu = menu;
  char *error = NULL;
  if (setjmp (r->failed) == 0) {
    read_top_level (r);
    if (r->source_error) error = g_strdup_printf ("%s: %s", path, r->source_error);
  } else {
    /* The rows still queued come before whatever stopped the reading, so their duplicate is reported first. */
    char *volatile reason = r->reason;
    if (setjmp (r->failed) == 0) {
      check_names (r);
      r->reason = reason;
    } else {
      g_free (reason);
    }
    error = located (r);
  }
  g_free (r->reason);
  g_free (r->source_error);
  g_free (r->window);
  g_free (r->slots);
  g_string_free (r->escaped, TRUE);
  g_string_free (r->other_key, TRUE);
  g_ptr_array_unref (r->menu_keys);
  g_ptr_array_unref (r->row_keys);
  g_free (r);
  if (error) clear (menu);
  return error;
}

Menu *menu_load (const char *path, char **error) {
  Menu *menu = g_new0 (Menu, 1);
  int fd = -1;
  gsize size = 0;
  char *problem = path ? menu_storage_problem (path, &fd, &size) : NULL;
  if (fd >= 0) {
    problem = read_menu (menu, path, fd, NULL, size);
    close (fd);
  }
  if (fd < 0 || problem) {
    char *reason = read_menu (menu, "default-menu.json", -1, reference_default_menu, reference_default_menu_length);
    if (reason) g_error ("the embedded default menu is invalid: %s", reason);
  }
  if (menu->size_count == 0) {
    const char *labels[] = { "Personal", "10\"", "12\"", "16\"", "18\"", "24\"" };
    const double diameters[] = { 8, 10, 12, 16, 18, 24 };
    menu->labels = g_new (char *, 6);
    menu->diameters = g_new (double, 6);
    for (int i = 0; i < 6; i++) { menu->labels[i] = g_strdup (labels[i]); menu->diameters[i] = diameters[i]; }
    menu->size_count = 6;
  }
  *error = problem;
  return menu;
}

guint menu_pizza_count (const Menu *menu) { return menu->count; }
const char *menu_pizza_name (const Menu *menu, guint position) { return menu->names + menu->rows[position].name; }
double menu_pizza_price (const Menu *menu, guint position) { return menu->rows[position].price; }
guint menu_size_count (const Menu *menu) { return menu->size_count; }
const char *menu_size_label (const Menu *menu, guint position) { return menu->labels[position]; }
double menu_size_diameter (const Menu *menu, guint position) { return menu->diameters[position]; }

const char *menu_row_name (const Menu *menu, GtkListItem *item) {
  return menu_pizza_name (menu, gtk_list_item_get_position (item));
}

/* ---- The lazy list model: a count, and an item made only when a row asks for one ---- */

#define ROW_MODEL_TYPE (row_model_get_type ())
G_DECLARE_FINAL_TYPE (RowModel, row_model, ROW, MODEL, GObject)

struct _RowModel {
  GObject parent;
  guint count;
};

static GType row_model_item_type (GListModel *model) { return G_TYPE_OBJECT; }
static guint row_model_n_items (GListModel *model) { return ((RowModel *) model)->count; }
static gpointer row_model_item (GListModel *model, guint position) {
  return position < ((RowModel *) model)->count ? g_object_new (G_TYPE_OBJECT, NULL) : NULL;
}

static void row_model_list_model_init (GListModelInterface *iface) {
  iface->get_item_type = row_model_item_type;
  iface->get_n_items = row_model_n_items;
  iface->get_item = row_model_item;
}

G_DEFINE_TYPE_WITH_CODE (RowModel, row_model, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, row_model_list_model_init))

static void row_model_class_init (RowModelClass *class) {}
static void row_model_init (RowModel *model) {}

GListModel *menu_list_model (Menu *menu) {
  RowModel *model = g_object_new (ROW_MODEL_TYPE, NULL);
  model->count = menu->count;
  return G_LIST_MODEL (model);
}

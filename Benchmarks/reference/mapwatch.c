/* mapwatch: times a program from exec until its first top-level window is mapped, watched through the
 * X server (the program reports nothing), then prints "<milliseconds> <pid> <window> <cpu milliseconds>" and
 * leaves it running; the CPU time is that of all the program's threads until then, from the scheduler;
 * exits 1 if the program ends before that.
 * "mapwatch --rows PROGRAM [ARGS...]" then also waits until the window's pixels show rows of a list (see
 * rows_visible) and appends "<milliseconds to rows>": the window's pixels are read back from the X server each
 * time it reports the window drawn (XDamage); exits 1 if no rows show within ROWS_TIMEOUT_MS.
 * Also: "mapwatch resize WINDOW COUNT WIDTH_A WIDTH_B HEIGHT DELAY_MS" resizes a window from outside,
 * "mapwatch walk WINDOW COUNT HEIGHT DELAY_MS WIDTH..." resizes it COUNT times through the widths in turn, and
 * "mapwatch rows-in FILE.ppm" prints "rows" or "no rows" for a screenshot of a window (binary PPM).
 * "mapwatch frames INTERVAL_MS COUNT PREFIX PROGRAM [ARGS...]" starts PROGRAM and saves its window's pixels
 * INTERVAL_MS, 2 x INTERVAL_MS... after exec, COUNT times, as PREFIX-<ms>.ppm, printing "<ms> rows|no rows|not mapped"
 * for each (a film of the start-up: `import` takes about 100 ms a picture), then ends the program. */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/Xdamage.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <poll.h>
#include <sys/wait.h>
#include <signal.h>
#include <dirent.h>

static double now_ms (void) {
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* CPU time of every thread of `pid` so far, in ms (/proc/PID/task/TID/schedstat: nanoseconds on a CPU). */
static double cpu_ms (pid_t pid) {
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/task", pid);
  DIR *tasks = opendir (path);
  if (!tasks) return -1;
  double total = 0;
  struct dirent *task;
  while ((task = readdir (tasks))) {
    if (task->d_name[0] == '.') continue;
    char stat[320];
    snprintf (stat, sizeof stat, "/proc/%d/task/%s/schedstat", pid, task->d_name);
    FILE *file = fopen (stat, "r");
    unsigned long long ns;
    if (file && fscanf (file, "%llu", &ns) == 1) total += ns / 1e6;
    if (file) fclose (file);
  }
  closedir (tasks);
  return total;
}

/* Rows of a list, seen in a window's pixels: within the leftmost ROWS_COLUMN pixels (where the list is, whether
 * beside the detail or above it), the lines of dark text ("ink": luminance below INK) are found as bands of pixel
 * rows; rows are there when at least ROWS_NEEDED bands in a row start at the same x (within SLACK) and follow each
 * other at the same pitch (within SLACK, as ascenders move a band's top), as one row per pizza does. A status page ("Reading the Menu…", "No Pizzas": an icon, a title and a
 * line of centred text) gives three bands at most, each starting at its own x; a header bar's icons give one. */
enum { ROWS_COLUMN = 240, INK = 140, ROWS_NEEDED = 4, SLACK = 4, PITCH_MIN = 16, PITCH_MAX = 120, ROWS_TIMEOUT_MS = 60000 };

static int rows_visible (const unsigned char *rgb, int width, int height) {
  int column = width < ROWS_COLUMN ? width : ROWS_COLUMN;
  int run = 0, band_left = -1, band_top = 0, previous_left = -1, previous_top = 0, pitch = 0;
  for (int y = 0; y <= height; y++) {
    int left = -1;
    for (int x = 0; y < height && x < column && left < 0; x++) {
      const unsigned char *p = rgb + 3 * ((size_t) y * width + x);
      if (p[0] * 299 + p[1] * 587 + p[2] * 114 < INK * 1000) left = x;
    }
    if (left >= 0) {
      if (band_left < 0) { band_left = left; band_top = y; }
      else if (left < band_left) band_left = left;
      continue;
    }
    if (band_left < 0) continue;
    /* A band ended: it continues the run when it lines up with the previous band at the run's pitch. */
    int step = band_top - previous_top;
    if (previous_left >= 0 && abs (band_left - previous_left) <= SLACK && step >= PITCH_MIN && step <= PITCH_MAX
        && (run == 1 || abs (step - pitch) <= SLACK)) {
      if (run == 1) pitch = step;
      run++;
    } else {
      run = 1;
    }
    if (run >= ROWS_NEEDED) return 1;
    previous_left = band_left;
    previous_top = band_top;
    band_left = -1;
  }
  return 0;
}

/* A binary PPM (P6, 255) into packed RGB, or NULL. */
static unsigned char *read_ppm (const char *path, int *width, int *height) {
  FILE *file = fopen (path, "rb");
  int maximum;
  if (!file) return NULL;
  unsigned char *rgb = NULL;
  if (fscanf (file, "P6 %d %d %d", width, height, &maximum) == 3 && maximum == 255 && fgetc (file) != EOF) {
    size_t size = (size_t) *width * *height * 3;
    rgb = malloc (size);
    if (rgb && fread (rgb, 1, size, file) != size) { free (rgb); rgb = NULL; }
  }
  fclose (file);
  return rgb;
}

/* The window's pixels, at most `max_width` from its left, as packed RGB read back from the X server (free it);
 * NULL when the window cannot be read. */
static unsigned char *window_pixels (Display *display, Window window, int max_width, int *width, int *height) {
  XWindowAttributes attributes;
  if (!XGetWindowAttributes (display, window, &attributes) || attributes.map_state != IsViewable) return NULL;
  *width = attributes.width < max_width ? attributes.width : max_width;
  *height = attributes.height;
  XImage *image = XGetImage (display, window, 0, 0, *width, *height, AllPlanes, ZPixmap);
  if (!image) return NULL;
  unsigned char *rgb = malloc ((size_t) *width * *height * 3), *p = rgb;
  for (int y = 0; y < *height; y++)
    for (int x = 0; x < *width; x++, p += 3) {
      unsigned long pixel = XGetPixel (image, x, y);
      p[0] = (pixel & image->red_mask) >> __builtin_ctzl (image->red_mask);
      p[1] = (pixel & image->green_mask) >> __builtin_ctzl (image->green_mask);
      p[2] = (pixel & image->blue_mask) >> __builtin_ctzl (image->blue_mask);
    }
  XDestroyImage (image);
  return rgb;
}

/* Whether the window's list column shows rows; 0 when the window cannot be read. */
static int window_shows_rows (Display *display, Window window) {
  int width, height;
  unsigned char *rgb = window_pixels (display, window, ROWS_COLUMN, &width, &height);
  if (!rgb) return 0;
  int found = rows_visible (rgb, width, height);
  free (rgb);
  return found;
}

/* Saves the whole window as a binary PPM at `path` and says whether its list column shows rows: "rows", "no rows",
 * or "not mapped" when it cannot be read. */
static const char *save_frame (Display *display, Window window, const char *path) {
  int width, height;
  unsigned char *rgb = window ? window_pixels (display, window, 1 << 16, &width, &height) : NULL;
  if (!rgb) return "not mapped";
  FILE *file = fopen (path, "wb");
  if (file) {
    fprintf (file, "P6 %d %d 255\n", width, height);
    fwrite (rgb, 1, (size_t) width * height * 3, file);
    fclose (file);
  }
  int column = width < ROWS_COLUMN ? width : ROWS_COLUMN;
  for (int y = 0; y < height; y++) memmove (rgb + (size_t) y * column * 3, rgb + (size_t) y * width * 3, (size_t) column * 3);
  const char *verdict = rows_visible (rgb, column, height) ? "rows" : "no rows";
  free (rgb);
  return verdict;
}

/* Waits until `window` shows rows, checking its pixels each time the X server reports it damaged (and every
 * 100 ms besides); the milliseconds since `start`, or -1 after ROWS_TIMEOUT_MS. */
static double wait_for_rows (Display *display, Window window, double start) {
  int damage_event, damage_error;
  if (!XDamageQueryExtension (display, &damage_event, &damage_error)) return -1;
  XDamageCreate (display, window, XDamageReportNonEmpty);
  XSync (display, False);
  for (;;) {
    double seen = now_ms ();
    if (window_shows_rows (display, window)) return seen - start;
    if (seen - start > ROWS_TIMEOUT_MS) return -1;
    struct pollfd x = { ConnectionNumber (display), POLLIN, 0 };
    if (!XPending (display)) poll (&x, 1, 100);
    while (XPending (display)) {
      XEvent event;
      XNextEvent (display, &event);
      if (event.type == damage_event + XDamageNotify)
        XDamageSubtract (display, ((XDamageNotifyEvent *) &event)->damage, None, None);
    }
  }
}

/* The first top-level window of some width mapped by `event`, or 0. */
static Window mapped_window (Display *display, XEvent *event) {
  if (event->type != MapNotify || event->xmap.override_redirect) return 0;
  XWindowAttributes attributes;
  XGetWindowAttributes (display, event->xmap.window, &attributes);
  return attributes.width > 100 ? event->xmap.window : 0;
}

/* The "frames" mode: a frame every `interval` ms after `start` (exec), `count` of them, whether or not the window
 * has mapped yet; then the program is ended. */
static int film (Display *display, pid_t child, double start, int interval, int count, const char *prefix) {
  Window window = 0;
  for (int frame = 1; frame <= count; frame++) {
    double due = start + (double) frame * interval;
    for (double left; (left = due - now_ms ()) > 0 || XPending (display);) {
      struct pollfd x = { ConnectionNumber (display), POLLIN, 0 };
      if (!XPending (display) && left > 0) poll (&x, 1, (int) left + 1);
      while (XPending (display)) {
        XEvent event;
        XNextEvent (display, &event);
        if (!window) window = mapped_window (display, &event);
      }
      if (due - now_ms () <= 0) break;
    }
    char path[4096];
    snprintf (path, sizeof path, "%s-%04d.ppm", prefix, frame * interval);
    printf ("%d %s\n", frame * interval, save_frame (display, window, path));
    fflush (stdout);
  }
  kill (child, SIGKILL);
  waitpid (child, NULL, 0);
  return window ? 0 : 1;
}

int main (int argc, char **argv) {
  if (argc == 3 && strcmp (argv[1], "rows-in") == 0) {
    int width, height;
    unsigned char *rgb = read_ppm (argv[2], &width, &height);
    if (!rgb) { fprintf (stderr, "mapwatch: %s is not a binary PPM\n", argv[2]); return 2; }
    puts (rows_visible (rgb, width, height) ? "rows" : "no rows");
    return 0;
  }
  int rows = argc > 2 && strcmp (argv[1], "--rows") == 0;
  if (rows) { argc--; argv++; }
  int frames = argc > 5 && strcmp (argv[1], "frames") == 0, interval = 0, count = 0;
  const char *prefix = NULL;
  if (frames) {
    interval = atoi (argv[2]);
    count = atoi (argv[3]);
    prefix = argv[4];
    argc -= 4;
    argv += 4;
  }
  Display *display = XOpenDisplay (NULL);
  if (!display) { fprintf (stderr, "mapwatch: no display\n"); return 1; }
  if (argc == 8 && strcmp (argv[1], "resize") == 0) {
    Window window = strtoul (argv[2], NULL, 0);
    int count = atoi (argv[3]), a = atoi (argv[4]), b = atoi (argv[5]), height = atoi (argv[6]), delay = atoi (argv[7]);
    for (int i = 0; i < count; i++) {
      XResizeWindow (display, window, i % 2 ? b : a, height);
      XSync (display, False);
      usleep (delay * 1000);
    }
    return 0;
  }
  if (argc >= 7 && strcmp (argv[1], "walk") == 0) {
    Window window = strtoul (argv[2], NULL, 0);
    int count = atoi (argv[3]), height = atoi (argv[4]), delay = atoi (argv[5]), widths = argc - 6;
    for (int i = 0; i < count; i++) {
      XResizeWindow (display, window, atoi (argv[6 + i % widths]), height);
      XSync (display, False);
      usleep (delay * 1000);
    }
    return 0;
  }
  if (argc < 2) { fprintf (stderr, "usage: mapwatch PROGRAM [ARGS...]\n"); return 2; }
  Window root = DefaultRootWindow (display);
  XSelectInput (display, root, SubstructureNotifyMask);
  XSync (display, False);
  double start = now_ms ();
  pid_t child = fork ();
  if (child == 0) {
    close (ConnectionNumber (display));
    /* The program must not hold the pipe that carries this tool's answer. */
    int null = open ("/dev/null", O_WRONLY);
    dup2 (null, STDOUT_FILENO);
    dup2 (null, STDERR_FILENO);
    close (null);
    execvp (argv[1], argv + 1);
    _exit (127);
  }
  if (frames) return film (display, child, start, interval, count, prefix);
  for (;;) {
    /* A program that exits before mapping a window (a crash, or a second instance handing over) is reported. */
    while (!XPending (display)) {
      int status;
      if (waitpid (child, &status, WNOHANG) == child) {
        fprintf (stderr, "mapwatch: %s exited with status %d before mapping a window\n", argv[1],
                 WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status));
        return 1;
      }
      struct pollfd x = { ConnectionNumber (display), POLLIN, 0 };
      poll (&x, 1, 50);
    }
    XEvent event;
    XNextEvent (display, &event);
    Window window = mapped_window (display, &event);
    if (window) {
      double elapsed = now_ms () - start, cpu = cpu_ms (child);
      if (!rows) {
        printf ("%.1f %d %lu %.1f\n", elapsed, child, window, cpu);
        fflush (stdout);
        return 0;
      }
      double to_rows = wait_for_rows (display, window, start);
      printf ("%.1f %d %lu %.1f %.1f\n", elapsed, child, window, cpu, to_rows);
      fflush (stdout);
      if (to_rows < 0) fprintf (stderr, "mapwatch: %s showed no rows within %d ms\n", argv[1], ROWS_TIMEOUT_MS);
      return to_rows < 0;
    }
  }
}

/* mapwatch: times a program from exec until its first top-level window is mapped, watched through the
 * X server (the program reports nothing), then prints "<milliseconds> <pid> <window> <cpu milliseconds>" and
 * leaves it running; the CPU time is that of all the program's threads until then, from the scheduler;
 * exits 1 if the program ends before that.
 * Also: "mapwatch resize WINDOW COUNT WIDTH_A WIDTH_B HEIGHT DELAY_MS" resizes a window from outside, and
 * "mapwatch walk WINDOW COUNT HEIGHT DELAY_MS WIDTH..." resizes it COUNT times through the widths in turn. */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <poll.h>
#include <sys/wait.h>
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

int main (int argc, char **argv) {
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
    if (event.type == MapNotify && !event.xmap.override_redirect) {
      XWindowAttributes attributes;
      XGetWindowAttributes (display, event.xmap.window, &attributes);
      if (attributes.width > 100) {
        double elapsed = now_ms () - start;
        printf ("%.1f %d %lu %.1f\n", elapsed, child, event.xmap.window, cpu_ms (child));
        fflush (stdout);
        return 0;
      }
    }
  }
}

/* Jobs: runs n independent jobs (an edition each, and within it a
 * language each: a job may run jobs of its own) one after the other,
 * or in up to `parallel` worker processes at once.  A worker is a fork of the caller: it inherits everything read so far
 * (options, strings, the Site), runs one job, and sends back the lines
 * the job produced and its error, if any; the caller gets them in job
 * order, so the result is the same as a serial run: the lines of every
 * job in order, and on failure the error of the lowest-numbered job that
 * failed.  Processes rather than threads because Pango, fontconfig and
 * cmark-gfm keep global state that is not all thread-safe.
 * In: a job function and its data.  Out: lines and an error.
 * Ownership: lines are appended to the caller's array (g_free'd strings). */
#ifndef GG_JOBS_H
#define GG_JOBS_H

#include <glib.h>
#include <stdbool.h>

/* Runs job index; appends its lines (g_malloc'd) to lines.  FALSE with
 * *error set on failure. */
typedef bool (*JobRun)(size_t index, void *data, GPtrArray *lines,
                       GError **error);

/* The default number of workers: GPUGUIDE_JOBS when it is a number from
 * 1 to 256 (the leak checkers of `make asan` and `make valgrind` set 1, so
 * every stage runs in the process they watch), else the processors this
 * process may use. */
unsigned jobs_default_parallel(void);

/* Runs jobs 0..n-1; names[i] (or NULL for "job N") names job i in
 * messages.  parallel <= 1: in this process, in order, stopping
 * at the first failure.  Otherwise in forked workers, at most `parallel`
 * at a time; every job runs, and the first failure in job order is
 * reported.  A worker that dies without reporting (a signal, an exit)
 * is a GG_ERR_ENV error naming the job.  While workers run, SIGINT,
 * SIGTERM and SIGHUP first end them and then reach the handler that was
 * in place (site.c's cleanup), so no worker writes after it. */
bool jobs_run(size_t n, unsigned parallel, JobRun run, void *data,
              const char *const *names, GPtrArray *lines, GError **error);

#endif

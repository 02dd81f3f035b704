/* Jobs in worker processes.  See jobs.h. */
#define _GNU_SOURCE
#include "jobs.h"

#include "util.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a worker writes to its pipe: records of a tag byte, a 32-bit code
 * and a 32-bit length, then the bytes; the last record is DONE or
 * FAILED. */
enum { REC_LINE = 'L', REC_DONE = 'K', REC_FAILED = 'E' };

unsigned jobs_default_parallel(void)
{
	const char *env = g_getenv("GPUGUIDE_JOBS");
	guint64 v = 0;
	if (env && g_ascii_string_to_unsigned(env, 10, 1, 256, &v, NULL))
		return (unsigned)v;
	unsigned n = g_get_num_processors();
	return n ? n : 1;
}

/* ---- signals while workers run --------------------------------------- */

static const int FORWARDED[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction g_previous[G_N_ELEMENTS(FORWARDED)];
static pid_t *g_workers; /* running workers; 0 for a free slot */
static size_t g_n_workers;

/* Ends every worker and waits for it (both async-signal-safe), then
 * hands the signal to the handler that was there before (the Site's
 * cleanup), or to the default action. */
static void on_signal(int sig)
{
	for (size_t i = 0; i < g_n_workers; i++)
		if (g_workers[i] > 0)
			kill(g_workers[i], SIGKILL);
	for (size_t i = 0; i < g_n_workers; i++)
		if (g_workers[i] > 0)
			waitpid(g_workers[i], NULL, 0);
	for (size_t i = 0; i < G_N_ELEMENTS(FORWARDED); i++) {
		if (FORWARDED[i] != sig)
			continue;
		void (*previous)(int) = g_previous[i].sa_handler;
		if (!(g_previous[i].sa_flags & SA_SIGINFO)
		    && previous != SIG_DFL && previous != SIG_IGN) {
			previous(sig);
			return;
		}
		if (previous == SIG_IGN)
			return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void forward_signals(bool on)
{
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < G_N_ELEMENTS(FORWARDED); i++) {
		if (on)
			sigaction(FORWARDED[i], &sa, &g_previous[i]);
		else
			sigaction(FORWARDED[i], &g_previous[i], NULL);
	}
}

/* ---- the worker's side ------------------------------------------------ */

static bool write_record(int fd, char tag, int32_t code, const char *text)
{
	uint32_t length = text ? (uint32_t)strlen(text) : 0;
	char head[9];
	head[0] = tag;
	memcpy(head + 1, &code, 4);
	memcpy(head + 5, &length, 4);
	return gg_write_all(fd, head, sizeof head)
	       && gg_write_all(fd, text ? text : "", length);
}

/* In the forked worker: run the job, report, and leave without running
 * the parent's exit handlers or flushing its buffers twice. */
static G_NORETURN void worker(size_t index, JobRun run, void *data, int fd,
                              pid_t parent)
{
	struct sigaction dfl = {0};
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (size_t i = 0; i < G_N_ELEMENTS(FORWARDED); i++)
		sigaction(FORWARDED[i], &dfl, NULL);
	/* the parent's workers are not this process's: a job may run jobs
	 * of its own (an edition's languages), and a signal ends only those */
	g_workers = NULL;
	g_n_workers = 0;
	/* never outlive the parent: it owns the temporary folder */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(3);
	GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
	GError *error = NULL;
	bool ok = run(index, data, lines, &error);
	bool sent = true;
	for (guint i = 0; sent && i < lines->len; i++)
		sent = write_record(fd, REC_LINE, 0, lines->pdata[i]);
	if (sent && ok)
		sent = write_record(fd, REC_DONE, 0, NULL);
	else if (sent)
		sent = write_record(fd, REC_FAILED,
		                    error ? error->code : GG_ERR_INPUT,
		                    error ? error->message : "failed");
	fflush(stdout);
	fflush(stderr);
	_exit(sent ? 0 : 3);
}

/* ---- the parent's side ------------------------------------------------ */

typedef struct {
	pid_t pid;
	int fd;          /* read end of the worker's pipe; -1 when read */
	GByteArray *got; /* everything the worker wrote */
	int status;      /* from waitpid */
} Worker;

static bool start_worker(Worker *w, size_t index, JobRun run, void *data,
                         GError **error)
{
	int fds[2];
	if (pipe(fds) != 0) {
		g_set_error(error, GG_ERROR, GG_ERR_ENV, "cannot make a pipe: %s",
		            g_strerror(errno));
		return false;
	}
	fflush(stdout);
	fflush(stderr);
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "cannot start a worker process: %s",
		            g_strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return false;
	}
	if (pid == 0) {
		close(fds[0]);
		worker(index, run, data, fds[1], parent);
	}
	close(fds[1]);
	w->pid = pid;
	w->fd = fds[0];
	w->got = g_byte_array_new();
	return true;
}

/* Reads what is there; at the end of the pipe, reaps the worker. */
static void read_worker(Worker *w)
{
	char buf[8192];
	ssize_t n = read(w->fd, buf, sizeof buf);
	if (n < 0 && errno == EINTR)
		return;
	if (n > 0) {
		g_byte_array_append(w->got, (guint8 *)buf, (guint)n);
		return;
	}
	close(w->fd);
	w->fd = -1;
	while (waitpid(w->pid, &w->status, 0) < 0 && errno == EINTR)
		;
}

/* Decodes a finished worker's records: lines to lines, TRUE for DONE;
 * FALSE with the worker's error, or an error saying how it ended. */
static bool collect(const Worker *w, const char *name, GPtrArray *lines,
                    GError **error)
{
	const guint8 *p = w->got->data;
	size_t left = w->got->len;
	while (left >= 9) {
		int32_t code;
		uint32_t length;
		memcpy(&code, p + 1, 4);
		memcpy(&length, p + 5, 4);
		if (left - 9 < length)
			break;
		char *text = g_strndup((const char *)p + 9, length);
		char tag = (char)p[0];
		p += 9 + length;
		left -= 9 + length;
		if (tag == REC_LINE) {
			g_ptr_array_add(lines, text);
			continue;
		}
		if (tag == REC_FAILED)
			g_set_error_literal(error, GG_ERROR, code, text);
		g_free(text);
		return tag == REC_DONE;
	}
	if (WIFSIGNALED(w->status))
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "the worker process for %s ended by signal %d", name,
		            WTERMSIG(w->status));
	else
		g_set_error(error, GG_ERROR, GG_ERR_ENV,
		            "the worker process for %s ended with status %d "
		            "before reporting", name, WEXITSTATUS(w->status));
	return false;
}

static bool run_serial(size_t n, JobRun run, void *data, GPtrArray *lines,
                       GError **error)
{
	for (size_t i = 0; i < n; i++)
		if (!run(i, data, lines, error))
			return false;
	return true;
}

/* Waits until some running worker's pipe has something, and reads it. */
static void poll_workers(Worker *w, size_t n)
{
	struct pollfd *fds = g_new0(struct pollfd, n);
	size_t *which = g_new0(size_t, n);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (w[i].pid > 0 && w[i].fd >= 0) {
			fds[k] = (struct pollfd){.fd = w[i].fd, .events = POLLIN};
			which[k++] = i;
		}
	if (k > 0 && poll(fds, k, -1) > 0)
		for (size_t j = 0; j < k; j++)
			if (fds[j].revents)
				read_worker(&w[which[j]]);
	g_free(fds);
	g_free(which);
}

bool jobs_run(size_t n, unsigned parallel, JobRun run, void *data,
              const char *const *names, GPtrArray *lines, GError **error)
{
	if (parallel <= 1 || n <= 1)
		return run_serial(n, run, data, lines, error);
	Worker *w = g_new0(Worker, n);
	g_workers = g_new0(pid_t, n);
	g_n_workers = n;
	forward_signals(true);
	GError *start_error = NULL;
	size_t next = 0, running = 0;
	while (next < n || running > 0) {
		while (!start_error && next < n && running < parallel) {
			if (!start_worker(&w[next], next, run, data,
			                  &start_error))
				break;
			g_workers[next] = w[next].pid;
			next++;
			running++;
		}
		if (start_error && running == 0)
			break;
		poll_workers(w, next);
		running = 0;
		for (size_t i = 0; i < next; i++) {
			if (w[i].fd >= 0)
				running++;
			else
				g_workers[i] = 0;
		}
	}
	forward_signals(false);
	bool ok = start_error == NULL;
	if (!ok)
		g_propagate_error(error, start_error);
	for (size_t i = 0; i < next; i++) {
		GPtrArray *mine = g_ptr_array_new_with_free_func(g_free);
		char *name = names ? g_strdup(names[i])
		                   : g_strdup_printf("job %zu", i + 1);
		bool done = ok && collect(&w[i], name, mine, ok ? error : NULL);
		for (guint j = 0; done && j < mine->len; j++)
			g_ptr_array_add(lines, g_steal_pointer(&mine->pdata[j]));
		ok = ok && done;
		g_ptr_array_free(mine, TRUE);
		g_free(name);
		g_byte_array_unref(w[i].got);
	}
	g_clear_pointer(&g_workers, g_free);
	g_n_workers = 0;
	g_free(w);
	return ok;
}

/* The site writer's files written in parts, compared with the
 * previous output's as they are written, and read back.  See site.h. */
#define _GNU_SOURCE
#include "site.h"
#include "site_internal.h"

#include "digest.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct SiteFile {
	Site *site;
	char *relpath;
	char *path; /* in the new tree */
	FILE *f;
	Digest *digest;
	size_t length;
	int previous; /* the previous output's file while its bytes are the
	                 parts added so far, which are then not written (its
	                 link takes the new file's place at the close), or
	                 -1: every part is in the new file */
};

/* The previous output's file at relpath opened for reading when it is
 * a regular file (no link followed, no FIFO or device waited on), else
 * -1; never the marker. */
static int open_previous(Site *s, const char *relpath)
{
	if (strcmp(relpath, SITE_MARKER) == 0)
		return -1;
	char *path = g_build_filename(s->target, relpath, NULL);
	int fd = g_open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY
	                          | O_CLOEXEC, 0);
	g_free(path);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* Whether the next length bytes of fd are bytes. */
static bool same_next(int fd, const char *bytes, size_t length)
{
	char buf[65536];
	while (length) {
		size_t want = MIN(length, sizeof buf);
		ssize_t n = read(fd, buf, want);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0 || memcmp(buf, bytes, (size_t)n) != 0)
			return false;
		bytes += n;
		length -= (size_t)n;
	}
	return true;
}

/* Reads up to length bytes of fd at offset into buf; *got how many
 * (fewer at its end); false at an error. */
static bool pread_all(int fd, size_t offset, void *buf, size_t length,
                      size_t *got)
{
	*got = 0;
	while (*got < length) {
		ssize_t n = pread(fd, (char *)buf + *got, length - *got,
		                  (off_t)(offset + *got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			break;
		*got += (size_t)n;
	}
	return true;
}

/* Ends putting the writing off: the parts added so far, which the
 * previous output's file holds, are copied from it into the new file,
 * and every later part is written. */
static bool write_from_previous(SiteFile *sf, GError **error)
{
	char buf[65536];
	bool ok = true;
	for (size_t at = 0, got = 0; ok && at < sf->length; at += got) {
		size_t want = MIN(sizeof buf, sf->length - at);
		ok = pread_all(sf->previous, at, buf, want, &got) && got == want
		     && gg_write_all(fileno(sf->f), buf, got);
	}
	if (!ok)
		site_env_error(error, "cannot write '%s': %s", sf->path,
		               g_strerror(errno));
	close(sf->previous);
	sf->previous = -1;
	return ok;
}

/* At the close of a file whose writing was put off: the previous
 * output's file is linked in its place (beside, then renamed over it,
 * so the new path is never missing) when it holds every part and
 * nothing more; else, or when that fails, its bytes are written. */
static bool link_previous(SiteFile *sf, GError **error)
{
	struct stat st;
	if (fstat(sf->previous, &st) != 0 || (size_t)st.st_size != sf->length)
		return write_from_previous(sf, error);
	char *previous = g_build_filename(sf->site->target, sf->relpath, NULL);
	char *beside = g_strconcat(sf->path, ".link", NULL);
	g_unlink(beside);
	bool linked = link(previous, beside) == 0;
	if (linked && rename(beside, sf->path) != 0) {
		g_unlink(beside);
		linked = false;
	}
	g_free(beside);
	g_free(previous);
	return linked || write_from_previous(sf, error);
}

SiteFile *site_file_open(Site *s, const char *relpath, GError **error)
{
	char *path = strcmp(relpath, SITE_MARKER) == 0
	                 ? NULL : site_new_file_path(s, relpath, error);
	FILE *f = path ? fopen(path, "w+b") : NULL;
	if (f) /* each part reaches the file at once (site_file_read) */
		setvbuf(f, NULL, _IONBF, 0);
	if (path && !f)
		site_env_error(error, "cannot write '%s': %s", path,
		          g_strerror(errno));
	else if (!path && error && !*error)
		site_env_error(error, "refusing to write '%s' in parts", relpath);
	if (!f) {
		g_free(path);
		return NULL;
	}
	SiteFile *sf = g_new0(SiteFile, 1);
	*sf = (SiteFile){.site = s, .relpath = g_strdup(relpath),
	                 .path = path, .f = f, .digest = digest_new(),
	                 .previous = open_previous(s, relpath)};
	return sf;
}

bool site_file_add(SiteFile *sf, const void *bytes, size_t length,
                   GError **error)
{
	digest_add(sf->digest, bytes, length);
	if (sf->previous >= 0 && same_next(sf->previous, bytes, length)) {
		sf->length += length; /* the previous output has them */
		return true;
	}
	if (sf->previous >= 0 && !write_from_previous(sf, error))
		return false;
	if (length && fwrite(bytes, 1, length, sf->f) != length) {
		site_env_error(error, "cannot write '%s': %s", sf->path,
		          g_strerror(errno));
		return false;
	}
	sf->length += length;
	return true;
}

static void site_file_free(SiteFile *sf)
{
	if (sf->previous >= 0)
		close(sf->previous);
	g_free(sf->relpath);
	g_free(sf->path);
	g_free(sf);
}

bool site_file_close(SiteFile *sf, GError **error)
{
	/* as site_write: the previous output's same file is linked */
	bool ok = sf->previous < 0 || link_previous(sf, error);
	if (fclose(sf->f) != 0 && ok) {
		site_env_error(error, "cannot write '%s': %s", sf->path,
		          g_strerror(errno));
		ok = false;
	}
	char *digest = digest_finish(sf->digest);
	if (ok)
		site_note_written(sf->site, sf->relpath, NULL, 0, digest);
	g_free(digest);
	site_file_free(sf);
	return ok;
}

void site_file_abort(SiteFile *sf)
{
	if (!sf)
		return;
	fclose(sf->f);
	g_free(digest_finish(sf->digest));
	site_file_free(sf);
}

/* Reads back from fd (see site_read_new); name for the message. */
static bool read_back(int fd, const char *name, size_t offset, void *buf,
                      size_t length, size_t *got, GError **error)
{
	bool ok = fd >= 0 && pread_all(fd, offset, buf, length, got);
	if (!ok) {
		site_env_error(error, "cannot read back '%s': %s", name,
		               g_strerror(errno));
		*got = 0;
	}
	return ok;
}

bool site_read_new(Site *s, const char *relpath, size_t offset, void *buf,
                   size_t length, size_t *got, GError **error)
{
	*got = 0;
	char *path = site_safe_relpath(relpath)
	                 ? g_build_filename(s->tmp, relpath, NULL) : NULL;
	int fd = path ? g_open(path, O_RDONLY | O_CLOEXEC, 0) : -1;
	if (!path)
		errno = EINVAL;
	bool ok = read_back(fd, relpath, offset, buf, length, got, error);
	if (fd >= 0)
		close(fd);
	g_free(path);
	return ok;
}

bool site_file_read(SiteFile *sf, size_t offset, void *buf, size_t length,
                    size_t *got, GError **error)
{
	/* while put off, the previous output's file holds the parts */
	int fd = sf->previous >= 0 ? sf->previous : fileno(sf->f);
	length = offset < sf->length ? MIN(length, sf->length - offset) : 0;
	return read_back(fd, sf->relpath, offset, buf, length, got, error);
}

/* The site writer's files written in parts, compared with the
 * previous output's as they are written, and read back.  See site.h. */
#define _GNU_SOURCE
#include "site.h"
#include "site_internal.h"

#include "digest.h"

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
	                 parts added so far, else -1 */
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

/* Compares a part with the previous output's file as it is added (one
 * read of that file, none of the new one); drops it at a difference. */
static void compare_previous(SiteFile *sf, const void *bytes,
                             size_t length)
{
	if (sf->previous >= 0 && !same_next(sf->previous, bytes, length)) {
		close(sf->previous);
		sf->previous = -1;
	}
}

/* The previous output's file put at the new path when it held every
 * part and nothing more: linked beside it, then renamed over it, so
 * the new path is never missing. */
static void link_previous(SiteFile *sf)
{
	struct stat st;
	if (sf->previous < 0 || fstat(sf->previous, &st) != 0
	    || (size_t)st.st_size != sf->length)
		return;
	char *previous = g_build_filename(sf->site->target, sf->relpath, NULL);
	char *beside = g_strconcat(sf->path, ".link", NULL);
	g_unlink(beside);
	if (link(previous, beside) == 0 && rename(beside, sf->path) != 0)
		g_unlink(beside);
	g_free(beside);
	g_free(previous);
}

SiteFile *site_file_open(Site *s, const char *relpath, GError **error)
{
	char *path = strcmp(relpath, SITE_MARKER) == 0
	                 ? NULL : site_new_file_path(s, relpath, error);
	FILE *f = path ? fopen(path, "wb") : NULL;
	if (f) /* each part reaches the file at once (site_read_new) */
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
	if (length && fwrite(bytes, 1, length, sf->f) != length) {
		site_env_error(error, "cannot write '%s': %s", sf->path,
		          g_strerror(errno));
		return false;
	}
	digest_add(sf->digest, bytes, length);
	compare_previous(sf, bytes, length);
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
	bool ok = fclose(sf->f) == 0;
	char *digest = digest_finish(sf->digest);
	if (!ok)
		site_env_error(error, "cannot write '%s': %s", sf->path,
		          g_strerror(errno));
	if (ok) {
		site_note_written(sf->site, sf->relpath, NULL, 0, digest);
		/* as site_write: the previous output's same file is linked */
		link_previous(sf);
	}
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

bool site_read_new(Site *s, const char *relpath, size_t offset, void *buf,
                   size_t length, size_t *got, GError **error)
{
	*got = 0;
	char *path = site_safe_relpath(relpath)
	                 ? g_build_filename(s->tmp, relpath, NULL) : NULL;
	int fd = path ? g_open(path, O_RDONLY | O_CLOEXEC, 0) : -1;
	if (!path)
		errno = EINVAL;
	while (fd >= 0 && *got < length) {
		ssize_t n = pread(fd, (char *)buf + *got, length - *got,
		                  (off_t)(offset + *got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0)
				*got = (size_t)-1;
			break;
		}
		*got += (size_t)n;
	}
	bool ok = fd >= 0 && *got != (size_t)-1;
	if (!ok)
		site_env_error(error, "cannot read back '%s': %s", relpath,
		          g_strerror(errno));
	if (fd >= 0)
		close(fd);
	if (!ok)
		*got = 0;
	g_free(path);
	return ok;
}


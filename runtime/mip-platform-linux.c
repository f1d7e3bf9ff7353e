/* mip-platform-linux.c - the system calls of libmip on Linux and other
   POSIX systems.

   Every call retries on EINTR and returns an error number; none
   allocates memory or raises a signal, and all are async-signal-safe
   (the dump may run in a signal handler).  Error descriptions are the C
   library's untranslated ones where it has them, so that no message
   catalogue is loaded during a dump.  The GNU build id of the module
   comes from its own program headers, found from its ELF header.

   Each member of libmip compiles this file (see mip-parts.c) and keeps
   the calls it makes.

   Files are opened with O_NOFOLLOW and checked with fstat once open:
   the writer (mip-file.c) looks at what a name is with lstat, follows
   symbolic links itself, and a file that changed kind between that
   look and the open is reported as MIP_KIND_CHANGED, never written as
   the other kind.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For secure_getenv and strerrordesc_np in glibc.  */
#define _GNU_SOURCE 1

#include "mip-internal.h"

#if MIP_PLATFORM_POSIX

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOFOLLOW
#define O_NOFOLLOW 0
#endif

#if defined (__ELF__) && defined (__has_include)
#if __has_include (<link.h>)
#include <link.h>
#define HAVE_DL_ITERATE_PHDR 1
#endif
#endif

#if defined (__GLIBC__) \
    && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
#define HAVE_STRERRORDESC_NP 1
#endif

MIP_INTERNAL uint64_t
mip_platform_pid (void)
{
  return (uint64_t) getpid ();
}

MIP_INTERNAL MIP_INLINE_ON_AARCH64 const char *
mip_platform_getenv (const char *name, const char *fallback)
{
#if defined (__GLIBC__)
  const char *value = secure_getenv (name);
#else
  const char *value = getenv (name);
#endif

  return value != NULL && value[0] != '\0' ? value : fallback;
}

MIP_INTERNAL int
mip_platform_host_name (char *name, size_t size)
{
  if (gethostname (name, size) != 0)
    return errno;
  name[size - 1] = '\0';
  return 0;
}

MIP_INTERNAL int
mip_platform_create_file (const char *path, int *fd)
{
  do
    *fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC,
		0666);
  while (*fd < 0 && errno == EINTR);
  return *fd < 0 ? errno : 0;
}

/* How long a dump waits for another process's lock on the file: dumps
   take milliseconds, so this is only reached when the holder is stopped
   or hung, and the dump then goes on unlocked rather than hang the
   program.  */
#define LOCK_WAIT_NS (30 * 1000000000LL)
#define LOCK_POLL_MAX_NS (50 * 1000000LL)

/* Take a write lock on all of FD: an open file description lock where
   the kernel has them (two modules of one process then exclude each
   other too), else a process lock.  Returns 0 or an error number.  */
MIP_LOCAL int
try_lock (int fd)
{
  struct flock lock;

  memset (&lock, 0, sizeof lock);
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
  if (fcntl (fd, F_OFD_SETLK, &lock) == 0)
    return 0;
  if (errno != EINVAL)
    return errno;
#endif
  return fcntl (fd, F_SETLK, &lock) == 0 ? 0 : errno;
}

/* Lock FD, polling with growing pauses (nanosleep is async-signal-safe,
   a blocking F_SETLKW would wait for ever on a stopped holder).  */
MIP_LOCAL int
lock_bounded (int fd)
{
  long long waited = 0, pause = 100000;
  int errnum;

  while ((errnum = try_lock (fd)) == EAGAIN || errnum == EACCES
	 || errnum == EINTR)
    {
      struct timespec delay = { 0, (long) pause };

      if (waited >= LOCK_WAIT_NS)
	return ETIMEDOUT;
      nanosleep (&delay, NULL);
      waited += pause;
      if (pause < LOCK_POLL_MAX_NS)
	pause *= 2;
    }
  return errnum;
}

/* 0 when FD is the regular file PATH names now, EAGAIN when PATH names
   another file now (another dump renamed a new file over it while this
   one waited for the lock), MIP_KIND_CHANGED when FD is no regular
   file, or an error number.  */
MIP_LOCAL int
check_opened (int fd, const char *path)
{
  struct stat opened, named;

  if (fstat (fd, &opened) != 0)
    return errno;
  if (!S_ISREG (opened.st_mode))
    return MIP_KIND_CHANGED;
  return lstat (path, &named) == 0 && opened.st_dev == named.st_dev
	 && opened.st_ino == named.st_ino ? 0 : EAGAIN;
}

MIP_INTERNAL int
mip_platform_open_locked (const char *path, int *fd, int *locked)
{
  int attempt, errnum, lock_errnum;

  *locked = 0;
  for (attempt = 0;; attempt++)
    {
      do
	*fd = open (path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NOCTTY
			  | O_CLOEXEC, 0666);
      while (*fd < 0 && errno == EINTR);
      if (*fd < 0)
	return errno;
      /* Replaced a thousand times while waiting: go on unlocked.  */
      lock_errnum = attempt < 1000 ? lock_bounded (*fd) : EAGAIN;
      errnum = check_opened (*fd, path);
      if (errnum == 0 || errnum == EAGAIN)
	{
	  if (errnum == 0 || lock_errnum != 0)
	    {
	      *locked = lock_errnum == 0;
	      return lock_errnum;
	    }
	  close (*fd);
	  continue;
	}
      close (*fd);
      *fd = -1;
      return errnum;
    }
}

MIP_INTERNAL int
mip_platform_file_kind (const char *path, int *kind)
{
  struct stat st;

  *kind = MIP_FILE_ABSENT;
  if (lstat (path, &st) != 0)
    return errno == ENOENT ? 0 : errno;
  *kind = S_ISREG (st.st_mode) ? MIP_FILE_REGULAR
	  : S_ISLNK (st.st_mode) ? MIP_FILE_LINK : MIP_FILE_SPECIAL;
  return 0;
}

MIP_INTERNAL int
mip_platform_read_link (const char *path, char *out, size_t size)
{
  ssize_t length = readlink (path, out, size);

  if (length < 0)
    return errno;
  if ((size_t) length >= size)
    return ENAMETOOLONG;
  out[length] = '\0';
  return 0;
}

/* A FIFO is opened with O_NONBLOCK, so that one with no reader fails
   at once (ENXIO) instead of waiting for ever; the writes then block as
   usual.  */
MIP_INTERNAL int
mip_platform_write_in_place (const char *path, const void *const *pieces,
			     const size_t *sizes, int count)
{
  struct stat st;
  int fd, flags, errnum = 0;

  do
    fd = open (path, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY
		     | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return errno;
  if (fstat (fd, &st) != 0 || (flags = fcntl (fd, F_GETFL)) < 0
      || fcntl (fd, F_SETFL, flags & ~O_NONBLOCK) != 0)
    errnum = errno;
  else if (S_ISREG (st.st_mode))
    errnum = MIP_KIND_CHANGED;
  if (errnum == 0)
    errnum = mip_platform_write_pieces (fd, pieces, sizes, count);
  close (fd);
  return errnum;
}

/* The flags of each way mip_platform_open opens a file (all with
   O_NOCTTY and O_CLOEXEC).  A file read or appended to was a regular
   file a moment ago: O_NONBLOCK keeps a FIFO put there meanwhile from
   blocking.  */
#define OPEN_ALWAYS (O_NOCTTY | O_CLOEXEC)
static const int open_flags[] = {
  [MIP_OPEN_READ] = O_RDONLY | O_NONBLOCK | O_NOFOLLOW | OPEN_ALWAYS,
  [MIP_OPEN_APPEND] = O_WRONLY | O_APPEND | O_NONBLOCK | O_NOFOLLOW
		      | OPEN_ALWAYS,
  [MIP_OPEN_IN_PLACE] = O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK
			| OPEN_ALWAYS
};

MIP_INTERNAL MIP_INLINE_ON_AARCH64 int
mip_platform_open (const char *path, int how, int *fd)
{
  do
    *fd = open (path, open_flags[how], 0666);
  while (*fd < 0 && errno == EINTR);
  if (*fd < 0)
    return errno;
  /* The writes block as usual (a FIFO with no reader failed with ENXIO
     at once).  */
  if (how == MIP_OPEN_IN_PLACE)
    fcntl (*fd, F_SETFL, 0);
  return 0;
}

MIP_INTERNAL int
mip_platform_file_size (int fd, uint64_t *size)
{
  struct stat st;

  if (fstat (fd, &st) != 0)
    return errno;
  *size = (uint64_t) st.st_size;
  return 0;
}

MIP_INTERNAL int
mip_platform_read_at (int fd, off_t offset, void *out, size_t size)
{
  unsigned char *next = out;

  while (size > 0)
    {
      ssize_t got = pread (fd, next, size, offset);

      if (got < 0 && errno == EINTR)
	continue;
      if (got < 0)
	return errno;
      if (got == 0)
	return EIO;
      next += got;
      offset += got;
      size -= (size_t) got;
    }
  return 0;
}

MIP_INTERNAL int
mip_platform_read_head (int fd, void *out, size_t size)
{
  ssize_t got;

  do
    got = pread (fd, out, size, 0);
  while (got < 0 && errno == EINTR);
  if (got < 0)
    return errno;
  return (size_t) got == size ? 0 : EIO;
}

MIP_INTERNAL int
mip_platform_write_at (int fd, uint64_t offset, const void *data,
		       size_t size)
{
  const unsigned char *next = data;

  while (size > 0)
    {
      ssize_t written = pwrite (fd, next, size, (off_t) offset);

      if (written < 0 && errno == EINTR)
	continue;
      if (written < 0)
	return errno;
      if (written == 0)
	return EIO;
      next += written;
      offset += (uint64_t) written;
      size -= (size_t) written;
    }
  return 0;
}

MIP_INTERNAL int
mip_platform_truncate (int fd, uint64_t size)
{
  return ftruncate (fd, (off_t) size) != 0 ? errno : 0;
}

MIP_INTERNAL int
mip_platform_write_all (int fd, const void *data, size_t size)
{
  const unsigned char *next = data;

  while (size > 0)
    {
      ssize_t written = write (fd, next, size);

      if (written < 0 && errno == EINTR)
	continue;
      if (written < 0)
	return errno;
      if (written == 0)
	return EIO;
      next += written;
      size -= (size_t) written;
    }
  return 0;
}

/* SIGPIPE is ignored while the pieces are written, so that a reader
   of a FIFO that goes away does not kill the program (the write fails
   with EPIPE instead).  That is for the whole process, for the time of
   the writes: a per-thread mask would bring four more C library
   functions into every program.  */
MIP_INTERNAL int
mip_platform_write_pieces (int fd, const void *const *pieces,
			   const size_t *sizes, int count)
{
  struct sigaction ignore, saved;
  int i, errnum = 0;

  memset (&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigaction (SIGPIPE, &ignore, &saved);
  for (i = 0; i < count && errnum == 0; i++)
    errnum = mip_platform_write_all (fd, pieces[i], sizes[i]);
  sigaction (SIGPIPE, &saved, NULL);
  return errnum;
}

/* Linux releases the descriptor even when close is interrupted, so
   EINTR is not retried (that could close another thread's new file).  */
MIP_INTERNAL MIP_INLINE int
mip_platform_close (int fd)
{
  return close (fd) != 0 && errno != EINTR ? errno : 0;
}

MIP_INTERNAL int
mip_platform_rename (const char *from, const char *to)
{
  return rename (from, to) != 0 ? errno : 0;
}

MIP_INTERNAL int
mip_platform_remove (const char *path)
{
  return unlink (path) != 0 ? errno : 0;
}

MIP_INTERNAL void
mip_platform_write_stderr_pieces (const char *const *pieces, int count)
{
  struct iovec iov[8];
  int saved_errno = errno, i;

  /* A NULL piece is an empty iovec, which writes nothing.  */
  for (i = 0; i < count; i++)
    {
      iov[i].iov_base = (void *) pieces[i];
      iov[i].iov_len = pieces[i] != NULL ? strlen (pieces[i]) : 0;
    }
  while (writev (STDERR_FILENO, iov, count) < 0 && errno == EINTR)
    ;
  errno = saved_errno;
}

#ifndef HAVE_STRERRORDESC_NP
/* strerror_r is the XSI one (returns int) or the GNU one (returns a
   string) depending on the C library and feature macros; take either.  */
MIP_LOCAL const char *
text_from_xsi (int result, char *buffer)
{
  return result == 0 ? buffer : NULL;
}

MIP_LOCAL const char *
text_from_gnu (char *result, char *buffer)
{
  (void) buffer;
  return result;
}

#define STRERROR_R_TEXT(call, buffer) \
  _Generic ((call), char *: text_from_gnu, default: text_from_xsi) (call, buffer)
#endif

MIP_INTERNAL const char *
mip_platform_error_text (int errnum, char *buffer, size_t size)
{
  const char *text = NULL;

#ifdef HAVE_STRERRORDESC_NP
  (void) buffer;
  (void) size;
  text = strerrordesc_np (errnum);
#else
  if (size > 0)
    {
      buffer[0] = '\0';
      text = STRERROR_R_TEXT (strerror_r (errnum, buffer, size), buffer);
    }
#endif
  return text != NULL && text[0] != '\0' ? text : NULL;
}

#ifdef HAVE_DL_ITERATE_PHDR

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

/* The ELF header of the module, which the linker defines in each
   executable and shared object whose first loaded segment holds it
   (GNU ld, gold and lld all do): hidden, so each module sees its own;
   weak, so that where it is not defined there is simply no build id.  */
extern const ElfW (Ehdr) __ehdr_start MIP_WEAK MIP_HIDDEN;

/* Whether the note at NAME (N_NAMESZ bytes) is the owner "GNU": its 4
   bytes compared as one word (a note's name is aligned to 4).  */
MIP_LOCAL int
gnu_owner (const ElfW (Nhdr) *header, const unsigned char *name)
{
  typedef uint32_t __attribute__ ((may_alias)) word;
  static const union
  {
    char text[4];
    uint32_t word;
  } gnu = { "GNU" };

  return header->n_namesz == 4
	 && *(const word *) (const void *) name == gnu.word;
}

/* Copy the build id note of the note segment P (BIAS: its load bias)
   into ID and SIZE, if it has one.  A note is a header, the owner's
   name and the descriptor, each padded to 4 bytes; GNU notes in
   segments aligned to 8 (the x86 property note) have sizes that are
   multiples of 8, so padding to 4 walks those too.  */
MIP_LOCAL void
find_build_id_note (const ElfW (Phdr) *p, uintptr_t bias, uint8_t *id,
		    uint32_t *size)
{
  const unsigned char *note = (const unsigned char *) (bias + p->p_vaddr);
  const unsigned char *stop = note + p->p_memsz;

  while (stop - note >= (ptrdiff_t) sizeof (ElfW (Nhdr)))
    {
      const ElfW (Nhdr) *header = (const ElfW (Nhdr) *) note;
      const unsigned char *name = note + sizeof *header;
      const unsigned char *descriptor
	= name + ((header->n_namesz + 3) & ~(size_t) 3);
      const unsigned char *next
	= descriptor + ((header->n_descsz + 3) & ~(size_t) 3);

      if (next > stop || next < name)
	return;
      if (header->n_type == NT_GNU_BUILD_ID && gnu_owner (header, name)
	  && header->n_descsz <= MIP_GNU_BUILD_ID_MAX)
	{
	  mip_copy_bytes (id, descriptor, header->n_descsz);
	  *size = header->n_descsz;
	  return;
	}
      note = next;
    }
}

/* The module's own program headers, found from its ELF header: no
   dl_iterate_phdr (whose lock a signal handler must not take), nothing
   to cache.  The load bias is where the header is less the link-time
   address of the segment that maps it (file offset 0).  */
MIP_INTERNAL void
mip_platform_gnu_build_id (uint8_t *id, uint32_t *size)
{
  const ElfW (Ehdr) *ehdr = &__ehdr_start;
  const ElfW (Phdr) *first, *end, *p;
  uintptr_t bias = 0;

  if (ehdr == NULL)
    return;
  first = (const ElfW (Phdr) *) ((const char *) ehdr + ehdr->e_phoff);
  end = first + ehdr->e_phnum;
  for (p = first; p < end; p++)
    if (p->p_type == PT_LOAD && p->p_offset == 0)
      bias = (uintptr_t) ehdr - p->p_vaddr;
  for (p = first; p < end; p++)
    if (p->p_type == PT_NOTE)
      find_build_id_note (p, bias, id, size);
}

#else

MIP_INTERNAL void
mip_platform_gnu_build_id (uint8_t *id, uint32_t *size)
{
  (void) id;
  (void) size;
}

#endif /* HAVE_DL_ITERATE_PHDR */

/* ---- The initial contents of __mip_raw ------------------------------- */

#ifdef HAVE_DL_ITERATE_PHDR

/* What find_section_file looks for, and what it finds: the file of the
   module whose loaded segment holds the section, and the section's
   offset in it.  */
struct section_search
{
  uintptr_t section;
  size_t size;
  const char *path;
  uint64_t file_offset;
  int found;
};

MIP_LOCAL int
find_section_file (struct dl_phdr_info *info, size_t info_size, void *data)
{
  struct section_search *search = data;
  const ElfW (Phdr) *p = info->dlpi_phdr, *end = p + info->dlpi_phnum;

  (void) info_size;
  for (; p < end; p++)
    {
      uintptr_t start = info->dlpi_addr + p->p_vaddr;
      uintptr_t into = search->section - start;

      if (p->p_type != PT_LOAD || search->section < start
	  || into >= p->p_memsz)
	continue;
      /* The initial bytes are in the file only up to p_filesz.  */
      if (into + search->size <= p->p_filesz)
	{
	  search->found = 1;
	  search->file_offset = p->p_offset + into;
	  /* The main program's name is empty: /proc gives its file.  */
	  search->path = info->dlpi_name != NULL && info->dlpi_name[0] != '\0'
			 ? info->dlpi_name : "/proc/self/exe";
	}
      return 1;
    }
  return 0;
}

/* Where the section's initial bytes are, found once: at start, so that
   the reset after fork needs no dl_iterate_phdr (whose lock another
   thread may have held at the fork).  */
static struct section_search section_file;

MIP_INTERNAL void
mip_platform_find_image (const unsigned char *section, size_t size)
{
  struct section_search search = { (uintptr_t) section, size, NULL, 0, 0 };
  int saved_errno = errno;

  if (section_file.found && section_file.section == search.section
      && section_file.size == size)
    return;
  dl_iterate_phdr (find_section_file, &search);
  section_file = search;
  errno = saved_errno;
}

MIP_INTERNAL int
mip_platform_open_image (const unsigned char *section, size_t size,
			 struct mip_image *image)
{
  int saved_errno = errno, errnum;

  mip_platform_find_image (section, size);
  if (!section_file.found)
    return ENOENT;
  do
    image->fd = open (section_file.path, O_RDONLY | O_CLOEXEC);
  while (image->fd < 0 && errno == EINTR);
  errnum = image->fd < 0 ? errno : 0;
  image->file_offset = section_file.file_offset;
  errno = saved_errno;
  return errnum;
}

#else

MIP_INTERNAL void
mip_platform_find_image (const unsigned char *section, size_t size)
{
  (void) section;
  (void) size;
}

MIP_INTERNAL int
mip_platform_open_image (const unsigned char *section, size_t size,
			 struct mip_image *image)
{
  (void) section;
  (void) size;
  (void) image;
  return ENOSYS;
}

#endif /* HAVE_DL_ITERATE_PHDR */

MIP_INTERNAL int
mip_platform_read_image (const struct mip_image *image, size_t offset,
			 void *out, size_t size)
{
  int saved_errno = errno;
  int errnum = mip_platform_read_at (image->fd, image->file_offset + offset,
				     out, size);

  errno = saved_errno;
  return errnum;
}

MIP_INTERNAL void
mip_platform_close_image (const struct mip_image *image)
{
  int saved_errno = errno;

  close (image->fd);
  errno = saved_errno;
}

/* The dumps on signals are the merging writer's member's
   (mip-process.c): say when they are asked for in a program that has
   not linked it.  */
MIP_INTERNAL void
mip_platform_start (void)
{
  const char *value = mip_platform_getenv (MIP_DUMP_ON_SIGNAL_ENV, NULL);

  if (mip_merging_write == NULL && value != NULL)
    mip_report (MIP_DUMP_ON_SIGNAL_ENV "='", value, "' is not acted on:"
		" dumps on signals need libmip's complete runtime (link the"
		" program with -lmip-complete)", NULL);
}

#else

/* Keep the translation unit from being empty.  */
typedef int mip_platform_linux_unused;

#endif /* MIP_PLATFORM_POSIX */

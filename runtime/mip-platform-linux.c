/* mip-platform-linux.c - the system calls of libmip on Linux and other
   POSIX systems.

   Every call retries on EINTR and reports failure through errno; none
   allocates memory or raises a signal.  Error descriptions are the C
   library's untranslated ones where it has them, so that no message
   catalogue is loaded during a dump.  The GNU build id of the module
   comes from its program headers, through dl_iterate_phdr, which static
   executables have too.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

/* For secure_getenv and strerrordesc_np in glibc.  */
#define _GNU_SOURCE 1

#include "mip-internal.h"

#if MIP_PLATFORM_POSIX

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
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

MIP_INTERNAL const char *
mip_platform_getenv (const char *name)
{
#if defined (__GLIBC__)
  return secure_getenv (name);
#else
  return getenv (name);
#endif
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

/* Linux releases the descriptor even when close is interrupted, so
   EINTR is not retried (that could close another thread's new file).  */
MIP_INTERNAL int
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
mip_platform_write_stderr (const char *text, size_t size)
{
  (void) mip_platform_write_all (STDERR_FILENO, text, size);
}

#ifndef HAVE_STRERRORDESC_NP
/* strerror_r is the XSI one (returns int) or the GNU one (returns a
   string) depending on the C library and feature macros; take either.  */
static const char *
text_from_xsi (int result, char *buffer)
{
  return result == 0 ? buffer : NULL;
}

static const char *
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

/* What find_build_id looks for, and where it puts what it finds.  */
struct build_id_search
{
  uintptr_t anchor;
  uint8_t *id;
  uint32_t *size;
};

/* dl_iterate_phdr's callback: at the module whose loaded segments
   contain the anchor, look for the build id note in its note segments,
   and stop (1).  A note is a header, the owner's name and the
   descriptor, each padded to 4 bytes; GNU notes in segments aligned to
   8 (the x86 property note) have sizes that are multiples of 8, so
   padding to 4 walks those too.  */
static int
find_build_id (struct dl_phdr_info *info, size_t info_size, void *data)
{
  struct build_id_search *search = data;
  const ElfW (Phdr) *first = info->dlpi_phdr;
  const ElfW (Phdr) *end = first + info->dlpi_phnum, *p;

  (void) info_size;
  for (p = first; p < end; p++)
    if (p->p_type == PT_LOAD
	&& search->anchor - (info->dlpi_addr + p->p_vaddr) < p->p_memsz)
      break;
  if (p == end)
    return 0;
  for (p = first; p < end; p++)
    if (p->p_type == PT_NOTE)
      {
	const unsigned char *note
	  = (const unsigned char *) (info->dlpi_addr + p->p_vaddr);
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
	      break;
	    if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4
		&& memcmp (name, "GNU", 4) == 0
		&& header->n_descsz <= MIP_GNU_BUILD_ID_MAX)
	      {
		memcpy (search->id, descriptor, header->n_descsz);
		*search->size = header->n_descsz;
		return 1;
	      }
	    note = next;
	  }
      }
  return 1;
}

MIP_INTERNAL void
mip_platform_gnu_build_id (const void *anchor, uint8_t *id, uint32_t *size)
{
  struct build_id_search search = { (uintptr_t) anchor, id, size };

  dl_iterate_phdr (find_build_id, &search);
}

#else

MIP_INTERNAL void
mip_platform_gnu_build_id (const void *anchor, uint8_t *id, uint32_t *size)
{
  (void) anchor;
  (void) id;
  (void) size;
}

#endif /* HAVE_DL_ITERATE_PHDR */

#else

/* Keep the translation unit from being empty.  */
typedef int mip_platform_linux_unused;

#endif /* MIP_PLATFORM_POSIX */

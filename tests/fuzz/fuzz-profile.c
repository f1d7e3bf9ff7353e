/* fuzz-profile.c - fuzz harness of the profile reader
   (mip_profile_parse).

   A profile the reader accepts is queried as mipdata show does (every
   function's name, kinds and order, every block's address and extent)
   and as merge does (every allocation site found by its record),
   then written and read back: the second write must give the same
   bytes as the first.  When MIP_FUZZ_MIPDATA names a mipdata program
   (make check sets it to the one built; a sanitized one is best), the
   commands that print a profile (show, info, callgraph, order) run on
   it too, and must exit with 0 or 1: not be killed by a signal nor
   stopped by a sanitizer (exit status 86 for them here) or a leak
   (23).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "fuzz.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mip-profile.h"

/* Ask PROFILE what show asks about each function; returns the number of
   blocks whose address is known.  */
static uint64_t
query_functions (const struct mip_profile *profile)
{
  uint64_t known = 0;
  uint32_t i, k;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      const char *name = mip_profile_function_name (profile, i);

      if (!name || !memchr (name, '\0', profile->header.strings_size
			    - function->name_offset))
	fuzz_fail ("function %" PRIu32 " has no name", i);
      mip_profile_function_is_discarded (profile, i);
      if (mip_profile_function_is_alias (profile, i))
	continue;
      mip_profile_function_kinds (profile, i);
      mip_profile_function_order (profile, i);
      for (k = 0; k < function->block_count; k++)
	{
	  uint64_t address, size;
	  if (mip_profile_block_extent (profile, i, k, &address, &size))
	    known++;
	}
    }
  return known;
}

/* Every allocation site of PROFILE is found by its record, as merge
   finds the sites a record's freed_by fields name: the reader keeps
   them in record order.  */
static void
query_heap_sites (const struct mip_profile *profile)
{
  for (uint32_t i = 0; i < profile->header.heap_site_count; i++)
    if (mip_profile_heap_site_at (profile, profile->heap_sites[i].raw_offset)
	!= (long) i)
      fuzz_fail ("allocation site %" PRIu32 " is not found by its record",
		 i);
}

/* Serialize PROFILE; NULL when out of memory.  */
static unsigned char *
serialize (const struct mip_profile *profile, size_t *size)
{
  struct mip_error_context error;
  unsigned char *bytes = NULL;
  enum mip_error status;

  mip_error_clear (&error);
  status = mip_profile_serialize (profile, &bytes, size, &error);
  if (status == MIP_ERROR_NO_MEMORY)
    return NULL;
  if (status != MIP_OK)
    {
      char message[2048];
      fuzz_fail ("an accepted profile cannot be written: %s",
		 mip_error_format (&error, message, sizeof message));
    }
  return bytes;
}

/* Write PROFILE, read it back and write it again: same bytes.  */
static void
round_trip (const struct mip_profile *profile)
{
  struct mip_error_context error;
  struct mip_profile *again = NULL;
  unsigned char *first, *second = NULL;
  size_t first_size, second_size = 0;
  enum mip_error status;

  first = serialize (profile, &first_size);
  if (!first)
    return;
  mip_error_clear (&error);
  status = mip_profile_parse (first, first_size, FUZZ_INPUT_NAME, &again,
			      &error);
  if (status != MIP_OK && status != MIP_ERROR_NO_MEMORY)
    {
      char message[2048];
      fuzz_fail ("an accepted profile does not read back: %s",
		 mip_error_format (&error, message, sizeof message));
    }
  if (again)
    second = serialize (again, &second_size);
  if (second && (second_size != first_size
		 || memcmp (first, second, first_size) != 0))
    fuzz_fail ("an accepted profile read back writes other bytes");
  free (second);
  free (first);
  mip_profile_free (again);
}

/* The command lines run on an accepted profile, "-p PROFILE" added.  */
static const char *const command_lines[][3] = {
  { "show", NULL }, { "show", "--json", NULL }, { "show", "--yaml", NULL },
  { "show", "--sort=count", NULL }, { "show", "--sort=order", NULL },
  { "info", NULL }, { "callgraph", NULL }, { "callgraph", "--dot", NULL },
  { "order", NULL }, { "order", "--format=gold", NULL },
};
#define COMMAND_COUNT (sizeof command_lines / sizeof command_lines[0])

/* The file the profile is written to for the commands.  */
static char profile_path[4200];

static void
remove_profile (void)
{
  unlink (profile_path);
}

/* Write DATA (SIZE bytes) to a temporary file, once created.  */
static void
write_profile (const uint8_t *data, size_t size)
{
  size_t done = 0;
  int fd;

  if (!profile_path[0])
    {
      const char *tmp = getenv ("TMPDIR");
      snprintf (profile_path, sizeof profile_path,
		"%s/mip-fuzz-profile.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
      fd = mkstemp (profile_path);
      if (fd < 0)
	fuzz_fail ("cannot create '%s'", profile_path);
      close (fd);
      atexit (remove_profile);
    }
  fd = open (profile_path, O_WRONLY | O_TRUNC);
  if (fd < 0)
    fuzz_fail ("cannot open '%s'", profile_path);
  while (done < size)
    {
      ssize_t written = write (fd, data + done, size - done);
      if (written <= 0)
	fuzz_fail ("cannot write '%s'", profile_path);
      done += (size_t) written;
    }
  close (fd);
}

/* Run MIPDATA with LINE and -p PROFILE_PATH, its output thrown away;
   its exit status, after aborting when it crashed.  */
static int
run_command (const char *mipdata, const char *const *line)
{
  const char *argv[8];
  int count = 0, status;
  pid_t child;

  argv[count++] = mipdata;
  while (*line)
    argv[count++] = *line++;
  argv[count++] = "-p";
  argv[count++] = profile_path;
  argv[count] = NULL;
  fflush (stdout);
  child = fork ();
  if (child < 0)
    fuzz_fail ("cannot fork");
  if (child == 0)
    {
      int null = open ("/dev/null", O_WRONLY);
      dup2 (null, 1);
      dup2 (null, 2);
      setenv ("ASAN_OPTIONS", "exitcode=86", 1);
      setenv ("UBSAN_OPTIONS", "halt_on_error=1:exitcode=86", 1);
      execv (mipdata, (char *const *) argv);
      _exit (127);
    }
  /* libFuzzer's timer interrupts the wait every second.  */
  while (waitpid (child, &status, 0) != child)
    if (errno != EINTR)
      fuzz_fail ("cannot wait for '%s'", mipdata);
  if (WIFSIGNALED (status) || WEXITSTATUS (status) > 1)
    {
      char text[4096];
      size_t used = 0;
      int i;
      for (i = 0; i < count && used < sizeof text; i++)
	used += (size_t) snprintf (text + used, sizeof text - used, "%s%s",
				   i ? " " : "", argv[i]);
      if (WIFSIGNALED (status))
	fuzz_fail ("'%s' was killed by signal %d", text, WTERMSIG (status));
      fuzz_fail ("'%s' exited with %d (86: a sanitizer, 23: a leak)", text,
		 WEXITSTATUS (status));
    }
  return WEXITSTATUS (status);
}

/* Run the commands on the accepted profile in DATA; their exit statuses
   as text in STATUSES ("" without MIP_FUZZ_MIPDATA).  */
static void
run_commands (const uint8_t *data, size_t size, char *statuses,
	      size_t statuses_size)
{
  const char *mipdata = getenv ("MIP_FUZZ_MIPDATA");
  size_t i, used = 0;

  statuses[0] = '\0';
  if (!mipdata || !mipdata[0])
    return;
  write_profile (data, size);
  used = (size_t) snprintf (statuses, statuses_size, "; commands exit");
  for (i = 0; i < COMMAND_COUNT && used < statuses_size; i++)
    used += (size_t) snprintf (statuses + used, statuses_size - used, " %d",
			       run_command (mipdata, command_lines[i]));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  enum mip_error status;
  uint64_t known;
  char statuses[128];

  mip_error_clear (&error);
  status = mip_profile_parse (data, size, FUZZ_INPUT_NAME, &profile,
			      &error);
  fuzz_check_error (status, &error);
  if (status != MIP_OK)
    return 0;
  known = query_functions (profile);
  query_heap_sites (profile);
  round_trip (profile);
  run_commands (data, size, statuses, sizeof statuses);
  fuzz_say ("ok: %" PRIu32 " runs, %" PRIu32 " functions, %" PRIu32
	    " blocks (%" PRIu64 " placed)%s", profile->header.runs,
	    profile->header.function_count, profile->header.block_count,
	    known, statuses);
  mip_profile_free (profile);
  return 0;
}

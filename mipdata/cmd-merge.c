/* cmd-merge.c - mipdata merge: add raw profiles to a profile.

   Each raw profile is one run of the program.  Every input is checked
   completely (header, sizes, unit walk, build id, the units the profile
   expects) before it is added, and the profile is written only when all
   of them were good: on any error PROFILE is left byte for byte as it
   was.  The new profile replaces the old one atomically.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _DEFAULT_SOURCE		/* flock */

#include "mipdata.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mip-file.h"
#include "mip-profile.h"
#include "mip-raw.h"

/* The raw profiles to add, from the command line and list files.  */
struct input_list
{
  char **paths;
  size_t count, capacity;
};

static void
print_help (void)
{
  printf ("usage: mipdata merge -p PROFILE [-i LISTFILE]... [RAW]...\n"
	  "\n"
	  "Add the raw profiles RAW (.mipraw files written by programs\n"
	  "linked with -lmip) to PROFILE, made by 'mipdata create' from the\n"
	  "same binary.  Every input is checked before PROFILE changes; if\n"
	  "one is bad, PROFILE is left untouched.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE       the profile to update\n"
	  "  -i, --input-files=LISTFILE  also merge the raw profiles named in\n"
	  "                              LISTFILE, one per line ('-' reads\n"
	  "                              the standard input)\n"
	  "  -h, --help                  print this help and exit\n");
}

static bool
add_input (struct input_list *inputs, const char *path)
{
  char *copy;
  if (inputs->count == inputs->capacity)
    {
      size_t capacity = inputs->capacity ? 2 * inputs->capacity : 16;
      char **grown = realloc (inputs->paths, capacity * sizeof *grown);
      if (!grown)
	return false;
      inputs->paths = grown;
      inputs->capacity = capacity;
    }
  copy = strdup (path);
  if (!copy)
    return false;
  inputs->paths[inputs->count++] = copy;
  return true;
}

static void
free_inputs (struct input_list *inputs)
{
  size_t i;
  for (i = 0; i < inputs->count; i++)
    free (inputs->paths[i]);
  free (inputs->paths);
}

/* Add the paths listed in LIST_PATH, one per line; empty lines are
   skipped.  */
static int
read_input_list (struct input_list *inputs, const char *list_path)
{
  FILE *list = strcmp (list_path, "-") == 0 ? stdin : fopen (list_path, "r");
  char *line = NULL;
  size_t line_capacity = 0;
  ssize_t length;
  int status = MIPDATA_EXIT_OK;

  if (!list)
    {
      struct mip_error_context error;
      mip_error_set_errno (&error, "cannot open", list_path);
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  while ((length = getline (&line, &line_capacity, list)) >= 0)
    {
      while (length > 0 && (line[length - 1] == '\n'
			    || line[length - 1] == '\r'))
	line[--length] = '\0';
      if (length > 0 && !add_input (inputs, line))
	{
	  mipdata_error ("out of memory");
	  status = MIPDATA_EXIT_FAILURE;
	  break;
	}
    }
  if (status == MIPDATA_EXIT_OK && ferror (list))
    {
      struct mip_error_context error;
      mip_error_set_errno (&error, "cannot read", list_path);
      mipdata_report (&error);
      status = MIPDATA_EXIT_FAILURE;
    }
  free (line);
  if (list != stdin)
    fclose (list);
  return status;
}

/* Check the raw profile PATH against PROFILE and add it as one run.  */
static bool
merge_one (struct mip_profile *profile, const char *path)
{
  struct mip_error_context error;
  unsigned char *data = NULL;
  size_t size = 0;
  struct mip_raw raw;
  bool ok;

  mip_error_clear (&error);
  ok = (mip_read_file (path, &data, &size, &error) == MIP_OK
	&& mip_raw_parse (data, size, path, &raw, &error) == MIP_OK
	&& mip_profile_check_raw (profile, &raw, path, &error) == MIP_OK
	&& mip_profile_add_run (profile, &raw, path, &error) == MIP_OK);
  if (!ok)
    mipdata_report (&error);
  free (data);
  return ok;
}

/* Lock the profile at PATH against other merges: an exclusive flock on
   the file, taken again if a merge that held it meanwhile replaced the
   file (merges write a new file and rename it over the old one).
   Returns the descriptor that holds the lock, or -1 (ERROR set).  */
static int
lock_profile (const char *path, struct mip_error_context *error)
{
  for (;;)
    {
      struct stat locked, current;
      int fd = open (path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
	{
	  mip_error_set_errno (error, "cannot open", path);
	  return -1;
	}
      while (flock (fd, LOCK_EX) != 0)
	if (errno != EINTR)
	  {
	    mip_error_set_errno (error, "cannot lock", path);
	    close (fd);
	    return -1;
	  }
      if (fstat (fd, &locked) == 0 && stat (path, &current) == 0
	  && locked.st_dev == current.st_dev
	  && locked.st_ino == current.st_ino)
	return fd;
      close (fd);
    }
}

static int
merge_all (const char *profile_path, const struct input_list *inputs)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  size_t i;
  int status = MIPDATA_EXIT_OK;
  int lock;

  mip_error_clear (&error);
  /* Concurrent merges into one profile take turns: none loses another's
     runs.  */
  lock = lock_profile (profile_path, &error);
  if (lock < 0
      || mip_profile_read_file (profile_path, &profile, &error) != MIP_OK)
    {
      if (error.code == MIP_ERROR_IO && error.saved_errno == ENOENT
	  && strcmp (error.file, profile_path) == 0)
	mipdata_error ("no profile '%s': make it first with 'mipdata create"
		       " -p %s BINARY'", profile_path, profile_path);
      else
	mipdata_report (&error);
      if (lock >= 0)
	close (lock);
      return MIPDATA_EXIT_FAILURE;
    }
  if (mip_profile_is_imported (profile))
    {
      mipdata_error ("cannot merge into '%s': it was made by mipdata import"
		     " and describes no binary (make the profile of the"
		     " program with 'mipdata create')", profile_path);
      status = MIPDATA_EXIT_FAILURE;
    }
  /* The profile in memory takes every run; the file changes only after
     the last one was checked and added.  */
  for (i = 0; i < inputs->count && status == MIPDATA_EXIT_OK; i++)
    if (!merge_one (profile, inputs->paths[i]))
      status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK
      && mip_profile_write_file (profile, profile_path, &error) != MIP_OK)
    {
      mipdata_report (&error);
      status = MIPDATA_EXIT_FAILURE;
    }
  mip_profile_free (profile);
  close (lock);
  return status;
}

int
cmd_merge (int argc, char **argv)
{
  static const struct option options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "input-files", required_argument, NULL, 'i' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct input_list inputs = { NULL, 0, 0 };
  const char *profile_path = NULL;
  int option, status = MIPDATA_EXIT_OK;
  int i;

  opterr = 0;
  while (status == MIPDATA_EXIT_OK
	 && (option = getopt_long (argc, argv, ":p:i:h", options, NULL)) != -1)
    switch (option)
      {
      case 'p':
	profile_path = optarg;
	break;
      case 'i':
	status = read_input_list (&inputs, optarg);
	break;
      case 'h':
	print_help ();
	free_inputs (&inputs);
	return MIPDATA_EXIT_OK;
      default:
	free_inputs (&inputs);
	return mipdata_bad_option ("merge", option, argv);
      }
  for (i = optind; status == MIPDATA_EXIT_OK && i < argc; i++)
    if (!add_input (&inputs, argv[i]))
      {
	mipdata_error ("out of memory");
	status = MIPDATA_EXIT_FAILURE;
      }
  if (status == MIPDATA_EXIT_OK && !profile_path)
    status = mipdata_usage_error ("merge", "no profile given (-p PROFILE)");
  else if (status == MIPDATA_EXIT_OK && inputs.count == 0)
    status = mipdata_usage_error ("merge", "no raw profile given");
  if (status == MIPDATA_EXIT_OK)
    status = merge_all (profile_path, &inputs);
  free_inputs (&inputs);
  return status;
}

/* cmd-merge.c - mipdata merge: add raw profiles (and profiles) to a
   profile.

   Each dump in a raw profile is one run of the program (a raw profile
   may hold several, see check_raw_dumps); a profile of the same
   build (a .mip) adds its runs; an input given with a weight W counts W
   times.  Inputs come from the command line, from list files
   (--input-files, -f or -i: text, one path per line; a binary file is
   refused, being most likely a raw profile after -f taken for --force)
   and from directories (their .mipraw files).  A file given more than
   once, by any name or way, is named and merged once: its runs would
   count twice (--allow-duplicates merges every occurrence).

   N worker threads (-j) take the inputs one at a time: each reads one
   file, checks it completely (header, sizes, unit walk, build id, the
   units the profile expects), adds it to its own partial profile (an
   empty copy of PROFILE; raw profiles through an accumulator, which
   works out the records' layout and block inference once per worker,
   mip-merge-accumulator.c) and drops it, so memory holds N inputs and N
   partials, never all inputs.  The partials are then added to PROFILE.
   Merging is associative and commutative, for every table, the value
   sites' values included (mip-merge-internal.h), so the result is the
   same, byte for byte, whatever -j and the order of the inputs are.

   With --failure-mode=error (the default) a bad input stops the merge
   and PROFILE is left byte for byte as it was; with warn it is named
   and skipped.  The new profile replaces the old one atomically, under
   a lock that concurrent merges into the same profile take in turn.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1		/* flock, asprintf */

#include "mipdata.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "mip-file.h"
#include "mip-profile.h"
#include "mip-raw.h"
#include "mip-reader.h"

/* More threads than this would only hold more partial profiles.  */
#define MAX_JOBS 256

/* One input: a raw profile or a profile, and how many runs it counts
   for.  */
struct merge_input
{
  char *path;
  uint32_t weight;
  bool section_dump;            /* a memory dump of the __mip_raw section
				   (--section-dump), not a file of MIP's */
};

/* The inputs, from the command line, list files and directories.  */
struct input_list
{
  struct merge_input *items;
  size_t count, capacity;
};

struct merge_options
{
  const char *profile_path;
  unsigned jobs;
  bool warn;                    /* --failure-mode=warn */
  bool allow_duplicates;        /* --allow-duplicates */
};

static void
print_help (void)
{
  printf ("usage: mipdata merge -p PROFILE [OPTION]... [INPUT]...\n"
	  "\n"
	  "Add the raw profiles INPUT (.mipraw files written by programs\n"
	  "linked with -lmip) to PROFILE, made by 'mipdata create' from the\n"
	  "same binary.  An INPUT may also be a profile (.mip) of the same\n"
	  "binary, whose runs are added, or a directory, whose regular files\n"
	  "ending in .mipraw are merged (not those of its subdirectories).\n"
	  "Every input is checked before PROFILE changes; with the default\n"
	  "failure mode, if one is bad, PROFILE is left untouched.  The\n"
	  "result does not depend on the order of the inputs nor on -j.\n"
	  "A PROFILE created from a binary built with the heap option keeps\n"
	  "its allocation sites, and merge adds up their counts as well.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE       the profile to update\n"
	  "      --input-files=LISTFILE  also merge the inputs named in\n"
	  "                              LISTFILE, a text file of one path\n"
	  "                              per line ('-' reads the standard\n"
	  "                              input); -f and -i are the same (in\n"
	  "                              merge, -f is not --force)\n"
	  "  -w, --weighted-input=W:INPUT\n"
	  "                              merge INPUT as if it were W runs (W\n"
	  "                              from 1 to 4294967295): counts, runs\n"
	  "                              and first-call order sums times W\n"
	  "  -j, --jobs=N                merge with N threads (default: the\n"
	  "                              processors it may run on)\n"
	  "      --section-dump=FILE     merge FILE, a memory dump of the\n"
	  "                              program's __mip_raw section taken\n"
	  "                              without the runtime (a debugger's\n"
	  "                              'dump binary memory FILE\n"
	  "                              &__start___mip_raw\n"
	  "                              &__stop___mip_raw' on a stopped\n"
	  "                              target), as one run; refused when\n"
	  "                              its units are not PROFILE's\n"
	  "      --allow-duplicates      merge a file as often as it is given\n"
	  "                              (by default a file given twice, by\n"
	  "                              any name, is named and merged once)\n"
	  "      --failure-mode=MODE     error (default): a bad input stops\n"
	  "                              the merge and nothing is written;\n"
	  "                              warn: it is named and skipped, the\n"
	  "                              rest is merged\n"
	  "  -h, --help                  print this help and exit\n"
	  "\n"
	  "On a terminal, a merge that takes more than a second shows its\n"
	  "progress on stderr.\n");
}

/* ---- The list of inputs ------------------------------------------------ */

static bool
add_input (struct input_list *inputs, const char *path, uint32_t weight)
{
  char *copy;
  if (inputs->count == inputs->capacity)
    {
      size_t capacity = inputs->capacity ? 2 * inputs->capacity : 16;
      struct merge_input *grown = realloc (inputs->items,
					   capacity * sizeof *grown);
      if (!grown)
	return false;
      inputs->items = grown;
      inputs->capacity = capacity;
    }
  copy = strdup (path);
  if (!copy)
    return false;
  inputs->items[inputs->count].path = copy;
  inputs->items[inputs->count].weight = weight;
  inputs->items[inputs->count].section_dump = false;
  inputs->count++;
  return true;
}

static void
free_inputs (struct input_list *inputs)
{
  size_t i;
  for (i = 0; i < inputs->count; i++)
    free (inputs->items[i].path);
  free (inputs->items);
}

static bool
is_raw_profile_name (const char *name)
{
  size_t length = strlen (name);
  return length > 7 && strcmp (name + length - 7, ".mipraw") == 0;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Collect the names of the regular files ending in .mipraw in the open
   directory STREAM (at PATH) into *NAMES, sorted.  False when out of
   memory.  */
static bool
list_raw_profiles (DIR *stream, const char *path, char ***names,
		   size_t *count)
{
  size_t capacity = 0;
  struct dirent *entry;

  *names = NULL;
  *count = 0;
  while ((entry = readdir (stream)) != NULL)
    {
      struct stat status;
      char *full;
      if (!is_raw_profile_name (entry->d_name))
	continue;
      if (asprintf (&full, "%s/%s", path, entry->d_name) < 0)
	return false;
      if (stat (full, &status) != 0 || !S_ISREG (status.st_mode))
	{
	  free (full);
	  continue;
	}
      if (*count == capacity)
	{
	  char **grown;
	  capacity = capacity ? 2 * capacity : 64;
	  grown = realloc (*names, capacity * sizeof *grown);
	  if (!grown)
	    {
	      free (full);
	      return false;
	    }
	  *names = grown;
	}
      (*names)[(*count)++] = full;
    }
  if (*count > 0)
    qsort (*names, *count, sizeof **names, compare_names);
  return true;
}

/* Add the .mipraw files of directory PATH, in name order.  A directory
   that holds none is an error: it is most likely the wrong one.  */
static int
add_directory (struct input_list *inputs, const char *path, uint32_t weight)
{
  DIR *stream = opendir (path);
  char **names;
  size_t count, i;
  int status = MIPDATA_EXIT_OK;

  if (!stream)
    {
      struct mip_error_context error;
      mip_error_set_errno (&error, "cannot open directory", path);
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  if (!list_raw_profiles (stream, path, &names, &count))
    {
      mipdata_error ("out of memory");
      status = MIPDATA_EXIT_FAILURE;
    }
  else if (count == 0)
    {
      mipdata_error ("'%s': no .mipraw file in this directory", path);
      status = MIPDATA_EXIT_FAILURE;
    }
  for (i = 0; i < count; i++)
    {
      if (status == MIPDATA_EXIT_OK && !add_input (inputs, names[i], weight))
	{
	  mipdata_error ("out of memory");
	  status = MIPDATA_EXIT_FAILURE;
	}
      free (names[i]);
    }
  free (names);
  closedir (stream);
  return status;
}

/* Add PATH: a directory's raw profiles, else the file itself (checked
   when it is merged).  */
static int
add_input_path (struct input_list *inputs, const char *path,
		uint32_t weight)
{
  struct stat status;

  if (stat (path, &status) == 0 && S_ISDIR (status.st_mode))
    return add_directory (inputs, path, weight);
  if (!add_input (inputs, path, weight))
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

/* Read the whole of STREAM into *TEXT (NUL-terminated, free it) of
   *SIZE bytes.  False (errno set) when reading fails.  */
static bool
read_stream (FILE *stream, char **text, size_t *size)
{
  size_t capacity = 4096, used = 0, got;
  char *buffer = malloc (capacity);

  while (buffer)
    {
      if (capacity - used < 2)
	{
	  char *grown = realloc (buffer, 2 * capacity);
	  if (!grown)
	    break;
	  buffer = grown;
	  capacity *= 2;
	}
      got = fread (buffer + used, 1, capacity - used - 1, stream);
      used += got;
      if (got == 0)
	{
	  if (ferror (stream))
	    break;
	  buffer[used] = '\0';
	  *text = buffer;
	  *size = used;
	  return true;
	}
    }
  if (!buffer || !ferror (stream))
    errno = ENOMEM;
  free (buffer);
  return false;
}

/* A list file is text, one path per line.  Refuse TEXT (SIZE bytes,
   from LIST_PATH) when it is not: a MIP file or binary data, most
   likely a raw profile given after -f as if -f were --force, as it is
   in create and import.  */
static int
check_list_is_text (const char *list_path, const char *text, size_t size,
		    const char *profile_path)
{
  struct mip_magic_info magic;
  size_t i;

  if (mip_detect_magic (text, size, &magic))
    {
      if (strcmp (list_path, "-") == 0)
	return mipdata_usage_error ("merge", "the standard input (-f -,"
				    " --input-files=-) looks like a %s, not"
				    " a list of inputs (one path per line)",
				    mip_magic_kind_name (magic.kind));
      if (magic.kind == MIP_MAGIC_KIND (MIP_MAGIC_MAP64))
	return mipdata_usage_error ("merge", "'%s' is a map, not a list of"
				    " inputs (-f, --input-files: one path"
				    " per line)", list_path);
      return mipdata_usage_error ("merge", "'%s' looks like a %s, not a"
				  " list of inputs (-f, --input-files: one"
				  " path per line); did you mean 'mipdata"
				  " merge -p %s %s'?", list_path,
				  mip_magic_kind_name (magic.kind),
				  profile_path ? profile_path : "PROFILE",
				  list_path);
    }
  for (i = 0; i < size; i++)
    {
      unsigned char byte = (unsigned char) text[i];
      if ((byte < 0x20 && byte != '\n' && byte != '\r' && byte != '\t')
	  || byte == 0x7f)
	return mipdata_usage_error ("merge", "'%s' is not a list of inputs"
				    " (-f, --input-files: one path per"
				    " line): it holds binary data",
				    list_path);
    }
  return MIPDATA_EXIT_OK;
}

/* Add the paths listed in LIST_PATH, one per line; empty lines are
   skipped.  PROFILE_PATH (may be NULL) is for messages.  */
static int
read_input_list (struct input_list *inputs, const char *list_path,
		 const char *profile_path)
{
  FILE *list = strcmp (list_path, "-") == 0 ? stdin : fopen (list_path, "r");
  char *text = NULL, *line, *next;
  size_t size = 0;
  int status;

  if (!list)
    {
      struct mip_error_context error;
      mip_error_set_errno (&error, "cannot open", list_path);
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  if (!read_stream (list, &text, &size))
    {
      struct mip_error_context error;
      mip_error_set_errno (&error, "cannot read", list_path);
      mipdata_report (&error);
      if (list != stdin)
	fclose (list);
      return MIPDATA_EXIT_FAILURE;
    }
  if (list != stdin)
    fclose (list);
  status = check_list_is_text (list_path, text, size, profile_path);
  for (line = text; status == MIPDATA_EXIT_OK && *line; line = next)
    {
      size_t length = strcspn (line, "\n");
      next = line + length + (line[length] == '\n');
      line[length] = '\0';
      while (length > 0 && line[length - 1] == '\r')
	line[--length] = '\0';
      if (length > 0)
	status = add_input_path (inputs, line, 1);
    }
  free (text);
  return status;
}

/* ---- The same file given twice ----------------------------------------- */

/* Which file an input is, by device and inode: 'a.mipraw', './a.mipraw',
   a link to it and the same file found through a directory or a list
   file are one file.  */
struct file_identity
{
  dev_t device;
  ino_t inode;
  size_t index;                 /* in the input list */
};

static int
compare_identities (const void *a, const void *b)
{
  const struct file_identity *left = a, *right = b;
  if (left->device != right->device)
    return left->device < right->device ? -1 : 1;
  if (left->inode != right->inode)
    return left->inode < right->inode ? -1 : 1;
  if (left->index != right->index)
    return left->index < right->index ? -1 : 1;
  return 0;
}

/* At most this many duplicates are named one by one.  */
#define DUPLICATES_NAMED 10

/* Drop from INPUTS each file given again after its first occurrence,
   naming it: its runs would count twice.  Inputs that cannot be looked
   at stay, for the merge to report.  False when memory runs out.  */
static bool
drop_duplicates (struct input_list *inputs)
{
  struct file_identity *identities;
  size_t *first;                /* per input: the index of its first
				   occurrence, or itself */
  size_t count = 0, i, kept, dropped = 0;

  identities = calloc (inputs->count ? inputs->count : 1,
		       sizeof *identities);
  first = calloc (inputs->count ? inputs->count : 1, sizeof *first);
  if (!identities || !first)
    {
      free (identities);
      free (first);
      mipdata_error ("out of memory");
      return false;
    }
  for (i = 0; i < inputs->count; i++)
    {
      struct stat status;
      first[i] = i;
      if (stat (inputs->items[i].path, &status) != 0)
	continue;
      identities[count].device = status.st_dev;
      identities[count].inode = status.st_ino;
      identities[count].index = i;
      count++;
    }
  qsort (identities, count, sizeof *identities, compare_identities);
  for (i = 1; i < count; i++)
    if (identities[i].device == identities[i - 1].device
	&& identities[i].inode == identities[i - 1].inode)
      first[identities[i].index] = first[identities[i - 1].index];
  for (i = 0; i < inputs->count; i++)
    if (first[i] != i)
      {
	if (dropped < DUPLICATES_NAMED)
	  mipdata_warning ("'%s' is '%s' again: merged once (use"
			   " --allow-duplicates to merge every"
			   " occurrence)", inputs->items[i].path,
			   inputs->items[first[i]].path);
	dropped++;
      }
  if (dropped > DUPLICATES_NAMED)
    mipdata_warning ("%zu inputs given more than once were merged once",
		     dropped);
  for (i = kept = 0; i < inputs->count; i++)
    if (first[i] == i)
      inputs->items[kept++] = inputs->items[i];
    else
      free (inputs->items[i].path);
  inputs->count = kept;
  free (identities);
  free (first);
  return true;
}

/* --section-dump=FILE: the file itself (a directory holds no dumps).  */
static int
add_section_dump (struct input_list *inputs, const char *path)
{
  if (!add_input (inputs, path, 1))
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  inputs->items[inputs->count - 1].section_dump = true;
  return MIPDATA_EXIT_OK;
}

/* -w W:INPUT.  */
static int
add_weighted_input (struct input_list *inputs, const char *argument)
{
  const char *colon = strchr (argument, ':');
  unsigned long long weight;
  char *end;

  errno = 0;
  weight = strtoull (argument, &end, 10);
  if (!colon || end != colon || argument[0] < '0' || argument[0] > '9'
      || errno != 0 || weight < 1 || weight > UINT32_MAX || !colon[1])
    return mipdata_usage_error ("merge", "-w wants WEIGHT:INPUT with a"
				" weight from 1 to %" PRIu32 ", not '%s'",
				UINT32_MAX, argument);
  return add_input_path (inputs, colon + 1, (uint32_t) weight);
}

static int
parse_jobs (const char *argument, unsigned *jobs)
{
  unsigned long value;
  char *end;

  errno = 0;
  value = strtoul (argument, &end, 10);
  if (argument[0] < '0' || argument[0] > '9' || *end || errno != 0
      || value < 1 || value > MAX_JOBS)
    return mipdata_usage_error ("merge", "-j wants a number of threads"
				" from 1 to %d, not '%s'", MAX_JOBS,
				argument);
  *jobs = (unsigned) value;
  return MIPDATA_EXIT_OK;
}

/* The processors this process may run on, as nproc counts them: a
   container or taskset may allow fewer than the machine has.  */
static unsigned
processor_count (void)
{
  cpu_set_t allowed;
  long count;

  if (sched_getaffinity (0, sizeof allowed, &allowed) == 0)
    count = CPU_COUNT (&allowed);
  else
    count = sysconf (_SC_NPROCESSORS_ONLN);
  if (count < 1)
    return 1;
  return count > MAX_JOBS ? MAX_JOBS : (unsigned) count;
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

/* ---- Merging in parallel ----------------------------------------------- */

/* What the workers share.  */
struct merge_job
{
  const struct input_list *inputs;
  const char *profile_path;
  bool warn;
  atomic_size_t next;           /* the next input to take */
  atomic_size_t done;           /* inputs merged or skipped */
  atomic_bool stop;             /* a failure ends the merge */
  atomic_uint running;          /* workers still at work */
  char **messages;              /* per input: its error line, or NULL */
};

struct worker
{
  pthread_t thread;
  struct merge_job *job;
  struct mip_profile *partial;  /* the inputs this worker added */
  struct mip_run_accumulator *runs; /* adds raw profiles to partial */
  size_t merged, skipped;
};

/* Check the profile at DATA (SIZE bytes) against PARTIAL and add it,
   WEIGHT times.  */
static enum mip_error
merge_profile_input (struct mip_profile *partial, const char *profile_path,
		     const unsigned char *data, size_t size,
		     const struct merge_input *input,
		     struct mip_error_context *error)
{
  struct mip_profile *other = NULL;
  enum mip_error status = mip_profile_parse (data, size, input->path,
					     &other, error);
  if (status == MIP_OK)
    status = mip_profile_check_profile (partial, profile_path, other,
					input->path, error);
  if (status == MIP_OK)
    status = mip_profile_add_profile (partial, other, input->weight,
				      input->path, error);
  mip_profile_free (other);
  return status;
}

/* A raw profile file holds one dump per module and run: the file of a
   program that merged online ("%m") one per run, the file that a
   program and its instrumented shared objects wrote under one name one
   per module.  Each dump of PARTIAL's build is one run; the dumps of
   other builds (other modules) are passed over, but the file must hold
   at least one of PARTIAL's.  The file was parsed whole already.  */

/* Check every dump of the raw profile file DATA (SIZE bytes, named
   PATH) that is of PARTIAL's build; when none is, return the first
   build mismatch.  */
static enum mip_error
check_raw_dumps (const struct mip_profile *partial, const unsigned char *data,
		 size_t size, const char *path, struct mip_error_context *error)
{
  struct mip_error_context other_build;
  size_t offset = 0, matched = 0;

  mip_error_clear (&other_build);
  while (offset < size)
    {
      struct mip_raw raw;
      size_t next = size;
      enum mip_error status =
	mip_raw_parse_dump (data, size, offset, path, &raw, &next, error);

      if (status == MIP_OK)
	status = mip_profile_check_raw (partial, &raw, path, error);
      if (status == MIP_ERROR_BUILD_ID && other_build.code == MIP_OK)
	other_build = *error;
      else if (status == MIP_OK)
	matched++;
      else if (status != MIP_ERROR_BUILD_ID)
	return status;
      offset = next;
    }
  if (matched == 0 && other_build.code != MIP_OK)
    {
      *error = other_build;
      return other_build.code;
    }
  return MIP_OK;
}

/* Add the dumps of PARTIAL's build in DATA, checked by
   check_raw_dumps, each as one run of INPUT's weight, through RUNS.  */
static enum mip_error
add_raw_dumps (struct mip_profile *partial, struct mip_run_accumulator *runs,
	       const unsigned char *data, size_t size,
	       const struct merge_input *input,
	       struct mip_error_context *error)
{
  size_t offset = 0;

  while (offset < size)
    {
      struct mip_raw raw;
      size_t next = size;
      enum mip_error status =
	mip_raw_parse_dump (data, size, offset, input->path, &raw, &next,
			    error);

      if (status == MIP_OK
	  && mip_profile_check_raw (partial, &raw, input->path, error)
	     == MIP_OK)
	status = mip_run_accumulator_add (runs, &raw, input->weight,
					  input->path, error);
      if (status != MIP_OK)
	return status;
      offset = next;
    }
  mip_error_clear (error);
  return MIP_OK;
}

/* A section dump made into a raw profile of the build of PROFILE (the
   profile's header): *DATA, of *SIZE bytes, replaced by a raw profile
   of one dump.  The unit walk and the build id check of the raw
   profile then refuse a dump of another build, or of something else,
   as they refuse such a raw profile.  */
static enum mip_error
wrap_section_dump (const struct mip_profile_header *profile,
		   const char *path, unsigned char **data, size_t *size,
		   struct mip_error_context *error)
{
  struct mip_raw_origin origin;
  struct mip_magic_info magic;
  unsigned char *raw;
  size_t raw_size;
  enum mip_error status;

  if (mip_detect_magic (*data, *size, &magic))
    return mip_error_set (error, MIP_ERROR_WRONG_KIND, path,
			  "a %s, not a memory dump of the __mip_raw section:"
			  " merge it without --section-dump",
			  mip_magic_kind_name (magic.kind));
  origin.pointer_size = profile->pointer_size;
  origin.big_endian = profile->target_big_endian != 0;
  /* The program runs where it was linked: firmware, or a program
     without address randomisation (the debugger shows the addresses
     of a randomised one, and a dump of it samples no callers).  */
  origin.anchor_address = profile->anchor_address;
  origin.gnu_build_id_size = profile->gnu_build_id_size;
  origin.gnu_build_id = profile->gnu_build_id;
  status = mip_raw_from_section (*data, *size, &origin, path, &raw,
				 &raw_size, error);
  if (status != MIP_OK)
    return status;
  free (*data);
  *data = raw;
  *size = raw_size;
  return MIP_OK;
}

/* Read INPUT, check it and add it to WORKER's partial profile; the file
   is dropped before returning.  */
static enum mip_error
merge_input (struct worker *worker, const struct merge_input *input,
	     struct mip_error_context *error)
{
  struct mip_profile *partial = worker->partial;
  const char *profile_path = worker->job->profile_path;
  unsigned char *data = NULL;
  size_t size = 0;
  struct mip_magic_info magic;
  struct mip_raw raw;
  enum mip_error status;

  mip_error_clear (error);
  status = mip_read_file (input->path, &data, &size, error);
  if (status == MIP_OK && input->section_dump)
    status = wrap_section_dump (&partial->header, input->path, &data, &size,
				error);
  if (status == MIP_OK && mip_detect_magic (data, size, &magic)
      && magic.kind == MIP_MAGIC_KIND (MIP_MAGIC_PROFILE))
    status = merge_profile_input (partial, profile_path, data, size, input,
				  error);
  else if (status == MIP_OK)
    {
      status = mip_raw_parse (data, size, input->path, &raw, error);
      if (status == MIP_OK)
	status = check_raw_dumps (partial, data, size, input->path, error);
      if (status == MIP_OK)
	status = add_raw_dumps (partial, worker->runs, data, size, input,
				error);
    }
  free (data);
  return status;
}

/* Keep the message of a bad input, to be printed in input order.  */
static void
record_failure (struct merge_job *job, size_t index,
		const struct mip_error_context *error)
{
  char line[2048];
  mip_error_format (error, line, sizeof line);
  job->messages[index] = strdup (line);
}

static void *
run_worker (void *argument)
{
  struct worker *worker = argument;
  struct merge_job *job = worker->job;
  struct mip_error_context error;

  while (!atomic_load (&job->stop))
    {
      size_t index = atomic_fetch_add (&job->next, 1);
      enum mip_error status;
      if (index >= job->inputs->count)
	break;
      status = merge_input (worker, &job->inputs->items[index], &error);
      if (status == MIP_OK)
	worker->merged++;
      else
	{
	  record_failure (job, index, &error);
	  worker->skipped++;
	  /* Running out of memory is no fault of the input.  */
	  if (!job->warn || status == MIP_ERROR_NO_MEMORY)
	    atomic_store (&job->stop, true);
	}
      atomic_fetch_add (&job->done, 1);
    }
  atomic_fetch_sub (&job->running, 1);
  return NULL;
}

static double
seconds_since (const struct timespec *start)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - start->tv_sec)
	 + (double) (now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Wait for the workers; on a terminal, after the first second, show
   how many inputs are done, updated in place.  */
static void
wait_showing_progress (struct merge_job *job)
{
  const struct timespec tick = { 0, 100 * 1000 * 1000 };
  struct timespec start;
  bool shown = false;
  size_t last_shown = 0;

  if (!isatty (STDERR_FILENO))
    return;
  clock_gettime (CLOCK_MONOTONIC, &start);
  while (atomic_load (&job->running) > 0)
    {
      size_t done;
      nanosleep (&tick, NULL);
      done = atomic_load (&job->done);
      if (seconds_since (&start) < 1.0 || (shown && done == last_shown))
	continue;
      fprintf (stderr, "\rmipdata: merged %zu/%zu profiles", done,
	       job->inputs->count);
      fflush (stderr);
      shown = true;
      last_shown = done;
    }
  if (shown)
    fprintf (stderr, "\rmipdata: merged %zu/%zu profiles\n",
	     atomic_load (&job->done), job->inputs->count);
}

/* Stop and free WORKERS, of which STARTED run; JOBS have partials.  */
static void
abandon_workers (struct merge_job *job, struct worker *workers,
		 unsigned started, unsigned jobs)
{
  unsigned w;

  atomic_store (&job->stop, true);
  for (w = 0; w < started; w++)
    pthread_join (workers[w].thread, NULL);
  for (w = 0; w < jobs; w++)
    {
      mip_run_accumulator_free (workers[w].runs);
      mip_profile_free (workers[w].partial);
    }
  free (workers);
}

/* Make and start JOBS workers, each with an empty copy of PROFILE.
   NULL (after a message) when that fails.  */
static struct worker *
start_workers (struct merge_job *job, const struct mip_profile *profile,
	       unsigned jobs)
{
  struct worker *workers = calloc (jobs, sizeof *workers);
  struct mip_error_context error;
  unsigned w;
  int failure;

  if (!workers)
    {
      mipdata_error ("out of memory");
      return NULL;
    }
  for (w = 0; w < jobs; w++)
    {
      workers[w].job = job;
      if (mip_profile_copy_empty (profile, &workers[w].partial, &error)
	  != MIP_OK
	  || mip_run_accumulator_new (workers[w].partial, &workers[w].runs,
				      &error) != MIP_OK)
	{
	  mipdata_report (&error);
	  abandon_workers (job, workers, 0, jobs);
	  return NULL;
	}
    }
  atomic_store (&job->running, jobs);
  for (w = 0; w < jobs; w++)
    if ((failure = pthread_create (&workers[w].thread, NULL, run_worker,
				   &workers[w])) != 0)
      {
	mipdata_error ("cannot start %u threads: %s", jobs,
		       strerror (failure));
	abandon_workers (job, workers, w, jobs);
	return NULL;
      }
  return workers;
}

/* Print the messages of the bad inputs, in input order.  */
static size_t
report_failures (const struct merge_job *job, bool warn)
{
  size_t i, failed = 0;

  for (i = 0; i < job->inputs->count; i++)
    if (job->messages[i])
      {
	if (warn)
	  mipdata_warning ("%s", job->messages[i]);
	else
	  mipdata_error ("%s", job->messages[i]);
	failed++;
      }
  return failed;
}

/* Add each worker's partial, its pending callers added first, to
   PROFILE.  */
static bool
add_partials (struct mip_profile *profile, const char *profile_path,
	      struct worker *workers, unsigned jobs)
{
  struct mip_error_context error;
  unsigned w;

  mip_error_clear (&error);
  for (w = 0; w < jobs; w++)
    if (mip_run_accumulator_finish (workers[w].runs, &error) != MIP_OK
	|| mip_profile_check_profile (profile, profile_path,
				   workers[w].partial, "(merged inputs)",
				   &error) != MIP_OK
	|| mip_profile_add_profile (profile, workers[w].partial, 1,
				    profile_path, &error) != MIP_OK)
      {
	mipdata_report (&error);
	return false;
      }
  return true;
}

/* Merge every input into PROFILE with OPTIONS->jobs threads.  True when
   PROFILE is to be written.  */
static bool
merge_inputs (struct mip_profile *profile, const struct input_list *inputs,
	      const struct merge_options *options)
{
  struct merge_job job;
  struct worker *workers;
  unsigned jobs = options->jobs, w;
  size_t merged = 0, skipped = 0;
  bool ok;

  if (jobs > inputs->count)
    jobs = (unsigned) inputs->count;
  job.inputs = inputs;
  job.profile_path = options->profile_path;
  job.warn = options->warn;
  atomic_init (&job.next, 0);
  atomic_init (&job.done, 0);
  atomic_init (&job.stop, false);
  atomic_init (&job.running, 0);
  job.messages = calloc (inputs->count, sizeof *job.messages);
  if (!job.messages)
    {
      mipdata_error ("out of memory");
      return false;
    }
  workers = start_workers (&job, profile, jobs);
  if (!workers)
    {
      free (job.messages);
      return false;
    }
  wait_showing_progress (&job);
  for (w = 0; w < jobs; w++)
    {
      pthread_join (workers[w].thread, NULL);
      merged += workers[w].merged;
      skipped += workers[w].skipped;
    }
  report_failures (&job, options->warn && !atomic_load (&job.stop));
  ok = !atomic_load (&job.stop);
  if (ok && merged == 0)
    {
      mipdata_error ("no input could be merged; '%s' is unchanged",
		     options->profile_path);
      ok = false;
    }
  else if (ok && skipped > 0)
    mipdata_warning ("skipped %zu bad input%s of %zu; merged %zu",
		     skipped, skipped == 1 ? "" : "s", inputs->count, merged);
  if (ok)
    ok = add_partials (profile, options->profile_path, workers, jobs);
  for (w = 0; w < jobs; w++)
    {
      mip_run_accumulator_free (workers[w].runs);
      mip_profile_free (workers[w].partial);
    }
  free (workers);
  for (size_t i = 0; i < inputs->count; i++)
    free (job.messages[i]);
  free (job.messages);
  return ok;
}

/* An input that is PROFILE itself would count its runs twice (easily
   done with 'mipdata merge -p all.mip *.mip'): refuse it.  */
static bool
inputs_exclude_profile (const struct input_list *inputs,
			const char *profile_path)
{
  struct stat profile, input;
  size_t i;

  if (stat (profile_path, &profile) != 0)
    return true;
  for (i = 0; i < inputs->count; i++)
    if (stat (inputs->items[i].path, &input) == 0
	&& input.st_dev == profile.st_dev && input.st_ino == profile.st_ino)
      {
	mipdata_error ("'%s' is the profile merged into: its runs would"
		       " count twice", inputs->items[i].path);
	return false;
      }
  return true;
}

static int
merge_all (const struct input_list *inputs,
	   const struct merge_options *options)
{
  const char *profile_path = options->profile_path;
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
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
  if (status == MIPDATA_EXIT_OK
      && !inputs_exclude_profile (inputs, profile_path))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK && !merge_inputs (profile, inputs, options))
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

/* Options without a short form.  */
enum
{
  OPTION_FAILURE_MODE = 256,
  OPTION_ALLOW_DUPLICATES,
  OPTION_SECTION_DUMP
};

static int
parse_failure_mode (const char *argument, struct merge_options *options)
{
  if (strcmp (argument, "error") == 0)
    options->warn = false;
  else if (strcmp (argument, "warn") == 0)
    options->warn = true;
  else
    return mipdata_usage_error ("merge", "--failure-mode wants 'error' or"
				" 'warn', not '%s'", argument);
  return MIPDATA_EXIT_OK;
}

/* An option that names inputs (-f, -w, --section-dump), read once every option is: a
   list file's messages name the profile, which may come after it.  */
struct input_option
{
  int option;
  const char *argument;
};

int
cmd_merge (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "input-files", required_argument, NULL, 'f' },
    { "weighted-input", required_argument, NULL, 'w' },
    { "jobs", required_argument, NULL, 'j' },
    { "failure-mode", required_argument, NULL, OPTION_FAILURE_MODE },
    { "allow-duplicates", no_argument, NULL, OPTION_ALLOW_DUPLICATES },
    { "section-dump", required_argument, NULL, OPTION_SECTION_DUMP },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct input_list inputs = { NULL, 0, 0 };
  struct merge_options options = { NULL, processor_count (), false, false };
  struct input_option *input_options;
  size_t input_option_count = 0, o;
  int option, status = MIPDATA_EXIT_OK;
  int i;

  input_options = calloc ((size_t) argc + 1, sizeof *input_options);
  if (!input_options)
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  opterr = 0;
  while (status == MIPDATA_EXIT_OK
	 && (option = getopt_long (argc, argv, ":p:f:i:w:j:h", long_options,
				   NULL)) != -1)
    switch (option)
      {
      case 'p':
	options.profile_path = optarg;
	break;
      case 'f':
      case 'i':
      case 'w':
      case OPTION_SECTION_DUMP:
	input_options[input_option_count].option = option == 'i' ? 'f'
						   : option;
	input_options[input_option_count++].argument = optarg;
	break;
      case 'j':
	status = parse_jobs (optarg, &options.jobs);
	break;
      case OPTION_FAILURE_MODE:
	status = parse_failure_mode (optarg, &options);
	break;
      case OPTION_ALLOW_DUPLICATES:
	options.allow_duplicates = true;
	break;
      case 'h':
	print_help ();
	free (input_options);
	return MIPDATA_EXIT_OK;
      default:
	free (input_options);
	return mipdata_bad_option ("merge", option, argv);
      }
  for (o = 0; status == MIPDATA_EXIT_OK && o < input_option_count; o++)
    if (input_options[o].option == 'w')
      status = add_weighted_input (&inputs, input_options[o].argument);
    else if (input_options[o].option == OPTION_SECTION_DUMP)
      status = add_section_dump (&inputs, input_options[o].argument);
    else
      status = read_input_list (&inputs, input_options[o].argument,
				options.profile_path);
  free (input_options);
  for (i = optind; status == MIPDATA_EXIT_OK && i < argc; i++)
    status = add_input_path (&inputs, argv[i], 1);
  if (status == MIPDATA_EXIT_OK && !options.profile_path)
    status = mipdata_usage_error ("merge", "no profile given (-p PROFILE)");
  else if (status == MIPDATA_EXIT_OK && inputs.count == 0)
    status = mipdata_usage_error ("merge", "no raw profile given");
  if (status == MIPDATA_EXIT_OK && !options.allow_duplicates
      && !drop_duplicates (&inputs))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK)
    status = merge_all (&inputs, &options);
  free_inputs (&inputs);
  return status;
}

/* export-gcov.c - mipdata export --format=gcov: gcov's .gcov text files,
   one per source file, for the tools that read them (gcovr -g, IDE
   plugins, codecov's gcov uploader).

     mipdata export -p app.mip --debug app --format=gcov -o gcov
     gcovr -g -k -r . gcov          # gcovr reads the .gcov files

   gcov/main.c.gcov:

             -:    0:Source:/src/app/main.c
             -:    1:#include <stdio.h>
             1:    2:int main (void) {
         #####:    3:  never ();
             -:    4:}

   With branches (line-coverage.h), each line is followed by gcov -b
   -c's lines for the outcomes of its branches whose fate is known, in
   the order of the lcov tracefile's BRDA:

             1:    3:  if (x < 0)
   branch  0 taken 1 (fallthrough)
   branch  1 taken 0
   branch  2 never executed

   "taken N" with the outcome's count when known, else 1 when taken and
   0 when never taken (as BRDA), "never executed" for those of a branch
   that never ran; the outcomes coverage cannot tell are left out.

   Each line of the source as gcov writes it: "%9s:%5u:TEXT", the mark
   being the line's hits when it has code (1: a block holding its code
   ran; block coverage counts nothing, so never more, as in the lcov
   tracefile), "#####" when none of its code ran, "-" when it holds no
   code or is of a function that ran without recorded blocks (the lcov
   tracefile leaves those out).  No "function ... called" lines nor
   "call" lines: gcov writes them only with -b, with figures (returns,
   blocks executed) a profile does not hold.  The header has the Source line only (no
   .gcno or .gcda is involved); it names the path --strip and --prefix
   make.

   The file is named as gcov names it, the source's base name followed
   by ".gcov"; when two sources share a base name, both are named by
   their whole path as gcov --preserve-paths names them ('/' written
   '#', ".." written '^': "#src#app#main.c.gcov").  The text is read
   from the source file; when it cannot be read, a warning says so and
   its lines with code are written with the text of gcov past the end
   of a source (the C comment EOF).  The directory (-o DIR, else the
   current one) is created when missing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "export.h"
#include "mipdata.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');
  return slash ? slash + 1 : path;
}

/* Whether another reported file of COVERAGE than FILE has FILE's base
   name.  */
static bool
base_name_is_shared (const struct line_coverage *coverage,
		     const struct source_file *file)
{
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    if (&coverage->files[i] != file
	&& export_file_is_reported (&coverage->files[i])
	&& strcmp (base_name (coverage->files[i].path),
		   base_name (file->path)) == 0)
      return true;
  return false;
}

/* PATH as gcov --preserve-paths names it: '/' as '#', a ".." component
   as '^', "." components dropped.  */
static void
mangle_path (const char *path, char *buffer, size_t size)
{
  size_t used = 0;

  while (*path && used + 2 < size)
    {
      const char *end = strchr (path, '/');
      size_t length = end ? (size_t) (end - path) : strlen (path);

      if (length == 2 && strncmp (path, "..", 2) == 0)
	buffer[used++] = '^';
      else if (!(length == 1 && path[0] == '.'))
	for (size_t i = 0; i < length && used + 2 < size; i++)
	  buffer[used++] = path[i];
      if (end && !(length == 1 && path[0] == '.'))
	buffer[used++] = '#';
      path += length + (end != NULL);
    }
  buffer[used] = '\0';
}

/* The file name of the .gcov file of FILE, in BUFFER.  */
static void
gcov_file_name (const struct line_coverage *coverage,
		const struct source_file *file, const char *exported,
		char *buffer, size_t size)
{
  char mangled[4000];

  if (base_name_is_shared (coverage, file))
    {
      mangle_path (exported, mangled, sizeof mangled);
      snprintf (buffer, size, "%s.gcov", mangled);
    }
  else
    snprintf (buffer, size, "%s.gcov", base_name (exported));
}

/* The mark of line LINE of FILE, in BUFFER: its hits, "#####" or
   "-".  */
static const char *
line_mark (const struct source_file *file, size_t line, char *buffer,
	   size_t size)
{
  if (!export_line_is_reported (file, line))
    return "-";
  if (!export_line_ran (file, line))
    return "#####";
  snprintf (buffer, size, "%" PRIu64, export_line_hits (file, line));
  return buffer;
}

/* gcov -b -c's lines of the known outcomes of line LINE's branches.  */
static void
write_branches (FILE *out, const struct source_file *file, size_t line)
{
  size_t first, count = source_file_line_branches (file, line, &first);
  size_t i;
  int number = 0;

  for (i = first; i < first + count; i++)
    {
      const struct covered_branch *branch = &file->branches[i];
      const char *fallthrough = branch->fallthrough ? " (fallthrough)" : "";
      uint64_t hits;

      if (branch->state == BRANCH_UNKNOWN)
	continue;
      if (branch_hits (branch, &hits))
	fprintf (out, "branch %2d taken %" PRIu64 "%s\n", number, hits,
		 fallthrough);
      else
	/* gcov 12 writes no "(fallthrough)" here, and gcovr 5.2 reads
	   none.  */
	fprintf (out, "branch %2d never executed\n", number);
      number++;
    }
}

/* The last line of FILE that has code in any state.  */
static size_t
last_line_with_code (const struct source_file *file)
{
  size_t line = file->line_capacity;

  while (line > 0 && file->lines[line - 1] == LINE_NO_CODE)
    line--;
  return line ? line - 1 : 0;
}

/* The lines of FILE: those of its source SOURCE (NULL when it cannot be
   read), then up to its last line with code with the text gcov
   writes past the end of a source, the comment EOF.  */
static void
write_listing (FILE *out, const struct source_file *file, FILE *source)
{
  size_t last = last_line_with_code (file), line = 0;
  char mark[24];
  char *text = NULL;
  size_t capacity = 0;
  ssize_t length;

  while (source && (length = getline (&text, &capacity, source)) >= 0)
    {
      while (length > 0 && (text[length - 1] == '\n'
			    || text[length - 1] == '\r'))
	text[--length] = '\0';
      line++;
      fprintf (out, "%9s:%5zu:%s\n", line_mark (file, line, mark, sizeof mark), line,
	       text);
      write_branches (out, file, line);
    }
  free (text);
  while (++line <= last)
    {
      fprintf (out, "%9s:%5zu:/*EOF*/\n",
	       line_mark (file, line, mark, sizeof mark), line);
      write_branches (out, file, line);
    }
}

/* Write the .gcov file of FILE into DIRECTORY.  */
static bool
write_gcov_file (const struct export_options *options,
		 const struct line_coverage *coverage,
		 const struct source_file *file, const char *directory)
{
  char exported_buffer[4096], name[4096], path[8192];
  const char *exported = export_path (options, file->path, exported_buffer,
				      sizeof exported_buffer);
  FILE *out, *source;
  bool ok;

  gcov_file_name (coverage, file, exported, name, sizeof name);
  snprintf (path, sizeof path, "%s/%s", directory, name);
  if (!(out = fopen (path, "w")))
    {
      mipdata_error ("cannot write '%s': %s", path, strerror (errno));
      return false;
    }
  if (!(source = fopen (file->path, "r")))
    mipdata_warning ("cannot read the source '%s' (%s): its lines are"
		     " written in '%s' without their text", file->path,
		     strerror (errno), path);
  fprintf (out, "%9s:%5d:Source:%s\n", "-", 0, exported);
  write_listing (out, file, source);
  if (source)
    fclose (source);
  ok = fflush (out) == 0 && !ferror (out);
  if (fclose (out) != 0)
    ok = false;
  if (!ok)
    mipdata_error ("cannot write '%s': %s", path, strerror (errno));
  return ok;
}

int
export_gcov (const struct export_options *options,
	     const struct line_coverage *coverage)
{
  const char *directory = options->output_path ? options->output_path : ".";
  struct stat status;
  size_t i;

  if (stat (directory, &status) != 0)
    {
      if (errno != ENOENT || mkdir (directory, 0777) != 0)
	{
	  mipdata_error ("cannot make the directory '%s': %s", directory,
			 strerror (errno));
	  return MIPDATA_EXIT_FAILURE;
	}
    }
  else if (!S_ISDIR (status.st_mode))
    {
      mipdata_error ("'%s' is not a directory: --format=gcov writes one"
		     " file per source file into the directory -o DIR",
		     directory);
      return MIPDATA_EXIT_FAILURE;
    }
  for (i = 0; i < coverage->file_count; i++)
    if (export_file_is_reported (&coverage->files[i])
	&& !write_gcov_file (options, coverage, &coverage->files[i],
			     directory))
      return MIPDATA_EXIT_FAILURE;
  return MIPDATA_EXIT_OK;
}

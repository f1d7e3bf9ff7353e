/* export-gcov-json.c - mipdata export --format=gcov-json: gcov's JSON
   intermediate format (gcov --json-format, format_version "1" of GCC 9
   to 13), for the tools that read it (lcov 2's geninfo, gcovr 6 and
   later).

     mipdata export -p app.mip --debug app --format=gcov-json \
       -o app.gcov.json.gz                  # gzipped, as gcov writes it
     mipdata export -p app.mip --debug app --format=gcov-json | jq .
                                            # plain, as gcov --stdout

     {"format_version": "1", "current_working_directory": "/src/app",
      "data_file": "app.mip",
      "files": [{"file": "/src/app/main.c",
		 "functions": [{"name": "main", "demangled_name": "main",
				"start_line": 2, "end_line": 4,
				"execution_count": 1}],
		 "lines": [{"line_number": 2, "count": 1,
			    "unexecuted_block": false, "branches": [],
			    "function_name": "main"}]}]}

   The lines are the lcov tracefile's and so are the counts: a line's
   count is 1 or 0 (block coverage counts nothing), a function's
   execution_count its call count in the full mode, else 1 or 0.
   unexecuted_block is true when none of the line's code ran: the
   coverage of a line does not tell whether some of its blocks did not
   run when another did.  branches lists the outcomes of the line's
   branches (line-coverage.h) whose count is known, in the lcov
   tracefile's order: {"count": N, "fallthrough": BOOL, "throw": false},
   N being 0 for an outcome never taken or of a branch that never ran;
   an outcome known to be taken only from coverage, without a count,
   is left out as are those coverage cannot tell, since gcov's count is
   a number of times (the lcov tracefile and the .gcov files give those
   taken 1).  A function's end_line is
   the last line of its span (export.h), its closing brace, and a line's
   function_name the function whose span holds it.

   gcov's keys that a profile cannot fill are left out rather than
   guessed: gcc_version (a profile does not record the compiler's),
   start_column and end_column (the declaration's column is not kept),
   and blocks and blocks_executed (gcov's blocks are those of its own
   flow graph, not MIP's), nor the lines' block_ids, calls and
   conditions that gcov writes from GCC 14 on.  demangled_name is the name as c++filt
   shows it (the symbol with --no-demangle).  One document holds every source file of the
   profiles (gcov writes one per object file); data_file names the
   first profile.

   The gzip stream is written with stored (uncompressed) deflate blocks,
   which every gzip reader reads, so that mipdata needs no compression
   library for it.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "demangle.h"
#include "export.h"
#include "json-out.h"
#include "mipdata.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- JSON ------------------------------------------------------------- */

static void
write_functions (FILE *out, const struct source_file *file)
{
  size_t f;

  fputs ("\"functions\": [", out);
  for (f = 0; f < file->function_count; f++)
    {
      const struct covered_function *function = &file->functions[f];
      size_t first, last;

      export_function_span (file, f, &first, &last);
      fputs (f ? ", {\"name\": " : "{\"name\": ", out);
      mipdata_json_string (out, function->name);
      fputs (", \"demangled_name\": ", out);
      mipdata_json_string (out, mipdata_display_name (function->name));
      fprintf (out, ", \"start_line\": %zu, \"end_line\": %zu,"
	       " \"execution_count\": %" PRIu64 "}", first, last,
	       export_function_count (function));
    }
  fputs ("]", out);
}

/* "branches": [...] of line LINE of FILE: its outcomes whose count is
   known.  */
static void
write_branches (FILE *out, const struct source_file *file, size_t line)
{
  size_t first, count = source_file_line_branches (file, line, &first);
  size_t i;
  bool none = true;

  fputs ("\"branches\": [", out);
  for (i = first; i < first + count; i++)
    {
      const struct covered_branch *branch = &file->branches[i];
      uint64_t hits = 0;

      if (branch->state == BRANCH_UNKNOWN
	  || (branch->state == BRANCH_TAKEN && !branch->counted))
	continue;
      branch_hits (branch, &hits);
      fprintf (out, "%s{\"count\": %" PRIu64 ", \"fallthrough\": %s,"
	       " \"throw\": false}", none ? "" : ", ", hits,
	       branch->fallthrough ? "true" : "false");
      none = false;
    }
  putc (']', out);
}

static void
write_lines (FILE *out, const struct source_file *file)
{
  bool first = true;
  size_t line;

  fputs ("\"lines\": [", out);
  for (line = 1; line < file->line_capacity; line++)
    if (export_line_is_reported (file, line))
      {
	bool ran = export_line_ran (file, line);
	long function = export_function_at (file, line);

	fprintf (out, "%s{\"line_number\": %zu, \"count\": %" PRIu64 ","
		 " \"unexecuted_block\": %s, ",
		 first ? "" : ", ", line, export_line_hits (file, line),
		 ran ? "false" : "true");
	write_branches (out, file, line);
	if (function >= 0)
	  {
	    fputs (", \"function_name\": ", out);
	    mipdata_json_string (out, file->functions[function].name);
	  }
	putc ('}', out);
	first = false;
      }
  fputs ("]", out);
}

static void
write_document (FILE *out, const struct export_options *options,
		const struct line_coverage *coverage)
{
  char *directory = getcwd (NULL, 0);
  bool first = true;
  size_t i;

  fputs ("{\"format_version\": \"1\", \"current_working_directory\": ",
	 out);
  mipdata_json_string (out, directory ? directory : ".");
  free (directory);
  fputs (", \"data_file\": ", out);
  mipdata_json_string (out, options->inputs.profile_paths[0]);
  fputs (", \"files\": [", out);
  for (i = 0; i < coverage->file_count; i++)
    {
      const struct source_file *file = &coverage->files[i];
      char buffer[4096];

      if (!export_file_is_reported (file))
	continue;
      fputs (first ? "{\"file\": " : ", {\"file\": ", out);
      mipdata_json_string (out, export_path (options, file->path, buffer,
					   sizeof buffer));
      fputs (", ", out);
      write_functions (out, file);
      fputs (", ", out);
      write_lines (out, file);
      putc ('}', out);
      first = false;
    }
  fputs ("]}\n", out);
}

/* ---- gzip, with stored blocks --------------------------------------------- */

/* The CRC-32 of gzip (ISO 3309), bit by bit from the reflected
   polynomial; fast enough for a report.  */
static uint32_t
crc32_update (uint32_t crc, const unsigned char *data, size_t size)
{
  size_t i;
  int bit;

  crc = ~crc;
  for (i = 0; i < size; i++)
    {
      crc ^= data[i];
      for (bit = 0; bit < 8; bit++)
	crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
  return ~crc;
}

static void
put_le32 (FILE *out, uint32_t value)
{
  putc (value & 0xff, out);
  putc ((value >> 8) & 0xff, out);
  putc ((value >> 16) & 0xff, out);
  putc ((value >> 24) & 0xff, out);
}

/* DATA of SIZE bytes as a gzip member (RFC 1952) of stored deflate
   blocks (RFC 1951, 3.2.4) of at most 65,535 bytes each.  */
static void
write_gzip (FILE *out, const unsigned char *data, size_t size)
{
  static const unsigned char header[10] = {
    0x1f, 0x8b,                 /* magic */
    8,                          /* deflate */
    0,                          /* no flags: no name, no comment */
    0, 0, 0, 0,                 /* no modification time */
    0,                          /* no extra flags */
    3                           /* made on Unix */
  };
  size_t done = 0;

  fwrite (header, 1, sizeof header, out);
  do
    {
      size_t length = size - done > 65535 ? 65535 : size - done;
      bool final = done + length == size;
      putc (final ? 1 : 0, out);        /* BFINAL, BTYPE 00: stored */
      putc (length & 0xff, out);
      putc ((length >> 8) & 0xff, out);
      putc (~length & 0xff, out);
      putc ((~length >> 8) & 0xff, out);
      fwrite (data + done, 1, length, out);
      done += length;
    }
  while (done < size);
  put_le32 (out, crc32_update (0, data, size));
  put_le32 (out, (uint32_t) size);
}

/* ---- The export -------------------------------------------------------------- */

/* Write the document, gzipped, to PATH.  */
static int
write_gzipped_file (const char *path, const struct export_options *options,
		    const struct line_coverage *coverage)
{
  char *document = NULL;
  size_t size = 0;
  FILE *memory = open_memstream (&document, &size), *out;
  bool ok;

  if (!memory)
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  write_document (memory, options, coverage);
  if (fclose (memory) != 0)
    {
      free (document);
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  if (!(out = fopen (path, "wb")))
    {
      mipdata_error ("cannot write '%s': %s", path, strerror (errno));
      free (document);
      return MIPDATA_EXIT_FAILURE;
    }
  write_gzip (out, (const unsigned char *) document, size);
  free (document);
  ok = fflush (out) == 0 && !ferror (out);
  if (fclose (out) != 0)
    ok = false;
  if (!ok)
    {
      mipdata_error ("cannot write '%s': %s", path, strerror (errno));
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

int
export_gcov_json (const struct export_options *options,
		  const struct line_coverage *coverage)
{
  if (options->output_path)
    return write_gzipped_file (options->output_path, options, coverage);
  write_document (stdout, options, coverage);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      mipdata_error ("cannot write 'standard output': %s", strerror (errno));
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

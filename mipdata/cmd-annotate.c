/* cmd-annotate.c - mipdata annotate: source listings marked with what
   ran, in the manner of gcov's .gcov files, or as self-contained HTML.

     mipdata annotate -p app.mip --debug app main.c

             -:    0:Source:/src/app/main.c
             -:    0:Lines:75.0% of 20
     function twice called 2
             1:   13:int twice (int x) {
             1:   14:  return 2 * x;
         #####:   21:    return 0;
             -:   33:  (void) argv;

   The mark of a line: 1 when a block holding its code ran (block
   coverage counts nothing more), ##### when none did, - when it holds
   no code, ? when its code is in a function that ran but whose blocks
   are not recorded (function-coverage mode).  Before a function's
   declaration line, "function NAME called N" (the full mode counts
   calls) or "function NAME ran" / "function NAME never ran".

   With --html DIR: DIR/index.html lists the files with their line and
   function coverage, each linked to its own page (file-N.html); the
   pages carry their style and need no server.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "demangle.h"
#include "json-out.h"
#include "line-coverage.h"

struct annotate_options
{
  struct profile_inputs inputs;
  const char *html_directory;   /* NULL: text on standard output */
  char **files;                 /* the FILE operands */
  size_t file_count;
};

static void
print_help (void)
{
  printf ("usage: mipdata annotate -p PROFILE [--debug BINARY]"
	  " [-p PROFILE [--debug BINARY]]...\n"
	  "                        [--html DIR] [--no-demangle]\n"
	  "                        [--include=PATTERN]... [--exclude=PATTERN]...\n"
	  "                        [FILE]...\n"
	  "\n"
	  "Print the source files of the profiled binaries with each line\n"
	  "marked: 1 when code of the line ran, ##### when it did not, -\n"
	  "when it holds no code, ? when it is in a function that ran whose\n"
	  "blocks are not recorded; and each function's call count (or\n"
	  "whether it ran) before its first line, C++ functions demangled.\n"
	  "FILE names a source\n"
	  "file by its path or the end of it (main.c, src/main.c); without\n"
	  "FILE, every source file with coverage.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  a profile (repeat for several)\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     the binary of the profile given in the\n"
	  "                         same place (or its separate debug file);\n"
	  "                         without --debug, each profile's debug\n"
	  "                         file is found by its GNU build id\n"
	  "      --html=DIR         write DIR/index.html and one page per\n"
	  "                         file instead, readable without a server\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  PROFILE_FILTER_HELP
	  "      --no-demangle      show C++ functions by their symbols\n"
	  "  -h, --help             print this help and exit\n");
}

/* ---- Choosing the files ------------------------------------------------- */

/* Does the source PATH answer to NAME: the same, or ending in /NAME?  */
static bool
path_matches (const char *path, const char *name)
{
  size_t path_length = strlen (path), name_length = strlen (name);

  if (strcmp (path, name) == 0)
    return true;
  return (path_length > name_length
	  && path[path_length - name_length - 1] == '/'
	  && strcmp (path + path_length - name_length, name) == 0);
}

/* Does FILE have anything to show: a line with code or a function?  */
static bool
has_coverage (const struct source_file *file)
{
  size_t line;

  if (file->function_count > 0)
    return true;
  for (line = 0; line < file->line_capacity; line++)
    if (file->lines[line] != LINE_NO_CODE)
      return true;
  return false;
}

/* Mark in SELECTED the files to show; false (after an error message)
   when a FILE operand names none.  */
static bool
select_files (const struct line_coverage *coverage,
	      const struct annotate_options *options, bool *selected)
{
  size_t i, f;
  bool ok = true;

  for (i = 0; i < coverage->file_count; i++)
    selected[i] = options->file_count == 0
		  && has_coverage (&coverage->files[i]);
  for (f = 0; f < options->file_count; f++)
    {
      bool found = false;
      for (i = 0; i < coverage->file_count; i++)
	if (path_matches (coverage->files[i].path, options->files[f]))
	  selected[i] = found = true;
      if (!found)
	{
	  mipdata_error ("no source file '%s' in the binaries' debug"
			 " information", options->files[f]);
	  ok = false;
	}
    }
  return ok;
}

/* ---- Reading a source file ------------------------------------------- */

struct source_text
{
  char *data;
  char **lines;                 /* lines[1..count], NUL-terminated */
  size_t count;
};

static void
source_text_free (struct source_text *text)
{
  free (text->data);
  free (text->lines);
}

/* Read PATH into TEXT, split into lines; false after an error message
   (a warning when WARN_ONLY).  */
static bool
read_source (const char *path, struct source_text *text, bool warn_only)
{
  FILE *in = fopen (path, "rb");
  size_t size = 0, capacity = 0, i, count;
  char buffer[65536];
  size_t got;

  memset (text, 0, sizeof *text);
  if (!in)
    goto failed;
  while ((got = fread (buffer, 1, sizeof buffer, in)) > 0)
    {
      if (size + got + 1 > capacity)
	{
	  char *bigger;
	  capacity = (size + got + 1) * 2;
	  bigger = realloc (text->data, capacity);
	  if (!bigger)
	    {
	      fclose (in);
	      errno = ENOMEM;
	      goto failed;
	    }
	  text->data = bigger;
	}
      memcpy (text->data + size, buffer, got);
      size += got;
    }
  if (ferror (in))
    {
      fclose (in);
      goto failed;
    }
  fclose (in);
  if (!text->data && !(text->data = malloc (1)))
    goto failed;
  text->data[size] = '\0';
  for (count = 0, i = 0; i < size; i++)
    count += text->data[i] == '\n';
  text->lines = calloc (count + 2, sizeof *text->lines);
  if (!text->lines)
    goto failed;
  text->lines[1] = text->data;
  for (text->count = 1, i = 0; i < size; i++)
    if (text->data[i] == '\n')
      {
	text->data[i] = '\0';
	if (i + 1 < size)
	  text->lines[++text->count] = text->data + i + 1;
      }
  if (size == 0)
    text->count = 0;
  return true;

failed:
  if (warn_only)
    mipdata_warning ("cannot read '%s': %s; left out", path,
		     strerror (errno));
  else
    mipdata_error ("cannot read '%s': %s", path, strerror (errno));
  source_text_free (text);
  return false;
}

/* ---- Marks -------------------------------------------------------------- */

static enum line_state
state_of (const struct source_file *file, size_t line)
{
  return line < file->line_capacity ? (enum line_state) file->lines[line]
	 : LINE_NO_CODE;
}

/* The gcov-style mark of line LINE of FILE, in BUFFER: the times it
   ran when the profile knows them (line_coverage_count), "1" when it
   ran, "#####" when it did not, "?" when it is not known, "-" for no
   code.  */
static const char *
line_mark (const struct source_file *file, size_t line, char *buffer,
	   size_t size)
{
  uint64_t count;

  switch (state_of (file, line))
    {
    case LINE_RUN:
      if (!line_coverage_count (file, line, &count))
	return "1";
      snprintf (buffer, size, "%" PRIu64, count);
      return buffer;
    case LINE_NOT_RUN:
      return "#####";
    case LINE_UNKNOWN:
      return "?";
    default:
      return "-";
    }
}

/* "called 3", "ran" or "never ran".  */
static const char *
function_note (const struct covered_function *function, char *buffer,
	       size_t size)
{
  if (function->has_count)
    {
      snprintf (buffer, size, "called %" PRIu64, function->count);
      return buffer;
    }
  return function->ran ? "ran" : "never ran";
}

/* ---- Text --------------------------------------------------------------- */

static void
write_text (FILE *out, const struct source_file *file,
	    const struct source_text *text)
{
  struct coverage_totals totals = source_file_totals (file);
  size_t line, f = 0;

  fprintf (out, "%9s:%5d:Source:%s\n", "-", 0, file->path);
  fprintf (out, "%9s:%5d:Lines:%.1f%% of %" PRIu64 "\n", "-", 0,
	   coverage_percent (totals.lines_run, totals.lines), totals.lines);
  for (line = 1; line <= text->count; line++)
    {
      for (; f < file->function_count
	     && (size_t) file->functions[f].line <= line; f++)
	{
	  char note[64];
	  fprintf (out, "function %s %s\n",
		   mipdata_display_name (file->functions[f].name),
		   function_note (&file->functions[f], note, sizeof note));
	}
      char mark[24];
      fprintf (out, "%9s:%5zu:%s\n",
	       line_mark (file, line, mark, sizeof mark), line,
	       text->lines[line]);
    }
}

/* ---- HTML --------------------------------------------------------------- */

static const char html_style[] =
  "<style>\n"
  "body { font-family: sans-serif; margin: 1em 2em; }\n"
  "table { border-collapse: collapse; }\n"
  "td, th { padding: 0.1em 0.6em; text-align: left; }\n"
  "td.rate { text-align: right; }\n"
  "table.source td { font-family: monospace; white-space: pre;"
  " padding: 0 0.5em; }\n"
  "td.number, td.mark { text-align: right; color: #555; }\n"
  "tr.run td.mark, tr.run td.text { background: #d7f5d7; }\n"
  "tr.not-run td.mark, tr.not-run td.text { background: #f9d0d0; }\n"
  "tr.unknown td.mark, tr.unknown td.text { background: #f3f0c8; }\n"
  "tr.function td { color: #225; font-style: italic; }\n"
  "</style>\n";

static void
write_html_head (FILE *out, const char *title)
{
  fputs ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	 "<meta charset=\"utf-8\">\n<title>", out);
  mipdata_html_text (out, title);
  fprintf (out, "</title>\n%s</head>\n<body>\n", html_style);
}

static const char *
state_class (enum line_state state)
{
  switch (state)
    {
    case LINE_RUN:
      return "run";
    case LINE_NOT_RUN:
      return "not-run";
    case LINE_UNKNOWN:
      return "unknown";
    default:
      return "no-code";
    }
}

/* "75.0% (15 of 20)" or "- (0 of 0)".  */
static void
write_rate (FILE *out, uint64_t part, uint64_t whole)
{
  if (whole)
    fprintf (out, "%.1f%% (%" PRIu64 " of %" PRIu64 ")",
	     coverage_percent (part, whole), part, whole);
  else
    fputs ("- (0 of 0)", out);
}

static void
write_html_page (FILE *out, const struct source_file *file,
		 const struct source_text *text)
{
  struct coverage_totals totals = source_file_totals (file);
  size_t line, f = 0;

  write_html_head (out, file->path);
  fputs ("<p><a href=\"index.html\">All files</a></p>\n<h1>", out);
  mipdata_html_text (out, file->path);
  fputs ("</h1>\n<p>Lines: ", out);
  write_rate (out, totals.lines_run, totals.lines);
  fputs (". Functions: ", out);
  write_rate (out, totals.functions_run, totals.functions);
  fputs (".</p>\n<table class=\"source\">\n", out);
  for (line = 1; line <= text->count; line++)
    {
      enum line_state state = state_of (file, line);
      char mark[24];
      for (; f < file->function_count
	     && (size_t) file->functions[f].line <= line; f++)
	{
	  char note[64];
	  fputs ("<tr class=\"function\"><td></td><td></td><td>function ",
		 out);
	  mipdata_html_text (out, mipdata_display_name (file->functions[f].name));
	  fprintf (out, " %s</td></tr>\n",
		   function_note (&file->functions[f], note, sizeof note));
	}
      fprintf (out, "<tr class=\"%s\"><td class=\"number\">%zu</td>"
	       "<td class=\"mark\">%s</td><td class=\"text\">",
	       state_class (state), line,
	       line_mark (file, line, mark, sizeof mark));
      mipdata_html_text (out, text->lines[line]);
      fputs ("</td></tr>\n", out);
    }
  fputs ("</table>\n</body>\n</html>\n", out);
}

/* Close OUT, written to PATH; false after an error message.  */
static bool
close_output (FILE *out, const char *path)
{
  bool ok = fflush (out) == 0 && !ferror (out);
  if (fclose (out) != 0)
    ok = false;
  if (!ok)
    mipdata_error ("cannot write '%s': %s", path, strerror (errno));
  return ok;
}

/* DIRECTORY/NAME into BUFFER of SIZE bytes.  */
static const char *
html_path (char *buffer, size_t size, const char *directory,
	   const char *name)
{
  snprintf (buffer, size, "%s/%s", directory, name);
  return buffer;
}

static bool
write_html_file_page (const char *directory, const char *name,
		      const struct source_file *file,
		      const struct source_text *text)
{
  char path[4096];
  FILE *out;

  html_path (path, sizeof path, directory, name);
  out = fopen (path, "w");
  if (!out)
    {
      mipdata_error ("cannot write '%s': %s", path, strerror (errno));
      return false;
    }
  write_html_page (out, file, text);
  return close_output (out, path);
}

/* One row of the index; PAGE NULL: no page (the TOTAL row).  */
static void
write_index_row (FILE *out, const char *name, const char *page,
		 const struct coverage_totals *totals)
{
  fputs ("<tr><td>", out);
  if (page)
    {
      fputs ("<a href=\"", out);
      mipdata_html_text (out, page);
      fputs ("\">", out);
    }
  mipdata_html_text (out, name);
  fputs (page ? "</a></td><td class=\"rate\">" : "</td><td class=\"rate\">",
	 out);
  write_rate (out, totals->lines_run, totals->lines);
  fputs ("</td><td class=\"rate\">", out);
  write_rate (out, totals->functions_run, totals->functions);
  fputs ("</td></tr>\n", out);
}

/* ---- Putting it together ------------------------------------------------- */

struct annotate_output
{
  const struct annotate_options *options;
  FILE *index;                  /* with --html */
  char index_path[4096];
  struct coverage_totals total;
  time_t binaries_time;         /* of the newest --debug binary; 0: none */
};

/* Warn when the source PATH changed after the newest binary its lines
   come from was made (gcov does the same with its notes files): the
   marks are then those of an older text.  */
static void
warn_if_newer (const struct annotate_output *output, const char *path)
{
  struct stat st;

  if (output->binaries_time != 0 && stat (path, &st) == 0
      && st.st_mtime > output->binaries_time)
    mipdata_warning ("'%s' is newer than the binaries its coverage comes"
		     " from: its marks may not match its lines (rebuild,"
		     " rerun and merge again)", path);
}

/* The time of the newest of the COUNT binaries PATHS (0 when there are
   none, or one cannot be read).  */
static time_t
newest_binary_time (char **paths, size_t count)
{
  time_t newest = 0;
  struct stat st;
  size_t i;

  for (i = 0; i < count; i++)
    {
      if (stat (paths[i], &st) != 0)
	return 0;
      if (st.st_mtime > newest)
	newest = st.st_mtime;
    }
  return newest;
}

/* ---- Page names ---------------------------------------------------------- */

/* The number of trailing components of PATH.  */
static size_t
component_count (const char *path)
{
  size_t count = 1;

  for (; *path != '\0'; path++)
    if (*path == '/' && path[1] != '\0' && path[1] != '/')
      count++;
  return count;
}

/* The last N components of PATH.  */
static const char *
path_tail (const char *path, size_t n)
{
  const char *p = path + strlen (path);

  while (p > path)
    if (*--p == '/' && --n == 0)
      return p + 1;
  return path;
}

/* Whether the last N components of the selected files' paths tell FILE
   apart from the others.  */
static bool
tail_is_unique (const struct line_coverage *coverage, const bool *selected,
		size_t file, size_t n)
{
  const char *tail = path_tail (coverage->files[file].path, n);
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    if (i != file && selected[i]
	&& strcmp (path_tail (coverage->files[i].path, n), tail) == 0)
      return false;
  return true;
}

/* The page of the selected FILE, named after its source: the base name
   (main.c.html), or as many trailing directories as tell it apart
   (src_main.c.html), other characters than letters, digits and ._-
   written as _; malloc'd, NULL when memory runs out.  */
static char *
page_name (const struct line_coverage *coverage, const bool *selected,
	   size_t file)
{
  const char *path = coverage->files[file].path, *tail;
  size_t n = 1, limit = component_count (path), i;
  char *name;

  while (n < limit && !tail_is_unique (coverage, selected, file, n))
    n++;
  tail = path_tail (path, n);
  name = malloc (strlen (tail) + sizeof ".html");
  if (!name)
    return NULL;
  for (i = 0; tail[i] != '\0'; i++)
    name[i] = (isalnum ((unsigned char) tail[i]) || tail[i] == '.'
	       || tail[i] == '-') ? tail[i] : '_';
  strcpy (name + i, ".html");
  /* index.html is the index's.  */
  if (strcmp (name, "index.html") == 0)
    name[0] = 'I';
  return name;
}

/* Show FILE: a listing, or with --html the page PAGE and a row of the
   index.
   A source that cannot be read is left out with a warning unless it was
   named.  */
static bool
annotate_file (struct annotate_output *output,
	       const struct source_file *file, const char *page)
{
  const struct annotate_options *options = output->options;
  struct source_text text;
  bool ok = true;

  if (!read_source (file->path, &text, options->file_count == 0))
    return options->file_count == 0;
  warn_if_newer (output, file->path);
  if (options->html_directory)
    {
      struct coverage_totals totals = source_file_totals (file);
      ok = write_html_file_page (options->html_directory, page, file, &text);
      write_index_row (output->index, file->path, page, &totals);
      coverage_totals_add (&output->total, &totals);
    }
  else
    write_text (stdout, file, &text);
  source_text_free (&text);
  return ok;
}

static bool
open_index (struct annotate_output *output)
{
  const char *directory = output->options->html_directory;

  if (mkdir (directory, 0777) != 0 && errno != EEXIST)
    {
      mipdata_error ("cannot create '%s': %s", directory, strerror (errno));
      return false;
    }
  html_path (output->index_path, sizeof output->index_path, directory,
	     "index.html");
  output->index = fopen (output->index_path, "w");
  if (!output->index)
    {
      mipdata_error ("cannot write '%s': %s", output->index_path,
		     strerror (errno));
      return false;
    }
  write_html_head (output->index, "Coverage");
  fputs ("<h1>Coverage</h1>\n<table>\n<tr><th>File</th><th>Lines</th>"
	 "<th>Functions</th></tr>\n", output->index);
  return true;
}

static bool
close_index (struct annotate_output *output)
{
  write_index_row (output->index, "TOTAL", NULL, &output->total);
  fputs ("</table>\n</body>\n</html>\n", output->index);
  return close_output (output->index, output->index_path);
}

static int
annotate (const struct annotate_options *options)
{
  struct line_coverage coverage;
  struct annotate_output output;
  bool *selected = NULL, ok = true;
  int status;
  size_t i;

  memset (&output, 0, sizeof output);
  output.options = options;
  line_coverage_init (&coverage);
  status = line_coverage_read (&coverage, options->inputs.profile_count,
			       options->inputs.profile_paths,
			       options->inputs.debug_count ? options->inputs.debug_paths
			       : NULL);
  if (status == MIPDATA_EXIT_OK)
    {
      ok = line_coverage_map_prefixes (&coverage, &options->inputs);
      line_coverage_filter (&coverage, &options->inputs);
      line_coverage_sort (&coverage);
      selected = calloc (coverage.file_count + 1, sizeof *selected);
      ok = ok && selected && select_files (&coverage, options, selected);
      if (!selected)
	mipdata_error ("out of memory");
      if (ok && options->html_directory)
	ok = open_index (&output);
      output.binaries_time =
	newest_binary_time (options->inputs.debug_paths,
			    options->inputs.debug_count);
      for (i = 0; ok && i < coverage.file_count; i++)
	if (selected[i])
	  {
	    char *page = options->html_directory
			 ? page_name (&coverage, selected, i) : NULL;

	    if (options->html_directory && !page)
	      {
		mipdata_error ("out of memory");
		ok = false;
		break;
	      }
	    ok = annotate_file (&output, &coverage.files[i], page);
	    free (page);
	  }
      if (output.index && !close_index (&output))
	ok = false;
      if (ok && (fflush (stdout) != 0 || ferror (stdout)))
	{
	  mipdata_error ("cannot write the output: %s", strerror (errno));
	  ok = false;
	}
      status = ok ? MIPDATA_EXIT_OK : MIPDATA_EXIT_FAILURE;
    }
  free (selected);
  line_coverage_free (&coverage);
  return status;
}

static int
parse_options (int argc, char **argv, struct annotate_options *options)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "html", required_argument, NULL, 'H' },
    { "debug-file-directory", required_argument, NULL, 'D' },
    PROFILE_FILTER_OPTIONS,
    { "no-demangle", no_argument, NULL, 'M' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:h", long_options, NULL))
	 != -1)
    switch (option)
      {
      case 'p':
	options->inputs.profile_paths[options->inputs.profile_count++] = optarg;
	break;
      case 'd':
	options->inputs.debug_paths[options->inputs.debug_count++] = optarg;
	break;
      case 'H':
	options->html_directory = optarg;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'I':
      case 'X':
      case 'S':
	{
	  int bad = profile_inputs_take_filter (&options->inputs, "annotate",
						option, optarg);
	  if (bad >= 0)
	    return bad;
	}
	break;
      case 'M':
	mipdata_demangle_names = false;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("annotate", option, argv);
      }
  profile_inputs_take_operand (&options->inputs, argc, argv);
  int status = profile_inputs_check (&options->inputs, "annotate");
  if (status >= 0)
    return status;
  options->files = argv + optind;
  options->file_count = (size_t) (argc - optind);
  return -1;
}

int
cmd_annotate (int argc, char **argv)
{
  struct annotate_options options;
  int status;

  memset (&options, 0, sizeof options);
  if (!profile_inputs_init (&options.inputs, argc))
    status = MIPDATA_EXIT_FAILURE;
  else
    status = parse_options (argc, argv, &options);
  if (status < 0)
    status = annotate (&options);
  profile_inputs_free (&options.inputs);
  return status;
}

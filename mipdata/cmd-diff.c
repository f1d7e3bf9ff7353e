/* cmd-diff.c - mipdata diff: the coverage of a change, against a
   baseline profile, for a reviewer or a CI gate.

     mipdata diff -b old.mip --baseline-debug old-app -p new.mip \
       --debug app --diff=change.diff --fail-under=80

   Each source line with code in the current profiles falls into one of
   the categories of lcov 2's differential coverage:

     GNC  new code that ran           UNC  new code that did not run
     GBC  ran now, not in the baseline LBC  ran in the baseline, not now
     CBC  ran in both                 UBC  ran in neither

   A line is new code when the unified diff (--diff, as diff -u or git
   diff writes it) adds it; the diff also maps each unchanged line to
   its number in the baseline, so lines that moved are compared with
   themselves.  Without --diff the sources are taken as the same (two
   test runs of one build, say: the coverage gained and lost), lines
   compared by number, and a line is new code only when the baseline
   had no code there (a file or function added at the end).  The baseline lines the diff deletes that had code count
   as DCB (ran) or DUB (did not).  The changed lines are the new code:
   their coverage, GNC of GNC + UNC, is what --fail-under gates (exit
   status 3 below it).  A line of a function that ran whose blocks are
   not recorded (function coverage) is of unknown state and left out.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-out.h"
#include "line-coverage.h"

/* The categories, in the order the report lists them.  */
enum category
{
  CAT_UNC, CAT_LBC, CAT_GNC, CAT_GBC, CAT_CBC, CAT_UBC, CAT_DUB, CAT_DCB,
  CAT_COUNT
};

static const char *const category_names[CAT_COUNT] = {
  "UNC", "LBC", "GNC", "GBC", "CBC", "UBC", "DUB", "DCB"
};

static const char *const category_texts[CAT_COUNT] = {
  "new code, not run", "ran in the baseline, not now", "new code, ran",
  "ran now, not in the baseline", "ran in both", "ran in neither",
  "deleted, had not run", "deleted, had run"
};

/* One file of the unified diff: its path (as the diff names the new
   file, a/ or b/ taken off), and for each line of the new file its
   line in the old one (0: added), as far as the last hunk reaches;
   beyond, lines keep the last offset.  */
struct diff_file
{
  char *path;
  uint32_t *old_of_new;         /* index: new line number */
  size_t new_lines;             /* entries of old_of_new used */
  size_t capacity;
  int64_t tail_offset;          /* old = new + offset after the last hunk */
  uint32_t *deleted;            /* old line numbers the diff deletes */
  size_t deleted_count, deleted_capacity;
};

struct unified_diff
{
  struct diff_file *files;
  size_t count, capacity;
};

struct diff_options
{
  struct profile_inputs current, baseline;
  const char *diff_path;
  double fail_under;            /* < 0: no gate */
  bool show_lines;              /* list the line numbers of each category */
  bool json;                    /* one JSON object instead of the table */
};

static void
print_help (void)
{
  printf ("usage: mipdata diff -b BASELINE [--baseline-debug BINARY]...\n"
	  "                    -p PROFILE [--debug BINARY]...\n"
	  "                    [--diff=FILE] [--fail-under=N] [--lines | --json]\n"
	  "                    [--include=PATTERN]... [--exclude=PATTERN]...\n"
	  "\n"
	  "Print the coverage of a change: each source line with code in\n"
	  "the PROFILEs, against the BASELINE profiles, in lcov's\n"
	  "differential categories: GNC and UNC (new code that ran, that\n"
	  "did not), GBC and LBC (coverage gained, lost), CBC and UBC (ran\n"
	  "in both, in neither), DCB and DUB (deleted lines that had run,\n"
	  "that had not).  New code is what the unified diff FILE adds;\n"
	  "without --diff the sources are taken as unchanged (lines compared\n"
	  "by number) and new code is where the baseline had none.  The\n"
	  "changed lines' coverage is GNC of GNC + UNC, 100%% when there are\n"
	  "none.\n"
	  "\n"
	  "Options:\n"
	  "  -b, --baseline=PROFILE the profile before the change (repeat)\n"
	  "      --baseline-debug=BINARY\n"
	  "                         the binary of the baseline profile given\n"
	  "                         in the same place\n"
	  "  -p, --profile=PROFILE  the profile after the change (repeat)\n"
	  "  -d, --debug=BINARY     its binary, in the same place\n"
	  "      --diff=FILE        the change as a unified diff (diff -u,\n"
	  "                         git diff); '-' reads standard input\n"
	  "      --fail-under=N     exit with status 3 when less than N%% of\n"
	  "                         the changed lines with code ran\n"
	  "      --lines            list the lines of each category\n"
	  "      --json             print one JSON object: per file the\n"
	  "                         counts and lines of each category, the\n"
	  "                         totals and the changed lines' coverage\n"
	  "      --include=PATTERN, --exclude=PATTERN,\n"
	  "      --source-prefix-map=OLD=NEW\n"
	  "                         as for info, on both sides\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -h, --help             print this help and exit\n");
}

/* ---- The unified diff ---------------------------------------------------- */

static void
unified_diff_free (struct unified_diff *diff)
{
  size_t i;

  for (i = 0; i < diff->count; i++)
    {
      free (diff->files[i].path);
      free (diff->files[i].old_of_new);
      free (diff->files[i].deleted);
    }
  free (diff->files);
  memset (diff, 0, sizeof *diff);
}

/* Record that new line NEW_LINE is old line OLD_LINE (0: added).  */
static bool
map_line (struct diff_file *file, size_t new_line, uint32_t old_line)
{
  while (file->new_lines <= new_line)
    {
      if (!coverage_grow ((void **) &file->old_of_new, file->new_lines,
			  &file->capacity, sizeof *file->old_of_new))
	return false;
      file->old_of_new[file->new_lines++] = 0;
    }
  file->old_of_new[new_line] = old_line;
  return true;
}

/* The path a "+++ " line names, without a/ b/ and a tab's timestamp;
   NULL for /dev/null (a deleted file).  */
static char *
diff_path (const char *text)
{
  size_t length = strcspn (text, "\t\n");

  if (length == 9 && strncmp (text, "/dev/null", 9) == 0)
    return NULL;
  if (length > 2 && (text[0] == 'a' || text[0] == 'b') && text[1] == '/')
    {
      text += 2;
      length -= 2;
    }
  return strndup (text, length);
}

/* The state of a diff being read.  */
struct diff_reader
{
  const char *name;             /* the diff file's, for messages */
  unsigned long line_number;
  struct diff_file *file;       /* the file whose hunks come, or NULL */
  size_t old_line, new_line;    /* next lines of the hunk */
  size_t old_left, new_left;    /* lines the hunk still has */
};

/* Map the unchanged lines before a hunk that starts at OLD_START and
   NEW_START.  */
static bool
map_lines_up_to (struct diff_reader *reader, size_t old_start,
		 size_t new_start)
{
  while (reader->new_line < new_start && reader->old_line < old_start)
    if (!map_line (reader->file, reader->new_line++,
		   (uint32_t) reader->old_line++))
      return false;
  reader->old_line = old_start;
  reader->new_line = new_start;
  return true;
}

/* A "@@ -OLD,N +NEW,M @@" line.  */
static bool
start_hunk (struct diff_reader *reader, const char *text)
{
  unsigned long old_start, old_count = 1, new_start, new_count = 1;
  char *end;

  old_start = strtoul (text + 4, &end, 10);
  if (*end == ',')
    old_count = strtoul (end + 1, &end, 10);
  if (strncmp (end, " +", 2) != 0)
    return false;
  new_start = strtoul (end + 2, &end, 10);
  if (*end == ',')
    new_count = strtoul (end + 1, &end, 10);
  if (strncmp (end, " @@", 3) != 0)
    return false;
  /* A count of 0 puts the start before the lines it would have.  */
  if (!map_lines_up_to (reader, old_count ? old_start : old_start + 1,
			new_count ? new_start : new_start + 1))
    return false;
  reader->old_left = old_count;
  reader->new_left = new_count;
  return true;
}

/* One line of a hunk's body.  */
static bool
hunk_line (struct diff_reader *reader, char kind)
{
  struct diff_file *file = reader->file;

  switch (kind)
    {
    case ' ':
      if (!map_line (file, reader->new_line++, (uint32_t) reader->old_line++))
	return false;
      reader->old_left--;
      reader->new_left--;
      return true;
    case '+':
      if (!map_line (file, reader->new_line++, 0))
	return false;
      reader->new_left--;
      return true;
    default:			/* '-' */
      if (!coverage_grow ((void **) &file->deleted, file->deleted_count,
			  &file->deleted_capacity, sizeof *file->deleted))
	return false;
      file->deleted[file->deleted_count++] = (uint32_t) reader->old_line++;
      reader->old_left--;
      return true;
    }
}

/* The file a "+++ PATH" line starts.  */
static bool
start_file (struct unified_diff *diff, struct diff_reader *reader,
	    const char *text)
{
  char *path = diff_path (text);

  reader->file = NULL;
  if (!path)
    return true;		/* deleted: nothing of it is covered now */
  if (!coverage_grow ((void **) &diff->files, diff->count, &diff->capacity,
		      sizeof *diff->files))
    {
      free (path);
      return false;
    }
  reader->file = &diff->files[diff->count++];
  memset (reader->file, 0, sizeof *reader->file);
  reader->file->path = path;
  reader->old_line = reader->new_line = 1;
  reader->old_left = reader->new_left = 0;
  return true;
}

/* Read the unified diff at PATH ('-': standard input).  False after an
   error message naming the file and the line.  */
static bool
read_unified_diff (const char *path, struct unified_diff *diff)
{
  FILE *in = strcmp (path, "-") == 0 ? stdin : fopen (path, "r");
  struct diff_reader reader;
  char *line = NULL;
  size_t size = 0;
  bool ok = true;

  memset (&reader, 0, sizeof reader);
  reader.name = path;
  if (!in)
    {
      mipdata_error ("cannot open '%s': %s", path, strerror (errno));
      return false;
    }
  while (ok && getline (&line, &size, in) != -1)
    {
      reader.line_number++;
      if (reader.file && (reader.old_left > 0 || reader.new_left > 0)
	  && (line[0] == ' ' || line[0] == '+' || line[0] == '-'
	      || line[0] == '\n'))
	{
	  /* An empty line stands for an empty context line.  */
	  char kind = line[0] == '\n' ? ' ' : line[0];
	  if ((kind != '+' && reader.old_left == 0)
	      || (kind != '-' && reader.new_left == 0))
	    {
	      mipdata_error ("'%s', line %lu: more lines than the hunk"
			     " says", path, reader.line_number);
	      ok = false;
	    }
	  else
	    ok = hunk_line (&reader, kind);
	}
      else if (strncmp (line, "+++ ", 4) == 0)
	ok = start_file (diff, &reader, line + 4);
      else if (strncmp (line, "@@ -", 4) == 0 && reader.file)
	{
	  if (!start_hunk (&reader, line))
	    {
	      mipdata_error ("'%s', line %lu: not a hunk header: %.60s",
			     path, reader.line_number, line);
	      ok = false;
	    }
	}
      /* Anything else (headers, "\ No newline", git's lines) is
	 skipped.  */
      if (reader.file && ok)
	reader.file->tail_offset = (int64_t) reader.old_line
				   - (int64_t) reader.new_line;
    }
  if (ok && ferror (in))
    {
      mipdata_error ("cannot read '%s': %s", path, strerror (errno));
      ok = false;
    }
  free (line);
  if (in != stdin)
    fclose (in);
  return ok;
}

/* The file of DIFF that the source PATH is: the same path, or PATH ends
   in / and the diff's path.  */
static const struct diff_file *
find_diff_file (const struct unified_diff *diff, const char *path)
{
  size_t i, path_length = strlen (path);

  for (i = 0; i < diff->count; i++)
    {
      const char *name = diff->files[i].path;
      size_t length = strlen (name);

      if (strcmp (path, name) == 0
	  || (path_length > length && path[path_length - length - 1] == '/'
	      && strcmp (path + path_length - length, name) == 0))
	return &diff->files[i];
    }
  return NULL;
}

/* The baseline line of line LINE of a file that FILE describes (NULL:
   unchanged); 0 when the change added it.  */
static size_t
baseline_line (const struct diff_file *file, size_t line)
{
  int64_t old;

  if (!file)
    return line;
  if (line < file->new_lines)
    return file->old_of_new[line];
  old = (int64_t) line + file->tail_offset;
  return old > 0 ? (size_t) old : 0;
}

/* ---- The categories ----------------------------------------------------- */

/* The state of LINE in FILE (NULL: no such file).  */
static enum line_state
state_at (const struct source_file *file, size_t line)
{
  if (!file || line == 0 || line >= file->line_capacity)
    return LINE_NO_CODE;
  return (enum line_state) file->lines[line];
}

/* The baseline's file of PATH, or NULL.  */
static const struct source_file *
baseline_file (const struct line_coverage *baseline, const char *path)
{
  size_t i;

  for (i = 0; i < baseline->file_count; i++)
    if (strcmp (baseline->files[i].path, path) == 0)
      return &baseline->files[i];
  return NULL;
}

/* The category of a line in state NOW that was line OLD of the baseline
   (0: new code) in state BEFORE; CAT_COUNT when it has none.  */
static enum category
categorise (enum line_state now, size_t old, enum line_state before,
	    bool have_diff)
{
  bool ran = now == LINE_RUN, ran_before = before == LINE_RUN;

  if (now != LINE_RUN && now != LINE_NOT_RUN)
    return CAT_COUNT;
  if (old == 0 || (!have_diff && before == LINE_NO_CODE))
    return ran ? CAT_GNC : CAT_UNC;
  if (before != LINE_RUN && before != LINE_NOT_RUN)
    return ran ? CAT_GBC : CAT_UBC;
  if (ran)
    return ran_before ? CAT_CBC : CAT_GBC;
  return ran_before ? CAT_LBC : CAT_UBC;
}

/* What one file's lines fall into; LINES[c] lists them when asked.  */
struct file_categories
{
  uint64_t counts[CAT_COUNT];
  uint32_t *lines[CAT_COUNT];
  size_t line_counts[CAT_COUNT], capacities[CAT_COUNT];
};

static void
file_categories_free (struct file_categories *categories)
{
  int c;

  for (c = 0; c < CAT_COUNT; c++)
    free (categories->lines[c]);
}

static bool
add_line (struct file_categories *categories, enum category category,
	  size_t line)
{
  categories->counts[category]++;
  if (!coverage_grow ((void **) &categories->lines[category],
		      categories->line_counts[category],
		      &categories->capacities[category], sizeof (uint32_t)))
    return false;
  categories->lines[category][categories->line_counts[category]++] =
    (uint32_t) line;
  return true;
}

/* Categorise the lines of FILE against the baseline file BEFORE (NULL:
   none) through the diff's DIFF_FILE.  */
static bool
categorise_file (const struct source_file *file,
		 const struct source_file *before,
		 const struct diff_file *diff_file, bool have_diff,
		 struct file_categories *categories)
{
  size_t line, d;

  for (line = 1; line < file->line_capacity; line++)
    {
      size_t old = baseline_line (diff_file, line);
      enum category category =
	categorise ((enum line_state) file->lines[line], old,
		    state_at (before, old), have_diff);

      if (category != CAT_COUNT && !add_line (categories, category, line))
	return false;
    }
  for (d = 0; diff_file && d < diff_file->deleted_count; d++)
    {
      enum line_state state = state_at (before, diff_file->deleted[d]);

      if ((state == LINE_RUN || state == LINE_NOT_RUN)
	  && !add_line (categories, state == LINE_RUN ? CAT_DCB : CAT_DUB,
			diff_file->deleted[d]))
	return false;
    }
  return true;
}

/* ---- The report ---------------------------------------------------------- */

/* LINES (sorted, COUNT of them) as "3 7-9 12".  */
static void
print_line_list (const uint32_t *lines, size_t count)
{
  size_t i = 0;

  while (i < count)
    {
      size_t j = i;
      while (j + 1 < count && lines[j + 1] == lines[j] + 1)
	j++;
      if (j == i)
	printf (" %" PRIu32, lines[i]);
      else
	printf (" %" PRIu32 "-%" PRIu32, lines[i], lines[j]);
      i = j + 1;
    }
}

static void
print_counts (const char *name, const uint64_t *counts)
{
  int c;

  printf ("%-40s", name);
  for (c = 0; c < CAT_COUNT; c++)
    printf (" %5" PRIu64, counts[c]);
  putchar ('\n');
}

static void
print_file_lines (const struct file_categories *categories)
{
  int c;

  for (c = 0; c < CAT_COUNT; c++)
    if (categories->line_counts[c] > 0)
      {
	printf ("  %s %-29s", category_names[c], category_texts[c]);
	print_line_list (categories->lines[c], categories->line_counts[c]);
	putchar ('\n');
      }
}

/* ---- JSON ---------------------------------------------------------------- */

/* "NAME": [LINES] or "NAME": COUNT for each category of COUNTS (and
   LINES when given).  */
static void
json_categories (const uint64_t *counts,
		 const struct file_categories *categories)
{
  int c;
  size_t i;

  for (c = 0; c < CAT_COUNT; c++)
    {
      printf ("%s\"%s\": ", c ? ", " : "", category_names[c]);
      if (!categories)
	{
	  printf ("%" PRIu64, counts[c]);
	  continue;
	}
      putchar ('[');
      for (i = 0; i < categories->line_counts[c]; i++)
	printf ("%s%" PRIu32, i ? ", " : "", categories->lines[c][i]);
      putchar (']');
    }
}

/* One file's object of --json.  */
static void
json_file (const struct source_file *file,
	   const struct file_categories *categories, bool first)
{
  fputs (first ? "\n{\"path\": " : ",\n{\"path\": ", stdout);
  mipdata_json_string (stdout, file->path);
  fputs (", \"counts\": {", stdout);
  json_categories (categories->counts, NULL);
  fputs ("}, \"lines\": {", stdout);
  json_categories (categories->counts, categories);
  fputs ("}}", stdout);
}

/* The end of --json: the totals and the changed lines.  */
static void
json_summary (const uint64_t *total)
{
  uint64_t changed = total[CAT_GNC] + total[CAT_UNC];

  fputs ("],\n\"total\": {", stdout);
  json_categories (total, NULL);
  printf ("},\n\"changed_lines\": {\"lines\": %" PRIu64 ", \"ran\": %"
	  PRIu64 ", \"percent\": %.1f}}\n", changed, total[CAT_GNC],
	  coverage_percent (total[CAT_GNC], changed));
}

/* Report every current file; *TOTAL receives the sums.  */
static bool
report_files (const struct line_coverage *current,
	      const struct line_coverage *baseline,
	      const struct unified_diff *diff, bool have_diff,
	      const struct diff_options *options, uint64_t *total)
{
  size_t i;
  int c;

  if (options->json)
    fputs ("{\"files\": [", stdout);
  else
    {
      printf ("%-40s", "File");
      for (c = 0; c < CAT_COUNT; c++)
	printf (" %5s", category_names[c]);
      putchar ('\n');
    }
  for (i = 0; i < current->file_count; i++)
    {
      const struct source_file *file = &current->files[i];
      struct file_categories categories;
      bool ok;

      memset (&categories, 0, sizeof categories);
      ok = categorise_file (file, baseline_file (baseline, file->path),
			    find_diff_file (diff, file->path), have_diff,
			    &categories);
      if (ok && options->json)
	json_file (file, &categories, i == 0);
      else if (ok)
	{
	  print_counts (file->path, categories.counts);
	  if (options->show_lines)
	    print_file_lines (&categories);
	}
      if (ok)
	{
	  for (c = 0; c < CAT_COUNT; c++)
	    total[c] += categories.counts[c];
	}
      file_categories_free (&categories);
      if (!ok)
	{
	  mipdata_error ("out of memory");
	  return false;
	}
    }
  if (options->json)
    json_summary (total);
  else
    print_counts ("TOTAL", total);
  return true;
}

/* Read one side's profiles into COVERAGE, mapped and filtered.  */
static int
read_side (const struct profile_inputs *inputs,
	   const struct profile_inputs *filters, struct line_coverage *coverage)
{
  int status = line_coverage_read (coverage, inputs->profile_count,
				   inputs->profile_paths,
				   inputs->debug_count ? inputs->debug_paths
				   : NULL);

  if (status != MIPDATA_EXIT_OK)
    return status;
  if (!line_coverage_map_prefixes (coverage, filters))
    return MIPDATA_EXIT_FAILURE;
  line_coverage_filter (coverage, filters);
  line_coverage_sort (coverage);
  return MIPDATA_EXIT_OK;
}

static int
diff_coverage (const struct diff_options *options)
{
  struct line_coverage current, baseline;
  struct unified_diff diff;
  uint64_t total[CAT_COUNT] = { 0 }, changed;
  int status;

  memset (&diff, 0, sizeof diff);
  line_coverage_init (&current);
  line_coverage_init (&baseline);
  status = read_side (&options->current, &options->current, &current);
  if (status == MIPDATA_EXIT_OK)
    status = read_side (&options->baseline, &options->current, &baseline);
  if (status == MIPDATA_EXIT_OK && options->diff_path
      && !read_unified_diff (options->diff_path, &diff))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK
      && !report_files (&current, &baseline, &diff,
			options->diff_path != NULL, options, total))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK)
    {
      changed = total[CAT_GNC] + total[CAT_UNC];
      if (!options->json)
	{
	  printf ("\nChanged lines: %.1f%% (%" PRIu64 " of %" PRIu64
		  " lines with code ran)\n",
		  coverage_percent (total[CAT_GNC], changed), total[CAT_GNC],
		  changed);
	  printf ("Coverage lost: %" PRIu64 " line(s); gained: %" PRIu64
		  "\n", total[CAT_LBC], total[CAT_GBC]);
	}
      if (fflush (stdout) != 0 || ferror (stdout))
	{
	  mipdata_error ("cannot write the output: %s", strerror (errno));
	  status = MIPDATA_EXIT_FAILURE;
	}
      else if (options->fail_under >= 0 && changed > 0
	       && coverage_percent (total[CAT_GNC], changed)
		  < options->fail_under)
	{
	  mipdata_error ("the changed lines' coverage %.1f%% is under"
			 " %g%% (--fail-under)",
			 coverage_percent (total[CAT_GNC], changed),
			 options->fail_under);
	  status = MIPDATA_EXIT_UNDER_GATE;
	}
    }
  unified_diff_free (&diff);
  line_coverage_free (&current);
  line_coverage_free (&baseline);
  return status;
}

/* ---- The command line ---------------------------------------------------- */

static int
parse_options (int argc, char **argv, struct diff_options *options)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "baseline", required_argument, NULL, 'b' },
    { "baseline-debug", required_argument, NULL, 'B' },
    { "diff", required_argument, NULL, 'f' },
    { "fail-under", required_argument, NULL, 'F' },
    { "lines", no_argument, NULL, 'l' },
    { "json", no_argument, NULL, 'j' },
    PROFILE_FILTER_OPTIONS,
    { "debug-file-directory", required_argument, NULL, 'D' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct profile_inputs *current = &options->current;
  struct profile_inputs *baseline = &options->baseline;
  int option, bad;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:b:h", long_options, NULL))
	 != -1)
    switch (option)
      {
      case 'p':
	current->profile_paths[current->profile_count++] = optarg;
	break;
      case 'd':
	current->debug_paths[current->debug_count++] = optarg;
	break;
      case 'b':
	baseline->profile_paths[baseline->profile_count++] = optarg;
	break;
      case 'B':
	baseline->debug_paths[baseline->debug_count++] = optarg;
	break;
      case 'f':
	options->diff_path = optarg;
	break;
      case 'F':
	if (!coverage_parse_percent ("diff", "--fail-under", optarg,
				     &options->fail_under))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'l':
	options->show_lines = true;
	break;
      case 'j':
	options->json = true;
	break;
      case 'I':
      case 'X':
      case 'S':
	if ((bad = profile_inputs_take_filter (current, "diff", option,
					       optarg)) >= 0)
	  return bad;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("diff", option, argv);
      }
  if (optind < argc)
    return mipdata_usage_error ("diff", "unexpected argument '%s'",
				argv[optind]);
  if (baseline->profile_count == 0)
    return mipdata_usage_error ("diff", "no baseline given (-b PROFILE)");
  if (baseline->debug_count > 0
      && baseline->debug_count != baseline->profile_count)
    return mipdata_usage_error ("diff", "give each baseline profile its"
				" --baseline-debug binary, or none");
  return profile_inputs_check (current, "diff");
}

int
cmd_diff (int argc, char **argv)
{
  struct diff_options options;
  int status;

  memset (&options, 0, sizeof options);
  options.fail_under = -1;
  if (!profile_inputs_init (&options.current, argc)
      || !profile_inputs_init (&options.baseline, argc))
    status = MIPDATA_EXIT_FAILURE;
  else
    {
      status = parse_options (argc, argv, &options);
      if (status < 0)
	status = diff_coverage (&options);
    }
  profile_inputs_free (&options.current);
  profile_inputs_free (&options.baseline);
  return status;
}

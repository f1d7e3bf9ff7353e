/* check_mipdata.c - unit tests of the mipdata command.

   Runs the built mipdata (the path comes from $MIPDATA, else from
   MIPDATA_PATH given at compile time) in a temporary directory on maps and
   raw profiles crafted by test-data.c, and checks its output, its
   messages, its exit status and that a refused merge leaves the profile
   byte for byte as it was.  The ELF tests add a crafted .debug_mip_map section
   to a copy of this very test program with objcopy (skipped without
   objcopy), whose own DWARF then serves show --debug.  A failing test
   prints the command line that failed.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include <check.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test-data.h"

#ifndef MIPDATA_PATH
#define MIPDATA_PATH "../../mipdata/mipdata"
#endif

static char mipdata[PATH_MAX];
static char self[PATH_MAX];

/* A test that cannot run here (a tool, a build id or a terminal is
   missing) says so on a line of its own, "SKIP: check_mipdata: TEST:
   REASON", which scripts/test.sh counts as skipped, and returns: Check
   has no skipped state, and a test that merely returned would count as
   passed.  */
static void
report_skip (const char *test, const char *reason)
{
  printf ("SKIP: check_mipdata: %s: %s\n", test, reason);
  fflush (stdout);
}
#define SKIP_TEST(reason) \
  do { report_skip (__func__, (reason)); return; } while (0)
static char start_directory[PATH_MAX];
static char temporary_directory[PATH_MAX + 32];

/* ---- Running mipdata --------------------------------------------------- */

struct result
{
  int status;                   /* exit status, or -1 */
  struct test_bytes out, err;   /* NUL-terminated */
  char command[PATH_MAX + 2048];
};

static void
terminate (struct test_bytes *bytes)
{
  bytes->data = realloc (bytes->data, bytes->size + 1);
  bytes->data[bytes->size] = '\0';
}

static void
free_result (struct result *result)
{
  test_bytes_free (&result->out);
  test_bytes_free (&result->err);
}

/* Run mipdata with the NULL-terminated arguments.  */
static struct result
run (const char *first, ...)
{
  const char *argv[32];
  struct result result;
  va_list args;
  int argc = 0, wait_status;
  pid_t child;

  memset (&result, 0, sizeof result);
  argv[argc++] = mipdata;
  snprintf (result.command, sizeof result.command, "%s", mipdata);
  va_start (args, first);
  for (const char *arg = first; arg && argc < 31;
       arg = va_arg (args, const char *))
    {
      size_t used = strlen (result.command);
      argv[argc++] = arg;
      snprintf (result.command + used, sizeof result.command - used,
		" '%s'", arg);
    }
  va_end (args);
  argv[argc] = NULL;
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      int out = open ("stdout.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = open ("stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || err < 0)
	_exit (126);
      dup2 (out, 1);
      dup2 (err, 2);
      execv (mipdata, (char **) argv);
      _exit (127);
    }
  ck_assert_int_eq (waitpid (child, &wait_status, 0), child);
  result.status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  ck_assert_msg (result.status != 127, "cannot run %s", mipdata);
  test_read_file ("stdout.txt", &result.out);
  test_read_file ("stderr.txt", &result.err);
  terminate (&result.out);
  terminate (&result.err);
  return result;
}

#define OUT(r) ((const char *) (r).out.data)
#define ERR(r) ((const char *) (r).err.data)

/* Check that R exited with STATUS, printing the command when not.  */
#define ck_assert_exit(r, expected)					\
  ck_assert_msg ((r).status == (expected),				\
		 "%s: exit status %d, expected %d\nstdout: %s\nstderr: %s", \
		 (r).command, (r).status, (expected), OUT (r), ERR (r))

#define ck_assert_output(r, stream, expected)				\
  ck_assert_msg (strcmp (stream (r), (expected)) == 0,			\
		 "%s: printed\n%s\nexpected\n%s", (r).command, stream (r), \
		 (expected))

/* The output of show for a profile made from an ELF binary, which
   starts with the binary's GNU build id: what follows that line.  */
static const char *
shown (struct result r)
{
  const char *out = OUT (r);
  const char *line_end = strchr (out, '\n');

  ck_assert_msg (strncmp (out, "GNU Build ID: ", 14) == 0 && line_end,
		 "%s: printed no GNU build id first:\n%s", r.command, out);
  return line_end + 1;
}
#define SHOWN(r) shown (r)

#define ck_assert_contains(r, stream, part)				\
  ck_assert_msg (strstr (stream (r), (part)) != NULL,			\
		 "%s: printed\n%s\nwhich lacks\n%s", (r).command,	\
		 stream (r), (part))

/* ---- Fixture and files ------------------------------------------------------- */

static void
enter_temporary_directory (void)
{
  ck_assert_ptr_nonnull (getcwd (start_directory, sizeof start_directory));
  snprintf (temporary_directory, sizeof temporary_directory,
	    "%s/check-mipdata.XXXXXX", start_directory);
  ck_assert_ptr_nonnull (mkdtemp (temporary_directory));
  ck_assert_int_eq (chdir (temporary_directory), 0);
}

static void
leave_temporary_directory (void)
{
  char command[sizeof temporary_directory + 16];
  if (chdir (start_directory) != 0)
    return;
  snprintf (command, sizeof command, "rm -rf '%s'", temporary_directory);
  if (system (command) != 0)
    fprintf (stderr, "cannot remove %s\n", temporary_directory);
}

static void
write_bytes (const char *path, struct test_bytes bytes)
{
  ck_assert_msg (test_write_file (path, bytes.data, bytes.size),
		 "cannot write %s", path);
  test_bytes_free (&bytes);
}

static void
write_text (const char *path, const char *text)
{
  ck_assert (test_write_file (path, text, strlen (text)));
}

/* The sample binary's map in app.mipmap and a profile in default.mip.  */
static struct test_binary
create_sample_profile (bool big_endian)
{
  struct test_binary binary = test_sample_binary (8, big_endian);
  struct result r;

  write_bytes ("app.mipmap", test_make_map (&binary));
  r = run ("create", "-p", "default.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "");
  ck_assert_output (r, ERR, "");
  free_result (&r);
  return binary;
}

/* Two runs of the sample binary: see the expected outputs below.  */
static void
write_sample_runs (const struct test_binary *binary)
{
  struct test_run run1, run2;

  memset (&run1, 0, sizeof run1);
  run1.anchor_address = 0x555555404000ull;
  run1.records[0][0] = (struct test_record) { .ran = true, .count = 1, .order = 1 };
  run1.records[0][1] = (struct test_record) { .ran = true, .count = 3, .order = 2 };
  run1.records[1][0] = (struct test_record) { .ran = true, .count = 2, .order = 3 };
  run1.records[1][2] = (struct test_record) { .ran = true, .count = 5, .order = 0 };
  run2 = run1;
  run2.records[0][1] = (struct test_record) { .ran = true, .count = 7, .order = 4 };
  run2.records[1][0] = (struct test_record) { .ran = false, .count = 0, .order = 0 };
  run2.records[2][0] = (struct test_record) { .ran = true, .count = 4, .order = 2 };
  run2.records[1][2] = (struct test_record) { .ran = false, .count = 0, .order = 0 };
  write_bytes ("run1.mipraw", test_make_raw (binary, &run1));
  write_bytes ("run2.mipraw", test_make_raw (binary, &run2));
}

static const char empty_text[] =
  "main\n  Covered: no\n  Call Count: 0\n\n"
  "helper\n  Covered: no\n  Call Count: 0\n\n"
  "inline_fn\n  Covered: no\n  Call Count: 0\n\n"
  "never\n  Covered: no\n  Call Count: 0\n\n"
  "counted_only\n  Covered: no\n  Call Count: 0\n";

static const char merged_text[] =
  "main\n  Covered: yes\n  Call Count: 2\n  Order: 1\n\n"
  "helper\n  Covered: yes\n  Call Count: 10\n  Order: 3\n\n"
  "inline_fn\n  Covered: yes\n  Call Count: 6\n  Order: 3\n\n"
  "never\n  Covered: no\n  Call Count: 0\n\n"
  "counted_only\n  Covered: yes\n  Call Count: 5\n";

static const char merged_json[] =
  "{\"profile\": \"default.mip\", \"runs\": 2, \"functions\": [\n"
  "{\"name\": \"main\", \"covered\": true, \"call_count\": 2,"
  " \"order\": 1, \"cfg_signature\": \"0xc0ffee0000000010\"},\n"
  "{\"name\": \"helper\", \"covered\": true, \"call_count\": 10,"
  " \"order\": 3, \"cfg_signature\": \"0xc0ffee0000000018\"},\n"
  "{\"name\": \"inline_fn\", \"covered\": true, \"call_count\": 6,"
  " \"order\": 3, \"cfg_signature\": \"0xc0ffee0000000010\"},\n"
  "{\"name\": \"never\", \"covered\": false, \"call_count\": 0,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000018\"},\n"
  "{\"name\": \"counted_only\", \"covered\": true, \"call_count\": 5,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000020\"}\n"
  "]}\n";

/* Merges started at the same time into one profile take turns: each
   child merges both runs; none may lose another's.  */
START_TEST (test_concurrent_merges)
{
  struct test_binary binary = create_sample_profile (false);
  enum { children = 8 };
  pid_t pids[children];
  struct result r;
  int i;

  write_sample_runs (&binary);
  for (i = 0; i < children; i++)
    {
      pids[i] = fork ();
      ck_assert_int_ge (pids[i], 0);
      if (pids[i] == 0)
	{
	  struct result child = run ("merge", "-p", "default.mip",
				     "run1.mipraw", "run2.mipraw", NULL);
	  _exit (child.status == 0 ? 0 : 1);
	}
    }
  for (i = 0; i < children; i++)
    {
      int status;
      ck_assert_int_eq (waitpid (pids[i], &status, 0), pids[i]);
      ck_assert (WIFEXITED (status) && WEXITSTATUS (status) == 0);
    }
  r = run ("info", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "Runs: 16\n");
  free_result (&r);
}
END_TEST

/* ---- Command line ------------------------------------------------------------- */

START_TEST (test_help_and_version)
{
  struct result r;

  r = run ("--help", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "usage: mipdata");
  ck_assert_contains (r, OUT, "merge");
  free_result (&r);
  r = run ("--version", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "mipdata (MIP for GCC) ");
  free_result (&r);
  r = run ("create", "--help", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "usage: mipdata create");
  free_result (&r);
  r = run ("help", "show", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "--regex");
  free_result (&r);
}
END_TEST

START_TEST (test_usage_errors)
{
  struct result r;

  r = run (NULL);
  ck_assert_exit (r, 2);
  free_result (&r);
  r = run ("frob", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "mipdata: 'frob' is not a mipdata command\n");
  free_result (&r);
  r = run ("--frob", NULL);
  ck_assert_exit (r, 2);
  free_result (&r);
  r = run ("merge", "--frob", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "unknown option '--frob'");
  ck_assert_contains (r, ERR, "Try 'mipdata merge --help'");
  free_result (&r);
  r = run ("show", "-p", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "needs an argument");
  free_result (&r);
  r = run ("show", NULL);
  ck_assert_exit (r, 2);
  free_result (&r);
  r = run ("merge", "-p", "x.mip", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "no raw profile given");
  free_result (&r);
  r = run ("create", "-p", "x.mip", NULL);
  ck_assert_exit (r, 2);
  free_result (&r);
  r = run ("create", "-p", "x.mip", "a", "b", NULL);
  ck_assert_exit (r, 2);
  free_result (&r);
  r = run ("show", "-p", "x.mip", "--sort=size", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "unknown sort key 'size'");
  free_result (&r);
}
END_TEST

/* ---- create, merge, show ---------------------------------------------------------- */

START_TEST (test_create_and_show_empty)
{
  struct result r;

  create_sample_profile (false);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, empty_text);
  ck_assert_output (r, ERR, "");
  free_result (&r);
}
END_TEST

START_TEST (test_merge_and_show)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "");
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_json);
  free_result (&r);
}
END_TEST

/* The same, one run at a time, in a big-endian map and raw profiles.  */
START_TEST (test_merge_big_endian)
{
  struct test_binary binary = create_sample_profile (true);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "--profile=default.mip", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
}
END_TEST

START_TEST (test_merge_input_list)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  write_text ("list.txt", "run1.mipraw\n\nrun2.mipraw\n");
  r = run ("merge", "-p", "default.mip", "-i", "list.txt", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "--input-files=missing.txt", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'missing.txt': No such"
		    " file or directory\n");
  free_result (&r);
}
END_TEST

/* Merge ARGS (NULL-terminated, after -p default.mip) and expect exit 1,
   a message containing MESSAGE and default.mip unchanged.  */
static void
expect_refused_merge (const char *message, const char *raw1,
		      const char *raw2)
{
  struct test_bytes before, after;
  struct result r;

  ck_assert (test_read_file ("default.mip", &before));
  r = run ("merge", "-p", "default.mip", raw1, raw2, NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, message);
  ck_assert_msg (strchr (ERR (r), '\n') == ERR (r) + strlen (ERR (r)) - 1,
		 "%s: more than one line: %s", r.command, ERR (r));
  ck_assert (test_read_file ("default.mip", &after));
  ck_assert_uint_eq (before.size, after.size);
  ck_assert_msg (memcmp (before.data, after.data, before.size) == 0,
		 "%s changed default.mip", r.command);
  test_bytes_free (&before);
  test_bytes_free (&after);
  free_result (&r);
}

START_TEST (test_merge_refuses_other_build)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_binary other = binary;
  struct test_run values;
  char message[256];

  write_sample_runs (&binary);
  memset (&values, 0, sizeof values);
  other.units[2].unit_hash = 42;
  write_bytes ("other.mipraw", test_make_raw (&other, &values));
  snprintf (message, sizeof message,
	    "mipdata: 'other.mipraw': built by another binary (build id"
	    " %016llx, profile expects %016llx)\n",
	    (unsigned long long) test_build_id (&other),
	    (unsigned long long) test_build_id (&binary));
  expect_refused_merge (message, "other.mipraw", NULL);
  /* A good run before the bad one is not merged either.  */
  expect_refused_merge (message, "run1.mipraw", "other.mipraw");
}
END_TEST

START_TEST (test_merge_refuses_bad_raw)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_bytes raw;
  char message[256];

  write_sample_runs (&binary);
  ck_assert (test_read_file ("run1.mipraw", &raw));
  ck_assert (test_write_file ("cut.mipraw", raw.data,
			      sizeof (struct mip_raw_header) + 36));
  snprintf (message, sizeof message, "mipdata: 'cut.mipraw': truncated:"
	    " header says %zu data bytes, file has 36\n",
	    raw.size - sizeof (struct mip_raw_header));
  expect_refused_merge (message, "run1.mipraw", "cut.mipraw");
  /* A version this mipdata does not read: the next one.  */
  test_put (raw.data, 8, 4, MIP_FORMAT_VERSION + 1, false);
  ck_assert (test_write_file ("next.mipraw", raw.data, raw.size));
  snprintf (message, sizeof message, "'next.mipraw': unsupported format"
	    " version: written in version %u", MIP_FORMAT_VERSION + 1);
  expect_refused_merge (message, "next.mipraw", NULL);
  test_put (raw.data, 8, 4, MIP_FORMAT_VERSION, false);
  test_put (raw.data, 36, 4, MIP_RAW_FLAG_UNIT_WALK_FAILED, false);
  ck_assert (test_write_file ("walk.mipraw", raw.data, raw.size));
  expect_refused_merge ("'walk.mipraw': the runtime could not walk",
			"walk.mipraw", NULL);
  expect_refused_merge ("cannot open 'none.mipraw': No such file",
			"none.mipraw", NULL);
  expect_refused_merge ("'app.mipmap': wrong kind of MIP file: expected a raw"
			" profile, found a map", "app.mipmap", NULL);
  test_bytes_free (&raw);
}
END_TEST

START_TEST (test_merge_refuses_bad_profile)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "none.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: no profile 'none.mip': make it first"
		    " with 'mipdata create -p none.mip BINARY'\n");
  free_result (&r);
  r = run ("merge", "-p", "run2.mipraw", "run1.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "expected a profile, found a raw profile");
  free_result (&r);
}
END_TEST

/* create replaces a profile without runs; one with runs, or a file that
   is no profile, only with --force: merged runs are never lost by
   mistake.  */
START_TEST (test_create_replaces)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  r = run ("create", "-p", "default.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("create", "-p", "default.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'default.mip' holds 2 merged runs,"
		    " which creating it anew would lose: not replaced; add"
		    " runs with 'mipdata merge', or use --force to start"
		    " again\n");
  free_result (&r);
  r = run ("info", "-p", "default.mip", NULL);
  ck_assert_contains (r, OUT, "Runs: 2\n");
  free_result (&r);
  r = run ("create", "--force", "-p", "default.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_output (r, OUT, empty_text);
  free_result (&r);
  write_text ("program", "not a profile\n");
  r = run ("create", "-p", "program", "app.mipmap", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "mipdata: 'program' exists and is not a"
		      " readable profile (");
  free_result (&r);
  r = run ("create", "-f", "-p", "program", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
}
END_TEST

START_TEST (test_create_refuses)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_bytes map = test_make_map (&binary);
  struct result r;

  ck_assert (test_write_file ("cut.mipmap", map.data, map.size - 8));
  test_bytes_free (&map);
  r = run ("create", "-p", "p.mip", "cut.mipmap", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "mipdata: 'cut.mipmap': truncated: unit 2");
  free_result (&r);
  write_text ("text.txt", "hello, world\n");
  r = run ("create", "-p", "p.mip", "text.txt", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'text.txt': neither an ELF binary nor"
		    " a MIP map or raw profile\n");
  free_result (&r);
  write_sample_runs (&binary);
  r = run ("create", "-p", "p.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'run1.mipraw': records no GNU build"
		    " id (was the program linked without --build-id?); give"
		    " create the binary or its map\n");
  free_result (&r);
  r = run ("create", "-p", "p.mip", "none", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'none': No such file or"
		    " directory\n");
  free_result (&r);
  ck_assert_int_eq (access ("p.mip", F_OK), -1);
}
END_TEST

START_TEST (test_show_regex_and_sort)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--regex", "^(main|nev)", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "main\n  Covered: yes\n  Call Count: 2\n"
		    "  Order: 1\n\nnever\n  Covered: no\n  Call Count: 0\n");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--regex=zzz", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "{\"profile\": \"default.mip\", \"runs\": 2,"
		    " \"functions\": [\n]}\n");
  ck_assert_output (r, ERR, "mipdata: warning: no function name matches"
		    " 'zzz'\n");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--regex", "(", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "mipdata: invalid regular expression '(': ");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--sort=count", "--regex", "e",
	   NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "helper\n  Covered: yes\n  Call Count: 10\n"
		    "  Order: 3\n\ninline_fn\n  Covered: yes\n  Call Count: 6\n"
		    "  Order: 3\n\ncounted_only\n  Covered: yes\n"
		    "  Call Count: 5\n\nnever\n  Covered: no\n"
		    "  Call Count: 0\n");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--sort=name", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_msg (strstr (OUT (r), "counted_only") < strstr (OUT (r), "helper")
		 && strstr (OUT (r), "inline_fn") < strstr (OUT (r), "main")
		 && strstr (OUT (r), "main") < strstr (OUT (r), "never"),
		 "not sorted by name: %s", OUT (r));
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--sort=order", NULL);
  ck_assert_exit (r, 0);
  ck_assert_msg (strstr (OUT (r), "main") < strstr (OUT (r), "helper")
		 && strstr (OUT (r), "helper") < strstr (OUT (r), "inline_fn")
		 && strstr (OUT (r), "inline_fn") < strstr (OUT (r), "never"),
		 "not sorted by order: %s", OUT (r));
  free_result (&r);
}
END_TEST

/* Sorting by counts or orders that the profile's mode does not record
   says so on stderr (the output stays in profile order).  */
START_TEST (test_show_sort_without_counts)
{
  struct test_binary binary = test_coverage_binary ();
  struct result r;

  write_bytes ("cov.mipmap", test_make_map (&binary));
  r = run ("create", "-p", "cov.mip", "cov.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "cov.mip", "--sort=count", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "mipdata: warning: no function shown records"
		    " call counts (the profile's mode does not): --sort count"
		    " leaves them in profile order\n");
  free_result (&r);
  r = run ("show", "-p", "cov.mip", "--sort=order", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, ERR, "records first-call orders");
  free_result (&r);
  r = run ("show", "-p", "cov.mip", "--sort=name", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
}
END_TEST

START_TEST (test_show_json_escapes)
{
  struct test_binary binary = test_coverage_binary ();
  struct test_run values;
  struct result r;

  binary.units[0].functions[0].name = "we\"ird\\name\001\t";
  binary.units[0].functions[1].name = "caf\303\251 \377";
  write_bytes ("odd.mipmap", test_make_map (&binary));
  memset (&values, 0, sizeof values);
  values.records[0][0].ran = true;
  write_bytes ("odd.mipraw", test_make_raw (&binary, &values));
  r = run ("create", "-p", "odd \"x\".mip", "odd.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "-p", "odd \"x\".mip", "odd.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "odd \"x\".mip", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT,
		    "{\"profile\": \"odd \\\"x\\\".mip\", \"runs\": 1,"
		    " \"functions\": [\n"
		    "{\"name\": \"we\\\"ird\\\\name\\u0001\\t\", \"covered\":"
		    " true, \"call_count\": null, \"order\": null, \"cfg_signature\": \"0xc0ffee0000000010\"},\n"
		    "{\"name\": \"caf\303\251 \\ufffd\", \"covered\": false,"
		    " \"call_count\": null, \"order\": null, \"cfg_signature\": \"0xc0ffee0000000011\"},\n"
		    "{\"name\": \"gamma\", \"covered\": false, \"call_count\":"
		    " null, \"order\": null, \"cfg_signature\": \"0xc0ffee0000000012\"}\n"
		    "]}\n");
  free_result (&r);
  r = run ("show", "-p", "odd \"x\".mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "gamma\n  Covered: no\n");
  ck_assert_msg (strstr (OUT (r), "Call Count") == NULL, "%s", OUT (r));
  free_result (&r);
}
END_TEST

/* ---- YAML: show --yaml and import ------------------------------------------ */

static const char merged_yaml[] =
  "target: { pointer-size: 8, endian: little }\n"
  "runs: 2\n"
  "functions:\n"
  "  - name: main\n"
  "    signature: 0xc0ffee0000000010\n"
  "    covered: 2\n"
  "    calls: 2\n"
  "    order: 1\n"
  "  - name: helper\n"
  "    signature: 0xc0ffee0000000018\n"
  "    covered: 2\n"
  "    calls: 10\n"
  "    order: 3\n"
  "  - name: inline_fn\n"
  "    signature: 0xc0ffee0000000010\n"
  "    covered: 2\n"
  "    calls: 6\n"
  "    order: 3\n"
  "  - name: never\n"
  "    signature: 0xc0ffee0000000018\n"
  "    covered: 0\n"
  "    calls: 0\n"
  "  - name: counted_only\n"
  "    signature: 0xc0ffee0000000020\n"
  "    covered: 1\n"
  "    calls: 5\n";

/* show --yaml writes the schema of import; importing it and showing the
   copy gives the same text, and the copy shows as the original.  */
START_TEST (test_show_yaml_round_trip)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_yaml);
  free_result (&r);
  write_text ("merged.yaml", merged_yaml);
  r = run ("import", "-o", "copy.mip", "merged.yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "");
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "copy.mip", "--yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_yaml);
  free_result (&r);
  r = run ("show", "-p", "copy.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  r = run ("import", "-o", "default.mip", "merged.yaml", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'default.mip' is the profile of a"
		    " program with 2 merged runs, which importing would lose:"
		    " not replaced; use --force to replace it\n");
  free_result (&r);
  r = run ("import", "-f", "-o", "default.mip", "merged.yaml", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_yaml);
  free_result (&r);
  r = run ("show", "-p", "copy.mip", "--yaml", "--json", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "--yaml cannot be combined with --json");
  free_result (&r);
}
END_TEST

/* A profile written by hand in every style the reader takes: flow and
   block collections, comments, quotes, defaults (runs 1, covered 0, no
   signature: any CFG).  */
START_TEST (test_import_hand_written)
{
  struct result r;

  write_text ("hand.yaml",
	      "# written by hand\n"
	      "---\n"
	      "target:\n"
	      "  pointer-size: 4\n"
	      "  endian: big\n"
	      "functions:\n"
	      "- { name: main, covered: 1, order: 1 }   # first\n"
	      "- name: 'parse'\n"
	      "  signature: 0x9F3C2A0D5E6B7C81\n"
	      "  ipa-signature: 0x1234abcd\n"
	      "  covered: 1\n"
	      "  calls: 12\n"
	      "  order: 2\n"
	      "  blocks: [ { id: 3, covered: 0 },\n"
	      "            { id: 4, covered: 1 } ]\n"
	      "\n"
	      "- name: \"odd \\\"name\\\"\"\n"
	      "- name: usage\n"
	      "  blocks:\n"
	      "    - id: 2\n");
  r = run ("import", "-o", "hand.mip", "hand.yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "hand.mip", "--yaml", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT,
		    "target: { pointer-size: 4, endian: big }\n"
		    "runs: 1\n"
		    "functions:\n"
		    "  - name: main\n"
		    "    covered: 1\n"
		    "    order: 1\n"
		    "  - name: parse\n"
		    "    signature: 0x9f3c2a0d5e6b7c81\n"
		    "    ipa-signature: 0x1234abcd\n"
		    "    covered: 1\n"
		    "    calls: 12\n"
		    "    order: 2\n"
		    "    blocks:\n"
		    "      - { id: 3, covered: 0 }\n"
		    "      - { id: 4, covered: 1 }\n"
		    "  - name: \"odd \\\"name\\\"\"\n"
		    "    covered: 0\n"
		    "  - name: usage\n"
		    "    covered: 0\n"
		    "    blocks:\n"
		    "      - { id: 2, covered: 0 }\n");
  free_result (&r);
  r = run ("order", "-p", "hand.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "main\nparse\n");
  free_result (&r);
  r = run ("info", "-p", "hand.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "MIP Build ID: none (imported)\n");
  ck_assert_contains (r, OUT, "Target: 32-bit big-endian\n");
  /* The YAML has no probes: not known, rather than a wrong 0.0%, and a
     line says why the blocks may be fewer than in the original.  */
  ck_assert_contains (r, OUT, "Probes: unknown\nBlocks Probed: unknown\n"
		      "Imported: YAML carries no probes and only the blocks"
		      " with an id, so Blocks and Blocks Covered may be"
		      " lower than in the original profile\n");
  free_result (&r);
  /* Imported again: replaced.  Over the YAML or a profile with merged
     runs: only with --force.  */
  r = run ("import", "-o", "hand.mip", "hand.yaml", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("import", "-o", "hand.yaml", "hand.yaml", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'hand.yaml' exists and is not a"
		    " profile: not replaced; use --force to replace it\n");
  free_result (&r);
  r = run ("show", "-p", "hand.mip", "--debug", "app", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot use 'app' with a profile made"
		    " by mipdata import: such a profile has no addresses\n");
  free_result (&r);
}
END_TEST

/* Import YAML; expect it refused with exactly MESSAGE and nothing
   written.  */
static void
expect_import_error (const char *yaml, const char *message)
{
  struct result r;
  struct stat st;

  write_text ("bad.yaml", yaml);
  r = run ("import", "-o", "bad.mip", "bad.yaml", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, message);
  ck_assert_output (r, OUT, "");
  ck_assert_msg (stat ("bad.mip", &st) != 0, "%s wrote bad.mip", r.command);
  free_result (&r);
}

#define TARGET "target: { pointer-size: 8, endian: little }\n"

START_TEST (test_import_errors)
{
  expect_import_error (TARGET "functions:\n  - name: a\n    covered: many\n",
		       "mipdata: 'bad.yaml':4: 'covered' must be a number\n");
  expect_import_error (TARGET "runs: 2\nfunctions:\n  - { name: a,"
		       " covered: 3 }\n",
		       "mipdata: 'bad.yaml':4: 'covered' is 3, more than the"
		       " 2 runs of the profile\n");
  expect_import_error (TARGET "functions:\n  - { name: a, colour: 1 }\n",
		       "mipdata: 'bad.yaml':3: unknown key 'colour' in a"
		       " function\n");
  expect_import_error (TARGET "functions:\n  - { covered: 1 }\n",
		       "mipdata: 'bad.yaml':3: a function needs a 'name' (its"
		       " symbol)\n");
  expect_import_error (TARGET "functions:\n  - { name: a, signature: 12 }\n",
		       "mipdata: 'bad.yaml':3: 'signature' must be a"
		       " hexadecimal number (0x...)\n");
  expect_import_error (TARGET "functions:\n  - { name: a, ipa-signature:"
		       " 0x123456789 }\n",
		       "mipdata: 'bad.yaml':3: 'ipa-signature' is larger than"
		       " 4294967295\n");
  expect_import_error (TARGET "functions:\n  - { name: a, order: 1 }\n",
		       "mipdata: 'bad.yaml':3: 'a' has an 'order' but"
		       " 'covered' is 0 (it never ran)\n");
  expect_import_error (TARGET "functions:\n  - name: a\n    blocks:"
		       " [ { id: 0 } ]\n",
		       "mipdata: 'bad.yaml':4: 'id' must be at least 1\n");
  expect_import_error ("target: { pointer-size: 6, endian: little }\n"
		       "functions: []\n",
		       "mipdata: 'bad.yaml':1: 'pointer-size' must be 4 or"
		       " 8\n");
  expect_import_error ("functions: []\n",
		       "mipdata: 'bad.yaml':1: 'target' must be given as"
		       " { pointer-size: 8, endian: little }\n");
  expect_import_error (TARGET "functions:\n  - name: a\n   covered: 1\n",
		       "mipdata: 'bad.yaml':4: unexpected indentation (the"
		       " sequence above is at column 3)\n");
  expect_import_error (TARGET "functions:\n  - { name: a,\n",
		       "mipdata: 'bad.yaml':4: '}' missing at the end\n");
  expect_import_error (TARGET "target: {}\nfunctions: []\n",
		       "mipdata: 'bad.yaml':2: duplicate key 'target'\n");
  expect_import_error (TARGET "functions:\n\t- name: a\n",
		       "mipdata: 'bad.yaml':3: a tab in the indentation (use"
		       " spaces)\n");
  expect_import_error (TARGET "functions:\n  - name: \"a\n",
		       "mipdata: 'bad.yaml':3: unterminated quoted string\n");
  expect_import_error (TARGET "functions: [ &x a ]\n",
		       "mipdata: 'bad.yaml':2: '&' is not supported in a"
		       " profile\n");
}
END_TEST

/* An imported profile describes no binary: merging a raw profile into it
   is refused and leaves it as it was.  */
START_TEST (test_merge_refuses_imported)
{
  struct test_binary binary = test_sample_binary (8, false);
  struct test_bytes before, after;
  struct result r;

  write_sample_runs (&binary);
  write_text ("p.yaml", TARGET "functions:\n  - { name: main, covered: 1 }\n");
  r = run ("import", "-o", "p.mip", "p.yaml", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  ck_assert (test_read_file ("p.mip", &before));
  r = run ("merge", "-p", "p.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot merge into 'p.mip': it was"
		    " made by mipdata import and describes no binary (make"
		    " the profile of the program with 'mipdata create')\n");
  free_result (&r);
  ck_assert (test_read_file ("p.mip", &after));
  ck_assert (before.size == after.size
	     && memcmp (before.data, after.data, before.size) == 0);
  test_bytes_free (&before);
  test_bytes_free (&after);
}
END_TEST

/* ---- Blocks, callers, callgraph, info ------------------------------------- */

/* The block binary of test-data.c, its callee with three caller slots,
   and a fourth function "wide" with seven probed blocks.  */
static struct test_binary
block_binary (void)
{
  struct test_binary binary = test_block_binary ();
  struct test_unit *unit = &binary.units[0];
  struct test_function *wide = &unit->functions[3];
  uint32_t b;

  unit->functions[2].caller_slots = 3;
  memset (wide, 0, sizeof *wide);
  wide->name = "wide";
  wide->address = 0x1300;
  wide->size = 64;
  wide->kinds = MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_BLOCK_COVERAGE;
  for (b = 0; b < 7; b++)
    test_add_block (wide, 8 * b, b, b == 0 ? MIP_BLOCK_ENTRY : 0, 0);
  unit->function_count = 4;
  test_layout (&binary);
  return binary;
}

#define RUN_BIAS 0x7f0000000000ull

/* Two runs of BINARY (from block_binary) in run1.mipraw and run2.mipraw,
   and their profile in default.mip.  */
static void
write_block_runs (const struct test_binary *binary)
{
  struct test_run run1, run2;
  struct result r;

  memset (&run1, 0, sizeof run1);
  run1.anchor_address = binary->anchor_address + RUN_BIAS;
  run1.records[0][0].ran = true;          /* diamond: then */
  run1.records[0][0].probes = 0x1;
  run1.records[0][1].count = 2;           /* loop: not the body */
  run1.records[0][2].ran = true;          /* callee */
  run1.records[0][2].callers[0] = 0x1010 + RUN_BIAS;
  run1.records[0][2].callers[1] = 0x1014 + RUN_BIAS;
  run1.records[0][2].callers[2] = 0xffff0000 + RUN_BIAS;
  run1.records[0][3].ran = true;          /* wide: every other block */
  run1.records[0][3].probes = 0x55;
  memset (&run2, 0, sizeof run2);
  run2.anchor_address = binary->anchor_address + RUN_BIAS;
  run2.records[0][2].ran = true;
  run2.records[0][2].callers[0] = 0x1010 + RUN_BIAS;
  run2.records[0][2].callers[1] = 0x9006 + RUN_BIAS;
  run2.records[0][2].callers[2] = 0xfffe0000 + RUN_BIAS;
  write_bytes ("run1.mipraw", test_make_raw (binary, &run1));
  write_bytes ("run2.mipraw", test_make_raw (binary, &run2));
  write_bytes ("blocks.mipmap", test_make_map (binary));
  r = run ("create", "-p", "default.mip", "blocks.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
}

/* The blocks by the ids --json gives them; two call sites of diamond
   told apart by their offsets, one in the cold part of loop; callers no function holds in a profile
   made from a map, which does not know the binary's extent, said to be
   outside the profiled functions.  */
static const char blocks_text[] =
  "diamond\n  Covered: yes\n  Block Coverage: 3 of 4 covered\n"
  "    covered: 100 101 103\n    not covered: 102\n\n"
  "loop\n  Covered: yes\n  Call Count: 2\n  Block Coverage: 3 of 5 covered\n"
  "    covered: 100 101 103\n    not covered: 102 104\n\n"
  "callee\n  Covered: yes\n  Callers:\n"
  "    diamond+0x10\n    diamond+0x14\n    loop.cold+0x6\n"
  "    <outside the profiled functions> at 0xfffe0000\n"
  "    <outside the profiled functions> at 0xffff0000\n\n"
  "wide\n  Covered: yes\n  Block Coverage: 4 of 7 covered\n"
  "    covered: 100 102 104 106\n    not covered: 101 103 105\n";

static const char blocks_json[] =
  "{\"profile\": \"default.mip\", \"runs\": 2, \"functions\": [\n"
  "{\"name\": \"diamond\", \"covered\": true, \"call_count\": null,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000010\","
  " \"blocks\": [{\"covered\": true, \"id\": 100, \"edges\": []},"
  " {\"covered\": true, \"id\": 101, \"edges\": []},"
  " {\"covered\": false, \"id\": 102, \"edges\": []},"
  " {\"covered\": true, \"id\": 103, \"edges\": []}]},\n"
  "{\"name\": \"loop\", \"covered\": true, \"call_count\": 2,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000014\","
  " \"blocks\": [{\"covered\": true, \"id\": 100, \"edges\": []},"
  " {\"covered\": true, \"id\": 101, \"edges\": []},"
  " {\"covered\": false, \"id\": 102, \"count\": 0, \"edges\": []},"
  " {\"covered\": true, \"id\": 103, \"edges\": []},"
  " {\"covered\": false, \"id\": 104, \"count\": 0, \"edges\": []}]},\n"
  "{\"name\": \"callee\", \"covered\": true, \"call_count\": null,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000020\","
  " \"callers\": ["
  "{\"function\": \"diamond\", \"address\": \"0x1010\", \"samples\": 0},"
  " {\"function\": \"diamond\", \"address\": \"0x1014\", \"samples\": 0},"
  " {\"function\": \"loop\", \"address\": \"0x9006\", \"samples\": 0},"
  " {\"function\": null, \"address\": \"0xfffe0000\", \"samples\": 0},"
  " {\"function\": null, \"address\": \"0xffff0000\", \"samples\": 0}]},\n"
  "{\"name\": \"wide\", \"covered\": true, \"call_count\": null,"
  " \"order\": null, \"cfg_signature\": \"0xc0ffee0000000039\","
  " \"blocks\": [{\"covered\": true, \"id\": 100, \"edges\": []},"
  " {\"covered\": false, \"id\": 101, \"edges\": []},"
  " {\"covered\": true, \"id\": 102, \"edges\": []},"
  " {\"covered\": false, \"id\": 103, \"edges\": []},"
  " {\"covered\": true, \"id\": 104, \"edges\": []},"
  " {\"covered\": false, \"id\": 105, \"edges\": []},"
  " {\"covered\": true, \"id\": 106, \"edges\": []}]}\n"
  "]}\n";

START_TEST (test_show_blocks_and_callers)
{
  struct test_binary binary = block_binary ();
  struct result r;

  write_block_runs (&binary);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, blocks_text);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, blocks_json);
  free_result (&r);
  /* Before any run: every block not covered, no callers.  */
  r = run ("create", "-p", "empty.mip", "blocks.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "empty.mip", "--regex", "^(diamond|callee)$",
	   NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "diamond\n  Covered: no\n  Block Coverage: 0 of 4 covered\n"
		    "    not covered: 100 101 102 103\n\n"
		    "callee\n  Covered: no\n  Callers:\n");
  free_result (&r);
}
END_TEST

START_TEST (test_callgraph)
{
  struct test_binary binary = block_binary ();
  struct result r;

  write_block_runs (&binary);
  r = run ("callgraph", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  /* Diamond's sites: 2 runs and 1 run, but there were only 2 runs; the
     unknown ones: 1 run each.  */
  ck_assert_output (r, OUT, "diamond -> callee  (runs 2)\n"
		    "loop -> callee  (runs 1)\n"
		    "<unknown> -> callee  (runs 2)\n");
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--dot", NULL);
  ck_assert_exit (r, 0);
  /* Nodes carry their calls (where counted) and runs, edges their
     runs.  */
  ck_assert_output (r, OUT, "digraph mip {\n"
		    "  \"diamond\" [label=\"diamond\\nruns 1\"];\n"
		    "  \"loop\" [label=\"loop\\ncalls 2\\nruns 1\"];\n"
		    "  \"callee\" [label=\"callee\\nruns 2\"];\n"
		    "  \"diamond\" -> \"callee\" [label=\"runs 2\"];\n"
		    "  \"loop\" -> \"callee\" [label=\"runs 1\"];\n"
		    "  \"<unknown>\" -> \"callee\" [label=\"runs 2\"];\n"
		    "}\n");
  free_result (&r);
  /* Loop was called twice: --min-calls=3 leaves out the calls into it
     (there are none), not those into callee, whose mode counts none.  */
  r = run ("callgraph", "-p", "default.mip", "--min-calls=3", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "diamond -> callee  (runs 2)\n"
		    "loop -> callee  (runs 1)\n"
		    "<unknown> -> callee  (runs 2)\n");
  free_result (&r);
  /* Within one call of loop: its call of callee; diamond's call of
     callee is two calls away.  */
  r = run ("callgraph", "-p", "default.mip", "--focus", "loop", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "loop -> callee  (runs 1)\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--focus", "loop", "--depth",
	   "2", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "diamond -> callee  (runs 2)\n"
		    "loop -> callee  (runs 1)\n"
		    "<unknown> -> callee  (runs 2)\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--focus", "nowhere", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'default.mip' has no function"
		    " 'nowhere'\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--depth", "two", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "--depth takes a number, not 'two'");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--dot", "--cluster", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "--cluster needs --dot and --debug");
  free_result (&r);
  /* No run, no edge.  */
  r = run ("create", "-p", "empty.mip", "blocks.mipmap", NULL);
  free_result (&r);
  r = run ("callgraph", "-p", "empty.mip", "--dot", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "digraph mip {\n}\n");
  free_result (&r);
  r = run ("callgraph", "-p", "none.mip", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'none.mip': No such file"
		    " or directory\n");
  free_result (&r);
}
END_TEST

/* Two functions of one name (static functions of two files) are two
   nodes, told apart by address without --debug.  */
START_TEST (test_callgraph_shared_names)
{
  struct test_binary binary = block_binary ();
  struct result r;

  binary.units[0].functions[2].name = "diamond";
  write_block_runs (&binary);
  r = run ("callgraph", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "diamond@0x1000 -> diamond@0x1200  (runs 2)\n"
		    "loop -> diamond@0x1200  (runs 1)\n"
		    "<unknown> -> diamond@0x1200  (runs 2)\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--focus", "diamond@0x1000",
	   "--dot", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "digraph mip {\n"
		    "  \"diamond@0x1000\" [label=\"diamond@0x1000\\nruns 1\"];\n"
		    "  \"diamond@0x1200\" [label=\"diamond@0x1200\\nruns 2\"];\n"
		    "  \"diamond@0x1000\" -> \"diamond@0x1200\""
		    " [label=\"runs 2\"];\n"
		    "}\n");
  free_result (&r);
}
END_TEST

/* A mode without callers says why the graph is empty.  */
START_TEST (test_callgraph_without_callers)
{
  struct test_binary binary = block_binary ();
  struct result r;

  binary.units[0].mode &= ~MIP_KIND_CALLERS;
  binary.units[0].functions[2].kinds &= ~MIP_KIND_CALLERS;
  binary.units[0].functions[2].caller_slots = 0;
  test_layout (&binary);
  write_block_runs (&binary);
  r = run ("callgraph", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "");
  ck_assert_output (r, ERR, "mipdata: warning: 'default.mip' records no"
		    " callers: its mode does not sample them (the full mode,"
		    " -fplugin-arg-mip-generate=full, records each function's"
		    " first caller)\n");
  free_result (&r);
}
END_TEST

/* Graphviz IDs are quoted with their quotes and backslashes escaped.  */
START_TEST (test_callgraph_dot_escapes)
{
  struct test_binary binary = block_binary ();
  struct result r;

  binary.units[0].functions[0].name = "a\\";
  binary.units[0].functions[2].name = "we\"ird";
  write_block_runs (&binary);
  r = run ("callgraph", "-p", "default.mip", "--dot", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "\n  \"a\\\\\" -> \"we\\\"ird\""
		      " [label=\"runs 2\"];\n");
  ck_assert_contains (r, OUT, "\n  \"a\\\\\" [label=\"a\\\\\\nruns 1\"];\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", NULL);
  ck_assert_contains (r, OUT, "a\\ -> we\"ird  (runs 2)\n");
  free_result (&r);
}
END_TEST

START_TEST (test_info)
{
  struct test_binary binary = block_binary ();
  char expected[512];
  struct result r;

  write_block_runs (&binary);
  r = run ("info", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  /* Blocks 4 + 5 + 0 + 7; covered 3 + 3 + 4; probes 2 + 1 + 7.  */
  snprintf (expected, sizeof expected,
	    "MIP Build ID: %016llx\n"
	    "Target: 64-bit little-endian\n"
	    "Runs: 2\n"
	    "Functions: 4\n"
	    "Functions Covered: 4\n"
	    "Blocks: 16\n"
	    "Blocks Covered: 10\n"
	    "Probes: 10\n"
	    "Blocks Probed: 62.5%%\n"
	    "Allocation Sites: 0\n"
	    "Early Functions: 0\n"
	    "Value Sites: 0\n",
	    (unsigned long long) test_build_id (&binary));
  ck_assert_output (r, OUT, expected);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  /* No blocks at all; aliases and discarded copies are not counted.  A
     new profile: create would not replace one with runs.  */
  ck_assert_int_eq (unlink ("default.mip"), 0);
  binary = create_sample_profile (true);
  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("info", "--profile=default.mip", NULL);
  ck_assert_exit (r, 0);
  snprintf (expected, sizeof expected,
	    "MIP Build ID: %016llx\n"
	    "Target: 64-bit big-endian\n"
	    "Runs: 1\n"
	    "Functions: 5\n"
	    "Functions Covered: 4\n"
	    "Blocks: 0\n"
	    "Blocks Covered: 0\n"
	    "Probes: 0\n"
	    "Blocks Probed: -\n"
	    "Allocation Sites: 0\n"
	    "Early Functions: 0\n"
	    "Value Sites: 0\n",
	    (unsigned long long) test_build_id (&binary));
  ck_assert_output (r, OUT, expected);
  free_result (&r);
  r = run ("info", "-p", "run1.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "expected a profile, found a raw profile");
  free_result (&r);
}
END_TEST

/* info --fail-under-function: status 3 under the gate, 0 at it; the
   line gate and export need the binaries, one per profile.  */
START_TEST (test_coverage_gates)
{
  struct test_binary binary = create_sample_profile (true);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  /* 4 of 5 functions ran: 80%.  */
  r = run ("info", "-p", "default.mip", "--fail-under-function=80", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("info", "-p", "default.mip", "--fail-under-function=80.5", NULL);
  ck_assert_exit (r, 3);
  ck_assert_output (r, ERR, "mipdata: function coverage 80.0% is under"
		    " --fail-under-function=80.5\n");
  free_result (&r);
  r = run ("info", "-p", "default.mip", "--fail-under-function=101", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "--fail-under-function needs a percentage"
		      " from 0 to 100, not '101'");
  free_result (&r);
  r = run ("info", "-p", "default.mip", "--fail-under-line=50", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "--fail-under-line needs the binaries");
  free_result (&r);
  r = run ("export", "-p", "default.mip", "--debug", "x", "-p",
	   "default.mip", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "each profile needs its binary (--debug"
		      " BINARY): 1 given for 2 profiles");
  free_result (&r);
  /* Without --debug the debug file is looked up by the GNU build id,
     which this profile does not record.  */
  r = run ("export", "-p", "default.mip", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'default.mip': the profile records"
		    " no GNU build id: give its binary (--debug BINARY)\n");
  free_result (&r);
  r = run ("export", "-p", "default.mip", "--debug", "x", "--format=xml",
	   NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "unknown format 'xml' (use one of lcov,"
		      " cobertura, sonarqube, gcov, gcov-json, markdown, afdo)");
  free_result (&r);
}
END_TEST

/* A map whose inference lists loop is refused by create, by name.  */
START_TEST (test_create_refuses_inference_cycle)
{
  struct test_binary binary = block_binary ();
  struct result r;

  binary.units[0].functions[1].blocks[0].infer[0] = 4;
  binary.units[0].functions[1].blocks[4].infer[0] = 3;
  write_bytes ("cycle.mipmap", test_make_map (&binary));
  r = run ("create", "-p", "p.mip", "cycle.mipmap", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'cycle.mipmap': corrupt: unit 0:"
		    " inference cycle in function 'loop'\n");
  free_result (&r);
  binary.units[0].functions[1].blocks[0].infer[0] = 5;
  write_bytes ("index.mipmap", test_make_map (&binary));
  r = run ("create", "-p", "p.mip", "index.mipmap", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'index.mipmap': corrupt: unit 0:"
		    " function 1: inference entry 0 is 5, not one of its 5"
		    " blocks\n");
  free_result (&r);
  ck_assert_int_eq (access ("p.mip", F_OK), -1);
}
END_TEST

/* ---- Big-endian targets --------------------------------------------------------- */

/* The block binary of test-data.c for a big-endian target with
   POINTER_SIZE-byte pointers (4: armeb, 8: aarch64_be), loop recording
   its first-call order too, so that one run stores a call count, an
   order, coverage and probe bytes and caller addresses.  */
static struct test_binary
big_endian_binary (unsigned pointer_size)
{
  struct test_binary binary = test_block_binary_for (pointer_size, true);

  binary.units[0].functions[1].kinds |= MIP_KIND_ORDER;
  test_layout (&binary);
  return binary;
}

/* How far from its link-time addresses the run was loaded.  */
static uint64_t
big_endian_load_bias (unsigned pointer_size)
{
  return pointer_size == 8 ? 0x7f0000000000ull : 0x00400000u;
}

/* The run: diamond takes its then branch; loop is called 3 times, first
   after one other function's first call (order 2), and never runs its
   body; callee is called from diamond (0x1010) and from loop's cold
   part (0x9006).  */
static struct test_run
big_endian_run (const struct test_binary *binary)
{
  uint64_t bias = big_endian_load_bias (binary->pointer_size);
  struct test_run run;

  memset (&run, 0, sizeof run);
  run.anchor_address = binary->anchor_address + bias;
  run.records[0][0].ran = true;
  run.records[0][0].probes = 0x1;
  run.records[0][1].count = 3;
  run.records[0][1].order = 2;
  run.records[0][2].ran = true;
  run.records[0][2].callers[0] = 0x1010 + bias;
  run.records[0][2].callers[1] = 0x9006 + bias;
  return run;
}

/* Check that BYTES holds EXPECTED (SIZE bytes, written out by hand, not
   by test_put) at OFFSET; WHAT names them in the failure.  */
static void
expect_bytes (const struct test_bytes *bytes, size_t offset,
	      const unsigned char *expected, size_t size, const char *what)
{
  char found_hex[3 * 16 + 1] = "", expected_hex[3 * 16 + 1] = "";
  size_t i;

  ck_assert_msg (offset + size <= bytes->size && size <= 16,
		 "%s: %zu bytes at %zu, beyond the %zu bytes", what, size,
		 offset, bytes->size);
  for (i = 0; i < size; i++)
    {
      sprintf (found_hex + 3 * i, " %02x", bytes->data[offset + i]);
      sprintf (expected_hex + 3 * i, " %02x", expected[i]);
    }
  ck_assert_msg (memcmp (bytes->data + offset, expected, size) == 0,
		 "%s at offset %zu:%s, expected%s", what, offset, found_hex,
		 expected_hex);
}

#define EXPECT_BYTES(bytes, offset, what, ...)				\
  do									\
    {									\
      static const unsigned char expected_[] = { __VA_ARGS__ };	\
      expect_bytes (bytes, offset, expected_, sizeof expected_, what); \
    }									\
  while (0)

/* The layout of the raw record of function F (of unit 0) of BINARY.  */
static struct mip_record_layout
record_layout_of (const struct test_binary *binary, unsigned f)
{
  const struct test_function *function = &binary->units[0].functions[f];
  return mip_record_layout (function->kinds, function->probe_count,
			    function->caller_slots, binary->pointer_size);
}

/* Where that record starts in the raw profile.  */
static size_t
raw_record_start (const struct test_binary *binary, unsigned f)
{
  return sizeof (struct mip_raw_header)
    + binary->units[0].functions[f].raw_offset;
}

/* The raw profile of the big-endian run, byte by byte: magic, unit hash,
   loop's call count (0 - 3) and order, callee's first caller address
   and diamond's coverage and probe bytes.  */
static void
expect_big_endian_raw (const struct test_binary *binary,
		       const struct test_bytes *raw)
{
  const size_t unit = sizeof (struct mip_raw_header);
  const size_t diamond = raw_record_start (binary, 0);
  const size_t loop = raw_record_start (binary, 1);
  const size_t callee = raw_record_start (binary, 2);
  const size_t first_caller = callee
    + record_layout_of (binary, 2).callers_offset;

  if (binary->pointer_size == 8)
    {
      EXPECT_BYTES (raw, 0, "raw magic",
		    0xff, 'r', 'a', 'w', '_', 'M', 'I', 64);
      EXPECT_BYTES (raw, first_caller, "callee's first caller",
		    0x00, 0x00, 0x7f, 0x00, 0x00, 0x00, 0x10, 0x10);
    }
  else
    {
      EXPECT_BYTES (raw, 0, "raw magic",
		    0xff, 'r', 'a', 'w', '_', 'M', 'I', 32);
      EXPECT_BYTES (raw, first_caller, "callee's first caller",
		    0x00, 0x40, 0x10, 0x10);
    }
  EXPECT_BYTES (raw, unit + offsetof (struct mip_raw_unit, unit_hash),
		"raw unit hash", 0xb1, 0x0c, 0x0b, 0x10, 0xc0, 0xb1, 0x0c,
		0x00);
  EXPECT_BYTES (raw, loop + record_layout_of (binary, 1).count_offset,
		"loop's call count", 0xff, 0xff, 0xff, 0xfd);
  EXPECT_BYTES (raw, loop + record_layout_of (binary, 1).order_offset,
		"loop's order", 0x00, 0x00, 0x00, 0x02);
  EXPECT_BYTES (raw, diamond + record_layout_of (binary, 0).coverage_offset,
		"diamond's coverage byte", 0x00);
  EXPECT_BYTES (raw, diamond + record_layout_of (binary, 0).blocks_offset,
		"diamond's probe bytes", 0x00, 0xff);
}

/* The map, byte by byte: magic, diamond's address and loop's kinds.  */
static void
expect_big_endian_map (const struct test_binary *binary,
		       const struct test_bytes *map)
{
  const size_t functions = sizeof (struct mip_map_unit);
  const size_t loop = functions + sizeof (struct mip_map_function);

  if (binary->pointer_size == 8)
    EXPECT_BYTES (map, 0, "map magic",
		  0xff, 'm', 'a', 'p', '_', 'M', 'I', 64);
  else
    EXPECT_BYTES (map, 0, "map magic",
		  0xff, 'm', 'a', 'p', '_', 'M', 'I', 32);
  EXPECT_BYTES (map, functions + offsetof (struct mip_map_function, address),
		"diamond's address", 0, 0, 0, 0, 0, 0, 0x10, 0x00);
  EXPECT_BYTES (map, loop + offsetof (struct mip_map_function, kinds),
		"loop's kinds", 0x00, 0x00, 0x00, 0x0e);
}

/* Write the map and the raw profile of the big-endian target with
   POINTER_SIZE-byte pointers, checked byte by byte, to be.mipmap and
   be.mipraw; create default.mip from the map and merge the run.  */
static struct test_binary
merge_big_endian_run (unsigned pointer_size)
{
  struct test_binary binary = big_endian_binary (pointer_size);
  struct test_run values = big_endian_run (&binary);
  struct test_bytes map = test_make_map (&binary);
  struct test_bytes raw = test_make_raw (&binary, &values);
  struct result r;

  expect_big_endian_map (&binary, &map);
  expect_big_endian_raw (&binary, &raw);
  write_bytes ("be.mipmap", map);
  write_bytes ("be.mipraw", raw);
  r = run ("create", "-p", "default.mip", "be.mipmap", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "be.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "");
  ck_assert_output (r, ERR, "");
  free_result (&r);
  return binary;
}

static const char big_endian_text[] =
  "diamond\n  Covered: yes\n  Block Coverage: 3 of 4 covered\n"
  "    covered: 100 101 103\n    not covered: 102\n\n"
  "loop\n  Covered: yes\n  Call Count: 3\n  Order: 2\n  Block Coverage: 3 of 5 covered\n"
  "    covered: 100 101 103\n    not covered: 102 104\n\n"
  "callee\n  Covered: yes\n  Callers:\n    diamond+0x10\n    loop.cold+0x6\n";

/* What show and info print of the merged big-endian run.  */
static void
expect_big_endian_profile (const struct test_binary *binary)
{
  char expected[512];
  struct result r;

  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, big_endian_text);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "{\"name\": \"loop\", \"covered\": true,"
		      " \"call_count\": 3, \"order\": 2,");
  ck_assert_contains (r, OUT, "\"callers\": ["
		      "{\"function\": \"diamond\", \"address\": \"0x1010\","
		      " \"samples\": 0},"
		      " {\"function\": \"loop\", \"address\": \"0x9006\","
		      " \"samples\": 0}]");
  free_result (&r);
  r = run ("info", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  /* Blocks 4 + 5 + 0, covered 3 + 3; probes 2 + 1.  */
  snprintf (expected, sizeof expected,
	    "MIP Build ID: %016llx\n"
	    "Target: %u-bit big-endian\n"
	    "Runs: 1\n"
	    "Functions: 3\n"
	    "Functions Covered: 3\n"
	    "Blocks: 9\n"
	    "Blocks Covered: 6\n"
	    "Probes: 3\n"
	    "Blocks Probed: 33.3%%\n"
	    "Allocation Sites: 0\n"
	    "Early Functions: 0\n"
	    "Value Sites: 0\n",
	    (unsigned long long) test_build_id (binary),
	    binary->pointer_size * 8);
  ck_assert_output (r, OUT, expected);
  free_result (&r);
}

/* A big-endian 32-bit target (armeb): its map and raw profile, made by
   hand, are read, merged and shown by this host's mipdata.  */
START_TEST (test_big_endian_32_bit_target)
{
  struct test_binary binary = merge_big_endian_run (4);
  expect_big_endian_profile (&binary);
}
END_TEST

/* The same for a big-endian 64-bit target (aarch64_be).  */
START_TEST (test_big_endian_64_bit_target)
{
  struct test_binary binary = merge_big_endian_run (8);
  expect_big_endian_profile (&binary);
}
END_TEST

/* A raw profile of the same binary in the other byte order, or with the
   other pointer size, is refused by name, and the profile is left as it
   was.  */
START_TEST (test_merge_refuses_other_target)
{
  unsigned pointer_size;

  for (pointer_size = 4; pointer_size <= 8; pointer_size += 4)
    {
      struct test_binary binary = merge_big_endian_run (pointer_size);
      struct test_binary other = binary;
      struct test_run values = big_endian_run (&binary);

      other.big_endian = false;
      write_bytes ("little.mipraw", test_make_raw (&other, &values));
      expect_refused_merge ("mipdata: 'little.mipraw': written for another"
			    " target: little-endian, the profile is for a"
			    " big-endian target\n", "little.mipraw", NULL);
      other = big_endian_binary (12 - pointer_size);
      write_bytes ("other.mipraw", test_make_raw (&other, &values));
      expect_refused_merge (pointer_size == 4
			    ? "mipdata: 'other.mipraw': written for another"
			      " target: 64-bit pointers, the profile is for"
			      " 32-bit pointers\n"
			    : "mipdata: 'other.mipraw': written for another"
			      " target: 32-bit pointers, the profile is for"
			      " 64-bit pointers\n", "other.mipraw", NULL);
      ck_assert_int_eq (unlink ("default.mip"), 0);
    }
}
END_TEST

/* ---- ELF binaries ------------------------------------------------------------ */

/* A function of this program: show --debug must find its line.  It
   keeps the run-time address it returns to, for the caller tests.  */
static uintptr_t debug_return_address;
static int debug_target_line = __LINE__ + 2;
__attribute__ ((noinline)) int
debug_target_function (int x)
{
  debug_return_address = (uintptr_t) __builtin_return_address (0);
  return x * 3 + 1;
}

/* Two callers of it: one the map describes, one it does not.  */
static int debug_caller_line = __LINE__ + 4;
__attribute__ ((noinline, noclone)) int
debug_caller_function (int x)
{
  int y = debug_target_function (x);
  return y + 1;
}

static int debug_outer_line = __LINE__ + 4;
__attribute__ ((noinline, noclone)) int
debug_outer_function (int x)
{
  int y = debug_target_function (x * 5);
  return y * 7 - 2;
}

static int
find_load_bias (struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  /* The first object is the program itself.  */
  *(uintptr_t *) data = info->dlpi_addr;
  return 1;
}

static bool
have_objcopy (void)
{
  return system ("objcopy --version >/dev/null 2>&1") == 0;
}

/* A copy of this program, named PATH, with MAP as its .debug_mip_map.  */
static void
make_binary (const char *path, const char *map)
{
  char command[PATH_MAX * 2 + 128];
  snprintf (command, sizeof command,
	    "cp '%s' '%s' && objcopy --add-section .debug_mip_map='%s' '%s'",
	    self, path, map, path);
  ck_assert_msg (system (command) == 0, "failed: %s", command);
}

/* A binary whose map describes debug_target_function and main of this
   program at their link-time addresses.  */
static struct test_binary
program_binary (void)
{
  struct test_binary binary = test_coverage_binary ();
  uintptr_t bias = 0;

  dl_iterate_phdr (find_load_bias, &bias);
  binary.units[0].functions[0].name = "debug_target_function";
  binary.units[0].functions[0].address =
    (uintptr_t) &debug_target_function - bias;
  binary.units[0].function_count = 1;
  test_layout (&binary);
  return binary;
}

START_TEST (test_create_from_elf)
{
  struct test_binary binary = program_binary ();
  struct result r;

  if (!have_objcopy ())
    SKIP_TEST ("no objcopy (binutils)");
  write_bytes ("app.mipmap", test_make_map (&binary));
  make_binary ("app", "app.mipmap");
  r = run ("create", "-p", "default.mip", "app", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, SHOWN, "debug_target_function\n  Covered: no\n");
  free_result (&r);
  /* This program itself has no map section.  */
  r = run ("create", "-p", "x.mip", self, NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "': no .debug_mip_map section, and no"
		      " separate debug file found (by .gnu_debuglink or GNU"
		      " build id ");
  ck_assert_contains (r, ERR, " under '/usr/lib/debug'); was it built with"
		      " -fplugin=mip -fplugin-arg-mip-generate, or"
		      " stripped?\n");
  free_result (&r);
}
END_TEST

/* dl_iterate_phdr's callback: the GNU build id of this program (the
   first module), from its note segments.  */
static int
find_own_build_id (struct dl_phdr_info *info, size_t size, void *data)
{
  struct test_run *run = data;
  int i;

  (void) size;
  for (i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW (Phdr) *phdr = &info->dlpi_phdr[i];
      const unsigned char *p, *end;
      if (phdr->p_type != PT_NOTE)
	continue;
      p = (const unsigned char *) (info->dlpi_addr + phdr->p_vaddr);
      end = p + phdr->p_memsz;
      while (p + sizeof (ElfW (Nhdr)) <= end)
	{
	  const ElfW (Nhdr) *note = (const ElfW (Nhdr) *) p;
	  const unsigned char *desc = p + sizeof *note
				      + ((note->n_namesz + 3) & ~3u);
	  if (note->n_type == NT_GNU_BUILD_ID && note->n_descsz <= 32)
	    {
	      memcpy (run->gnu_build_id, desc, note->n_descsz);
	      run->gnu_build_id_size = note->n_descsz;
	      return 1;
	    }
	  p = desc + ((note->n_descsz + 3) & ~3u);
	}
    }
  return 1;
}

/* A raw profile of "app" (made by make_binary from BINARY's map), which
   records the GNU build id of this program (the same as app's).  */
static struct test_run
app_run (const struct test_binary *binary)
{
  struct test_run app;

  memset (&app, 0, sizeof app);
  app.records[0][0] = (struct test_record) { .ran = true, .count = 1, .order = 1 };
  dl_iterate_phdr (find_own_build_id, &app);
  write_bytes ("app.mipraw", test_make_raw (binary, &app));
  return app;
}

/* The binary "app" with BINARY's map, and *APP a run of it, whose GNU
   build id goes into HEX (65 bytes) in hexadecimal.  False when the
   test cannot be made here: no objcopy, or a link without --build-id.  */
static bool
make_app_with_build_id (const struct test_binary *binary,
			struct test_run *app, char *hex)
{
  if (!have_objcopy ())
    return false;
  write_bytes ("app.mipmap", test_make_map (binary));
  make_binary ("app", "app.mipmap");
  *app = app_run (binary);
  if (app->gnu_build_id_size == 0)
    return false;
  for (uint32_t i = 0; i < app->gnu_build_id_size; i++)
    snprintf (hex + 2 * i, 3, "%02x", app->gnu_build_id[i]);
  return true;
}

START_TEST (test_create_from_raw)
{
  struct test_binary binary = program_binary ();
  struct test_run app;
  char hex[2 * 32 + 1], directory[64], command[512], expected[512];
  struct result r;

  if (!make_app_with_build_id (&binary, &app, hex))
    SKIP_TEST ("no objcopy, or this test program was linked without a GNU build id");
  /* Not in the debug directory: refused, saying what was looked for.  */
  r = run ("create", "-p", "raw.mip", "--debug-file-directory=debug",
	   "app.mipraw", NULL);
  ck_assert_exit (r, 1);
  snprintf (expected, sizeof expected, "mipdata: 'app.mipraw': no debug"
	    " file of GNU build id %s found (under 'debug/.build-id'", hex);
  ck_assert_contains (r, ERR, expected);
  free_result (&r);
  ck_assert_int_ne (access ("raw.mip", F_OK), 0);
  /* Found by its GNU build id: the profile is made and the run merged.  */
  snprintf (directory, sizeof directory, "debug/.build-id/%.2s", hex);
  snprintf (command, sizeof command, "mkdir -p %s && cp app %s/%s.debug",
	    directory, directory, hex + 2);
  ck_assert_int_eq (system (command), 0);
  r = run ("create", "-p", "raw.mip", "--debug-file-directory=debug",
	   "app.mipraw", NULL);
  ck_assert_exit (r, 0);
  snprintf (expected, sizeof expected, "/debug/.build-id/%.2s/%s.debug' and"
	    " merged 'app.mipraw' into it\n", hex, hex + 2);
  ck_assert_contains (r, OUT, "created 'raw.mip' from the map in '/");
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
  r = run ("show", "-p", "raw.mip", "--json", NULL);
  ck_assert_exit (r, 0);
  snprintf (expected, sizeof expected, "{\"profile\": \"raw.mip\","
	    " \"gnu_build_id\": \"%s\", \"runs\": 1,", hex);
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
  r = run ("info", "-p", "raw.mip", NULL);
  snprintf (expected, sizeof expected, "GNU Build ID: %s\n", hex);
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
}
END_TEST

START_TEST (test_gnu_build_id_mismatch)
{
  struct test_binary binary = program_binary ();
  struct test_run app;
  char hex[2 * 32 + 1], expected[512];
  struct result r;

  if (!make_app_with_build_id (&binary, &app, hex))
    SKIP_TEST ("no objcopy, or this test program was linked without a GNU build id");
  /* A profile of app, and a raw profile of another link of it.  */
  r = run ("create", "-p", "default.mip", "app", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  app.gnu_build_id[0] ^= 0xff;
  write_bytes ("other.mipraw", test_make_raw (&binary, &app));
  r = run ("merge", "-p", "default.mip", "other.mipraw", NULL);
  ck_assert_exit (r, 1);
  snprintf (expected, sizeof expected, "mipdata: 'other.mipraw': built by"
	    " another binary (GNU build id %02x%s, profile expects %s)\n",
	    app.gnu_build_id[0], hex + 2, hex);
  ck_assert_output (r, ERR, expected);
  free_result (&r);
  /* A profile of that other link refuses app for its source lines.  */
  r = run ("create", "-p", "other.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "-p", "other.mip", "other.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "other.mip", "--debug", "app", NULL);
  ck_assert_exit (r, 1);
  snprintf (expected, sizeof expected, "mipdata: 'app': another binary: GNU"
	    " build id %s, the profile expects %02x%s\n", hex,
	    app.gnu_build_id[0], hex + 2);
  ck_assert_output (r, ERR, expected);
  free_result (&r);
}
END_TEST

START_TEST (test_create_refuses_object)
{
  Elf64_Ehdr header;
  struct result r;

  memset (&header, 0, sizeof header);
  memcpy (header.e_ident, ELFMAG, SELFMAG);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_type = ET_REL;
  header.e_machine = EM_X86_64;
  header.e_version = EV_CURRENT;
  header.e_ehsize = sizeof header;
  header.e_shentsize = sizeof (Elf64_Shdr);
  ck_assert (test_write_file ("x.o", &header, sizeof header));
  r = run ("create", "-p", "x.mip", "x.o", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: 'x.o': is a relocatable object;"
		    " mipdata needs the linked binary\n");
  free_result (&r);
}
END_TEST

START_TEST (test_show_debug)
{
  struct test_binary binary = program_binary ();
  struct test_binary other = test_coverage_binary ();
  char expected[PATH_MAX + 64];
  struct result r;

  if (!have_objcopy ())
    SKIP_TEST ("no objcopy (binutils)");
  write_bytes ("app.mipmap", test_make_map (&binary));
  make_binary ("app", "app.mipmap");
  r = run ("create", "-p", "default.mip", "app.mipmap", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--debug", "app", NULL);
  ck_assert_exit (r, 0);
  if (strstr (ERR (r), "no DWARF"))
    {
      /* Built without -g: nothing to check.  */
      free_result (&r);
      SKIP_TEST ("this test program has no DWARF (built without -g)");
    }
  snprintf (expected, sizeof expected, "check_mipdata.c:%d\n  Covered: no\n",
	    debug_target_line);
  ck_assert_contains (r, OUT, "debug_target_function\n  Source Info: ");
  ck_assert_contains (r, OUT, expected);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--debug", "app", "--json", NULL);
  ck_assert_exit (r, 0);
  snprintf (expected, sizeof expected, "check_mipdata.c\", \"line\": %d}",
	    debug_target_line);
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
  /* A binary of another build is refused.  */
  other.units[0].unit_hash ^= 0x100;
  write_bytes ("other.mipmap", test_make_map (&other));
  make_binary ("other", "other.mipmap");
  r = run ("show", "-p", "default.mip", "--debug", "other", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "mipdata: 'other': built by another binary");
  free_result (&r);
}
END_TEST

START_TEST (test_show_debug_without_dwarf)
{
  struct test_binary binary = program_binary ();
  struct result r;

  if (!have_objcopy ())
    SKIP_TEST ("no objcopy (binutils)");
  write_bytes ("app.mipmap", test_make_map (&binary));
  make_binary ("app", "app.mipmap");
  r = run ("create", "-p", "default.mip", "app", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  /* --strip-debug takes the map with the DWARF.  */
  ck_assert_int_eq (system ("objcopy --strip-debug app"), 0);
  r = run ("show", "-p", "default.mip", "--debug", "app", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, SHOWN, "debug_target_function\n  Covered: no\n");
  ck_assert_contains (r, ERR, "mipdata: warning: 'app': no DWARF");
  /* Said once, not "no DWARF debug information ... (no DWARF
     information)".  */
  ck_assert_msg (strstr (strstr (ERR (r), "DWARF") + 1, "DWARF") == NULL,
		 "the warning repeats itself: %s", ERR (r));
  ck_assert_msg (strchr (ERR (r), '\n') == ERR (r) + strlen (ERR (r)) - 1,
		 "more than one warning: %s", ERR (r));
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--debug", "missing", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "cannot open 'missing'");
  free_result (&r);
}
END_TEST

/* The run-time address debug_target_function returns to when FUNCTION
   calls it.  */
static uintptr_t
return_address_from (int (*function) (int))
{
  debug_return_address = 0;
  (void) function (1);
  ck_assert (debug_return_address != 0);
  return debug_return_address;
}

/* A binary whose map describes debug_target_function (three blocks: the
   entry, one without an offset, one in a missing cold part; callers)
   and debug_caller_function, and a run in which both callers called
   it.  *CALLER_RETURN and *OUTER_RETURN are the link-time return
   addresses.  */
static struct test_binary
program_binary_with_callers (uint64_t *caller_return,
			     uint64_t *outer_return)
{
  struct test_binary binary = program_binary ();
  struct test_function *target = &binary.units[0].functions[0];
  struct test_function *caller = &binary.units[0].functions[1];
  const uint64_t run_bias = 0x10000000;
  uintptr_t bias = 0;
  struct test_run run;

  dl_iterate_phdr (find_load_bias, &bias);
  *caller_return = return_address_from (debug_caller_function) - bias;
  *outer_return = return_address_from (debug_outer_function) - bias;
  target->kinds = MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_BLOCK_COVERAGE
    | MIP_KIND_CALLERS;
  target->caller_slots = 2;
  test_add_block (target, 0, MIP_NO_PROBE, MIP_BLOCK_ENTRY, 1,
		  MIP_INFER_FUNCTION);
  test_add_block (target, 0, 0, MIP_BLOCK_NO_OFFSET, 0);
  test_add_block (target, 0, MIP_NO_PROBE, MIP_BLOCK_COLD, 1, 1u);
  memset (caller, 0, sizeof *caller);
  caller->name = "debug_caller_function";
  caller->address = (uintptr_t) &debug_caller_function - bias;
  caller->size = (uint32_t) (*caller_return - caller->address + 16);
  caller->kinds = MIP_KIND_FUNCTION_COVERAGE;
  binary.units[0].function_count = 2;
  test_layout (&binary);
  memset (&run, 0, sizeof run);
  run.anchor_address = binary.anchor_address + run_bias;
  run.records[0][0].ran = true;
  run.records[0][0].probes = 0x1;
  run.records[0][0].callers[0] = *caller_return + run_bias;
  run.records[0][0].callers[1] = *outer_return + run_bias;
  run.records[0][1].ran = true;
  write_bytes ("app.mipmap", test_make_map (&binary));
  write_bytes ("app.mipraw", test_make_raw (&binary, &run));
  make_binary ("app", "app.mipmap");
  return binary;
}

/* Whether OUT has FORMAT with the line of the first instruction of
   debug_target_function: its declaration's, its opening brace's (-O0)
   or its first statement's (-O2).  */
static bool
has_entry_block_line (const char *out, const char *format)
{
  char expected[256];
  int delta;
  for (delta = 0; delta <= 2; delta++)
    {
      snprintf (expected, sizeof expected, format, debug_target_line + delta);
      if (strstr (out, expected))
	return true;
    }
  return false;
}

START_TEST (test_show_debug_blocks_and_callers)
{
  uint64_t caller_return, outer_return, caller_offset;
  char expected[PATH_MAX + 128];
  struct test_binary binary;
  struct result r;

  if (!have_objcopy ())
    SKIP_TEST ("no objcopy (binutils)");
  binary = program_binary_with_callers (&caller_return, &outer_return);
  caller_offset = caller_return - binary.units[0].functions[1].address;
  r = run ("create", "-p", "default.mip", "app", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "app.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  /* Without --debug: the caller with the offset of its call, the
     function the map does not describe as code of the binary (the
     profile, made from it, knows its extent).  */
  r = run ("show", "-p", "default.mip", "--regex", "target", NULL);
  ck_assert_exit (r, 0);
  snprintf (expected, sizeof expected,
	    "debug_target_function\n  Covered: yes\n  Block Coverage: 3 of 3 covered\n"
	    "    covered: 100 101 102\n  Callers:\n"
	    "    debug_caller_function+0x%llx\n"
	    "    <uninstrumented code of the binary> at 0x%llx\n",
	    (unsigned long long) caller_offset,
	    (unsigned long long) outer_return);
  if (caller_return > outer_return)
    snprintf (expected, sizeof expected,
	      "debug_target_function\n  Covered: yes\n  Block Coverage: 3 of 3 covered\n"
	      "    covered: 100 101 102\n  Callers:\n"
	      "    <uninstrumented code of the binary> at 0x%llx\n"
	      "    debug_caller_function+0x%llx\n",
	      (unsigned long long) outer_return,
	      (unsigned long long) caller_offset);
  ck_assert_output (r, SHOWN, expected);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--debug", "app", "--regex",
	   "target", NULL);
  ck_assert_exit (r, 0);
  if (strstr (ERR (r), "no DWARF"))
    {
      free_result (&r);
      SKIP_TEST ("this test program has no DWARF (built without -g)");
    }
  ck_assert_output (r, ERR, "");
  /* Block 100 at the function's first address; block 101 has no
     offset; block 102 is in a cold part the map does not have.  */
  ck_assert_contains (r, OUT, "  Block Coverage: 3 of 3 covered\n    /");
  ck_assert_msg (has_entry_block_line (OUT (r), "/check_mipdata.c:%d"),
		 "%s", OUT (r));
  ck_assert_contains (r, OUT, ": covered\n    block 101: covered\n"
		      "    block 102: covered\n  Callers:\n");
  snprintf (expected, sizeof expected, "    debug_caller_function+0x%llx (",
	    (unsigned long long) caller_offset);
  ck_assert_contains (r, OUT, expected);
  snprintf (expected, sizeof expected, "/check_mipdata.c:%d)\n",
	    debug_caller_line);
  ck_assert_contains (r, OUT, expected);
  /* The binary's DWARF names the function the map does not have.  */
  snprintf (expected, sizeof expected,
	    "    debug_outer_function (not instrumented) at 0x%llx (",
	    (unsigned long long) outer_return);
  ck_assert_contains (r, OUT, expected);
  snprintf (expected, sizeof expected, "/check_mipdata.c:%d)\n",
	    debug_outer_line);
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--debug", "app", "--json",
	   "--regex", "target", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "{\"covered\": true, \"id\": 101,"
		      " \"file\": null, \"line\": null, \"edges\": []},"
		      " {\"covered\": true, \"id\": 102, \"file\": null,"
		      " \"line\": null, \"edges\": []}]");
  snprintf (expected, sizeof expected, "{\"function\": null, \"address\":"
	    " \"0x%llx\", \"file\": \"", (unsigned long long) outer_return);
  ck_assert_contains (r, OUT, expected);
  snprintf (expected, sizeof expected, "check_mipdata.c\", \"line\": %d,"
	    " \"samples\": 0}", debug_caller_line);
  ck_assert_contains (r, OUT, expected);
  ck_assert_contains (r, OUT, "{\"function\": \"debug_caller_function\","
		      " \"address\": \"0x");
  free_result (&r);
}
END_TEST

/* callgraph --debug names a caller that is not in the profile after its
   DWARF subprogram.  */
START_TEST (test_callgraph_debug)
{
  uint64_t caller_return, outer_return;
  struct result r;

  if (!have_objcopy ())
    SKIP_TEST ("no objcopy (binutils)");
  program_binary_with_callers (&caller_return, &outer_return);
  r = run ("create", "-p", "default.mip", "app", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "app.mipraw", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, "debug_caller_function -> debug_target_function"
		    "  (runs 1)\n"
		    "<unknown> -> debug_target_function  (runs 1)\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--debug", "app", NULL);
  ck_assert_exit (r, 0);
  if (strstr (ERR (r), "no DWARF"))
    {
      free_result (&r);
      SKIP_TEST ("this test program has no DWARF (built without -g)");
    }
  ck_assert_output (r, OUT, "debug_caller_function -> debug_target_function"
		    "  (runs 1)\n"
		    "debug_outer_function -> debug_target_function"
		    "  (runs 1)\n");
  free_result (&r);
  r = run ("callgraph", "-p", "default.mip", "--debug", "missing", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "cannot open 'missing'");
  free_result (&r);
}
END_TEST

/* ---- Merging at scale: lists, directories, jobs, weights, profiles ------- */

/* Check that the files A and B hold the same bytes.  */
static void
ck_assert_same_file (const char *a, const char *b)
{
  struct test_bytes x, y;

  ck_assert (test_read_file (a, &x));
  ck_assert (test_read_file (b, &y));
  ck_assert_msg (x.size == y.size && memcmp (x.data, y.data, x.size) == 0,
		 "'%s' and '%s' differ", a, b);
  test_bytes_free (&x);
  test_bytes_free (&y);
}

/* Run mipdata with the arguments and expect exit status STATUS and
   exactly ERROR_TEXT on stderr.  */
#define ck_run(status, error_text, ...)					\
  do									\
    {									\
      struct result ck_run_result = run (__VA_ARGS__, NULL);		\
      ck_assert_exit (ck_run_result, (status));				\
      ck_assert_output (ck_run_result, ERR, (error_text));		\
      free_result (&ck_run_result);					\
    }									\
  while (0)

static void
create_profile (const char *profile, const char *map)
{
  ck_run (0, "", "create", "-p", profile, map);
}

START_TEST (test_merge_list_and_directory)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_bytes raw;
  struct result r;

  write_sample_runs (&binary);
  ck_assert_int_eq (mkdir ("runs", 0777), 0);
  ck_assert_int_eq (mkdir ("runs/sub", 0777), 0);
  ck_assert_int_eq (mkdir ("runs/dir.mipraw", 0777), 0);
  ck_assert_int_eq (mkdir ("empty", 0777), 0);
  ck_assert_int_eq (rename ("run1.mipraw", "runs/run1.mipraw"), 0);
  ck_assert_int_eq (rename ("run2.mipraw", "runs/run2.mipraw"), 0);
  /* Neither a file of another name nor a subdirectory is merged.  */
  ck_assert (test_read_file ("runs/run1.mipraw", &raw));
  ck_assert (test_write_file ("runs/sub/run3.mipraw", raw.data, raw.size));
  ck_assert (test_write_file ("runs/run4.mipraw.old", raw.data, raw.size));
  test_bytes_free (&raw);
  ck_run (0, "", "merge", "-p", "default.mip", "runs");
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  /* A directory in a list given with -f (the same as -i).  */
  create_profile ("list.mip", "app.mipmap");
  write_text ("list.txt", "runs\n");
  ck_run (0, "", "merge", "-p", "list.mip", "-f", "list.txt");
  ck_assert_same_file ("default.mip", "list.mip");
  ck_run (1, "mipdata: 'empty': no .mipraw file in this directory\n",
	  "merge", "-p", "list.mip", "empty");
  ck_assert_same_file ("default.mip", "list.mip");
}
END_TEST

/* COUNT different runs of BINARY in run-N.mipraw, listed in forward.txt
   and, backwards, in backward.txt.  With callers when the binary has
   caller slots (function 2 of block_binary).  */
static void
write_many_runs (const struct test_binary *binary, int count)
{
  FILE *forward = fopen ("forward.txt", "w");
  FILE *backward = fopen ("backward.txt", "w");
  int r;

  ck_assert (forward && backward);
  for (r = 0; r < count; r++)
    {
      struct test_run values;
      char name[64];
      uint64_t bias = RUN_BIAS + 0x1000000ull * (uint64_t) r;
      unsigned u, f;

      memset (&values, 0, sizeof values);
      values.anchor_address = binary->anchor_address + bias;
      for (u = 0; u < binary->unit_count; u++)
	for (f = 0; f < binary->units[u].function_count; f++)
	  {
	    struct test_record *record = &values.records[u][f];
	    unsigned mix = (unsigned) r * 7 + u * 5 + f * 3;
	    record->ran = mix % 3 != 0;
	    record->count = mix % 4 == 0 ? 0 : mix % 11;
	    record->order = mix % 5 == 0 ? 0 : 1 + mix % 6;
	    record->probes = mix % 0x7f;
	    record->callers[0] = mix % 2 ? 0x1010 + bias : 0;
	    record->callers[1] = mix % 3 ? 0x9006 + bias : 0x1014 + bias;
	    record->callers[2] = 0x1000 * (uint64_t) (mix % 4) + bias;
	  }
      snprintf (name, sizeof name, "run-%d.mipraw", r);
      write_bytes (name, test_make_raw (binary, &values));
      fprintf (forward, "%s\n", name);
    }
  for (r = count - 1; r >= 0; r--)
    fprintf (backward, "run-%d.mipraw\n", r);
  ck_assert_int_eq (fclose (forward), 0);
  ck_assert_int_eq (fclose (backward), 0);
}

/* Merged with one thread, with several, in either order, and as a tree
   of profiles: the same profile, byte for byte.  */
static void
expect_same_merge_for_any_jobs (const struct test_binary *binary)
{
  const char *profiles[] = { "one.mip", "four.mip", "back.mip", "half.mip",
			     "tree.mip" };
  size_t p;

  for (p = 0; p < sizeof profiles / sizeof *profiles; p++)
    unlink (profiles[p]);
  write_bytes ("app.mipmap", test_make_map (binary));
  write_many_runs (binary, 24);
  create_profile ("one.mip", "app.mipmap");
  create_profile ("four.mip", "app.mipmap");
  create_profile ("back.mip", "app.mipmap");
  create_profile ("half.mip", "app.mipmap");
  create_profile ("tree.mip", "app.mipmap");
  ck_run (0, "", "merge", "-p", "one.mip", "-j", "1", "-f", "forward.txt");
  ck_run (0, "", "merge", "-p", "four.mip", "-j4", "-f", "forward.txt");
  ck_run (0, "", "merge", "-p", "back.mip", "--jobs=3", "-f",
	  "backward.txt");
  ck_assert_same_file ("one.mip", "four.mip");
  ck_assert_same_file ("one.mip", "back.mip");
  /* Half the runs in one profile, the other half in another, added up.  */
  ck_run (0, "", "merge", "-p", "half.mip", "run-0.mipraw", "run-1.mipraw",
	  "run-2.mipraw", "run-3.mipraw", "run-4.mipraw", "run-5.mipraw",
	  "run-6.mipraw", "run-7.mipraw", "run-8.mipraw", "run-9.mipraw",
	  "run-10.mipraw", "run-11.mipraw");
  ck_run (0, "", "merge", "-p", "tree.mip", "run-12.mipraw", "run-13.mipraw",
	  "run-14.mipraw", "run-15.mipraw", "run-16.mipraw", "run-17.mipraw",
	  "run-18.mipraw", "run-19.mipraw", "run-20.mipraw", "run-21.mipraw",
	  "run-22.mipraw", "run-23.mipraw", "half.mip");
  ck_assert_same_file ("one.mip", "tree.mip");
}

START_TEST (test_merge_jobs_same_result)
{
  struct test_binary sample = test_sample_binary (8, false);
  struct test_binary blocks = block_binary ();
  struct result r;

  expect_same_merge_for_any_jobs (&sample);
  r = run ("info", "-p", "one.mip", NULL);
  ck_assert_contains (r, OUT, "Runs: 24\n");
  free_result (&r);
  expect_same_merge_for_any_jobs (&blocks);
  r = run ("callgraph", "-p", "one.mip", NULL);
  /* Of the 24 runs, slot 0 holds diamond's 0x1010 in the 12 odd ones,
     slot 1 diamond's 0x1014 in the 8 multiples of 3 and loop's 0x9006
     in the other 16, slot 2 in all of them an address that returns into
     no function.  */
  ck_assert_output (r, OUT, "diamond -> callee  (runs 20)\n"
		    "loop -> callee  (runs 16)\n"
		    "<unknown> -> callee  (runs 24)\n");
  free_result (&r);
  ck_run (2, "mipdata: -j wants a number of threads from 1 to 256, not"
	  " '0'\nTry 'mipdata merge --help' for more information.\n",
	  "merge", "-p", "one.mip", "-j", "0", "run-0.mipraw");
}
END_TEST

START_TEST (test_merge_profiles)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_binary other = binary;
  char message[512];

  write_sample_runs (&binary);
  create_profile ("a.mip", "app.mipmap");
  create_profile ("b.mip", "app.mipmap");
  create_profile ("both.mip", "app.mipmap");
  ck_run (0, "", "merge", "-p", "a.mip", "run1.mipraw");
  ck_run (0, "", "merge", "-p", "b.mip", "run2.mipraw");
  ck_run (0, "", "merge", "-p", "both.mip", "run1.mipraw", "run2.mipraw");
  ck_run (0, "", "merge", "-p", "default.mip", "a.mip", "b.mip");
  ck_assert_same_file ("default.mip", "both.mip");
  /* The profile itself among the inputs: its runs would count twice.  */
  expect_refused_merge ("mipdata: './default.mip' is the profile merged"
			" into: its runs would count twice\n", "a.mip",
			"./default.mip");
  /* A profile of another build is refused; the message names both.  */
  other.units[2].unit_hash = 42;
  write_bytes ("other.mipmap", test_make_map (&other));
  create_profile ("other.mip", "other.mipmap");
  snprintf (message, sizeof message,
	    "mipdata: 'other.mip': built by another binary (a profile of"
	    " build id %016llx, 'default.mip' is of build id %016llx)\n",
	    (unsigned long long) test_build_id (&other),
	    (unsigned long long) test_build_id (&binary));
  expect_refused_merge (message, "a.mip", "other.mip");
}
END_TEST

START_TEST (test_merge_weighted_inputs)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  create_profile ("repeated.mip", "app.mipmap");
  ck_run (0, "", "merge", "-p", "default.mip", "-w", "3:run1.mipraw",
	  "--weighted-input=1:run2.mipraw");
  ck_run (0, "", "merge", "-p", "repeated.mip", "--allow-duplicates",
	  "run1.mipraw", "run1.mipraw", "run1.mipraw", "run2.mipraw");
  ck_assert_same_file ("default.mip", "repeated.mip");
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_contains (r, OUT, "\"runs\": 4,");
  /* helper: 3 calls x 3 + 7; order 2 x 3 + 4 over 4 runs.  */
  ck_assert_contains (r, OUT, "{\"name\": \"helper\", \"covered\": true,"
		      " \"call_count\": 16, \"order\": 3,");
  free_result (&r);
  ck_run (2, "mipdata: -w wants WEIGHT:INPUT with a weight from 1 to"
	  " 4294967295, not '0:run1.mipraw'\nTry 'mipdata merge --help' for"
	  " more information.\n", "merge", "-p", "default.mip", "-w",
	  "0:run1.mipraw");
  ck_run (2, "mipdata: -w wants WEIGHT:INPUT with a weight from 1 to"
	  " 4294967295, not '4294967296:run1.mipraw'\nTry 'mipdata merge"
	  " --help' for more information.\n", "merge", "-p", "default.mip",
	  "-w", "4294967296:run1.mipraw");
  ck_run (2, "mipdata: -w wants WEIGHT:INPUT with a weight from 1 to"
	  " 4294967295, not 'run1.mipraw'\nTry 'mipdata merge --help' for"
	  " more information.\n", "merge", "-p", "default.mip", "-w",
	  "run1.mipraw");
}
END_TEST

START_TEST (test_merge_failure_modes)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_bytes raw, before, after;
  char expected[512];
  struct result r;

  write_sample_runs (&binary);
  ck_assert (test_read_file ("run1.mipraw", &raw));
  ck_assert (test_write_file ("cut.mipraw", raw.data,
			      sizeof (struct mip_raw_header) + 36));
  /* error, the default: nothing written.  */
  expect_refused_merge ("mipdata: 'cut.mipraw': truncated", "run1.mipraw",
			"cut.mipraw");
  ck_assert (test_read_file ("default.mip", &before));
  r = run ("merge", "-p", "default.mip", "--failure-mode=error",
	   "run1.mipraw", "cut.mipraw", NULL);
  ck_assert_exit (r, 1);
  free_result (&r);
  ck_assert (test_read_file ("default.mip", &after));
  ck_assert (before.size == after.size
	     && memcmp (before.data, after.data, before.size) == 0);
  test_bytes_free (&after);
  /* warn: the bad ones named and skipped, the rest merged.  */
  snprintf (expected, sizeof expected,
	    "mipdata: warning: 'cut.mipraw': truncated: header says %zu data"
	    " bytes, file has 36\n"
	    "mipdata: warning: cannot open 'none.mipraw': No such file or"
	    " directory\n"
	    "mipdata: warning: skipped 2 bad inputs of 4; merged 2\n",
	    raw.size - sizeof (struct mip_raw_header));
  r = run ("merge", "-p", "default.mip", "--failure-mode=warn", "-j2",
	   "run1.mipraw", "cut.mipraw", "none.mipraw", "run2.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, expected);
  free_result (&r);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  /* warn, and nothing good: an error, the profile unchanged.  */
  test_bytes_free (&before);
  ck_assert (test_read_file ("default.mip", &before));
  ck_run (1, "mipdata: warning: cannot open 'none.mipraw': No such file or"
	  " directory\nmipdata: no input could be merged; 'default.mip' is"
	  " unchanged\n", "merge", "-p", "default.mip",
	  "--failure-mode=warn", "none.mipraw");
  ck_assert (test_read_file ("default.mip", &after));
  ck_assert (before.size == after.size
	     && memcmp (before.data, after.data, before.size) == 0);
  ck_run (2, "mipdata: --failure-mode wants 'error' or 'warn', not 'skip'\n"
	  "Try 'mipdata merge --help' for more information.\n", "merge", "-p",
	  "default.mip", "--failure-mode=skip", "run1.mipraw");
  test_bytes_free (&before);
  test_bytes_free (&after);
  test_bytes_free (&raw);
}
END_TEST

/* A raw profile cut anywhere (a process killed while writing it) is
   named as truncated and never merged.  */
START_TEST (test_merge_refuses_truncated_raw)
{
  struct test_binary binary = create_sample_profile (false);
  const size_t header = sizeof (struct mip_raw_header);
  struct test_bytes raw;
  size_t cuts[6];
  char message[256];
  int c;

  write_sample_runs (&binary);
  ck_assert (test_read_file ("run1.mipraw", &raw));
  cuts[0] = 0;
  cuts[1] = 8;
  cuts[2] = header - 1;
  cuts[3] = header;
  cuts[4] = header + 8;
  cuts[5] = raw.size - 1;
  for (c = 0; c < 6; c++)
    {
      ck_assert (test_write_file ("cut.mipraw", raw.data, cuts[c]));
      if (cuts[c] < header)
	snprintf (message, sizeof message, "mipdata: 'cut.mipraw': truncated:"
		  " %zu bytes, a raw profile header needs %zu\n", cuts[c],
		  header);
      else
	snprintf (message, sizeof message, "mipdata: 'cut.mipraw': truncated:"
		  " header says %zu data bytes, file has %zu\n",
		  raw.size - header, cuts[c] - header);
      expect_refused_merge (message, "run2.mipraw", "cut.mipraw");
    }
  test_bytes_free (&raw);
}
END_TEST

/* Merge run1.mipraw and slow.mipraw into default.mip with -j1, mipdata's
   stderr on ERR_FD.  slow.mipraw is a FIFO that gets the bytes of
   run2.mipraw only after 1.5 s, so the merge lasts longer than the
   second after which progress is shown.  Returns the exit status.  */
static int
merge_slowly (int err_fd)
{
  const struct timespec pause = { 1, 500000000 };
  const struct timespec retry = { 0, 10000000 };
  struct test_bytes run2;
  int fifo = -1, wait_status, tries;
  pid_t child;

  ck_assert (test_read_file ("run2.mipraw", &run2));
  unlink ("slow.mipraw");
  ck_assert_int_eq (mkfifo ("slow.mipraw", 0600), 0);
  child = fork ();
  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      int out = open ("/dev/null", O_WRONLY);
      if (out < 0)
	_exit (126);
      dup2 (out, 1);
      dup2 (err_fd, 2);
      execl (mipdata, mipdata, "merge", "-j1", "-p", "default.mip",
	     "run1.mipraw", "slow.mipraw", (char *) NULL);
      _exit (127);
    }
  nanosleep (&pause, NULL);
  /* Opening a FIFO without a reader fails (ENXIO) instead of waiting.  */
  for (tries = 0; fifo < 0 && tries < 1000; tries++)
    {
      fifo = open ("slow.mipraw", O_WRONLY | O_NONBLOCK);
      if (fifo < 0)
	nanosleep (&retry, NULL);
    }
  ck_assert_msg (fifo >= 0, "mipdata never opened slow.mipraw");
  ck_assert_int_eq (fcntl (fifo, F_SETFL, 0), 0);
  ck_assert_int_eq (write (fifo, run2.data, run2.size), (ssize_t) run2.size);
  close (fifo);
  test_bytes_free (&run2);
  ck_assert_int_eq (waitpid (child, &wait_status, 0), child);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

/* A merge that lasts more than a second shows its progress when stderr
   is a terminal, and prints nothing when it is not.  */
START_TEST (test_merge_progress_on_terminal)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_bytes text;
  char output[4096];
  size_t used = 0;
  ssize_t got;
  int err, master, slave = -1;
  struct result r;

  write_sample_runs (&binary);
  err = open ("slow-stderr.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ck_assert_int_ge (err, 0);
  ck_assert_int_eq (merge_slowly (err), 0);
  close (err);
  ck_assert (test_read_file ("slow-stderr.txt", &text));
  ck_assert_msg (text.size == 0, "a merge with stderr in a file printed"
		 " %zu bytes", text.size);
  test_bytes_free (&text);

  unlink ("default.mip");
  create_profile ("default.mip", "app.mipmap");
  master = posix_openpt (O_RDWR | O_NOCTTY);
  if (master >= 0 && grantpt (master) == 0 && unlockpt (master) == 0)
    slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  if (slave < 0)
    {
      /* Not a failure of mipdata: say so and stop.  */
      if (master >= 0)
	close (master);
      SKIP_TEST ("no pseudo-terminal; progress on a terminal not tested");
    }
  ck_assert_int_eq (merge_slowly (slave), 0);
  close (slave);
  ck_assert_int_eq (fcntl (master, F_SETFL, O_NONBLOCK), 0);
  while (used < sizeof output - 1
	 && (got = read (master, output + used, sizeof output - 1 - used)) > 0)
    used += (size_t) got;
  output[used] = '\0';
  close (master);
  /* The terminal turns the final newline into CR LF.  */
  ck_assert_msg (strncmp (output, "\rmipdata: merged 1/2 profiles", 29) == 0
		 && strstr (output, "\rmipdata: merged 2/2 profiles\r\n"),
		 "progress on the terminal was '%s'", output);
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
}
END_TEST

/* ---- Rough edges of the command line ------------------------------------ */

/* Check that R printed no byte that is not printable ASCII but the
   newlines that end its lines.  */
#define ck_assert_printable(r, stream)					\
  do {									\
    for (const unsigned char *byte_ = (const unsigned char *) stream (r); \
	 *byte_; byte_++)						\
      ck_assert_msg ((*byte_ >= 0x20 && *byte_ < 0x7f) || *byte_ == '\n', \
		     "%s: printed byte 0x%02x in\n%s", (r).command,	\
		     *byte_, stream (r));					\
  } while (0)

/* A file given more than once, by name, through a directory or a list
   file, is named and merged once; --allow-duplicates merges each.  */
START_TEST (test_merge_duplicates)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run1.mipraw",
	   "./run1.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR,
		    "mipdata: warning: 'run1.mipraw' is 'run1.mipraw' again:"
		    " merged once (use --allow-duplicates to merge every"
		    " occurrence)\n"
		    "mipdata: warning: './run1.mipraw' is 'run1.mipraw'"
		    " again: merged once (use --allow-duplicates to merge"
		    " every occurrence)\n");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_contains (r, OUT, "\"runs\": 1,");
  free_result (&r);

  /* A directory holding a link to run2.mipraw, and a list naming it.  */
  ck_assert_int_eq (mkdir ("runs", 0755), 0);
  ck_assert_int_eq (link ("run2.mipraw", "runs/copy.mipraw"), 0);
  write_text ("list.txt", "run2.mipraw\n");
  r = run ("merge", "-p", "default.mip", "--input-files=list.txt", "runs",
	   NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, ERR, "'runs/copy.mipraw' is 'run2.mipraw' again");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_contains (r, OUT, "\"runs\": 2,");
  free_result (&r);

  r = run ("merge", "-p", "default.mip", "--allow-duplicates",
	   "run1.mipraw", "./run1.mipraw", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, ERR, "");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--json", NULL);
  ck_assert_contains (r, OUT, "\"runs\": 4,");
  free_result (&r);
}
END_TEST

/* In merge, -f names a list file, as --input-files does; a raw profile
   after -f (-f is --force in create and import) is refused by name, and
   no message prints the raw bytes of a name.  */
START_TEST (test_merge_list_is_text)
{
  struct test_binary binary = create_sample_profile (false);
  struct test_bytes before, after;
  struct result r;

  write_sample_runs (&binary);
  ck_assert (test_read_file ("default.mip", &before));
  r = run ("merge", "-p", "default.mip", "-f", "run1.mipraw", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "mipdata: 'run1.mipraw' looks like a raw"
		      " profile, not a list of inputs (-f, --input-files:"
		      " one path per line); did you mean 'mipdata merge -p"
		      " default.mip run1.mipraw'?\n");
  ck_assert_printable (r, ERR);
  free_result (&r);
  /* The profile comes after -f.  */
  r = run ("merge", "-f", "run1.mipraw", "-p", "default.mip", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "did you mean 'mipdata merge -p default.mip"
		      " run1.mipraw'?");
  free_result (&r);
  ck_assert (test_write_file ("junk.txt", "run1.mipraw\n\001\377\n", 15));
  r = run ("merge", "-p", "default.mip", "-i", "junk.txt", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "mipdata: 'junk.txt' is not a list of inputs"
		      " (-f, --input-files: one path per line): it holds"
		      " binary data\n");
  free_result (&r);
  ck_assert (test_read_file ("default.mip", &after));
  ck_assert_uint_eq (before.size, after.size);
  ck_assert (memcmp (before.data, after.data, before.size) == 0);
  test_bytes_free (&before);
  test_bytes_free (&after);

  /* A name from a list file, or the command line, with bytes that are
     no printable text.  */
  write_text ("latin1.txt", "caf\351.mipraw\n");
  r = run ("merge", "-p", "default.mip", "-f", "latin1.txt", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'caf\\351.mipraw': No"
		    " such file or directory\n");
  free_result (&r);
  r = run ("merge", "-p", "default.mip", "x\033[2J\302\205.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'x\\033[2J\\302\\205"
		    ".mipraw': No such file or directory\n");
  free_result (&r);
  /* Printable UTF-8 stays as it is.  */
  r = run ("merge", "-p", "default.mip", "caf\303\251.mipraw", NULL);
  ck_assert_exit (r, 1);
  ck_assert_output (r, ERR, "mipdata: cannot open 'caf\303\251.mipraw': No"
		    " such file or directory\n");
  free_result (&r);
}
END_TEST

/* 'mipdata show app.mip' takes the operand as the profile where it is
   one; a command name with a typing slip gets a suggestion.  */
START_TEST (test_profile_operand_and_suggestion)
{
  struct test_binary binary = create_sample_profile (false);
  struct result r;

  write_sample_runs (&binary);
  r = run ("merge", "-p", "default.mip", "run1.mipraw", "run2.mipraw",
	   NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("show", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  r = run ("show", "--json", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_json);
  free_result (&r);
  r = run ("info", "default.mip", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("callgraph", "default.mip", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("order", "default.mip", NULL);
  ck_assert_exit (r, 0);
  free_result (&r);
  r = run ("export", "default.mip", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "'default.mip': the profile records no GNU"
		      " build id");
  free_result (&r);
  r = run ("annotate", "default.mip", "app.c", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "'default.mip': the profile records no GNU"
		      " build id");
  free_result (&r);
  /* Any file that is a profile, whatever its name.  */
  ck_assert_int_eq (link ("default.mip", "profile.data"), 0);
  r = run ("show", "profile.data", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, OUT, merged_text);
  free_result (&r);
  /* A name ending in .mip is the profile even when missing.  */
  r = run ("show", "missing.mip", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "'missing.mip'");
  free_result (&r);
  /* Not a profile: still missing; with -p, an operand is unexpected.  */
  r = run ("show", "run1.mipraw", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "no profile given (-p PROFILE)");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "profile.data", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "unexpected argument 'profile.data'");
  free_result (&r);
  r = run ("info", "-p", "default.mip", "profile.data", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "unexpected argument 'profile.data'");
  free_result (&r);

  r = run ("craete", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "mipdata: unknown command 'craete'; did you"
		      " mean 'create'?\n");
  free_result (&r);
  r = run ("mrege", "-p", "default.mip", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "did you mean 'merge'?");
  free_result (&r);
  r = run ("frobnicate", NULL);
  ck_assert_exit (r, 2);
  ck_assert_contains (r, ERR, "mipdata: 'frobnicate' is not a mipdata"
		      " command\n");
  free_result (&r);
}
END_TEST

/* ---- The suite ------------------------------------------------------------------ */

/* The binary "app" (this program, its map describing
   debug_target_function) with early functions copy_bytes and fill and
   four value site records (.debug_mip_ipa): fill's site 0 (memset),
   two copies of copy_bytes' site 0 (memcpy), fill's site 1 (bzero).
   False when there is no objcopy.  */
static bool
make_value_binary (struct test_binary *binary)
{
  struct test_unit *unit = &binary->units[0];
  char command[256];

  *binary = program_binary ();
  if (!have_objcopy ())
    return false;
  unit->ipa_function_count = 2;
  unit->ipa_functions[0] = "copy_bytes";
  unit->ipa_functions[1] = "fill";
  unit->value_site_count = 4;
  unit->value_sites[0] = (struct test_value_site) { 1, 0,
						    MIP_VALUE_MEMSET_SIZE };
  unit->value_sites[1] = (struct test_value_site) { 0, 0,
						    MIP_VALUE_MEMCPY_SIZE };
  unit->value_sites[2] = (struct test_value_site) { 0, 0,
						    MIP_VALUE_MEMCPY_SIZE };
  unit->value_sites[3] = (struct test_value_site) { 1, 1,
						    MIP_VALUE_BZERO_SIZE };
  test_layout (binary);
  write_bytes ("app.mipmap", test_make_map (binary));
  write_bytes ("app.ipa", test_make_ipa (binary, 2));
  make_binary ("app", "app.mipmap");
  snprintf (command, sizeof command,
	    "objcopy --add-section .debug_mip_ipa=app.ipa app");
  ck_assert_msg (system (command) == 0, "failed: %s", command);
  return true;
}

/* A run of make_value_binary's binary whose records hold the
   candidates VALUES with the counts COUNTS, and the sum SUMS[K] of
   CALLS[K] values.  */
static struct test_run
value_run (const uint64_t values[4], const uint64_t counts[4],
	   const uint64_t sums[4], const uint64_t calls[4])
{
  struct test_run run;

  memset (&run, 0, sizeof run);
  run.records[0][0].ran = true;
  dl_iterate_phdr (find_own_build_id, &run);
  for (int k = 0; k < 4; k++)
    run.values[0][k] = (struct test_value_record) { values[k], counts[k],
						    sums[k], calls[k] };
  return run;
}

/* A binary with early functions and value sites (.debug_mip_ipa): show
   lists the sites' records with the values of their runs' candidates,
   most counted first, and the calls with the average size (rounded,
   half up, exact for a saturated sum), info counts them, merge adds a
   profile's to another's and refuses one without them.  */
START_TEST (test_show_value_sites)
{
  static const uint64_t values_1[4] = { 4096, 64, 32, 7 };
  static const uint64_t counts_1[4] = { 3, 10, 1, 0 };
  static const uint64_t sums_1[4] = { 12388, 640, 97, 0 };
  static const uint64_t calls_1[4] = { 4, 10, 3, 0 };
  static const uint64_t values_2[4] = { 100, 64, 32, 0 };
  static const uint64_t counts_2[4] = { 3, 2, 1, 0 };
  /* Record 3 ran 3 times and ended with count 0.  */
  static const uint64_t sums_2[4] = { 400, 128, 32, 10 };
  static const uint64_t calls_2[4] = { 4, 2, 1, 3 };
  static const uint64_t none[4] = { 0, 0, 0, 0 };
  static const uint64_t sums_3[4] = { UINT64_MAX, 0, 0, 0 };
  static const uint64_t calls_3[4] = { 7, 0, 0, 0 };
  struct test_binary binary;
  struct test_run values_run;
  struct result r;

  if (!make_value_binary (&binary))
    SKIP_TEST ("no objcopy (binutils)");
  values_run = value_run (values_1, counts_1, sums_1, calls_1);
  write_bytes ("run1.mipraw", test_make_raw (&binary, &values_run));
  values_run = value_run (values_2, counts_2, sums_2, calls_2);
  write_bytes ("run2.mipraw", test_make_raw (&binary, &values_run));
  values_run = value_run (none, none, sums_3, calls_3);
  write_bytes ("run3.mipraw", test_make_raw (&binary, &values_run));
  ck_run (0, "", "create", "-p", "default.mip", "app");
  ck_run (0, "", "create", "-p", "plain.mip", "app.mipmap");
  ck_run (0, "", "create", "-p", "big.mip", "app");
  r = run ("show", "-p", "big.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "  fill, site 1, bzero size: no value;"
		      " no calls\n");
  free_result (&r);
  ck_run (0, "", "merge", "-p", "default.mip", "run1.mipraw",
	  "run2.mipraw");
  r = run ("show", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_output (r, SHOWN, "debug_target_function\n  Covered: yes\n"
		    "\nValue Sites:\n"
		    "  copy_bytes, site 0, memcpy size: 64 (12);"
		    " 12 calls, average 64.0\n"
		    "  copy_bytes, site 0, memcpy size: 32 (2);"
		    " 4 calls, average 32.3\n"
		    "  fill, site 0, memset size: 100 (3), 4096 (3);"
		    " 8 calls, average 1598.5\n"
		    "  fill, site 1, bzero size: no value;"
		    " 3 calls, average 3.3\n");
  free_result (&r);
  r = run ("show", "-p", "default.mip", "--regex=^fil", "--json",
		   NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "\"functions\": [\n]"
		      ", \"value_sites\": [\n{\"function\": \"fill\","
		      " \"site\": 0, \"operation\": \"memset size\","
		      " \"calls\": 8, \"size_sum\": 12788,"
		      " \"values\": [{\"value\": 100, \"count\": 3},"
		      " {\"value\": 4096, \"count\": 3}]},\n"
		      "{\"function\": \"fill\", \"site\": 1,"
		      " \"operation\": \"bzero size\", \"calls\": 3,"
		      " \"size_sum\": 10, \"values\": []}\n]}\n");
  free_result (&r);
  /* UINT64_MAX / 7 = 2635249153387078802 + 1/7.  */
  ck_run (0, "", "merge", "-p", "big.mip", "run3.mipraw");
  r = run ("show", "-p", "big.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "  fill, site 0, memset size: no value;"
		      " 7 calls, average 2635249153387078802.1\n");
  free_result (&r);
  r = run ("info", "-p", "default.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "Early Functions: 2\nValue Sites: 4\n");
  free_result (&r);
  /* A profile of the same sites adds its summaries; one without them is
     refused.  */
  ck_run (0, "", "create", "-p", "twice.mip", "app");
  ck_run (0, "", "merge", "-p", "twice.mip", "default.mip", "default.mip",
	  "--allow-duplicates");
  r = run ("show", "-p", "twice.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, "  copy_bytes, site 0, memcpy size: 64 (24);"
		      " 24 calls, average 64.0\n"
		      "  copy_bytes, site 0, memcpy size: 32 (4);"
		      " 8 calls, average 32.3\n"
		      "  fill, site 0, memset size: 100 (6), 4096 (6);"
		      " 16 calls, average 1598.5\n");
  free_result (&r);
  ck_assert_int_eq (system ("cp default.mip before.mip"), 0);
  r = run ("merge", "-p", "default.mip", "plain.mip", NULL);
  ck_assert_exit (r, 1);
  ck_assert_contains (r, ERR, "'plain.mip': corrupt: it holds no value"
		      " sites, 'default.mip' has 4");
  free_result (&r);
  ck_assert_same_file ("default.mip", "before.mip");
}
END_TEST

/* Runs whose value site records disagree on their candidates, merged
   with one thread, with several, in either order and as a tree of
   profiles: the same profile, byte for byte, whose pairs are the sums
   of the runs' candidates and whose calls and sizes are the sums of the
   runs' (some records with count 0 and calls).  */
START_TEST (test_merge_jobs_same_result_values)
{
  struct test_binary binary;
  FILE *forward, *backward;
  uint64_t copy_total[8] = { 0 }, copy_sum = 0, copy_calls = 0;
  struct result r;

  if (!make_value_binary (&binary))
    SKIP_TEST ("no objcopy (binutils)");
  forward = fopen ("forward.txt", "w");
  backward = fopen ("backward.txt", "w");
  ck_assert (forward && backward);
  for (int k = 0; k < 24; k++)
    {
      uint64_t values[4], counts[4], sums[4], calls[4];
      char name[64];
      for (int i = 0; i < 4; i++)
	{
	  unsigned mix = (unsigned) k * 7 + (unsigned) i * 3;
	  values[i] = 8u << (mix % 5);
	  counts[i] = mix % 4;
	  calls[i] = counts[i] + mix % 3;
	  sums[i] = calls[i] * (values[i] + (unsigned) k % 3);
	}
      /* The first copy of copy_bytes' site: 8, 16, ... 128.  */
      copy_total[((unsigned) k * 7 + 3) % 5] += counts[1];
      copy_sum += sums[1];
      copy_calls += calls[1];
      struct test_run run = value_run (values, counts, sums, calls);
      snprintf (name, sizeof name, "run-%d.mipraw", k);
      write_bytes (name, test_make_raw (&binary, &run));
      fprintf (forward, "%s\n", name);
    }
  for (int k = 23; k >= 0; k--)
    fprintf (backward, "run-%d.mipraw\n", k);
  ck_assert_int_eq (fclose (forward), 0);
  ck_assert_int_eq (fclose (backward), 0);
  ck_run (0, "", "create", "-p", "one.mip", "app");
  ck_run (0, "", "create", "-p", "four.mip", "app");
  ck_run (0, "", "create", "-p", "back.mip", "app");
  ck_run (0, "", "create", "-p", "half.mip", "app");
  ck_run (0, "", "create", "-p", "tree.mip", "app");
  ck_run (0, "", "merge", "-p", "one.mip", "-j", "1", "-f", "forward.txt");
  ck_run (0, "", "merge", "-p", "four.mip", "-j4", "-f", "forward.txt");
  ck_run (0, "", "merge", "-p", "back.mip", "--jobs=3", "-f",
	  "backward.txt");
  ck_assert_same_file ("one.mip", "four.mip");
  ck_assert_same_file ("one.mip", "back.mip");
  ck_run (0, "", "merge", "-p", "half.mip", "run-0.mipraw", "run-1.mipraw",
	  "run-2.mipraw", "run-3.mipraw", "run-4.mipraw", "run-5.mipraw",
	  "run-6.mipraw", "run-7.mipraw", "run-8.mipraw", "run-9.mipraw",
	  "run-10.mipraw", "run-11.mipraw");
  ck_run (0, "", "merge", "-p", "tree.mip", "-j2", "half.mip",
	  "run-12.mipraw", "run-13.mipraw", "run-14.mipraw", "run-15.mipraw",
	  "run-16.mipraw", "run-17.mipraw", "run-18.mipraw", "run-19.mipraw",
	  "run-20.mipraw", "run-21.mipraw", "run-22.mipraw", "run-23.mipraw");
  ck_assert_same_file ("one.mip", "tree.mip");
  /* The sums: by count, then by value.  */
  char expected[512];
  size_t at = (size_t) snprintf (expected, sizeof expected,
				 "  copy_bytes, site 0, memcpy size:");
  for (uint64_t printed = 0; printed < 5; printed++)
    {
      int best = -1;
      for (int v = 0; v < 5; v++)
	if (copy_total[v] != 0
	    && (best < 0 || copy_total[v] > copy_total[best]))
	  best = v;
      if (best < 0)
	break;
      at += (size_t) snprintf (expected + at, sizeof expected - at,
			       "%s %u (%llu)", printed ? "," : "", 8u << best,
			       (unsigned long long) copy_total[best]);
      copy_total[best] = 0;
    }
  /* The average in tenths, rounded half up.  */
  uint64_t tenths = (20 * copy_sum + copy_calls) / (2 * copy_calls);
  snprintf (expected + at, sizeof expected - at, "; %llu calls, average"
	    " %llu.%llu\n", (unsigned long long) copy_calls,
	    (unsigned long long) (tenths / 10),
	    (unsigned long long) (tenths % 10));
  r = run ("show", "-p", "one.mip", NULL);
  ck_assert_exit (r, 0);
  ck_assert_contains (r, OUT, expected);
  free_result (&r);
}
END_TEST

static Suite *
mipdata_suite (void)
{
  Suite *suite = suite_create ("mipdata");
  TCase *cli = tcase_create ("command line");
  TCase *profiles = tcase_create ("profiles");
  TCase *scale = tcase_create ("merge at scale");
  TCase *elf = tcase_create ("elf");
  TCase *rough_edges = tcase_create ("rough edges");

  tcase_add_checked_fixture (cli, enter_temporary_directory,
			     leave_temporary_directory);
  tcase_add_test (cli, test_help_and_version);
  tcase_add_test (cli, test_usage_errors);
  suite_add_tcase (suite, cli);
  tcase_add_checked_fixture (profiles, enter_temporary_directory,
			     leave_temporary_directory);
  tcase_add_test (profiles, test_create_and_show_empty);
  tcase_add_test (profiles, test_merge_and_show);
  tcase_add_test (profiles, test_concurrent_merges);
  tcase_add_test (profiles, test_merge_big_endian);
  tcase_add_test (profiles, test_merge_input_list);
  tcase_add_test (profiles, test_merge_refuses_other_build);
  tcase_add_test (profiles, test_merge_refuses_bad_raw);
  tcase_add_test (profiles, test_merge_refuses_bad_profile);
  tcase_add_test (profiles, test_create_replaces);
  tcase_add_test (profiles, test_create_refuses);
  tcase_add_test (profiles, test_show_regex_and_sort);
  tcase_add_test (profiles, test_show_sort_without_counts);
  tcase_add_test (profiles, test_show_json_escapes);
  tcase_add_test (profiles, test_show_yaml_round_trip);
  tcase_add_test (profiles, test_import_hand_written);
  tcase_add_test (profiles, test_import_errors);
  tcase_add_test (profiles, test_merge_refuses_imported);
  tcase_add_test (profiles, test_show_blocks_and_callers);
  tcase_add_test (profiles, test_callgraph);
  tcase_add_test (profiles, test_callgraph_dot_escapes);
  tcase_add_test (profiles, test_callgraph_shared_names);
  tcase_add_test (profiles, test_callgraph_without_callers);
  tcase_add_test (profiles, test_info);
  tcase_add_test (profiles, test_coverage_gates);
  tcase_add_test (profiles, test_create_refuses_inference_cycle);
  tcase_add_test (profiles, test_big_endian_32_bit_target);
  tcase_add_test (profiles, test_big_endian_64_bit_target);
  tcase_add_test (profiles, test_merge_refuses_other_target);
  suite_add_tcase (suite, profiles);
  /* Each runs mipdata tens of times: more than Check's default 4 s on a
     loaded machine or under a sanitizer.  */
  tcase_add_checked_fixture (scale, enter_temporary_directory,
			     leave_temporary_directory);
  tcase_set_timeout (scale, 120);
  tcase_add_test (scale, test_merge_list_and_directory);
  tcase_add_test (scale, test_merge_jobs_same_result);
  tcase_add_test (scale, test_merge_profiles);
  tcase_add_test (scale, test_merge_weighted_inputs);
  tcase_add_test (scale, test_merge_failure_modes);
  tcase_add_test (scale, test_merge_refuses_truncated_raw);
  tcase_add_test (scale, test_merge_progress_on_terminal);
  suite_add_tcase (suite, scale);
  tcase_add_checked_fixture (elf, enter_temporary_directory,
			     leave_temporary_directory);
  tcase_set_timeout (elf, 60);
  tcase_add_test (elf, test_create_from_elf);
  tcase_add_test (elf, test_create_refuses_object);
  tcase_add_test (elf, test_create_from_raw);
  tcase_add_test (elf, test_gnu_build_id_mismatch);
  tcase_add_test (elf, test_show_debug);
  tcase_add_test (elf, test_show_debug_without_dwarf);
  tcase_add_test (elf, test_show_debug_blocks_and_callers);
  tcase_add_test (elf, test_callgraph_debug);
  tcase_add_test (elf, test_show_value_sites);
  tcase_add_test (elf, test_merge_jobs_same_result_values);
  suite_add_tcase (suite, elf);
  tcase_add_checked_fixture (rough_edges, enter_temporary_directory,
			     leave_temporary_directory);
  tcase_set_timeout (rough_edges, 60);
  tcase_add_test (rough_edges, test_merge_duplicates);
  tcase_add_test (rough_edges, test_merge_list_is_text);
  tcase_add_test (rough_edges, test_profile_operand_and_suggestion);
  suite_add_tcase (suite, rough_edges);
  return suite;
}

int
main (int argc, char **argv)
{
  const char *path = getenv ("MIPDATA");
  SRunner *runner;
  int failed;

  (void) argc;
  if (!path || !*path)
    path = MIPDATA_PATH;
  if (!realpath (path, mipdata))
    {
      fprintf (stderr, "check_mipdata: cannot find mipdata at '%s'\n", path);
      return EXIT_FAILURE;
    }
  if (!realpath ("/proc/self/exe", self) && !realpath (argv[0], self))
    {
      fprintf (stderr, "check_mipdata: cannot find myself\n");
      return EXIT_FAILURE;
    }
  runner = srunner_create (mipdata_suite ());
  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* check_runtime.c - unit tests of libmip, the MIP runtime, without the
   plugin.

   This program fakes instrumented code: it defines its own __mip_raw
   section by hand (two raw units with a few record bytes), includes
   libmip's source and checks what the runtime makes of it: the unit walk and
   the build id, the raw header (with the GNU build id of this program,
   read independently from its file's section headers), file name
   expansion,
   dumps on demand, the dump at exit () and at return from main, and the
   failure paths (message on stderr, exit status and errno unchanged, no
   temporary file left behind).  Every file is written below a temporary
   directory made in the current directory and removed at the end.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include <check.h>
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The runtime itself, with its internal functions.  */
#include "mip-parts.c"

/* ---- The fake instrumented code ------------------------------------ */

#define UNIT_A_HASH 0x1111222233334444ull
#define UNIT_B_HASH 0x5555666677778888ull
/* FNV-1a 64 over the two hashes as little-endian bytes, worked out
   independently of mip-format.h.  */
#define EXPECTED_BUILD_ID 0xe9be54cce92a6d35ull

/* Unit A: three function coverage bytes, padded to 8.  Unit B: one
   call count + order record (8 bytes) and two coverage bytes, padded.  */
struct fake_section
{
  struct mip_raw_unit unit_a;
  unsigned char records_a[8];
  struct mip_raw_unit unit_b;
  unsigned char records_b[16];
};

__attribute__ ((section (MIP_RAW_SECTION), used, aligned (8)))
static struct fake_section fake_section = {
  { UNIT_A_HASH, 24, 3 },
  { 0xff, 0xff, 0xff, 0, 0, 0, 0, 0 },
  { UNIT_B_HASH, 32, 2 },
  { 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0, 0 },
};

/* The GNU build id of this program, from the .note.gnu.build-id section
   of /proc/self/exe (not from the program headers, as the runtime reads
   it).  Returns its size, 0 when there is none.  */
static uint32_t
self_gnu_build_id (uint8_t *id)
{
  static uint8_t saved[MIP_GNU_BUILD_ID_MAX];
  static int known = -1;
  ElfW (Ehdr) elf;
  ElfW (Shdr) section;
  ElfW (Nhdr) note;
  FILE *file;
  int i;

  if (known >= 0)
    {
      memcpy (id, saved, (size_t) known);
      return (uint32_t) known;
    }
  known = 0;
  file = fopen ("/proc/self/exe", "rb");
  ck_assert_ptr_nonnull (file);
  ck_assert_uint_eq (fread (&elf, sizeof elf, 1, file), 1);
  for (i = 0; i < elf.e_shnum; i++)
    {
      ck_assert_int_eq (fseek (file, (long) (elf.e_shoff
					     + i * elf.e_shentsize),
			       SEEK_SET), 0);
      ck_assert_uint_eq (fread (&section, sizeof section, 1, file), 1);
      if (section.sh_type != SHT_NOTE)
	continue;
      ck_assert_int_eq (fseek (file, (long) section.sh_offset, SEEK_SET), 0);
      ck_assert_uint_eq (fread (&note, sizeof note, 1, file), 1);
      if (note.n_type == NT_GNU_BUILD_ID && note.n_namesz == 4
	  && note.n_descsz <= MIP_GNU_BUILD_ID_MAX)
	{
	  char name[4];
	  ck_assert_uint_eq (fread (name, 4, 1, file), 1);
	  ck_assert_uint_eq (fread (saved, note.n_descsz, 1, file), 1);
	  ck_assert_str_eq (name, "GNU");
	  known = (int) note.n_descsz;
	  break;
	}
    }
  fclose (file);
  memcpy (id, saved, (size_t) known);
  return (uint32_t) known;
}

/* The section as the program started, to undo what a test changed.  */
static struct fake_section pristine_section;

extern unsigned char __start___mip_raw[] MIP_HIDDEN;
extern unsigned char __stop___mip_raw[] MIP_HIDDEN;

/* ---- Helpers -------------------------------------------------------- */

#define RETURN_FROM_MAIN_ARG "--return-from-main"
#define RETURN_FROM_MAIN_STATUS 42

static const char *program_path;
static char scratch_dir[PATH_MAX];
static char exit_pattern[PATH_MAX + 32];

/* SCRATCH_DIR/NAME into OUT.  */
static void
scratch_path (char *out, size_t size, const char *name)
{
  int length = snprintf (out, size, "%s/%s", scratch_dir, name);
  ck_assert_int_lt (length, (int) size);
}

static int
file_exists (const char *path)
{
  struct stat st;
  return stat (path, &st) == 0;
}

/* The whole file at PATH (NUL-terminated for text); *SIZE gets its
   size.  */
static unsigned char *
read_file (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  unsigned char *data;
  long length;

  ck_assert_msg (f != NULL, "cannot open '%s': %s", path, strerror (errno));
  ck_assert_int_eq (fseek (f, 0, SEEK_END), 0);
  length = ftell (f);
  ck_assert_int_ge (length, 0);
  rewind (f);
  data = malloc ((size_t) length + 1);
  ck_assert_ptr_nonnull (data);
  ck_assert_uint_eq (fread (data, 1, (size_t) length, f), (size_t) length);
  data[length] = '\0';
  fclose (f);
  *size = (size_t) length;
  return data;
}

static void
write_file (const char *path, const char *text)
{
  FILE *f = fopen (path, "w");
  ck_assert_ptr_nonnull (f);
  fputs (text, f);
  ck_assert_int_eq (fclose (f), 0);
}

/* Entries of DIRECTORY whose name ends in ".tmp".  */
static int
count_temporary_files (const char *directory)
{
  DIR *dir = opendir (directory);
  struct dirent *entry;
  int count = 0;

  ck_assert_ptr_nonnull (dir);
  while ((entry = readdir (dir)) != NULL)
    {
      size_t length = strlen (entry->d_name);
      if (length >= 4 && strcmp (entry->d_name + length - 4, ".tmp") == 0)
	count++;
    }
  closedir (dir);
  return count;
}

/* Make directory SCRATCH_DIR/NAME, its path into OUT.  */
static void
make_scratch_subdir (char *out, size_t size, const char *name)
{
  scratch_path (out, size, name);
  ck_assert_msg (mkdir (out, 0777) == 0 || errno == EEXIST,
		 "cannot create '%s': %s", out, strerror (errno));
}

static void
set_profile_filename (const char *value)
{
  ck_assert_int_eq (setenv (MIP_FILENAME_ENV, value, 1), 0);
}

/* Run BODY (ARG) in a child process whose stderr goes to a file; BODY
   may end the child with exit () to exercise the exit-time dump,
   otherwise the child ends with _exit (0), which skips it.  Returns the
   wait status; the child's stderr text goes into STDERR_TEXT.  */
static int
run_child (void (*body) (const void *), const void *arg, char *stderr_text,
	   size_t stderr_size)
{
  char stderr_path[PATH_MAX];
  unsigned char *text;
  size_t text_size;
  int status;
  pid_t pid;

  scratch_path (stderr_path, sizeof stderr_path, "child-stderr.txt");
  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      int fd = open (stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
      if (fd < 0 || dup2 (fd, STDERR_FILENO) < 0)
	_exit (127);
      close (fd);
      body (arg);
      _exit (0);
    }
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  text = read_file (stderr_path, &text_size);
  snprintf (stderr_text, stderr_size, "%s", (const char *) text);
  free (text);
  return status;
}

/* Check the raw profile in DATA (SIZE bytes) against the fake section
   as it is now, written by process PID.  When this program was run
   again to write it (SAME_IMAGE false), it was loaded elsewhere: only
   the anchor's offset in its page is the same.  */
static void
check_raw_profile (const unsigned char *data, size_t size, uint64_t pid,
		   int same_image)
{
  uint64_t anchor = (uintptr_t) __mip_runtime;
  struct mip_raw_header header;
  uint8_t gnu_build_id[MIP_GNU_BUILD_ID_MAX];
  uint32_t gnu_build_id_size = self_gnu_build_id (gnu_build_id);

  ck_assert_uint_eq (size, sizeof header + sizeof fake_section);
  memcpy (&header, data, sizeof header);
  ck_assert_uint_eq (header.magic, sizeof (void *) == 8 ? MIP_MAGIC_RAW64
		     : MIP_MAGIC_RAW32);
  ck_assert_uint_eq (MIP_MAGIC_BITS (header.magic), 8 * sizeof (void *));
  ck_assert_uint_eq (header.version, MIP_FORMAT_VERSION);
  ck_assert_uint_eq (header.header_size, 104);
  ck_assert_uint_eq (header.gnu_build_id_size, gnu_build_id_size);
  ck_assert_mem_eq (header.gnu_build_id, gnu_build_id, gnu_build_id_size);
  ck_assert_uint_eq (header.build_id, EXPECTED_BUILD_ID);
  ck_assert_uint_eq (header.build_id,
		     mip_build_id_add (mip_build_id_add (MIP_HASH_INIT,
							 UNIT_A_HASH),
				       UNIT_B_HASH));
  ck_assert_uint_eq (header.data_size, sizeof fake_section);
  ck_assert_uint_eq (header.unit_count, 2);
  ck_assert_uint_eq (header.flags, 0);
  if (same_image)
    ck_assert_uint_eq (header.anchor_address, anchor);
  else
    ck_assert_uint_eq (header.anchor_address % 4096, anchor % 4096);
  ck_assert_uint_eq (header.pid, pid);
  ck_assert_uint_eq (header.reserved, 0);
  ck_assert_mem_eq (data + sizeof header, &fake_section, sizeof fake_section);
}

/* ---- The section and the unit walk ---------------------------------- */

START_TEST (test_section_is_the_fake_one)
{
  /* Compared as integers: as pointers to distinct objects the compiler
     may take them to be different.  */
  uintptr_t section = (uintptr_t) &fake_section;

  ck_assert_uint_eq ((uintptr_t) __start___mip_raw, section);
  ck_assert_uint_eq ((uintptr_t) __stop___mip_raw,
		     section + sizeof fake_section);
}
END_TEST

START_TEST (test_walk_computes_build_id)
{
  struct mip_unit_walk walk;

  ck_assert_int_eq (mip_walk_units ((const unsigned char *) &fake_section,
				    sizeof fake_section, &walk), 0);
  ck_assert_uint_eq (walk.build_id, EXPECTED_BUILD_ID);
  ck_assert_uint_eq (walk.unit_count, 2);
  ck_assert_uint_eq (walk.failed, 0);
}
END_TEST

START_TEST (test_walk_of_nothing)
{
  struct mip_unit_walk walk;

  ck_assert_int_eq (mip_walk_units (NULL, 0, &walk), 0);
  ck_assert_uint_eq (walk.build_id, MIP_HASH_INIT);
  ck_assert_uint_eq (walk.unit_count, 0);
}
END_TEST

/* Walk the fake section with unit B's size replaced by BAD_SIZE and the
   section cut to SIZE bytes; the walk must fail at unit B.  */
static void
check_walk_fails_at_unit_b (uint32_t bad_size, size_t size)
{
  struct fake_section broken = fake_section;
  struct mip_unit_walk walk;

  broken.unit_b.unit_size = bad_size;
  ck_assert_int_eq (mip_walk_units ((const unsigned char *) &broken, size,
				    &walk), -1);
  ck_assert_uint_eq (walk.failed, 1);
  ck_assert_uint_eq (walk.failed_offset, 24);
  ck_assert_uint_eq (walk.unit_count, 1);
  ck_assert_uint_eq (walk.build_id,
		     mip_build_id_add (MIP_HASH_INIT, UNIT_A_HASH));
}

START_TEST (test_walk_refuses_unit_smaller_than_header)
{
  check_walk_fails_at_unit_b (8, sizeof fake_section);
  check_walk_fails_at_unit_b (0, sizeof fake_section);
}
END_TEST

START_TEST (test_walk_refuses_size_not_multiple_of_8)
{
  check_walk_fails_at_unit_b (20, sizeof fake_section);
}
END_TEST

START_TEST (test_walk_refuses_unit_past_section_end)
{
  check_walk_fails_at_unit_b (40, sizeof fake_section);
  check_walk_fails_at_unit_b (0x80000000u, sizeof fake_section);
}
END_TEST

START_TEST (test_walk_refuses_truncated_unit_header)
{
  check_walk_fails_at_unit_b (32, 24 + 8);
}
END_TEST

/* ---- The header -------------------------------------------------- */

START_TEST (test_header_fields)
{
  struct mip_raw_header header;
  unsigned char buffer[sizeof header + sizeof fake_section];

  ck_assert_uint_eq (sizeof header, 104);
  mip_fill_raw_header (&header, (const unsigned char *) &fake_section,
		       sizeof fake_section);
  memcpy (buffer, &header, sizeof header);
  memcpy (buffer + sizeof header, &fake_section, sizeof fake_section);
  check_raw_profile (buffer, sizeof buffer, (uint64_t) getpid (), 1);
}
END_TEST

START_TEST (test_header_flags_walk_failure)
{
  struct fake_section broken = fake_section;
  struct mip_raw_header header;

  broken.unit_a.unit_size = 12;
  mip_fill_raw_header (&header, (const unsigned char *) &broken,
		       sizeof broken);
  ck_assert_uint_eq (header.flags, MIP_RAW_FLAG_UNIT_WALK_FAILED);
  ck_assert_uint_eq (header.data_size, sizeof broken);
  ck_assert_uint_eq (header.unit_count, 0);
}
END_TEST

/* ---- File names ----------------------------------------------------- */

static struct mip_name_values test_values = {
  4242, 0xdeadbeef, "node7", "/scratch", 0
};

START_TEST (test_expand_filename)
{
  static const struct
  {
    const char *pattern;
    const char *expected;
  } cases[] = {
    { "plain.mipraw", "plain.mipraw" },
    { "run-%p.mipraw", "run-4242.mipraw" },
    { "%p%p", "42424242" },
    { "100%%", "100%" },
    { "%%p", "%p" },
    { "%%%p", "%4242" },
    { "x-%m.mipraw", "x-00000000deadbeef.mipraw" },
    { "%%m%m", "%m00000000deadbeef" },
    { "%h-%p.mipraw", "node7-4242.mipraw" },
    { "%t/app.mipraw", "/scratch/app.mipraw" },
    { "%t/%h/%m-%p", "/scratch/node7/00000000deadbeef-4242" },
    { "", "" },
  };
  char out[64];
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      ck_assert_int_eq (mip_expand_filename (cases[i].pattern, &test_values,
					     out, sizeof out),
			(long) strlen (cases[i].expected));
      ck_assert_str_eq (out, cases[i].expected);
    }
}
END_TEST

START_TEST (test_expand_filename_refuses_bad_patterns)
{
  static const char *const bad[] = { "odd%q", "trailing%", "%", "a%Mb",
				     "%P" };
  char out[64];
  size_t i;

  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    ck_assert_int_eq (mip_expand_filename (bad[i], &test_values, out,
					   sizeof out), -1);
}
END_TEST

START_TEST (test_expand_filename_says_what_does_not_fit)
{
  char out[8];

  ck_assert_int_eq (mip_expand_filename ("1234567", &test_values, out,
					 sizeof out), 7);
  ck_assert_str_eq (out, "1234567");
  ck_assert_int_eq (mip_expand_filename ("12345678", &test_values, out,
					 sizeof out), 8);
  ck_assert_int_eq (mip_expand_filename ("x%m", &test_values, out,
					 sizeof out), 8);
  ck_assert_int_eq (mip_expand_filename ("%p%p", &test_values, out,
					 sizeof out), 8);
  ck_assert_int_eq (mip_expand_filename ("%p%p%p", &test_values, out,
					 sizeof out), 8);
}
END_TEST

START_TEST (test_pattern_merges_only_with_m)
{
  static const struct
  {
    const char *pattern;
    int merges;
  } cases[] = {
    { "%m.mipraw", 1 }, { "a-%p-%m", 1 }, { "%%m.mipraw", 0 },
    { "%p.mipraw", 0 }, { "default.mipraw", 0 },
  };
  char out[64];
  size_t i;

  for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      test_values.merges = !cases[i].merges;
      ck_assert_int_ge (mip_expand_filename (cases[i].pattern, &test_values,
					     out, sizeof out), 0);
      ck_assert_int_eq (test_values.merges, cases[i].merges);
    }
}
END_TEST

START_TEST (test_put_text_and_numbers)
{
  char out[32];
  char *end = out + sizeof out;
  char *p;

  p = mip_put_number (out, end, 0, 10, 1);
  p = mip_put (p, end, " ");
  p = mip_put_number (p, end, UINT64_MAX, 10, 1);
  *p = '\0';
  ck_assert_str_eq (out, "0 18446744073709551615");
  p = mip_put_number (out, end, 0xabc, 16, 16);
  *p = '\0';
  ck_assert_str_eq (out, "0000000000000abc");
  p = mip_put_number (out, end, UINT64_MAX, 16, 1);
  *p = '\0';
  ck_assert_str_eq (out, "ffffffffffffffff");
  /* What does not fit makes the position the end.  */
  ck_assert_ptr_eq (mip_put (out, out + 3, "abc"), out + 3);
  ck_assert_ptr_eq (mip_put (out, out + 3, "abcd"), out + 3);
  ck_assert_ptr_eq (mip_put (out, out + 3, "ab"), out + 2);
  ck_assert_ptr_eq (mip_put_number (out, out + 2, 123, 10, 1), out + 2);
}
END_TEST

START_TEST (test_filename_pattern_from_environment)
{
  ck_assert_int_eq (unsetenv (MIP_FILENAME_ENV), 0);
  ck_assert_str_eq (mip_filename_pattern (), "default.mipraw");
  set_profile_filename ("");
  ck_assert_str_eq (mip_filename_pattern (), "default.mipraw");
  set_profile_filename ("mine-%p.mipraw");
  ck_assert_str_eq (mip_filename_pattern (), "mine-%p.mipraw");
}
END_TEST

/* ---- Dumps on demand ------------------------------------------------ */

START_TEST (test_dump_on_demand)
{
  char path[PATH_MAX];
  unsigned char *data;
  size_t size;

  scratch_path (path, sizeof path, "demand.mipraw");
  set_profile_filename (path);
  fake_section.records_a[1] = MIP_COVERAGE_SET;     /* a probe fired */
  fake_section.records_b[0] = 5;                    /* a call count */
  ck_assert_int_eq (__mip_dump (), 0);
  data = read_file (path, &size);
  check_raw_profile (data, size, (uint64_t) getpid (), 1);
  ck_assert_uint_eq (data[sizeof (struct mip_raw_header) + 16 + 1], MIP_COVERAGE_SET);
  ck_assert_uint_eq (data[sizeof (struct mip_raw_header) + 16 + 2], MIP_COVERAGE_UNSET);
  ck_assert_uint_eq (data[sizeof (struct mip_raw_header) + 24 + 16], 5);
  free (data);
  ck_assert_int_eq (count_temporary_files (scratch_dir), 0);
}
END_TEST

START_TEST (test_dump_replaces_existing_file)
{
  char path[PATH_MAX];
  unsigned char *data;
  size_t size;
  char old[1000];

  scratch_path (path, sizeof path, "replace.mipraw");
  memset (old, 'x', sizeof old - 1);
  old[sizeof old - 1] = '\0';
  write_file (path, old);
  set_profile_filename (path);
  ck_assert_int_eq (__mip_dump (), 0);
  data = read_file (path, &size);
  check_raw_profile (data, size, (uint64_t) getpid (), 1);
  free (data);
}
END_TEST

START_TEST (test_dump_expands_pid)
{
  char pattern[PATH_MAX];
  char path[PATH_MAX];
  char name[64];

  scratch_path (pattern, sizeof pattern, "pid-%p-100%%.mipraw");
  set_profile_filename (pattern);
  ck_assert_int_eq (__mip_dump (), 0);
  snprintf (name, sizeof name, "pid-%ld-100%%.mipraw", (long) getpid ());
  scratch_path (path, sizeof path, name);
  ck_assert_msg (file_exists (path), "'%s' was not written", path);
}
END_TEST

static void
fail_to_dump_with_errno_set (const void *path)
{
  set_profile_filename (path);
  errno = ERANGE;
  if (__mip_dump () != -1 || errno != ERANGE)
    _exit (3);
}

START_TEST (test_dump_preserves_errno)
{
  char path[PATH_MAX];
  char message[PATH_MAX + 100];
  int status;

  scratch_path (path, sizeof path, "errno.mipraw");
  set_profile_filename (path);
  errno = EDOM;
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_int_eq (errno, EDOM);

  scratch_path (path, sizeof path, "missing/errno.mipraw");
  status = run_child (fail_to_dump_with_errno_set, path, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
}
END_TEST

static void
dump_into_missing_directory (const void *path)
{
  set_profile_filename (path);
  if (__mip_dump () != -1)
    _exit (3);
}

START_TEST (test_dump_reports_missing_directory)
{
  char path[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];
  int status;

  scratch_path (path, sizeof path, "missing/x.mipraw");
  status = run_child (dump_into_missing_directory, path, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': No such file or directory\n", path);
  ck_assert_str_eq (message, expected);
}
END_TEST

/* A name too long for the system: the message gives the start of it,
   cut short, and still the reason.  */
START_TEST (test_dump_reports_name_too_long)
{
  static char path[MIP_PATH_MAX + 100];
  char message[MIP_PATH_MAX + 400];
  const char *reason = "...': File name too long\n";
  size_t length;
  int status;

  memset (path, 'n', sizeof path - 1);
  status = run_child (dump_into_missing_directory, path, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  length = strlen (message);
  ck_assert_msg (strncmp (message, "mip: cannot write 'nnnn", 23) == 0,
		 "message starts '%.40s'", message);
  ck_assert_uint_gt (length, strlen (reason));
  ck_assert_str_eq (message + length - strlen (reason), reason);
  ck_assert_uint_lt (length, MIP_PATH_MAX + 256);
}
END_TEST

START_TEST (test_dump_reports_permission_denied)
{
  char directory[PATH_MAX];
  char path[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];

  if (geteuid () == 0)
    {
      /* Root may write anywhere: nothing to see.  Said on a line that
	 scripts/test.sh counts as skipped, not passed silently.  */
      printf ("SKIP: check_runtime: %s: run as root, who may write into"
	      " a read-only directory\n", __func__);
      fflush (stdout);
      return;
    }
  make_scratch_subdir (directory, sizeof directory, "read-only");
  ck_assert_int_eq (chmod (directory, 0555), 0);
  scratch_path (path, sizeof path, "read-only/x.mipraw");
  run_child (dump_into_missing_directory, path, message, sizeof message);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': Permission denied\n", path);
  ck_assert_str_eq (message, expected);
  ck_assert_int_eq (chmod (directory, 0755), 0);
}
END_TEST

/* The temporary file is written, the rename over a directory fails:
   the temporary file must go.  */
START_TEST (test_dump_failed_rename_leaves_nothing)
{
  char directory[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];

  make_scratch_subdir (directory, sizeof directory, "a-directory");
  run_child (dump_into_missing_directory, directory, message,
	     sizeof message);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': Is a directory\n", directory);
  ck_assert_str_eq (message, expected);
  ck_assert_int_eq (count_temporary_files (scratch_dir), 0);
}
END_TEST

START_TEST (test_dump_of_empty_section_is_silent)
{
  char path[PATH_MAX];
  unsigned char nothing[8];

  scratch_path (path, sizeof path, "empty.mipraw");
  set_profile_filename (path);
  ck_assert_int_eq (mip_dump_data (nothing, 0), 0);
  ck_assert_int_eq (mip_dump_data (NULL, 0), 0);
  ck_assert (!file_exists (path));
}
END_TEST

static void
dump_broken_units_twice (const void *path)
{
  struct fake_section broken = fake_section;

  broken.unit_b.unit_size = 20;
  set_profile_filename (path);
  if (mip_dump_data ((const unsigned char *) &broken, sizeof broken) != 0
      || mip_dump_data ((const unsigned char *) &broken, sizeof broken) != 0)
    _exit (3);
}

START_TEST (test_dump_of_broken_units_warns_once)
{
  char path[PATH_MAX];
  char message[1000];
  struct mip_raw_header header;
  unsigned char *data;
  size_t size;
  int status;

  scratch_path (path, sizeof path, "broken.mipraw");
  status = run_child (dump_broken_units_twice, path, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  ck_assert_str_eq (message, "mip: inconsistent raw units in '__mip_raw';"
		    " the profile is written but marked unusable\n");
  data = read_file (path, &size);
  ck_assert_uint_eq (size, sizeof header + sizeof fake_section);
  memcpy (&header, data, sizeof header);
  ck_assert_uint_eq (header.flags, MIP_RAW_FLAG_UNIT_WALK_FAILED);
  ck_assert_uint_eq (header.unit_count, 1);
  free (data);
}
END_TEST

/* ---- Dumps at exit -------------------------------------------------- */

static void
exit_with_status_7 (const void *pattern)
{
  set_profile_filename (pattern);
  fake_section.records_a[2] = MIP_COVERAGE_SET;
  exit (7);
}

/* The profile written by process PID into NAME (with "%ld" for the pid)
   is correct: the child had set the third coverage byte of unit A.  */
static void
check_child_profile (const char *name_format, pid_t pid, int same_image)
{
  char name[128];
  char path[PATH_MAX];
  unsigned char *data;
  size_t size;

  snprintf (name, sizeof name, name_format, (long) pid);
  scratch_path (path, sizeof path, name);
  data = read_file (path, &size);
  ck_assert_uint_eq (size, sizeof (struct mip_raw_header)
		     + sizeof fake_section);
  ck_assert_uint_eq (data[sizeof (struct mip_raw_header) + 16 + 2], MIP_COVERAGE_SET);
  fake_section.records_a[2] = MIP_COVERAGE_SET;
  check_raw_profile (data, size, (uint64_t) pid, same_image);
  fake_section.records_a[2] = MIP_COVERAGE_UNSET;
  free (data);
}

START_TEST (test_exit_writes_profile)
{
  char pattern[PATH_MAX];
  pid_t pid;
  int status;

  scratch_path (pattern, sizeof pattern, "exit-7-%p.mipraw");
  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    exit_with_status_7 (pattern);
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 7);
  check_child_profile ("exit-7-%ld.mipraw", pid, 1);
}
END_TEST

START_TEST (test_return_from_main_writes_profile)
{
  char pattern[PATH_MAX];
  pid_t pid;
  int status;

  scratch_path (pattern, sizeof pattern, "main-%p.mipraw");
  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      setenv (MIP_FILENAME_ENV, pattern, 1);
      execl (program_path, program_path, RETURN_FROM_MAIN_ARG, (char *) NULL);
      _exit (127);
    }
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), RETURN_FROM_MAIN_STATUS);
  check_child_profile ("main-%ld.mipraw", pid, 0);
}
END_TEST

static void
exit_into_missing_directory (const void *path)
{
  set_profile_filename (path);
  errno = 0;
  exit (5);
}

START_TEST (test_exit_failure_keeps_exit_status)
{
  char path[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];
  int status;

  scratch_path (path, sizeof path, "missing/at-exit.mipraw");
  status = run_child (exit_into_missing_directory, path, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 5);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': No such file or directory\n", path);
  ck_assert_str_eq (message, expected);
}
END_TEST

static void
exit_with_default_name (const void *directory)
{
  if (chdir (directory) != 0)
    _exit (3);
  set_profile_filename ("");
  exit (0);
}

START_TEST (test_exit_uses_default_name)
{
  char directory[PATH_MAX];
  char path[PATH_MAX];
  char message[1000];

  make_scratch_subdir (directory, sizeof directory, "default-name");
  run_child (exit_with_default_name, directory, message, sizeof message);
  ck_assert_str_eq (message, "");
  scratch_path (path, sizeof path, "default-name/default.mipraw");
  ck_assert_msg (file_exists (path), "'%s' was not written", path);
}
END_TEST

/* ---- Files holding several dumps ------------------------------------ */

#define DUMP_SIZE (sizeof (struct mip_raw_header) + sizeof (struct fake_section))

/* The header of dump INDEX of the file at PATH, which must hold COUNT
   dumps of this program's size.  */
static struct mip_raw_header
dump_header (const char *path, size_t count, size_t index)
{
  struct mip_raw_header header;
  unsigned char *data;
  size_t size;

  data = read_file (path, &size);
  ck_assert_uint_eq (size, count * DUMP_SIZE);
  memcpy (&header, data + index * DUMP_SIZE, sizeof header);
  free (data);
  return header;
}

/* Write to PATH a dump of this program as it is now, with the build id
   and pid changed as given.  */
static void
write_altered_dump (FILE *file, uint64_t build_id, uint64_t pid)
{
  unsigned char dump[DUMP_SIZE];
  struct mip_raw_header header;

  ck_assert_int_eq (__mip_write_buffer (dump, sizeof dump), 0);
  memcpy (&header, dump, sizeof header);
  header.build_id = build_id;
  header.pid = pid;
  memcpy (dump, &header, sizeof header);
  ck_assert_uint_eq (fwrite (dump, sizeof dump, 1, file), 1);
}

static ino_t
file_inode (const char *path)
{
  struct stat st;

  ck_assert_int_eq (stat (path, &st), 0);
  return st.st_ino;
}

static void
dump_and_stop (const void *unused)
{
  (void) unused;
  if (__mip_dump () != 0)
    _exit (3);
}

START_TEST (test_merging_keeps_every_process)
{
  char pattern[PATH_MAX];
  char path[PATH_MAX];
  char name[64];
  char message[1000];
  pid_t children[2];
  ino_t first_inode = 0;
  int i;

  scratch_path (pattern, sizeof pattern, "merge-%m.mipraw");
  snprintf (name, sizeof name, "merge-%016llx.mipraw",
	    (unsigned long long) EXPECTED_BUILD_ID);
  scratch_path (path, sizeof path, name);
  set_profile_filename (pattern);
  for (i = 0; i < 2; i++)
    {
      ck_assert (WIFEXITED (run_child (dump_and_stop, NULL, message,
				       sizeof message)));
      ck_assert_str_eq (message, "");
      children[i] = (pid_t) dump_header (path, (size_t) i + 1, (size_t) i).pid;
      if (i == 0)
	first_inode = file_inode (path);
    }
  ck_assert_int_ne (children[0], children[1]);
  /* Both children added their dump at the end of the file: one file,
     never replaced.  */
  ck_assert_uint_eq (file_inode (path), first_inode);
  /* This process twice: its second dump replaces its first.  */
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_uint_eq (dump_header (path, 3, 0).pid, (uint64_t) children[0]);
  ck_assert_uint_eq (dump_header (path, 3, 1).pid, (uint64_t) children[1]);
  ck_assert_uint_eq (dump_header (path, 3, 2).pid, (uint64_t) getpid ());
  ck_assert_int_eq (count_temporary_files (scratch_dir), 0);
}
END_TEST

/* A dump of this build cut short at the end of the file (its writer
   was killed while adding it) is dropped by the next dump; the whole
   dumps stay.  */
START_TEST (test_merging_drops_a_cut_dump)
{
  char pattern[PATH_MAX];
  char path[PATH_MAX];
  char name[64];
  unsigned char cut[DUMP_SIZE];
  FILE *file;

  scratch_path (pattern, sizeof pattern, "cut-%m.mipraw");
  snprintf (name, sizeof name, "cut-%016llx.mipraw",
	    (unsigned long long) EXPECTED_BUILD_ID);
  scratch_path (path, sizeof path, name);
  file = fopen (path, "wb");
  ck_assert_ptr_nonnull (file);
  write_altered_dump (file, EXPECTED_BUILD_ID, (uint64_t) getpid () + 1);
  ck_assert_int_eq (__mip_write_buffer (cut, sizeof cut), 0);
  ck_assert_uint_eq (fwrite (cut, sizeof (struct mip_raw_header) + 10, 1,
			     file), 1);
  ck_assert_int_eq (fclose (file), 0);
  set_profile_filename (pattern);
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_uint_eq (dump_header (path, 2, 0).pid, (uint64_t) getpid () + 1);
  ck_assert_uint_eq (dump_header (path, 2, 1).pid, (uint64_t) getpid ());
}
END_TEST

static void
dump_twice_and_stop (const void *unused)
{
  (void) unused;
  if (__mip_dump () != -1 || __mip_dump () != -1)
    _exit (3);
}

START_TEST (test_merging_leaves_another_build_alone)
{
  char pattern[PATH_MAX];
  char path[PATH_MAX];
  char name[64];
  char message[PATH_MAX + 200];
  char expected[PATH_MAX + 200];
  unsigned char *before, *after;
  size_t before_size, after_size;
  FILE *file;

  scratch_path (pattern, sizeof pattern, "other-%m.mipraw");
  snprintf (name, sizeof name, "other-%016llx.mipraw",
	    (unsigned long long) EXPECTED_BUILD_ID);
  scratch_path (path, sizeof path, name);
  file = fopen (path, "wb");
  ck_assert_ptr_nonnull (file);
  write_altered_dump (file, 0x1234, 1);
  ck_assert_int_eq (fclose (file), 0);
  before = read_file (path, &before_size);
  set_profile_filename (pattern);
  ck_assert (WIFEXITED (run_child (dump_twice_and_stop, NULL, message,
				   sizeof message)));
  snprintf (expected, sizeof expected,
	    "mip: '%s' holds raw profiles of another build (or is no raw"
	    " profile); left as it is, this profile is not written\n", path);
  ck_assert_str_eq (message, expected);
  after = read_file (path, &after_size);
  ck_assert_uint_eq (after_size, before_size);
  ck_assert_mem_eq (after, before, before_size);
  free (before);
  free (after);
}
END_TEST

/* Without %m: the dumps of this process's other modules stay, those of
   other processes go.  */
START_TEST (test_one_name_keeps_other_modules_of_the_process)
{
  char path[PATH_MAX];
  FILE *file;

  scratch_path (path, sizeof path, "modules.mipraw");
  file = fopen (path, "wb");
  ck_assert_ptr_nonnull (file);
  write_altered_dump (file, 0x1234, (uint64_t) getpid ());
  write_altered_dump (file, 0x5678, (uint64_t) getpid () + 1);
  write_altered_dump (file, EXPECTED_BUILD_ID, (uint64_t) getpid () + 1);
  ck_assert_int_eq (fclose (file), 0);
  set_profile_filename (path);
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_uint_eq (dump_header (path, 2, 0).build_id, 0x1234);
  ck_assert_uint_eq (dump_header (path, 2, 1).build_id, EXPECTED_BUILD_ID);
  ck_assert_uint_eq (dump_header (path, 2, 1).pid, (uint64_t) getpid ());
}
END_TEST

static void
dump_twice_with_bad_pattern (const void *directory)
{
  if (chdir (directory) != 0)
    _exit (3);
  set_profile_filename ("run-%q.mipraw");
  if (__mip_dump () != 0 || __mip_dump () != 0)
    _exit (4);
}

START_TEST (test_bad_pattern_warns_once_and_uses_default)
{
  char directory[PATH_MAX];
  char path[PATH_MAX];
  char message[1000];
  int status;

  make_scratch_subdir (directory, sizeof directory, "bad-pattern");
  status = run_child (dump_twice_with_bad_pattern, directory, message,
		      sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  ck_assert_str_eq (message, "mip: bad file name pattern 'run-%q.mipraw' in"
		    " MIP_PROFILE_FILENAME (known: %p %h %t %m %%); writing"
		    " default.mipraw\n");
  scratch_path (path, sizeof path, "bad-pattern/default.mipraw");
  ck_assert_uint_eq (dump_header (path, 1, 0).pid > 0, 1);
}
END_TEST

/* A child forked while another thread dumps closes its copy of the
   file's lock: once the parent's dump ends, the file is free again for
   everyone, the child included.  */
START_TEST (test_fork_during_a_dump_frees_the_lock)
{
  char path[PATH_MAX];
  int ready[2], status, fd, locked;
  pid_t pid;

  scratch_path (path, sizeof path, "locked.mipraw");
  ck_assert_int_eq (mip_platform_open_locked (path, &fd, &locked), 0);
  ck_assert_int_eq (locked, 1);
  lock_fd = fd;                 /* as during write_dump */
  ck_assert_int_eq (pipe (ready), 0);
  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      char byte;
      int other = open (path, O_RDWR);

      /* The parent's dump ends; then the lock must be free.  */
      if (read (ready[0], &byte, 1) != 1 || other < 0)
	_exit (2);
      _exit (try_lock (other) == 0 ? 0 : 1);
    }
  lock_fd = -1;
  ck_assert_int_eq (close (fd), 0);
  ck_assert_int_eq (write (ready[1], "x", 1), 1);
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  close (ready[0]);
  close (ready[1]);
}
END_TEST

/* ---- Buffer, reset, fork ---------------------------------------------- */

/* ---- Links, FIFOs and yes-or-no variables ---------------------------- */

/* A chain of two symbolic links, the second relative to its own
   directory: the links stay links, the file at the end gets the dump,
   and the temporary file was in its directory (none is left).  */
START_TEST (test_dump_follows_links_to_their_target)
{
  char directory[PATH_MAX], link_path[PATH_MAX], middle[PATH_MAX];
  char target[PATH_MAX];
  unsigned char *data;
  struct stat st;
  size_t size;

  make_scratch_subdir (directory, sizeof directory, "links");
  make_scratch_subdir (directory, sizeof directory, "links/sub");
  scratch_path (link_path, sizeof link_path, "links/first");
  scratch_path (middle, sizeof middle, "links/sub/middle");
  scratch_path (target, sizeof target, "links/sub/target.mipraw");
  ck_assert_int_eq (symlink ("sub/middle", link_path), 0);
  ck_assert_int_eq (symlink ("target.mipraw", middle), 0);
  set_profile_filename (link_path);
  ck_assert_int_eq (__mip_dump (), 0);
  ck_assert_int_eq (lstat (link_path, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
  ck_assert_int_eq (lstat (middle, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
  data = read_file (target, &size);
  check_raw_profile (data, size, (uint64_t) getpid (), 1);
  free (data);
  ck_assert_int_eq (count_temporary_files (directory), 0);
}
END_TEST

/* A link to itself: ELOOP, reported, nothing written.  */
START_TEST (test_dump_reports_a_link_loop)
{
  char path[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];
  struct stat st;

  scratch_path (path, sizeof path, "loop");
  ck_assert_int_eq (symlink ("loop", path), 0);
  run_child (dump_into_missing_directory, path, message, sizeof message);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': Too many levels of symbolic links\n",
	    path);
  ck_assert_str_eq (message, expected);
  ck_assert_int_eq (lstat (path, &st), 0);
  ck_assert (S_ISLNK (st.st_mode));
}
END_TEST

static void
dump_twice (const void *path)
{
  set_profile_filename (path);
  if (__mip_dump () != -1 || __mip_dump () != -1)
    _exit (3);
}

/* A FIFO nobody reads: no wait, "no reader" said once, the FIFO left.  */
START_TEST (test_dump_to_fifo_without_reader)
{
  char path[PATH_MAX];
  char expected[PATH_MAX + 100];
  char message[PATH_MAX + 100];
  struct stat st;
  int status;

  scratch_path (path, sizeof path, "lonely-fifo");
  ck_assert_int_eq (mkfifo (path, 0666), 0);
  status = run_child (dump_twice, path, message, sizeof message);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  snprintf (expected, sizeof expected,
	    "mip: cannot write '%s': no reader\n", path);
  ck_assert_str_eq (message, expected);
  ck_assert_int_eq (lstat (path, &st), 0);
  ck_assert (S_ISFIFO (st.st_mode));
}
END_TEST

/* A reader that goes away while a long write waits: the write fails
   with EPIPE, and the writer is not killed by SIGPIPE, nor left with
   one pending.  */
START_TEST (test_write_in_place_survives_a_reader_that_goes_away)
{
  static unsigned char big[1 << 20];
  const void *pieces[1] = { big };
  size_t sizes[1] = { sizeof big };
  char path[PATH_MAX];
  int ready[2];
  sigset_t pending;
  pid_t reader;
  char byte;

  scratch_path (path, sizeof path, "fifo-reader-leaves");
  ck_assert_int_eq (mkfifo (path, 0666), 0);
  ck_assert_int_eq (pipe (ready), 0);
  reader = fork ();
  ck_assert_int_ge (reader, 0);
  if (reader == 0)
    {
      /* Open, say so, read nothing, leave.  */
      int fd = open (path, O_RDONLY | O_NONBLOCK);
      if (fd < 0 || write (ready[1], "r", 1) != 1)
	_exit (1);
      usleep (200000);
      _exit (0);
    }
  ck_assert_int_eq (read (ready[0], &byte, 1), 1);
  ck_assert_int_eq (mip_platform_write_in_place (path, pieces, sizes, 1),
		    EPIPE);
  ck_assert_int_eq (waitpid (reader, NULL, 0), reader);
  ck_assert_int_eq (sigpending (&pending), 0);
  ck_assert (!sigismember (&pending, SIGPIPE));
  close (ready[0]);
  close (ready[1]);
}
END_TEST

/* A regular file is never written in place: the caller looks again.  */
START_TEST (test_write_in_place_refuses_a_regular_file)
{
  const void *pieces[1] = { "x" };
  size_t sizes[1] = { 1 };
  char path[PATH_MAX];
  unsigned char *data;
  size_t size;

  scratch_path (path, sizeof path, "regular-in-place");
  write_file (path, "kept");
  ck_assert_int_eq (mip_platform_write_in_place (path, pieces, sizes, 1),
		    MIP_KIND_CHANGED);
  data = read_file (path, &size);
  ck_assert_str_eq ((const char *) data, "kept");
  free (data);
}
END_TEST

static void
read_flag_twice (const void *value)
{
  ck_assert_int_eq (setenv ("MIP_TEST_FLAG", value, 1), 0);
  if (mip_env_flag ("MIP_TEST_FLAG") != 0)
    _exit (3);
}

START_TEST (test_env_flag_spellings)
{
  static const char *const yes[] = { "1", "yes", "true", "on", "YES",
				     "True", "oN" };
  static const char *const no[] = { "0", "no", "false", "off", "NO",
				    "False", "OFF", "" };
  static const char *const bad[] = { "2", "y", "yess", "ye", " 1", "1 ",
				     "on!", "maybe" };
  char message[200], expected[200];
  size_t i;

  ck_assert_int_eq (unsetenv ("MIP_TEST_FLAG"), 0);
  ck_assert_int_eq (mip_env_flag ("MIP_TEST_FLAG"), 0);
  for (i = 0; i < sizeof yes / sizeof yes[0]; i++)
    {
      ck_assert_int_eq (setenv ("MIP_TEST_FLAG", yes[i], 1), 0);
      ck_assert_msg (mip_env_flag ("MIP_TEST_FLAG") == 1, "'%s'", yes[i]);
    }
  for (i = 0; i < sizeof no / sizeof no[0]; i++)
    {
      ck_assert_int_eq (setenv ("MIP_TEST_FLAG", no[i], 1), 0);
      ck_assert_msg (mip_env_flag ("MIP_TEST_FLAG") == 0, "'%s'", no[i]);
    }
  ck_assert_int_eq (unsetenv ("MIP_TEST_FLAG"), 0);
  for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      int status = run_child (read_flag_twice, bad[i], message,
			      sizeof message);

      ck_assert (WIFEXITED (status));
      ck_assert_int_eq (WEXITSTATUS (status), 0);
      snprintf (expected, sizeof expected, "mip: bad value '%s' in"
		" MIP_TEST_FLAG (known: 1 yes true on, 0 no false off);"
		" taken as 0\n", bad[i]);
      ck_assert_str_eq (message, expected);
    }
}
END_TEST

START_TEST (test_write_buffer)
{
  unsigned char buffer[DUMP_SIZE + 8];

  ck_assert_uint_eq (__mip_get_size (), DUMP_SIZE);
  ck_assert_int_eq (__mip_write_buffer (buffer, DUMP_SIZE - 1), -1);
  ck_assert_int_eq (__mip_write_buffer (NULL, sizeof buffer), -1);
  ck_assert_int_eq (__mip_write_buffer (buffer, DUMP_SIZE), 0);
  check_raw_profile (buffer, DUMP_SIZE, (uint64_t) getpid (), 1);
}
END_TEST

/* Counters as a run leaves them: coverage stored, counts and orders
   set.  */
static void
run_fake_functions (void)
{
  fake_section.records_a[1] = 0;
  fake_section.records_b[0] = 0xfd;   /* 3 calls, negated */
  fake_section.records_b[4] = 1;      /* first called */
  fake_section.records_b[8] = 0;
  __mip_sequence = 7;
}

START_TEST (test_reset_restores_initial_counters)
{
  run_fake_functions ();
  ck_assert_int_ne (memcmp (&fake_section, &pristine_section,
			    sizeof fake_section), 0);
  ck_assert_int_eq (__mip_reset (), 0);
  ck_assert_mem_eq (&fake_section, &pristine_section, sizeof fake_section);
  ck_assert_uint_eq (__mip_sequence, 0);
}
END_TEST

START_TEST (test_fork_child_starts_from_initial_counters)
{
  int status;
  pid_t pid;

  run_fake_functions ();
  fflush (NULL);
  pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    _exit (memcmp (&fake_section, &pristine_section, sizeof fake_section) == 0
	   && __mip_sequence == 0 ? 0 : 1);
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert (WIFEXITED (status));
  ck_assert_int_eq (WEXITSTATUS (status), 0);
  /* The parent keeps its counts.  */
  ck_assert_uint_eq (fake_section.records_b[0], 0xfd);
  ck_assert_uint_eq (__mip_sequence, 7);
}
END_TEST

/* ---- The order counter ---------------------------------------------- */

START_TEST (test_sequence_counter)
{
  uint32_t before = __atomic_fetch_add (&__mip_sequence, 1, __ATOMIC_RELAXED);
  ck_assert_uint_eq (__mip_sequence, before + 1);
}
END_TEST

/* ---- Driver ---------------------------------------------------------- */

/* Each test may change MIP_PROFILE_FILENAME; put back the pattern for
   the exit-time dump of the test process (in Check's fork mode every
   test runs in a child process that dumps at exit).  */
static void
restore_exit_pattern (void)
{
  setenv (MIP_FILENAME_ENV, exit_pattern, 1);
}

/* Undo a test's changes, for the next test (CK_FORK=no runs them all in
   one process).  */
static void
restore_state (void)
{
  restore_exit_pattern ();
  fake_section = pristine_section;
}

static Suite *
runtime_suite (void)
{
  Suite *suite = suite_create ("runtime");
  TCase *walk = tcase_create ("walk");
  TCase *header = tcase_create ("header");
  TCase *names = tcase_create ("names");
  TCase *dump = tcase_create ("dump");
  TCase *at_exit = tcase_create ("exit");
  TCase *files = tcase_create ("files");
  TCase *process = tcase_create ("process");

  tcase_add_test (walk, test_section_is_the_fake_one);
  tcase_add_test (walk, test_walk_computes_build_id);
  tcase_add_test (walk, test_walk_of_nothing);
  tcase_add_test (walk, test_walk_refuses_unit_smaller_than_header);
  tcase_add_test (walk, test_walk_refuses_size_not_multiple_of_8);
  tcase_add_test (walk, test_walk_refuses_unit_past_section_end);
  tcase_add_test (walk, test_walk_refuses_truncated_unit_header);
  suite_add_tcase (suite, walk);

  tcase_add_test (header, test_header_fields);
  tcase_add_test (header, test_header_flags_walk_failure);
  suite_add_tcase (suite, header);

  tcase_add_checked_fixture (names, NULL, restore_state);
  tcase_add_test (names, test_expand_filename);
  tcase_add_test (names, test_expand_filename_refuses_bad_patterns);
  tcase_add_test (names, test_expand_filename_says_what_does_not_fit);
  tcase_add_test (names, test_pattern_merges_only_with_m);
  tcase_add_test (names, test_put_text_and_numbers);
  tcase_add_test (names, test_filename_pattern_from_environment);
  suite_add_tcase (suite, names);

  tcase_add_checked_fixture (dump, NULL, restore_state);
  tcase_add_test (dump, test_dump_on_demand);
  tcase_add_test (dump, test_dump_replaces_existing_file);
  tcase_add_test (dump, test_dump_expands_pid);
  tcase_add_test (dump, test_dump_preserves_errno);
  tcase_add_test (dump, test_dump_reports_missing_directory);
  tcase_add_test (dump, test_dump_reports_name_too_long);
  tcase_add_test (dump, test_dump_reports_permission_denied);
  tcase_add_test (dump, test_dump_failed_rename_leaves_nothing);
  tcase_add_test (dump, test_dump_of_empty_section_is_silent);
  tcase_add_test (dump, test_dump_of_broken_units_warns_once);
  suite_add_tcase (suite, dump);

  tcase_add_checked_fixture (at_exit, NULL, restore_state);
  tcase_add_test (at_exit, test_exit_writes_profile);
  tcase_add_test (at_exit, test_return_from_main_writes_profile);
  tcase_add_test (at_exit, test_exit_failure_keeps_exit_status);
  tcase_add_test (at_exit, test_exit_uses_default_name);
  tcase_add_test (at_exit, test_sequence_counter);
  suite_add_tcase (suite, at_exit);

  tcase_add_checked_fixture (files, NULL, restore_state);
  tcase_add_test (files, test_merging_keeps_every_process);
  tcase_add_test (files, test_merging_leaves_another_build_alone);
  tcase_add_test (files, test_merging_drops_a_cut_dump);
  tcase_add_test (files, test_one_name_keeps_other_modules_of_the_process);
  tcase_add_test (files, test_bad_pattern_warns_once_and_uses_default);
  tcase_add_test (files, test_dump_follows_links_to_their_target);
  tcase_add_test (files, test_dump_reports_a_link_loop);
  tcase_add_test (files, test_dump_to_fifo_without_reader);
  tcase_add_test (files, test_write_in_place_survives_a_reader_that_goes_away);
  tcase_add_test (files, test_write_in_place_refuses_a_regular_file);
  tcase_add_test (files, test_env_flag_spellings);
  suite_add_tcase (suite, files);

  tcase_add_checked_fixture (process, NULL, restore_state);
  tcase_add_test (process, test_write_buffer);
  tcase_add_test (process, test_reset_restores_initial_counters);
  tcase_add_test (process, test_fork_child_starts_from_initial_counters);
  tcase_add_test (process, test_fork_during_a_dump_frees_the_lock);
  suite_add_tcase (suite, process);
  return suite;
}

static int
remove_entry (const char *path, const struct stat *st, int type,
	      struct FTW *ftw)
{
  (void) st;
  (void) type;
  (void) ftw;
  chmod (path, 0755);
  return remove (path);
}

/* Make the scratch directory in the current directory, with an absolute
   name, so that children that change directory still find it.  */
static void
make_scratch_dir (void)
{
  char name[] = "check-runtime-tmp.XXXXXX";

  if (mkdtemp (name) == NULL || realpath (name, scratch_dir) == NULL)
    {
      perror ("check_runtime: cannot create a scratch directory");
      exit (EXIT_FAILURE);
    }
  snprintf (exit_pattern, sizeof exit_pattern, "%s/exit-%%p.mipraw",
	    scratch_dir);
}

int
main (int argc, char **argv)
{
  SRunner *runner;
  int failed;

  /* Run by test_return_from_main_writes_profile: touch the data and
     return, the profile is written after main.  */
  if (argc == 2 && strcmp (argv[1], RETURN_FROM_MAIN_ARG) == 0)
    {
      fake_section.records_a[2] = MIP_COVERAGE_SET;
      return RETURN_FROM_MAIN_STATUS;
    }
  program_path = argv[0];
  pristine_section = fake_section;
  make_scratch_dir ();
  restore_exit_pattern ();
  runner = srunner_create (runtime_suite ());
  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  nftw (scratch_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  /* _exit, not exit: this process's own exit-time dump would go into
     the scratch directory just removed.  */
  fflush (NULL);
  _exit (failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
}

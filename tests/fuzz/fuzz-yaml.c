/* fuzz-yaml.c - fuzz harness of mipdata import, the reader of profiles
   written by hand in YAML (yaml-reader.c, cmd-import.c).

   The input is parsed by yaml_parse, then given to 'mipdata import' as a
   file in a temporary directory; a profile import writes must read back
   (mip_profile_read_file).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _GNU_SOURCE 1

#include "fuzz.h"

#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mip-profile.h"
#include "mipdata.h"
#include "yaml-reader.h"

static char directory[4096];
static char input_path[4200];   /* DIRECTORY/input.yaml */
static char output_path[4200];  /* DIRECTORY/output.mip */

static void
remove_directory (void)
{
  unlink (input_path);
  unlink (output_path);
  rmdir (directory);
}

static void
set_up (void)
{
  const char *tmp = getenv ("TMPDIR");

  if (directory[0])
    return;
  snprintf (directory, sizeof directory, "%s/mip-fuzz-yaml.XXXXXX",
	    tmp && tmp[0] ? tmp : "/tmp");
  if (!mkdtemp (directory))
    fuzz_fail ("cannot create a temporary directory '%s'", directory);
  snprintf (input_path, sizeof input_path, "%s/input.yaml", directory);
  snprintf (output_path, sizeof output_path, "%s/output.mip", directory);
  atexit (remove_directory);
}

static void
write_input (const uint8_t *data, size_t size)
{
  int fd = open (input_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  size_t done = 0;

  if (fd < 0)
    fuzz_fail ("cannot create '%s'", input_path);
  while (done < size)
    {
      ssize_t written = write (fd, data + done, size - done);
      if (written <= 0)
	fuzz_fail ("cannot write '%s'", input_path);
      done += (size_t) written;
    }
  close (fd);
}

/* The number of nodes of the tree at NODE, each one visited.  */
static uint64_t
count_nodes (const struct yaml_node *node)
{
  uint64_t nodes = 1;
  size_t i;

  if (node->kind == YAML_SCALAR && !node->text)
    fuzz_fail ("a scalar without text at line %d", node->line);
  for (i = 0; i < node->count; i++)
    nodes += count_nodes (node->items[i]);
  return nodes;
}

/* Run 'mipdata import -f -o OUTPUT INPUT'; its exit status.  */
static int
run_import (void)
{
  char *argv[] = { (char *) "import", (char *) "-f", (char *) "-o",
		   output_path, input_path, NULL };

  optind = 0;                   /* glibc: start getopt afresh */
  return cmd_import (5, argv);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct yaml_node *root;
  char message[512] = "";
  int line = 0, status;
  uint64_t nodes = 0;
  bool parsed;

  set_up ();
  root = yaml_parse ((const char *) data, size, &line, message,
		     sizeof message);
  parsed = root != NULL;
  if (parsed)
    {
      nodes = count_nodes (root);
      yaml_free (root);
    }
  else if (!message[0] || strchr (message, '\n'))
    fuzz_fail ("a refusal at line %d without a one-line message", line);
  write_input (data, size);
  unlink (output_path);
  status = run_import ();
  if (status != MIPDATA_EXIT_OK)
    {
      if (access (output_path, F_OK) == 0)
	fuzz_fail ("a refused import wrote a profile");
      if (parsed)
	fuzz_say ("YAML of %" PRIu64 " nodes; import refused", nodes);
      else
	fuzz_say ("line %d: %s", line, message);
      return 0;
    }
  mip_error_clear (&error);
  if (mip_profile_read_file (output_path, &profile, &error) != MIP_OK)
    fuzz_fail ("the profile import wrote does not read back: %s",
	       mip_error_format (&error, message, sizeof message));
  fuzz_say ("ok: %" PRIu32 " runs, %" PRIu32 " functions, %" PRIu32
	    " blocks", profile->header.runs, profile->header.function_count,
	    profile->header.block_count);
  mip_profile_free (profile);
  return 0;
}

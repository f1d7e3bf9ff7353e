/* mipdata.c - the mipdata command: create, merge and show MIP profiles.

   Like git, mipdata is a table of subcommands; each lives in its own file
   (cmd-create.c, cmd-merge.c, cmd-show.c, cmd-callgraph.c, cmd-info.c,
   cmd-order.c, cmd-export.c, cmd-import.c,
   cmd-annotate.c)
   and parses its own options.
   This file dispatches and holds the message helpers they share.  Exit
   status: 0 success, 1 bad input or I/O error, 2 bad command line.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "mipdata.h"
#include "demangle.h"
#include "mip-reader.h"

#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

struct command
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *help;
};

static const struct command commands[] = {
  { "create", cmd_create,
    "create an empty profile from a binary or a dumped map" },
  { "merge", cmd_merge, "add raw profiles (.mipraw) to a profile" },
  { "show", cmd_show, "print the functions of a profile" },
  { "callgraph", cmd_callgraph, "print the calls the runs observed" },
  { "info", cmd_info, "print a summary of a profile" },
  { "order", cmd_order, "print a function ordering file for lld or gold" },
  { "export", cmd_export, "write the coverage as an lcov tracefile" },
  { "import", cmd_import, "make a profile from a YAML description" },
  { "annotate", cmd_annotate, "print source files marked with what ran" },
  { "diff", cmd_diff, "print the coverage of a change against a baseline" },
  { "heap", cmd_heap, "print where the heap goes, by allocation site" },
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

int
mipdata_profile_options (const char *command, int argc, char **argv,
			 void (*print_help) (void), const char **profile_path)
{
  static const struct option options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  int option;

  *profile_path = NULL;
  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:h", options, NULL)) != -1)
    switch (option)
      {
      case 'p':
	*profile_path = optarg;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option (command, option, argv);
      }
  return -1;
}

/* True when PATH names a profile: it ends in .mip, or it is a file
   that starts with the magic of a profile.  */
static bool
names_profile (const char *path)
{
  size_t length = strlen (path);
  unsigned char start[64];
  struct mip_magic_info magic;
  struct stat status;
  size_t size;
  FILE *file;

  if (length > 4 && strcmp (path + length - 4, ".mip") == 0)
    return true;
  if (stat (path, &status) != 0 || !S_ISREG (status.st_mode))
    return false;
  file = fopen (path, "rb");
  if (!file)
    return false;
  size = fread (start, 1, sizeof start, file);
  fclose (file);
  return mip_detect_magic (start, size, &magic)
	 && magic.kind == MIP_MAGIC_KIND (MIP_MAGIC_PROFILE);
}

char *
mipdata_profile_operand (int argc, char **argv)
{
  if (optind >= argc || !names_profile (argv[optind]))
    return NULL;
  return argv[optind++];
}

int
mipdata_need_profile (const char *command, const char **profile_path,
		      int argc, char **argv)
{
  if (!*profile_path && argv != NULL)
    *profile_path = mipdata_profile_operand (argc, argv);
  if (!*profile_path)
    return mipdata_usage_error (command, "no profile given (-p PROFILE)");
  if (argv != NULL && optind < argc)
    return mipdata_usage_error (command, "unexpected argument '%s'",
				argv[optind]);
  return -1;
}

static void
print_usage (FILE *out)
{
  size_t i;
  fprintf (out,
	   "usage: mipdata COMMAND [OPTIONS] [FILES]\n"
	   "       mipdata --help | --version\n"
	   "\n"
	   "Create, merge and show Machine IR Profiles (MIP) of programs\n"
	   "built with the GCC plugin mip (-fplugin=mip).\n"
	   "\n"
	   "Commands:\n");
  for (i = 0; i < COMMAND_COUNT; i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].help);
  fprintf (out,
	   "\n"
	   "Run 'mipdata COMMAND --help' for the options of a command.\n"
	   "\n"
	   "Typical use:\n"
	   "  mipdata create -p default.mip app\n"
	   "  mipdata merge -p default.mip default.mipraw\n"
	   "  mipdata show -p default.mip --debug app\n"
	   "  mipdata callgraph -p default.mip --dot > calls.dot\n"
	   "  mipdata export -p default.mip --debug app -o app.info\n");
}

static const struct command *
find_command (const char *name)
{
  size_t i;
  for (i = 0; i < COMMAND_COUNT; i++)
    if (strcmp (commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}

/* The edit distance between A and B: insertions, deletions,
   substitutions and swaps of two neighbours, each counting one.  */
static size_t
edit_distance (const char *a, const char *b)
{
  size_t a_length = strlen (a), b_length = strlen (b), i, j;
  size_t rows[3][32], *before, *previous, *current;

  if (a_length >= 32 || b_length >= 32)
    return (size_t) -1;
  before = rows[0];
  previous = rows[1];
  current = rows[2];
  for (j = 0; j <= b_length; j++)
    previous[j] = j;
  for (i = 1; i <= a_length; i++)
    {
      size_t *spare;
      current[0] = i;
      for (j = 1; j <= b_length; j++)
	{
	  size_t best = previous[j - 1] + (a[i - 1] != b[j - 1]);
	  if (previous[j] + 1 < best)
	    best = previous[j] + 1;
	  if (current[j - 1] + 1 < best)
	    best = current[j - 1] + 1;
	  if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
	      && before[j - 2] + 1 < best)
	    best = before[j - 2] + 1;
	  current[j] = best;
	}
      spare = before;
      before = previous;
      previous = current;
      current = spare;
    }
  return previous[b_length];
}

/* An unknown command NAME: suggest the commands nearest to it, as git
   does, when they are near enough to be a typing slip.  */
static int
unknown_command (const char *name)
{
  size_t best = (size_t) -1, i, length = strlen (name);
  size_t limit = length < 4 ? 1 : 2;
  const char *nearest = NULL;

  for (i = 0; i < COMMAND_COUNT; i++)
    {
      size_t distance = edit_distance (name, commands[i].name);
      if (distance < best)
	{
	  best = distance;
	  nearest = commands[i].name;
	}
    }
  if (nearest && best <= limit)
    return mipdata_usage_error (NULL, "unknown command '%s'; did you mean"
				" '%s'?", name, nearest);
  return mipdata_usage_error (NULL, "'%s' is not a mipdata command", name);
}

/* "mipdata help [COMMAND]", as git has it.  */
static int
run_help (int argc, char **argv)
{
  const struct command *command;
  char *help_argv[3];

  if (argc < 3)
    {
      print_usage (stdout);
      return MIPDATA_EXIT_OK;
    }
  command = find_command (argv[2]);
  if (!command)
    return unknown_command (argv[2]);
  help_argv[0] = argv[2];
  help_argv[1] = (char *) "--help";
  help_argv[2] = NULL;
  return command->run (2, help_argv);
}

int
main (int argc, char **argv)
{
  const struct command *command;
  const char *name;
  int status;

  if (argc < 2)
    {
      print_usage (stderr);
      return MIPDATA_EXIT_USAGE;
    }
  name = argv[1];
  if (strcmp (name, "--help") == 0 || strcmp (name, "-h") == 0)
    {
      print_usage (stdout);
      return MIPDATA_EXIT_OK;
    }
  if (strcmp (name, "--version") == 0 || strcmp (name, "-V") == 0)
    {
      printf ("mipdata (MIP for GCC) %s\n", PACKAGE_VERSION);
      return MIPDATA_EXIT_OK;
    }
  if (strcmp (name, "help") == 0)
    return run_help (argc, argv);
  if (name[0] == '-')
    return mipdata_usage_error (NULL, "unknown option '%s'", name);
  command = find_command (name);
  if (!command)
    return unknown_command (name);
  status = command->run (argc - 1, argv + 1);
  mipdata_display_names_free ();
  return status;
}

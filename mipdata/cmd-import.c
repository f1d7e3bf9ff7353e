/* cmd-import.c - mipdata import: a profile from YAML, written by hand or
   by mipdata show --yaml, so that a test can say "this function never
   ran, that one first" without building or running anything:

     target: { pointer-size: 8, endian: little }
     runs: 1
     functions:
       - { name: main, covered: 1, order: 1 }
       - name: parse
         signature: 0x9f3c2a0d5e6b7c81     # absent: any CFG matches
         covered: 1
         calls: 12
         order: 2
         blocks:
           - { id: 3, covered: 0 }
           - { id: 4, covered: 1, count: 40 }   # block-count mode
       - { name: usage, covered: 0 }

   The schema is specified in doc/format.md.  Any error names the file,
   the line and the problem, and writes nothing.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mip-file.h"
#include "mip-profile.h"
#include "yaml-reader.h"

static void
print_help (void)
{
  printf ("usage: mipdata import [-f] -o PROFILE FILE.yaml\n"
	  "\n"
	  "Make the profile PROFILE from the YAML description FILE.yaml,\n"
	  "written by hand or by 'mipdata show --yaml': the target, the\n"
	  "number of runs and, per function by symbol, its CFG signature\n"
	  "(absent: any), the runs in which it ran, its call count, its\n"
	  "first-call order and which of its blocks ran.  The profile\n"
	  "describes no binary: -fplugin-arg-mip-use and mipdata show,\n"
	  "info and order read it; raw profiles cannot be merged into it.\n"
	  "\n"
	  "A PROFILE that exists is replaced when it was imported too or holds\n"
	  "no runs; a profile of a program with merged runs, or a file that\n"
	  "is no profile, only with --force.\n"
	  "\n"
	  "Options:\n"
	  "  -o, --output=PROFILE   the profile to write\n"
	  "  -f, --force            replace PROFILE whatever it is\n"
	  "  -h, --help             print this help and exit\n");
}

/* What the schema walk works with.  */
struct importer
{
  const char *path;
  bool failed;
  uint32_t runs;
  struct mip_imported_function *functions;
  uint32_t function_count;
  struct mip_imported_block *blocks;    /* all functions' */
  uint32_t block_count;
};

/* "mipdata: 'FILE':LINE: PROBLEM", once.  */
static bool
schema_error (struct importer *importer, const struct yaml_node *node,
	      const char *format, ...)
{
  char message[512];
  va_list args;

  if (importer->failed)
    return false;
  importer->failed = true;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  mipdata_error ("'%s':%d: %s", importer->path, node->line, message);
  return false;
}

/* Refuse any member of MAPPING that is not in the null-terminated list
   KNOWN, naming WHAT it is.  */
static bool
check_keys (struct importer *importer, const struct yaml_node *mapping,
	    const char *what, const char *const *known)
{
  size_t i, k;

  for (i = 0; i < mapping->count; i++)
    {
      const char *key = mapping->items[i]->key;
      for (k = 0; known[k] && strcmp (known[k], key) != 0; k++)
	;
      if (!known[k])
	return schema_error (importer, mapping->items[i],
			     "unknown key '%s' in %s", key, what);
    }
  return true;
}

/* The member KEY of MAPPING as an unsigned number no larger than MAX,
   decimal or 0x hexadecimal (only hexadecimal when HEX).  Absent: false
   without an error, *VALUE untouched.  */
static bool
read_number (struct importer *importer, const struct yaml_node *mapping,
	     const char *key, uint64_t max, bool hex, uint64_t *value)
{
  const struct yaml_node *node = yaml_member (mapping, key);
  const char *text;
  uint64_t number = 0;
  int base = 10;

  if (!node)
    return false;
  text = node->text;
  if (node->kind == YAML_SCALAR && strncmp (text, "0x", 2) == 0)
    base = 16, text += 2;
  if (node->kind != YAML_SCALAR || !*text || (hex && base != 16))
    return schema_error (importer, node, hex ? "'%s' must be a hexadecimal"
			 " number (0x...)" : "'%s' must be a number", key);
  for (; *text; text++)
    {
      int digit = (*text >= '0' && *text <= '9') ? *text - '0'
	: (base == 16 && *text >= 'a' && *text <= 'f') ? *text - 'a' + 10
	: (base == 16 && *text >= 'A' && *text <= 'F') ? *text - 'A' + 10
	: -1;
      if (digit < 0)
	return schema_error (importer, node, "'%s' must be a number", key);
      if (number > (max - digit) / base)
	return schema_error (importer, node, "'%s' is larger than %" PRIu64,
			     key, max);
      number = number * base + digit;
    }
  *value = number;
  return true;
}

/* A count of runs (function or block coverage): at most the profile's
   runs.  */
static bool
read_runs (struct importer *importer, const struct yaml_node *mapping,
	   const char *key, uint32_t *runs)
{
  uint64_t value;
  if (!read_number (importer, mapping, key, UINT32_MAX, false, &value))
    return false;
  if (value > importer->runs)
    return schema_error (importer, yaml_member (mapping, key),
			 "'%s' is %" PRIu64 ", more than the %" PRIu32
			 " runs of the profile", key, value, importer->runs);
  *runs = (uint32_t) value;
  return true;
}

static bool
read_target (struct importer *importer, const struct yaml_node *root,
	     unsigned *pointer_size, bool *big_endian)
{
  static const char *const known[] = { "pointer-size", "endian", NULL };
  const struct yaml_node *target = yaml_member (root, "target");
  const struct yaml_node *endian;
  uint64_t size;

  if (!target || target->kind != YAML_MAPPING)
    return schema_error (importer, target ? target : root, "'target' must"
			 " be given as { pointer-size: 8, endian: little }");
  if (!check_keys (importer, target, "'target'", known))
    return false;
  if (!read_number (importer, target, "pointer-size", 8, false, &size)
      || (size != 4 && size != 8))
    return schema_error (importer, target, "'pointer-size' must be 4 or 8");
  endian = yaml_member (target, "endian");
  if (!endian || endian->kind != YAML_SCALAR
      || (strcmp (endian->text, "little") && strcmp (endian->text, "big")))
    return schema_error (importer, endian ? endian : target,
			 "'endian' must be little or big");
  *pointer_size = (unsigned) size;
  *big_endian = strcmp (endian->text, "big") == 0;
  return true;
}

/* The blocks of FUNCTION (a sequence NODE) into importer->blocks.  */
static bool
read_blocks (struct importer *importer, const struct yaml_node *node,
	     struct mip_imported_function *function)
{
  static const char *const known[] = { "id", "covered", "count", NULL };
  size_t i;

  if (node->kind != YAML_SEQUENCE)
    return schema_error (importer, node, "'blocks' must be a list of"
			 " { id: N, covered: N }");
  function->block_count = 0;
  for (i = 0; i < node->count; i++)
    {
      const struct yaml_node *entry = node->items[i];
      struct mip_imported_block *block = &importer->blocks
	[importer->block_count];
      uint64_t id;

      if (entry->kind != YAML_MAPPING)
	return schema_error (importer, entry, "a block must be"
			     " { id: N, covered: N }");
      if (!check_keys (importer, entry, "a block", known))
	return false;
      if (!read_number (importer, entry, "id", UINT32_MAX, false, &id))
	return schema_error (importer, entry, "a block needs an 'id'");
      if (id == 0)
	return schema_error (importer, entry, "'id' must be at least 1");
      block->id = (uint32_t) id;
      block->covered_runs = 0;
      if (!read_runs (importer, entry, "covered", &block->covered_runs)
	  && importer->failed)
	return false;
      block->has_count = read_number (importer, entry, "count",
				      UINT64_MAX - 1, false, &block->count);
      if (importer->failed)
	return false;
      if (block->has_count && (block->count == 0) != (block->covered_runs
						       == 0))
	return schema_error (importer, entry, "a block with 'count' %s must"
			     " have 'covered' %s",
			     block->count ? "above 0" : "0",
			     block->count ? "above 0" : "0");
      importer->block_count++;
      function->block_count++;
    }
  return true;
}

static bool
read_function (struct importer *importer, const struct yaml_node *node,
	       struct mip_imported_function *function)
{
  static const char *const known[] = { "name", "signature",
				       "ipa-signature", "covered", "calls",
				       "order", "blocks", NULL };
  const struct yaml_node *name = yaml_member (node, "name");
  const struct yaml_node *blocks;

  memset (function, 0, sizeof *function);
  if (node->kind != YAML_MAPPING)
    return schema_error (importer, node, "a function must be a mapping"
			 " with at least a 'name'");
  if (!check_keys (importer, node, "a function", known))
    return false;
  if (!name || name->kind != YAML_SCALAR || !name->text[0])
    return schema_error (importer, name ? name : node,
			 "a function needs a 'name' (its symbol)");
  function->name = name->text;
  read_number (importer, node, "signature", UINT64_MAX, true,
	       &function->cfg_signature);
  uint64_t ipa_signature = 0;
  read_number (importer, node, "ipa-signature", UINT32_MAX, true,
	       &ipa_signature);
  function->ipa_signature = (uint32_t) ipa_signature;
  read_runs (importer, node, "covered", &function->covered_runs);
  function->has_call_count
    = read_number (importer, node, "calls", UINT64_MAX, false,
		   &function->call_count);
  read_number (importer, node, "order", UINT64_MAX, false, &function->order);
  if (importer->failed)
    return false;
  if ((function->order || function->call_count)
      && function->covered_runs == 0)
    return schema_error (importer, node, "'%s' has %s but 'covered' is 0"
			 " (it never ran)", function->name,
			 function->order ? "an 'order'" : "'calls'");
  function->blocks = importer->blocks + importer->block_count;
  blocks = yaml_member (node, "blocks");
  return !blocks || blocks->kind == YAML_NULL
    || read_blocks (importer, blocks, function);
}

/* The number of block entries under FUNCTIONS, to size the table.  */
static size_t
count_blocks (const struct yaml_node *functions)
{
  size_t total = 0, i;
  for (i = 0; i < functions->count; i++)
    {
      const struct yaml_node *blocks = yaml_member (functions->items[i],
						    "blocks");
      if (blocks)
	total += blocks->count;
    }
  return total;
}

static bool
read_functions (struct importer *importer, const struct yaml_node *root)
{
  const struct yaml_node *functions = yaml_member (root, "functions");
  size_t i;

  if (!functions)
    return schema_error (importer, root, "no 'functions' list");
  if (functions->kind == YAML_NULL)
    return true;
  if (functions->kind != YAML_SEQUENCE)
    return schema_error (importer, functions, "'functions' must be a list");
  if (functions->count > UINT32_MAX || count_blocks (functions) > UINT32_MAX)
    return schema_error (importer, functions, "too many functions or"
			 " blocks");
  importer->functions = calloc (functions->count + 1,
				sizeof *importer->functions);
  importer->blocks = calloc (count_blocks (functions) + 1,
			     sizeof *importer->blocks);
  if (!importer->functions || !importer->blocks)
    return schema_error (importer, functions, "out of memory");
  for (i = 0; i < functions->count; i++)
    {
      if (!read_function (importer, functions->items[i],
			  &importer->functions[i]))
	return false;
      importer->function_count++;
    }
  return true;
}

/* Walk ROOT and build the profile.  */
static struct mip_profile *
import_tree (struct importer *importer, const struct yaml_node *root)
{
  static const char *const known[] = { "target", "runs", "functions",
				       NULL };
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  unsigned pointer_size = 8;
  bool big_endian = false;
  uint64_t runs = 1;

  if (root->kind != YAML_MAPPING)
    {
      schema_error (importer, root, "a profile is a mapping with 'target',"
		    " 'runs' and 'functions'");
      return NULL;
    }
  if (!check_keys (importer, root, "the profile", known)
      || !read_target (importer, root, &pointer_size, &big_endian))
    return NULL;
  read_number (importer, root, "runs", UINT32_MAX, false, &runs);
  importer->runs = (uint32_t) runs;
  if (importer->failed || !read_functions (importer, root))
    return NULL;
  mip_error_clear (&error);
  if (mip_profile_build (pointer_size, big_endian, importer->runs,
			 importer->functions, importer->function_count,
			 &profile, &error) != MIP_OK)
    {
      snprintf (error.file, sizeof error.file, "%s", importer->path);
      mipdata_report (&error);
      return NULL;
    }
  return profile;
}

/* Whether OUTPUT may be replaced: it does not exist, or is an imported
   profile or one without runs; else say why not (the merged runs of a
   program's profile would be lost, or it is another file, such as the
   YAML itself given by mistake).  */
static bool
may_replace (const char *output)
{
  struct mip_error_context error;
  struct mip_profile *existing = NULL;
  struct stat st;
  bool replace;

  if (stat (output, &st) != 0 && errno == ENOENT)
    return true;
  mip_error_clear (&error);
  if (mip_profile_read_file (output, &existing, &error) != MIP_OK)
    {
      mipdata_error ("'%s' exists and is not a profile: not replaced; use"
		     " --force to replace it", output);
      return false;
    }
  replace = mip_profile_is_imported (existing) || existing->header.runs == 0;
  if (!replace)
    mipdata_error ("'%s' is the profile of a program with %" PRIu32
		   " merged run%s, which importing would lose: not replaced;"
		   " use --force to replace it", output,
		   existing->header.runs, existing->header.runs == 1 ? ""
		   : "s");
  mip_profile_free (existing);
  return replace;
}

static int
import (const char *input, const char *output, bool force)
{
  struct mip_error_context error;
  struct importer importer;
  unsigned char *text;
  size_t size;
  struct yaml_node *root;
  struct mip_profile *profile;
  char message[512];
  int line = 0, status = MIPDATA_EXIT_FAILURE;

  mip_error_clear (&error);
  if (mip_read_file (input, &text, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  root = yaml_parse ((const char *) text, size, &line, message,
		     sizeof message);
  if (!root)
    {
      mipdata_error ("'%s':%d: %s", input, line, message);
      free (text);
      return MIPDATA_EXIT_FAILURE;
    }
  memset (&importer, 0, sizeof importer);
  importer.path = input;
  profile = import_tree (&importer, root);
  if (profile && (force || may_replace (output)))
    {
      if (mip_profile_write_file (profile, output, &error) == MIP_OK)
	status = MIPDATA_EXIT_OK;
      else
	mipdata_report (&error);
    }
  mip_profile_free (profile);
  free (importer.functions);
  free (importer.blocks);
  yaml_free (root);
  free (text);
  return status;
}

int
cmd_import (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "output", required_argument, NULL, 'o' },
    { "force", no_argument, NULL, 'f' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char *output = NULL;
  bool force = false;
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":o:fh", long_options, NULL))
	 != -1)
    switch (option)
      {
      case 'o':
	output = optarg;
	break;
      case 'f':
	force = true;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("import", option, argv);
      }
  if (!output)
    return mipdata_usage_error ("import", "no profile to write given"
				" (-o PROFILE)");
  if (optind >= argc)
    return mipdata_usage_error ("import", "no YAML file given");
  if (optind + 1 < argc)
    return mipdata_usage_error ("import", "unexpected argument '%s'",
				argv[optind + 1]);
  return import (argv[optind], output, force);
}

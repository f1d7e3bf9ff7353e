/* cmd-show.c - mipdata show: print the functions of a profile.

   One entry per kept function (discarded copies and aliases of comdat
   functions are folded away), in profile order or sorted:

     GNU Build ID: 3bf945eac43b...            (when the profile knows it)
     main
       Source Info: examples/demo/main.c:12     (with --debug)
       Covered: yes
       Call Count: 1                          (when counted)
       Order: 1                               (when stamped and called)
       Block Coverage: 4 of 5 covered         (when recorded)
         covered: 1 2 4 5                     (block ids, as in --json
         not covered: 3                        and --yaml)
       Callers:                               (when recorded)
         main+0x1f (12 samples, about 3072 calls)
         main+0x4b
         <outside the profiled functions> at 0x1c6a

   Then, when the profile has value sites (a block-count build made
   with -g, lib/mip-ipa.h), one line per site record, of the early
   functions whose name matches --regex:

     Value Sites:
       copy_bytes, site 0, memcpy size: 64 (12), 32 (2); 20 calls, average 50.4
       fill, site 0, memset size: no value; no calls

   the values the runs' candidates took (mip-format.h) with the sum of
   their counts, a lower bound of the times the operand took each, most
   counted first (of equal counts, the smaller value first), then the
   times the record ran and the operand's average over them (one
   decimal, rounded to nearest, half up).  Copies of
   a statement (GCC inlined or unrolled it) have a record each, listed
   one after the other with the same function and site.

   A caller is named with the offset of its call's return address in
   it, so that two call sites of one function stay apart (perf and
   addr2line write code addresses so).  A caller with samples (x86-64
   full mode: one every MIP_CALLER_SAMPLE_PERIOD calls) shows them and
   the calls they stand for; the first caller of each run is listed
   without.  With --debug the blocks come one per line, in source order,
   with the lines their code comes from ("main.c:14-15: not covered"),
   and each caller with the line of its call.
   With --json, one JSON object whose "functions" array has one function
   object per line, and then, with value sites, a "value_sites" array.
   With --yaml, the profile in the YAML schema of mipdata import
   (doc/format.md): what profile use reads, so that importing it gives
   a profile the plugin applies the same way; the schema has neither
   the early functions nor the value sites.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "json-out.h"
#include "mip-ipa.h"
#include "mip-lookup.h"
#include "mip-edges.h"
#include "mip-profile.h"
#include "mip-reader.h"

enum sort_key { SORT_PROFILE, SORT_ORDER, SORT_COUNT, SORT_NAME };

struct show_options
{
  const char *profile_path;
  const char *debug_path;
  const char *regex;
  bool json;
  bool yaml;
  enum sort_key sort;
};

/* What show works with.  */
struct show_context
{
  const struct mip_profile *profile;
  const struct show_options *options;
  struct mipdata_debug_info *debug;     /* NULL without --debug */
  struct mip_address_index *addresses;  /* names the callers */
};

/* Blocks per line of the compact block coverage.  */

/* What is printed about one function.  */
struct function_view
{
  const char *name;
  bool covered;
  bool has_count;
  uint64_t count;
  uint64_t order;               /* 0: none */
  uint64_t cfg_signature;
  const char *file;             /* NULL: unknown */
  int line;
};

static void
print_help (void)
{
  printf ("usage: mipdata show -p PROFILE [--debug BINARY] [--regex RE]\n"
	  "                    [--sort KEY] [--json | --yaml] [--no-demangle]\n"
	  "                    [--debug-file-directory=DIR]\n"
	  "\n"
	  "Print the GNU build id of the profiled binary (when known), then\n"
	  "each function of PROFILE: whether it ran, its call count,\n"
	  "its average first-call order, which of its blocks ran and who\n"
	  "called it, when they were recorded; then, for a block-count\n"
	  "profile, its value sites: the sizes of memcpy, memset and the\n"
	  "like that each record's runs saw most, with their counts, and\n"
	  "the calls and their average size.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to print\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     add source locations from the DWARF of\n"
	  "                         BINARY (the profiled binary, or its\n"
	  "                         separate debug file, found as GDB does\n"
	  "                         and through debuginfod), and list\n"
	  "                         the blocks one per line\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -r, --regex=RE         only functions whose name (the symbol or\n"
	  "                         the demangled name) matches the POSIX\n"
	  "                         extended regular expression RE\n"
	  "  -s, --sort=KEY         profile (default), order (first called\n"
	  "                         first), count (most called first), name\n"
	  "  -j, --json             print one JSON object\n"
	  "  -y, --yaml             print the profile as YAML, which mipdata\n"
	  "                         import reads back (no --debug)\n"
	  "      --no-demangle      show C++ functions by their symbols (the\n"
	  "                         text shows them demangled; --json and\n"
	  "                         --yaml always give the symbols)\n"
	  "  -h, --help             print this help and exit\n");
}

/* ---- Choosing and ordering the functions ----------------------------- */

static const struct mip_profile *sorted_profile;
static enum sort_key sorted_key;

static int
compare_functions (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  const struct mip_profile *p = sorted_profile;
  int result = 0;

  if (sorted_key == SORT_ORDER)
    {
      uint64_t ox = mip_profile_function_order (p, x);
      uint64_t oy = mip_profile_function_order (p, y);
      if (ox != oy)
	result = ox == 0 ? 1 : oy == 0 ? -1 : ox < oy ? -1 : 1;
    }
  else if (sorted_key == SORT_COUNT)
    {
      uint64_t cx = p->functions[x].call_count;
      uint64_t cy = p->functions[y].call_count;
      if (cx != cy)
	result = cx > cy ? -1 : 1;
    }
  else if (sorted_key == SORT_NAME)
    result = strcmp (mip_profile_function_name (p, x),
		     mip_profile_function_name (p, y));
  if (result == 0 && x != y)
    result = x < y ? -1 : 1;
  return result;
}

/* Sorting by a key no shown function records (the coverage modes record
   no count and no order) leaves the profile's order: say so.  */
static void
warn_unsorted_key (const struct mip_profile *profile, enum sort_key key,
		   const uint32_t *selected, uint32_t count)
{
  uint32_t wanted, i;
  const char *what;

  if (key == SORT_COUNT)
    wanted = MIP_KIND_CALL_COUNT, what = "call counts";
  else if (key == SORT_ORDER)
    wanted = MIP_KIND_ORDER, what = "first-call orders";
  else
    return;
  for (i = 0; i < count; i++)
    if (mip_profile_function_kinds (profile, selected[i]) & wanted)
      return;
  if (count > 0)
    mipdata_warning ("no function shown records %s (the profile's mode"
		     " does not): --sort %s leaves them in profile order",
		     what, key == SORT_COUNT ? "count" : "order");
}

/* Whether the symbol NAME, or the name the text shows for it, matches
   PATTERN.  */
static bool
name_matches (const regex_t *pattern, const char *name)
{
  const char *shown = mipdata_display_name (name);

  return regexec (pattern, name, 0, NULL, 0) == 0
	 || (shown != name && regexec (pattern, shown, 0, NULL, 0) == 0);
}

/* The indexes of the functions to show, in the order to show them.  */
static int
select_functions (const struct mip_profile *profile,
		  const struct show_options *options, uint32_t **selected,
		  uint32_t *count)
{
  regex_t pattern;
  uint32_t i;

  if (options->regex)
    {
      int error = regcomp (&pattern, options->regex, REG_EXTENDED | REG_NOSUB);
      if (error)
	{
	  char message[256];
	  regerror (error, &pattern, message, sizeof message);
	  mipdata_error ("invalid regular expression '%s': %s",
			 options->regex, message);
	  return MIPDATA_EXIT_FAILURE;
	}
    }
  *selected = calloc (profile->header.function_count + 1, sizeof **selected);
  if (!*selected)
    {
      mipdata_error ("out of memory");
      if (options->regex)
	regfree (&pattern);
      return MIPDATA_EXIT_FAILURE;
    }
  *count = 0;
  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !mip_profile_function_is_alias (profile, i)
	&& (!options->regex
	    || name_matches (&pattern, mip_profile_function_name (profile,
								  i))))
      (*selected)[(*count)++] = i;
  if (options->regex)
    regfree (&pattern);
  if (options->regex && *count == 0)
    mipdata_warning ("no function name matches '%s'", options->regex);
  warn_unsorted_key (profile, options->sort, *selected, *count);
  if (options->sort != SORT_PROFILE)
    {
      sorted_profile = profile;
      sorted_key = options->sort;
      qsort (*selected, *count, sizeof **selected, compare_functions);
    }
  return MIPDATA_EXIT_OK;
}

static struct function_view
view_function (const struct mip_profile *profile, uint32_t index,
	       struct mipdata_debug_info *debug)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t kinds = mip_profile_function_kinds (profile, index);
  struct function_view view;

  view.name = mip_profile_function_name (profile, index);
  view.covered = function->covered_runs > 0;
  view.has_count = (kinds & MIP_KIND_CALL_COUNT) != 0;
  view.count = function->call_count;
  view.order = (kinds & MIP_KIND_ORDER)
    ? mip_profile_function_order (profile, index) : 0;
  view.cfg_signature = function->cfg_signature;
  view.file = NULL;
  view.line = 0;
  if (debug && !mipdata_debug_lookup (debug, function->address, &view.file,
				      &view.line))
    view.file = NULL;
  return view;
}

/* ---- Text ---------------------------------------------------------------- */

static void
print_text (const struct function_view *view, bool first)
{
  if (!first)
    putchar ('\n');
  printf ("%s\n", mipdata_display_name (view->name));
  if (view->file)
    printf ("  Source Info: %s:%d\n", view->file, view->line);
  printf ("  Covered: %s\n", view->covered ? "yes" : "no");
  if (view->has_count)
    printf ("  Call Count: %" PRIu64 "\n", view->count);
  if (view->order)
    printf ("  Order: %" PRIu64 "\n", view->order);
}

/* Does function INDEX record KIND (itself or through an alias)?  */
static bool
records (const struct show_context *context, uint32_t index, uint32_t kind)
{
  return (mip_profile_function_kinds (context->profile, index) & kind) != 0;
}

static bool
block_covered (const struct mip_profile *profile,
	       const struct mip_profile_function *function, uint32_t block)
{
  return profile->blocks[function->block_begin + block].covered_runs > 0;
}

/* The source line of block BLOCK of function INDEX, with --debug.  */
static bool
block_location (const struct show_context *context, uint32_t index,
		uint32_t block, const char **file, int *line)
{
  uint64_t address;
  return (context->debug
	  && mip_profile_block_address (context->profile, index, block,
					&address)
	  && mipdata_debug_line (context->debug, address, file, line));
}

/* The source line of the call that returns to RETURN_ADDRESS.  */
static bool
call_location (const struct show_context *context, uint64_t return_address,
	       const char **file, int *line)
{
  return (context->debug && return_address > 0
	  && mipdata_debug_line (context->debug, return_address - 1, file,
				 line));
}

/* One block as the text output lists it: where its code is, by source
   line (with --debug), and whether it ran.  */
struct block_line
{
  uint32_t block;		/* index in the function */
  uint32_t id;			/* what the output names it by */
  const char *file;		/* NULL: no known location */
  int first_line, last_line;
  bool covered;
};

static int
compare_block_lines (const void *a, const void *b)
{
  const struct block_line *x = a, *y = b;
  int files;

  if ((x->file == NULL) != (y->file == NULL))
    return x->file == NULL ? 1 : -1;
  if (x->file && (files = strcmp (x->file, y->file)) != 0)
    return files;
  if (x->first_line != y->first_line)
    return x->first_line < y->first_line ? -1 : 1;
  return x->block < y->block ? -1 : x->block > y->block;
}

/* Where the code of block BLOCK of function INDEX is: the lines of its
   first and its last byte, when both are of one file.  */
static void
locate_block (const struct show_context *context, uint32_t index,
	      struct block_line *entry)
{
  uint64_t start, size;
  const char *file;
  int line;

  entry->file = NULL;
  if (!block_location (context, index, entry->block, &file, &line))
    return;
  entry->file = strdup (file);
  entry->first_line = entry->last_line = line;
  if (entry->file
      && mip_profile_block_extent (context->profile, index, entry->block,
				   &start, &size)
      && size > 0
      && mipdata_debug_line (context->debug, start + size - 1, &file, &line)
      && strcmp (file, entry->file) == 0)
    {
      if (line < entry->first_line)
	entry->first_line = line;
      if (line > entry->last_line)
	entry->last_line = line;
    }
}

/* With --debug: the blocks in source order, each with its line range
   and whether it ran.  */
static void
print_block_lines (const struct show_context *context, uint32_t index,
		   struct block_line *entries, uint32_t count)
{
  uint32_t b;

  for (b = 0; b < count; b++)
    locate_block (context, index, &entries[b]);
  qsort (entries, count, sizeof *entries, compare_block_lines);
  for (b = 0; b < count; b++)
    {
      const struct block_line *entry = &entries[b];
      const char *state = entry->covered ? "covered" : "not covered";
      if (!entry->file)
	{
	  if (entry->id == 0)
	    printf ("    block with no id: %s\n", state);
	  else
	    printf ("    block %" PRIu32 ": %s\n", entry->id, state);
	}
      else if (entry->first_line == entry->last_line)
	printf ("    %s:%d: %s\n", entry->file, entry->first_line, state);
      else
	printf ("    %s:%d-%d: %s\n", entry->file, entry->first_line,
		entry->last_line, state);
      free ((char *) entry->file);
    }
}

/* Without --debug: the ids of the blocks that ran and of those that
   did not, in layout order (the ids --json and --yaml give them).
   Blocks GCC made after the plugin numbered them have id 0, which names
   none of them: they are counted after the ids.  */
static void
print_block_numbers (const struct block_line *entries, uint32_t count)
{
  int pass;

  for (pass = 1; pass >= 0; pass--)
    {
      uint32_t b, shown = 0, without_id = 0;
      for (b = 0; b < count; b++)
	if (entries[b].covered != (pass == 1))
	  continue;
	else if (entries[b].id == 0)
	  without_id++;
	else
	  printf ("%s %" PRIu32, shown++ == 0
		  ? (pass == 1 ? "    covered:" : "    not covered:") : "",
		  entries[b].id);
      if (without_id > 0)
	printf ("%s %" PRIu32 " block%s with no id", shown++ == 0
		? (pass == 1 ? "    covered:" : "    not covered:") : " and",
		without_id, without_id == 1 ? "" : "s");
      if (shown > 0)
	putchar ('\n');
    }
}

/* "Block Coverage: N of M covered", then the blocks: which ran and which
   did not (coverage, not counts: a block that ran once is covered).  */
static void
print_text_blocks (const struct show_context *context, uint32_t index)
{
  const struct mip_profile_function *function =
    &context->profile->functions[index];
  struct block_line *entries;
  uint32_t b, covered = 0;

  if (!records (context, index, MIP_KIND_BLOCKS)
      || function->block_count == 0)
    return;
  entries = calloc (function->block_count, sizeof *entries);
  if (!entries)
    {
      mipdata_error ("out of memory");
      return;
    }
  for (b = 0; b < function->block_count; b++)
    {
      entries[b].block = b;
      entries[b].id = context->profile->blocks[function->block_begin + b].id;
      entries[b].covered = block_covered (context->profile, function, b);
      covered += entries[b].covered;
    }
  printf ("  Block Coverage: %" PRIu32 " of %" PRIu32 " covered\n", covered,
	  function->block_count);
  if (context->debug)
    print_block_lines (context, index, entries, function->block_count);
  else
    print_block_numbers (entries, function->block_count);
  free (entries);
}

/* " (N samples, about M calls)" after a caller with samples.  */
static void
print_text_samples (uint32_t samples)
{
  if (samples != 0)
    printf (" (%" PRIu32 " sample%s, about %" PRIu64 " calls)", samples,
	    samples == 1 ? "" : "s",
	    (uint64_t) samples * MIP_CALLER_SAMPLE_PERIOD);
}

/* Does the profile know the extent of the binary's code (made from the
   binary, not from a dumped map)?  */
static bool
code_extent_known (const struct mip_profile_header *header)
{
  return header->code_end > header->code_begin;
}

/* The caller whose call returns to link-time ADDRESS, CALLER being the
   function that holds it or MIP_NO_FUNCTION: "name+0xOFF", the offset
   of ADDRESS in the part of the function that holds it (".cold" for the
   other part), or just the name when the profile has no addresses (an
   imported one).  An address no function holds is named by what it is
   known to be: code of the binary that is not instrumented, or, when
   the profile does not know the binary's extent (made from a dumped
   map, as for a stripped binary), code outside the profiled functions,
   maybe of another module.  */
static void
print_text_caller (const struct show_context *context, uint32_t caller,
		   uint64_t address)
{
  const struct mip_profile_header *header = &context->profile->header;

  if (caller != MIP_NO_FUNCTION)
    {
      const struct mip_profile_function *function =
	&context->profile->functions[caller];
      const char *name =
	mipdata_display_name (mip_profile_function_name (context->profile,
							 caller));
      uint64_t call = address - 1;

      if (function->size > 0 && call >= function->address
	  && call - function->address < function->size)
	printf ("    %s+0x%" PRIx64, name, address - function->address);
      else if (function->cold_size > 0 && call >= function->cold_address
	       && call - function->cold_address < function->cold_size)
	printf ("    %s.cold+0x%" PRIx64, name,
		address - function->cold_address);
      else
	printf ("    %s", name);
      return;
    }
  if (context->debug)
    {
      const char *name = mipdata_debug_function_name (context->debug,
						      address - 1);
      if (name)
	{
	  printf ("    %s (not instrumented) at 0x%" PRIx64, name, address);
	  return;
	}
    }
  if (code_extent_known (header))
    printf ("    <uninstrumented code of the binary> at 0x%" PRIx64,
	    address);
  else
    printf ("    <outside the profiled functions> at 0x%" PRIx64, address);
}

static void
print_text_callers (const struct show_context *context, uint32_t index)
{
  const struct mip_profile *profile = context->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t c;

  if (!records (context, index, MIP_KIND_CALLERS))
    return;
  printf ("  Callers:\n");
  for (c = 0; c < function->caller_count; c++)
    {
      const struct mip_profile_caller *entry =
	&profile->callers[function->caller_begin + c];
      uint64_t address = entry->return_address;
      uint32_t caller = mip_address_index_find_caller (context->addresses,
						       address);
      const char *file;
      int line;

      if (address == MIP_EXTERNAL_CALLER)
	{
	  /* Merge folds every caller outside the binary's code into this
	     one, when the profile knows that extent.  */
	  printf ("    <outside the binary>");
	  print_text_samples (entry->samples);
	  putchar ('\n');
	  continue;
	}
      print_text_caller (context, caller, address);
      if (call_location (context, address, &file, &line))
	printf (" (%s:%d)", file, line);
      print_text_samples (entry->samples);
      putchar ('\n');
    }
}

/* ---- JSON ---------------------------------------------------------------- */

/* ", "file": ..., "line": ...", or nulls when FOUND is false.  */
static void
print_json_location (bool found, const char *file, int line)
{
  if (!found)
    {
      fputs (", \"file\": null, \"line\": null", stdout);
      return;
    }
  fputs (", \"file\": ", stdout);
  mipdata_json_string (stdout, file);
  printf (", \"line\": %d", line);
}

/* The function's members, without the closing brace.  */
static void
print_json (const struct function_view *view, bool first, bool debug)
{
  if (!first)
    fputs (",\n", stdout);
  fputs ("{\"name\": ", stdout);
  mipdata_json_string (stdout, view->name);
  printf (", \"covered\": %s", view->covered ? "true" : "false");
  if (view->has_count)
    printf (", \"call_count\": %" PRIu64, view->count);
  else
    fputs (", \"call_count\": null", stdout);
  if (view->order)
    printf (", \"order\": %" PRIu64, view->order);
  else
    fputs (", \"order\": null", stdout);
  printf (", \"cfg_signature\": \"0x%016" PRIx64 "\"", view->cfg_signature);
  if (debug)
    print_json_location (view->file != NULL, view->file, view->line);
}

/* ", "edges": [{"to": ID, "taken": true, "count": N}, ...]" of block B:
   "taken" is null and "count" absent where the profile does not tell
   (mip-edges.h).  */
static void
print_json_edges (const struct mip_profile *profile, uint32_t index,
		  uint32_t b, const struct mip_edge_fate *fates)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const struct mip_profile_block *block =
    &profile->blocks[function->block_begin + b];
  uint32_t e;

  fputs (", \"edges\": [", stdout);
  for (e = 0; e < block->edge_count; e++)
    {
      uint32_t at = block->edge_begin + e;
      const struct mip_map_edge *edge = &profile->edges[function->edge_begin
							+ at];
      static const char *const taken[] = { "null", "false", "true" };
      printf ("%s{\"to\": %" PRIu32 ", \"taken\": %s", e ? ", " : "",
	      profile->blocks[function->block_begin + edge->target].id,
	      taken[fates[at].state]);
      if (fates[at].count != MIP_EDGE_NO_COUNT)
	printf (", \"count\": %" PRIu64, fates[at].count);
      if (edge->flags & MIP_EDGE_FALLTHROUGH)
	fputs (", \"fallthrough\": true", stdout);
      if (edge->flags & MIP_EDGE_ABNORMAL)
	fputs (", \"abnormal\": true", stdout);
      putchar ('}');
    }
  putchar (']');
}

/* ", "blocks": [{"covered": true}, ...]" when they are recorded.  */
static void
print_json_blocks (const struct show_context *context, uint32_t index)
{
  const struct mip_profile_function *function =
    &context->profile->functions[index];
  struct mip_edge_fate *fates;
  uint32_t b;

  if (!records (context, index, MIP_KIND_BLOCKS))
    return;
  fates = calloc (function->edge_count + 1, sizeof *fates);
  if (fates && !mip_profile_edge_fates (context->profile, index, fates))
    {
      free (fates);
      fates = NULL;
    }
  if (!fates)
    mipdata_error ("out of memory: the edges of '%s' are left out",
		   mip_profile_function_name (context->profile, index));
  fputs (", \"blocks\": [", stdout);
  for (b = 0; b < function->block_count; b++)
    {
      const char *file = NULL;
      int line = 0;
      uint64_t count;
      printf ("%s{\"covered\": %s, \"id\": %" PRIu32, b ? ", " : "",
	      block_covered (context->profile, function, b) ? "true"
	      : "false", context->profile->blocks[function->block_begin + b].id);
      if (mip_profile_block_count (context->profile, index, b, &count))
	printf (", \"count\": %" PRIu64, count);
      if (context->debug)
	{
	  uint64_t address, size;
	  bool found = block_location (context, index, b, &file, &line);
	  print_json_location (found, file, line);
	  if (mip_profile_block_extent (context->profile, index, b, &address,
					&size))
	    printf (", \"address\": \"0x%" PRIx64 "\", \"size\": %" PRIu64,
		    address, size);
	}
      if (fates)
	print_json_edges (context->profile, index, b, fates);
      putchar ('}');
    }
  putchar (']');
  free (fates);
}

/* ", "callers": [{"function": ..., "address": "0x...", "samples": N},
   ...]" when they are recorded.  */
static void
print_json_callers (const struct show_context *context, uint32_t index)
{
  const struct mip_profile *profile = context->profile;
  const struct mip_profile_function *function = &profile->functions[index];
  uint32_t c;

  if (!records (context, index, MIP_KIND_CALLERS))
    return;
  fputs (", \"callers\": [", stdout);
  for (c = 0; c < function->caller_count; c++)
    {
      const struct mip_profile_caller *entry =
	&profile->callers[function->caller_begin + c];
      uint64_t address = entry->return_address;
      uint32_t caller = mip_address_index_find_caller (context->addresses,
						       address);
      const char *file = NULL;
      int line = 0;

      fputs (c ? ", {\"function\": " : "{\"function\": ", stdout);
      if (address == MIP_EXTERNAL_CALLER)
	{
	  printf ("null, \"address\": null, \"external\": true,"
		  " \"samples\": %" PRIu32 "}", entry->samples);
	  continue;
	}
      if (caller != MIP_NO_FUNCTION)
	mipdata_json_string (stdout, mip_profile_function_name (profile, caller));
      else
	fputs ("null", stdout);
      printf (", \"address\": \"0x%" PRIx64 "\"", address);
      if (context->debug)
	{
	  bool found = call_location (context, address, &file, &line);
	  print_json_location (found, file, line);
	}
      printf (", \"samples\": %" PRIu32 "}", entry->samples);
    }
  putchar (']');
}

/* ---- Value sites ----------------------------------------------------------- */

/* The value sites shown and their values.  */
struct value_listing
{
  uint32_t *sites;              /* of early functions --regex matches, in
				   profile order */
  uint32_t site_count;
  struct mip_profile_value *values; /* the profile's, each site's by count
				   descending, then by value */
};

/* Most counted first; of equal counts, the smaller value.  */
static int
compare_shown_values (const void *a, const void *b)
{
  const struct mip_profile_value *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->value < y->value ? -1 : x->value > y->value;
}

/* Fill LISTING for PROFILE and the --regex of OPTIONS; false when out of
   memory (after a message).  select_functions compiled the expression
   once already.  */
static bool
list_value_sites (const struct mip_profile *profile,
		  const struct show_options *options,
		  struct value_listing *listing)
{
  const struct mip_profile_header *h = &profile->header;
  regex_t pattern;

  listing->site_count = 0;
  listing->sites = calloc (h->value_site_count + 1, sizeof *listing->sites);
  listing->values = calloc (h->value_count + 1, sizeof *listing->values);
  if (!listing->sites || !listing->values)
    {
      free (listing->sites);
      free (listing->values);
      mipdata_error ("out of memory");
      return false;
    }
  memcpy (listing->values, profile->values,
	  h->value_count * sizeof *listing->values);
  for (uint32_t i = 0; i < h->value_site_count; i++)
    qsort (listing->values + profile->value_sites[i].value_begin,
	   profile->value_sites[i].value_count, sizeof *listing->values,
	   compare_shown_values);
  if (options->regex
      && regcomp (&pattern, options->regex, REG_EXTENDED | REG_NOSUB) != 0)
    return true;
  for (uint32_t i = 0; i < h->value_site_count; i++)
    {
      const struct mip_profile_ipa_function *f =
	&profile->ipa_functions[profile->value_sites[i].ipa_function];
      if (!options->regex
	  || name_matches (&pattern, profile->strings + f->name_offset))
	listing->sites[listing->site_count++] = i;
    }
  if (options->regex)
    regfree (&pattern);
  return true;
}

static const char *
value_site_function (const struct mip_profile *profile,
		     const struct mip_profile_value_site *site)
{
  return profile->strings
	 + profile->ipa_functions[site->ipa_function].name_offset;
}

/* The operation's name; mip_profile_parse refused any other.  */
static const char *
value_site_operation (const struct mip_profile_value_site *site)
{
  const char *name = mip_value_operation_name (site->operation);
  return name ? name : "unknown";
}

/* SIZE_SUM / CALLS (CALLS not 0) with one decimal, rounded to nearest
   (half up), exact however large the numbers.  */
static void
print_average (uint64_t size_sum, uint64_t calls)
{
  uint64_t whole = size_sum / calls, rest = size_sum % calls;
  /* 10 * rest = tenths * calls + left, left < calls, without computing
     10 * rest: rest added ten times modulo calls.  */
  uint64_t tenths = 0, left = 0;
  for (int i = 0; i < 10; i++)
    if (left >= calls - rest)
      tenths++, left -= calls - rest;
    else
      left += rest;
  if (left >= calls - left)
    tenths++;
  if (tenths == 10)
    whole++, tenths = 0;
  printf ("%" PRIu64 ".%" PRIu64, whole, tenths);
}

/* "  copy_bytes, site 0, memcpy size: 64 (12), 32 (2); 20 calls,
   average 50.4" per site.  */
static void
print_text_value_sites (const struct mip_profile *profile,
			const struct value_listing *listing)
{
  fputs ("Value Sites:\n", stdout);
  for (uint32_t i = 0; i < listing->site_count; i++)
    {
      const struct mip_profile_value_site *site =
	&profile->value_sites[listing->sites[i]];
      const struct mip_profile_value *values =
	listing->values + site->value_begin;
      printf ("  %s, site %" PRIu32 ", %s:",
	      mipdata_display_name (value_site_function (profile, site)),
	      site->site, value_site_operation (site));
      if (site->value_count == 0)
	fputs (" no value", stdout);
      for (uint32_t k = 0; k < site->value_count; k++)
	printf ("%s %" PRIu64 " (%" PRIu64 ")", k ? "," : "",
		values[k].value, values[k].count);
      if (site->calls == 0)
	fputs ("; no calls", stdout);
      else
	{
	  printf ("; %" PRIu64 " calls, average ", site->calls);
	  print_average (site->size_sum, site->calls);
	}
      putchar ('\n');
    }
}

/* ", "value_sites": [{"function": NAME, "site": N, "operation": "memcpy
   size", "calls": N, "size_sum": S, "values": [{"value": V, "count": C},
   ...]}, ...]".  */
static void
print_json_value_sites (const struct mip_profile *profile,
			const struct value_listing *listing)
{
  fputs (", \"value_sites\": [", stdout);
  for (uint32_t i = 0; i < listing->site_count; i++)
    {
      const struct mip_profile_value_site *site =
	&profile->value_sites[listing->sites[i]];
      const struct mip_profile_value *values =
	listing->values + site->value_begin;
      fputs (i ? ",\n{\"function\": " : "\n{\"function\": ", stdout);
      mipdata_json_string (stdout, value_site_function (profile, site));
      printf (", \"site\": %" PRIu32 ", \"operation\": \"%s\","
	      " \"calls\": %" PRIu64 ", \"size_sum\": %" PRIu64 ","
	      " \"values\": [", site->site, value_site_operation (site),
	      site->calls, site->size_sum);
      for (uint32_t k = 0; k < site->value_count; k++)
	printf ("%s{\"value\": %" PRIu64 ", \"count\": %" PRIu64 "}",
		k ? ", " : "", values[k].value, values[k].count);
      fputs ("]}", stdout);
    }
  fputs (listing->site_count ? "\n]" : "]", stdout);
}

/* ---- YAML ---------------------------------------------------------------- */

/* Whether NAME can be written as a plain YAML scalar (every C and C++
   symbol can, unless it looks like a null).  */
static bool
yaml_plain_name (const char *name)
{
  const char *p;
  if (!name[0] || strcmp (name, "null") == 0
      || !strchr ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_.$",
		  name[0]))
    return false;
  for (p = name; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')
	  || (*p >= '0' && *p <= '9') || strchr ("_.$@", *p)))
      return false;
  return true;
}

static void
print_yaml_name (const char *name)
{
  const unsigned char *p;
  if (yaml_plain_name (name))
    {
      fputs (name, stdout);
      return;
    }
  putchar ('"');
  for (p = (const unsigned char *) name; *p; p++)
    if (*p == '"' || *p == '\\')
      printf ("\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f)
      printf ("\\x%02x", *p);
    else
      putchar (*p);
  putchar ('"');
}

static void
print_yaml_header (const struct mip_profile_header *h)
{
  printf ("target: { pointer-size: %" PRIu32 ", endian: %s }\n"
	  "runs: %" PRIu32 "\n", h->pointer_size,
	  h->target_big_endian ? "big" : "little", h->runs);
}

/* One entry of the functions list.  Blocks are listed whatever the
   mode, as profile use reads them, except those of id 0 (made after
   the point blocks are numbered), which it never looks up.  */
static void
print_yaml_function (const struct mip_profile *profile, uint32_t index)
{
  const struct mip_profile_function *function = &profile->functions[index];
  uint64_t order = mip_profile_function_order (profile, index);
  uint32_t b;
  bool blocks_named = false;

  fputs ("  - name: ", stdout);
  print_yaml_name (mip_profile_function_name (profile, index));
  putchar ('\n');
  if (function->cfg_signature != 0)
    printf ("    signature: 0x%016" PRIx64 "\n", function->cfg_signature);
  if (function->ipa_signature != 0)
    printf ("    ipa-signature: 0x%08" PRIx32 "\n", function->ipa_signature);
  printf ("    covered: %" PRIu32 "\n", function->covered_runs);
  if (mip_profile_function_kinds (profile, index) & MIP_KIND_CALL_COUNT)
    printf ("    calls: %" PRIu64 "\n", function->call_count);
  if (order != 0)
    printf ("    order: %" PRIu64 "\n", order);
  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      if (block->id == 0)
	continue;
      if (!blocks_named)
	fputs ("    blocks:\n", stdout);
      blocks_named = true;
      printf ("      - { id: %" PRIu32 ", covered: %" PRIu32, block->id,
	      block->covered_runs);
      if (block->flags & MIP_BLOCK_COUNTED)
	printf (", count: %" PRIu64, block->count);
      fputs (" }\n", stdout);
    }
}

static void
print_yaml (const struct mip_profile *profile, const uint32_t *selected,
	    uint32_t count)
{
  uint32_t i;

  print_yaml_header (&profile->header);
  fputs (count ? "functions:\n" : "functions: []\n", stdout);
  for (i = 0; i < count; i++)
    print_yaml_function (profile, selected[i]);
}

/* ---- Putting it together ------------------------------------------------- */

static bool
print_functions (const struct show_context *context,
		 const uint32_t *selected, uint32_t count)
{
  const struct show_options *options = context->options;
  const struct mip_profile *profile = context->profile;
  struct value_listing listing = { NULL, 0, NULL };
  uint32_t i;

  const struct mip_profile_header *h = &context->profile->header;
  char gnu_build_id[MIP_GNU_BUILD_ID_TEXT];

  if (options->yaml)
    {
      print_yaml (context->profile, selected, count);
      return true;
    }
  if (profile->header.value_site_count != 0
      && !list_value_sites (profile, options, &listing))
    return false;
  mip_gnu_build_id_hex (h->gnu_build_id, h->gnu_build_id_size, gnu_build_id);
  if (options->json)
    {
      fputs ("{\"profile\": ", stdout);
      mipdata_json_string (stdout, options->profile_path);
      if (gnu_build_id[0])
	printf (", \"gnu_build_id\": \"%s\"", gnu_build_id);
      printf (", \"runs\": %" PRIu32 ", \"functions\": [\n", h->runs);
    }
  else if (gnu_build_id[0])
    printf ("GNU Build ID: %s\n", gnu_build_id);
  for (i = 0; i < count; i++)
    {
      struct function_view view = view_function (context->profile,
						 selected[i],
						 context->debug);
      if (options->json)
	{
	  print_json (&view, i == 0, context->debug != NULL);
	  print_json_blocks (context, selected[i]);
	  print_json_callers (context, selected[i]);
	  putchar ('}');
	}
      else
	{
	  print_text (&view, i == 0);
	  print_text_blocks (context, selected[i]);
	  print_text_callers (context, selected[i]);
	}
    }
  if (options->json)
    {
      fputs (count ? "\n]" : "]", stdout);
      if (listing.sites)
	print_json_value_sites (profile, &listing);
      fputs ("}\n", stdout);
    }
  else if (listing.site_count)
    {
      if (count)
	putchar ('\n');
      print_text_value_sites (profile, &listing);
    }
  free (listing.sites);
  free (listing.values);
  return true;
}

static int
show (const struct show_options *options)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct show_context context;
  uint32_t *selected = NULL, count = 0;
  int status;

  mip_error_clear (&error);
  if (mip_profile_read_file (options->profile_path, &profile, &error)
      != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  memset (&context, 0, sizeof context);
  context.profile = profile;
  context.options = options;
  status = select_functions (profile, options, &selected, &count);
  if (status == MIPDATA_EXIT_OK
      && mip_address_index_build (profile, &context.addresses, &error)
      != MIP_OK)
    {
      mipdata_report (&error);
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK && options->debug_path
      && !(context.debug =
	   mipdata_debug_open_binary (options->debug_path,
				      &profile->header)))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK
      && !print_functions (&context, selected, count))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK)
    {
      if (fflush (stdout) != 0 || ferror (stdout))
	{
	  mipdata_error ("cannot write the output: %s", strerror (errno));
	  status = MIPDATA_EXIT_FAILURE;
	}
    }
  mipdata_debug_close (context.debug);
  mip_address_index_free (context.addresses);
  free (selected);
  mip_profile_free (profile);
  return status;
}

static bool
parse_sort_key (const char *text, enum sort_key *key)
{
  static const char *const names[] = { "profile", "order", "count", "name" };
  size_t i;
  for (i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp (text, names[i]) == 0)
      {
	*key = (enum sort_key) i;
	return true;
      }
  return false;
}

int
cmd_show (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "regex", required_argument, NULL, 'r' },
    { "sort", required_argument, NULL, 's' },
    { "json", no_argument, NULL, 'j' },
    { "yaml", no_argument, NULL, 'y' },
    { "debug-file-directory", required_argument, NULL, 'D' },
    { "no-demangle", no_argument, NULL, 'M' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct show_options options = { NULL, NULL, NULL, false, false,
				  SORT_PROFILE };
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:r:s:jyh", long_options,
				NULL)) != -1)
    switch (option)
      {
      case 'p':
	options.profile_path = optarg;
	break;
      case 'd':
	options.debug_path = optarg;
	break;
      case 'r':
	options.regex = optarg;
	break;
      case 's':
	if (!parse_sort_key (optarg, &options.sort))
	  return mipdata_usage_error ("show", "unknown sort key '%s' (use"
				      " profile, order, count or name)",
				      optarg);
	break;
      case 'j':
	options.json = true;
	break;
      case 'y':
	options.yaml = true;
	break;
      case 'D':
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_USAGE;
	break;
      case 'M':
	mipdata_demangle_names = false;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("show", option, argv);
      }
  if (options.yaml && (options.json || options.debug_path))
    return mipdata_usage_error ("show", "--yaml cannot be combined with %s",
				options.json ? "--json" : "--debug");
  int status = mipdata_need_profile ("show", &options.profile_path, argc,
				     argv);
  if (status >= 0)
    return status;
  return show (&options);
}

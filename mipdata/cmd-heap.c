/* cmd-heap.c - mipdata heap: where a program's heap goes, by allocation
   site, from the raw profiles or the profile of a binary built with the
   heap option.

     mipdata heap [--json | --folded[=WEIGHT] | --html=FILE]
		  [--weight=WEIGHT] [--top=N] BINARY PROFILE...

   BINARY gives the map and the allocation sites (.debug_mip_heap); each
   PROFILE is a raw profile, which holds one or more dumps, every dump
   of BINARY's build one run (dumps of other modules are passed over),
   or a profile (.mip) of BINARY's build created from it, whose sites
   hold the counts of its runs; all are added up.  The report
   has the sites by bytes, by blocks, the shortest-lived (from the
   sampled blocks) and those whose sampled blocks were still live at
   exit (leak candidates), and which sites freed the sampled blocks of
   each.  --folded prints the sites as folded stacks, --html=FILE
   writes them as a flame graph in one HTML page; when the runs
   sampled callers (the full mode with the heap option), each site's
   stack goes up through the sampled callers of its function, the
   site's weight split among them by their samples (largest remainder,
   so that the stacks add up exactly to the site's total).  A .mip's
   callers, with their samples, are in its callers table: they take
   part in the stacks as a raw profile's do.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "json-out.h"
#include "mip-file.h"
#include "mip-heap.h"
#include "mip-lookup.h"
#include "mip-map.h"
#include "mip-profile.h"
#include "mip-raw.h"
#include "mip-reader.h"

/* How many frames of functions a stack has at most, from the site's
   function up.  */
#define STACK_DEPTH 16

enum heap_output
{
  OUTPUT_TEXT,
  OUTPUT_JSON,
  OUTPUT_FOLDED,
  OUTPUT_HTML
};

/* What a folded stack's count is.  */
enum folded_weight
{
  WEIGHT_BYTES,
  WEIGHT_BLOCKS,
  WEIGHT_LIVE
};

struct heap_options
{
  enum heap_output output;
  enum folded_weight weight;
  unsigned long top;            /* rows per table; 0: all */
  const char *html;             /* the page of --html */
};

/* One caller of a function, from the caller samples of the runs: the
   function that made the calls (a primary, or MIP_NO_FUNCTION when
   outside the binary's instrumented code) and its samples.  */
struct caller_edge
{
  uint32_t caller;
  uint64_t samples;
};

/* The sampled callers of every function, for call context in the
   stacks.  PROFILE holds the functions of the map with the callers of
   the runs added to it (as mipdata merge adds them); EDGES are each
   primary's callers with samples, one edge per calling function,
   from EDGE_BEGIN[f] to EDGE_BEGIN[f + 1].  */
struct heap_callers
{
  struct mip_profile *profile;
  uint32_t *edge_begin;
  struct caller_edge *edges;
  uint64_t samples;             /* over every edge: 0 without samples */
};

/* Everything the report reads.  */
struct heap_report
{
  const char *binary;
  struct mip_map *map;
  struct mip_heap_map *heap;
  struct mip_heap_counts counts;
  struct mipdata_debug_info *debug;
  struct heap_callers callers;  /* empty unless the stacks are wanted */
};

static void
print_help (void)
{
  printf ("usage: mipdata heap [--json | --folded[=WEIGHT] | --html=FILE]\n"
	  "                    [--weight=WEIGHT] [--top=N]\n"
	  "                    [--debug-file-directory=DIR] BINARY PROFILE...\n"
	  "\n"
	  "Print where the heap of BINARY, built with\n"
	  "-fplugin-arg-mip-generate=heap (or -fplugin-arg-mip-heap), goes,\n"
	  "by allocation site, from its raw profiles and profiles PROFILE:\n"
	  "every dump of BINARY's build in a raw profile (.mipraw) is one\n"
	  "run; a profile (.mip, made by 'mipdata create -p PROFILE BINARY'\n"
	  "and 'mipdata merge') brings the runs merged into it.  The runs\n"
	  "are added up.\n"
	  "\n"
	  "The report lists the sites by bytes allocated, by blocks\n"
	  "allocated, the shortest-lived and those still live at exit (leak\n"
	  "candidates), and for each site which sites freed its blocks.\n"
	  "Lifetimes, frees and live blocks are of the sampled blocks: one\n"
	  "byte in MIP_HEAP_SAMPLE_BYTES (default %u) picks the block that\n"
	  "holds it; MIP_HEAP_SAMPLE_BYTES=1 when running the program\n"
	  "samples every block.\n"
	  "\n"
	  "The stacks of --folded and --html start at the function of\n"
	  "each site.  Built in the full mode with the heap option\n"
	  "(-fplugin-arg-mip-generate -fplugin-arg-mip-heap), the runs\n"
	  "also sample the callers of each function (one call in 256), and\n"
	  "each site's stack goes on up through them, its weight split\n"
	  "among the callers by their samples (up to %d functions deep; a\n"
	  "stack stops at a function with no sampled caller and at\n"
	  "recursion).  The stacks still add up\n"	  "exactly to the sites' totals.\n"
	  "\n"
	  "Options:\n"
	  "      --json             every site and its counts as JSON\n"
	  "      --folded[=WEIGHT]  folded stacks, 'caller;function;allocator\n"
	  "                         COUNT', as flamegraph.pl, inferno and\n"
	  "                         speedscope read them; WEIGHT is bytes\n"
	  "                         (the default), blocks or live (sampled\n"
	  "                         bytes live at exit)\n"
	  "      --html=FILE        write FILE, one self-contained HTML page:\n"
	  "                         a flame graph of the same stacks (click\n"
	  "                         to zoom), and the sites with their\n"
	  "                         file:line, weighted by WEIGHT\n"
	  "      --weight=WEIGHT    what --folded and --html count: bytes\n"
	  "                         (the default), blocks or live\n"
	  "  -n, --top=N            at most N rows per table (default 10;\n"
	  "                         0: all)\n"
	  "      --no-demangle      print C++ names as the symbols are\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -h, --help             print this help and exit\n",
	  MIP_HEAP_DEFAULT_SAMPLE_BYTES, STACK_DEPTH);
}

/* ---- Reading -------------------------------------------------------- */

/* A debug section of the ELF image PATH (SIZE bytes at DATA), as READ
   finds it, into *SECTION (free it); MISSING says what its absence
   means (after "'PATH': ").  */
typedef enum mipdata_elf_map_result
section_reader (const char *path, unsigned char *data, size_t size,
		unsigned char **section, size_t *section_size);

static int
read_section (const char *path, unsigned char *data, size_t size,
	      section_reader *read, const char *missing,
	      unsigned char **section, size_t *section_size)
{
  switch (read (path, data, size, section, section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      return MIPDATA_EXIT_OK;
    case MIPDATA_ELF_MAP_MISSING:
      mipdata_error ("'%s': %s", path, missing);
      return MIPDATA_EXIT_FAILURE;
    default:
      return MIPDATA_EXIT_FAILURE;
    }
}

/* Report a failed parse of a section.  */
static int
parse_status (enum mip_error status, const struct mip_error_context *error)
{
  if (status == MIP_OK)
    return MIPDATA_EXIT_OK;
  mipdata_report (error);
  return MIPDATA_EXIT_FAILURE;
}

static int
read_map (const char *path, unsigned char *data, size_t size,
	  struct mip_map **map)
{
  struct mip_error_context error;
  unsigned char *section = NULL;
  size_t section_size = 0;

  mip_error_clear (&error);
  if (read_section (path, data, size, mipdata_elf_map,
		    "has no " MIP_MAP_SECTION " section: it was not built"
		    " with -fplugin=mip, or was stripped", &section,
		    &section_size) != MIPDATA_EXIT_OK)
    return MIPDATA_EXIT_FAILURE;
  enum mip_error status = mip_map_parse (section, section_size, path, map,
					 &error);
  free (section);
  return parse_status (status, &error);
}

static int
read_heap_sites (const char *path, unsigned char *data, size_t size,
		 const struct mip_map *map, struct mip_heap_map **heap)
{
  struct mip_error_context error;
  unsigned char *section = NULL;
  size_t section_size = 0;

  mip_error_clear (&error);
  if (read_section (path, data, size, mipdata_elf_heap_sites,
		    "has no allocation sites (no " MIP_HEAP_MAP_SECTION
		    " section): build it with -fplugin-arg-mip-generate=heap"
		    " or -fplugin-arg-mip-heap", &section, &section_size)
      != MIPDATA_EXIT_OK)
    return MIPDATA_EXIT_FAILURE;
  enum mip_error status = mip_heap_map_parse (section, section_size, path,
					      map, heap, &error);
  free (section);
  return parse_status (status, &error);
}

static int
read_binary (struct heap_report *report)
{
  struct mip_error_context error;
  unsigned char *data;
  size_t size;

  mip_error_clear (&error);
  if (mip_read_file (report->binary, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  int status = MIPDATA_EXIT_FAILURE;
  if (!mipdata_is_elf (data, size))
    mipdata_error ("'%s': is not an ELF binary; give the program built"
		   " with the heap option", report->binary);
  else
    {
      status = read_map (report->binary, data, size, &report->map);
      if (status == MIPDATA_EXIT_OK)
	status = read_heap_sites (report->binary, data, size, report->map,
				  &report->heap);
    }
  free (data);
  return status;
}

/* Add the callers of the run RAW (of the binary's build), from the raw
   file PATH, to PROFILE.  */
static enum mip_error
add_run_callers (struct mip_profile *profile, const struct mip_raw *raw,
		 const char *path, struct mip_error_context *error)
{
  enum mip_error status = mip_profile_check_raw (profile, raw, path, error);
  if (status == MIP_OK)
    status = mip_profile_add_run (profile, raw, path, error);
  return status;
}

/* Add the runs of the profile PATH (SIZE bytes at DATA): one of the
   binary's build, created from it (with its allocation sites).  */
static int
add_profile_file (struct heap_report *report, const char *path,
		  const unsigned char *data, size_t size)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  enum mip_error status;

  mip_error_clear (&error);
  status = mip_profile_parse (data, size, path, &profile, &error);
  if (status != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  int result = MIPDATA_EXIT_FAILURE;
  if (mip_profile_is_imported (profile))
    mipdata_error ("'%s': made by mipdata import, it describes no binary"
		   " and holds no allocation sites", path);
  else if (profile->header.build_id != report->map->build_id)
    mipdata_error ("'%s': is a profile of another build than '%s' (its"
		   " build id is 0x%016" PRIx64 ", the profile's 0x%016"
		   PRIx64 ")", path, report->binary, report->map->build_id,
		   profile->header.build_id);
  else if (profile->header.heap_site_count == 0)
    mipdata_error ("'%s': holds no allocation sites (it was created from a"
		   " .mipmap, which has none): create the profile from '%s'"
		   " ('mipdata create -p PROFILE BINARY') and merge the raw"
		   " profiles into it, or give them here", path,
		   report->binary);
  else
    {
      status = mip_heap_counts_add_profile (&report->counts, report->heap,
					    profile, path, &error);
      if (status == MIP_OK && report->callers.profile)
	status = mip_profile_check_profile (report->callers.profile,
					    report->binary, profile, path,
					    &error);
      if (status == MIP_OK && report->callers.profile)
	status = mip_profile_add_profile (report->callers.profile, profile,
					  1, path, &error);
      if (status == MIP_OK)
	result = MIPDATA_EXIT_OK;
      else
	mipdata_report (&error);
    }
  mip_profile_free (profile);
  return result;
}

/* Add the dumps of the binary's build in the raw profile PATH (SIZE
   bytes at DATA); a file with none of them is refused, naming both
   build ids.  */
static int
add_raw_file (struct heap_report *report, const char *path,
	      const unsigned char *data, size_t size)
{
  struct mip_error_context error;
  size_t offset = 0;
  unsigned matched = 0;
  uint64_t other_build = 0;

  mip_error_clear (&error);
  while (offset < size)
    {
      struct mip_raw raw;
      size_t next = size;
      enum mip_error status = mip_raw_parse_dump (data, size, offset, path,
						  &raw, &next, &error);
      if (status == MIP_OK && raw.header.build_id != report->map->build_id)
	other_build = raw.header.build_id;
      else if (status == MIP_OK)
	{
	  status = mip_heap_counts_add (&report->counts, report->heap, &raw,
					path, &error);
	  if (status == MIP_OK && report->callers.profile)
	    status = add_run_callers (report->callers.profile, &raw, path,
				      &error);
	  matched++;
	}
      if (status != MIP_OK)
	{
	  mipdata_report (&error);
	  return MIPDATA_EXIT_FAILURE;
	}
      offset = next;
    }
  if (matched == 0)
    {
      mipdata_error ("'%s': holds no run of '%s' (its build id is 0x%016"
		     PRIx64 ", the raw profile's 0x%016" PRIx64 ")", path,
		     report->binary, report->map->build_id, other_build);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

/* Add the raw profile or the profile PATH.  */
static int
add_file (struct heap_report *report, const char *path)
{
  struct mip_error_context error;
  struct mip_magic_info magic;
  unsigned char *data;
  size_t size;
  int status;

  mip_error_clear (&error);
  if (mip_read_file (path, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  if (mip_detect_magic (data, size, &magic)
      && magic.kind == MIP_MAGIC_KIND (MIP_MAGIC_PROFILE))
    status = add_profile_file (report, path, data, size);
  else
    status = add_raw_file (report, path, data, size);
  free (data);
  return status;
}

/* ---- Sites ---------------------------------------------------------- */

static const struct mip_heap_site *
site_of (const struct heap_report *report, uint32_t index)
{
  return &report->heap->sites[index];
}

static const char *
function_of (const struct heap_report *report, uint32_t index)
{
  uint32_t function = site_of (report, index)->function;
  return mipdata_display_name (report->map->functions[function].name);
}

/* "file:line" of site INDEX's call into BUFFER, or "" when unknown.  */
static const char *
location_of (const struct heap_report *report, uint32_t index, char *buffer,
	     size_t size)
{
  const char *file;
  int line;
  uint64_t address = site_of (report, index)->address;
  buffer[0] = '\0';
  if (address != 0 && report->debug
      && mipdata_debug_line (report->debug, address, &file, &line))
    snprintf (buffer, size, "%s:%d", file, line);
  return buffer;
}

static bool
is_allocation_site (const struct heap_report *report, uint32_t index)
{
  return mip_heap_callee_role (site_of (report, index)->callee)
	 != MIP_HEAP_FREE;
}

static uint64_t
live_blocks (const struct mip_heap_totals *t)
{
  return t->sampled > t->freed ? t->sampled - t->freed : 0;
}

static uint64_t
live_bytes (const struct mip_heap_totals *t)
{
  return t->sampled_bytes > t->freed_bytes
	 ? t->sampled_bytes - t->freed_bytes : 0;
}

/* Mean lifetime of the sampled blocks freed, in nanoseconds.  */
static uint64_t
mean_lifetime (const struct mip_heap_totals *t, bool allocation_site)
{
  uint64_t blocks = allocation_site ? t->freed : t->sampled;
  return blocks ? t->lifetime / blocks : 0;
}

/* ---- Ranking -------------------------------------------------------- */

enum ranking
{
  BY_BYTES,
  BY_BLOCKS,
  BY_LIFETIME,
  BY_LIVE
};

struct ranking_context
{
  const struct heap_report *report;
  enum ranking by;
};

/* qsort has no context argument.  */
static struct ranking_context ranking;

static uint64_t
rank_key (uint32_t index)
{
  const struct mip_heap_totals *t = &ranking.report->counts.sites[index];
  switch (ranking.by)
    {
    case BY_BYTES:
      return t->bytes;
    case BY_BLOCKS:
      return t->count;
    case BY_LIFETIME:
      return mean_lifetime (t, true);
    case BY_LIVE:
      return live_bytes (t);
    }
  return 0;
}

static int
compare_ranks (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  uint64_t kx = rank_key (x), ky = rank_key (y);
  bool ascending = ranking.by == BY_LIFETIME;
  if (kx != ky)
    return (kx < ky) == ascending ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Whether site INDEX belongs in a table ranked BY.  */
static bool
ranked (const struct heap_report *report, uint32_t index, enum ranking by)
{
  const struct mip_heap_totals *t = &report->counts.sites[index];
  if (!is_allocation_site (report, index))
    return false;
  switch (by)
    {
    case BY_BYTES:
    case BY_BLOCKS:
      return t->count != 0;
    case BY_LIFETIME:
      return t->freed != 0;
    case BY_LIVE:
      return live_blocks (t) != 0;
    }
  return false;
}

/* The allocation sites of a table ranked BY, best first, into ORDER;
   returns how many.  */
static uint32_t
rank_sites (const struct heap_report *report, enum ranking by,
	    uint32_t *order)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < report->heap->site_count; i++)
    if (ranked (report, i, by))
      order[n++] = i;
  ranking.report = report;
  ranking.by = by;
  qsort (order, n, sizeof *order, compare_ranks);
  return n;
}

/* ---- Text ----------------------------------------------------------- */

static void
print_site_name (const struct heap_report *report, uint32_t index)
{
  char where[512];
  location_of (report, index, where, sizeof where);
  printf ("%s %s", function_of (report, index),
	  mip_heap_callee_name (site_of (report, index)->callee));
  if (where[0])
    printf (" (%s)", where);
  putchar ('\n');
}

static void
print_table (const struct heap_report *report, const struct heap_options *o,
	     enum ranking by, const char *title, const char *columns,
	     uint32_t *order)
{
  uint32_t n = rank_sites (report, by, order);
  printf ("\n%s:\n", title);
  if (n == 0)
    {
      printf ("  (none)\n");
      return;
    }
  printf ("  %s  site\n", columns);
  if (o->top && n > o->top)
    n = (uint32_t) o->top;
  for (uint32_t r = 0; r < n; r++)
    {
      const struct mip_heap_totals *t = &report->counts.sites[order[r]];
      if (by == BY_LIFETIME)
	printf ("  %14" PRIu64 " %8" PRIu64, mean_lifetime (t, true),
		t->freed);
      else if (by == BY_LIVE)
	printf ("  %10" PRIu64 " %12" PRIu64, live_blocks (t),
		live_bytes (t));
      else
	printf ("  %14" PRIu64 " %10" PRIu64 " %10" PRIu64 " %6" PRIu64,
		t->bytes, t->count, t->max_bytes, t->null_count);
      printf ("  ");
      print_site_name (report, order[r]);
    }
}

static void
print_frees (const struct heap_report *report)
{
  const struct mip_heap_counts *c = &report->counts;
  printf ("\nWhere sampled blocks were freed:\n");
  if (c->pair_count == 0)
    {
      printf ("  (none)\n");
      return;
    }
  for (size_t i = 0; i < c->pair_count; i++)
    {
      printf ("  %8" PRIu64 "  ", c->pairs[i].blocks);
      printf ("%s %s -> ", function_of (report, c->pairs[i].alloc),
	      mip_heap_callee_name (site_of (report, c->pairs[i].alloc)
				    ->callee));
      print_site_name (report, c->pairs[i].free);
    }
}

static void
print_summary (const struct heap_report *report)
{
  uint64_t blocks = 0, bytes = 0, sampled = 0, freed = 0, live = 0;
  for (uint32_t i = 0; i < report->heap->site_count; i++)
    if (is_allocation_site (report, i))
      {
	const struct mip_heap_totals *t = &report->counts.sites[i];
	blocks += t->count;
	bytes += t->bytes;
	sampled += t->sampled;
	freed += t->freed;
	live += live_blocks (t);
      }
  printf ("Allocation sites of '%s': %" PRIu32 " sites, %" PRIu32
	  " run%s\n", report->binary, report->heap->site_count,
	  report->counts.runs, report->counts.runs == 1 ? "" : "s");
  printf ("%" PRIu64 " blocks, %" PRIu64 " bytes allocated; %" PRIu64
	  " blocks sampled, %" PRIu64 " of them freed, %" PRIu64
	  " live at exit\n", blocks, bytes, sampled, freed, live);
}

static int
print_text (const struct heap_report *report, const struct heap_options *o)
{
  uint32_t *order = malloc ((report->heap->site_count + 1) * sizeof *order);
  if (!order)
    {
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  static const char counts[] = "         bytes     blocks    largest failed";
  print_summary (report);
  print_table (report, o, BY_BYTES, "Sites by bytes", counts, order);
  print_table (report, o, BY_BLOCKS, "Sites by blocks", counts, order);
  print_table (report, o, BY_LIFETIME,
	       "Shortest-lived sites (sampled blocks freed)",
	       "mean life (ns)    freed", order);
  print_table (report, o, BY_LIVE,
	       "Live at exit (sampled blocks never freed: leak candidates)",
	       "    blocks        bytes", order);
  print_frees (report);
  free (order);
  return MIPDATA_EXIT_OK;
}

/* ---- JSON ----------------------------------------------------------- */

static const char *
role_name (uint32_t role)
{
  switch (role)
    {
    case MIP_HEAP_ALLOC:
      return "allocate";
    case MIP_HEAP_FREE:
      return "free";
    case MIP_HEAP_REALLOC:
      return "reallocate";
    }
  return "unknown";
}

static void
print_json_frees (const struct heap_report *report, uint32_t index)
{
  const struct mip_heap_counts *c = &report->counts;
  uint64_t known = 0;
  bool first = true;
  printf (", \"freed_by\": [");
  for (size_t i = 0; i < c->pair_count; i++)
    if (c->pairs[i].alloc == index)
      {
	printf ("%s{\"site\": %" PRIu32 ", \"blocks\": %" PRIu64 "}",
		first ? "" : ", ", c->pairs[i].free, c->pairs[i].blocks);
	known = mip_saturating_add (known, c->pairs[i].blocks);
	first = false;
      }
  const struct mip_heap_totals *t = &c->sites[index];
  printf ("], \"freed_elsewhere\": %" PRIu64,
	  t->freed > known ? t->freed - known : 0);
}

static void
print_json_site (const struct heap_report *report, uint32_t index)
{
  const struct mip_heap_site *s = site_of (report, index);
  const struct mip_heap_totals *t = &report->counts.sites[index];
  char where[512];
  const char *file;
  int line = 0;

  printf ("    {\"id\": %" PRIu32 ", \"function\": ", index);
  mipdata_json_string (stdout,
		       report->map->functions[s->function].name);
  printf (", \"address\": \"0x%" PRIx64 "\", \"callee\": ", s->address);
  mipdata_json_string (stdout, mip_heap_callee_name (s->callee));
  printf (", \"symbol\": ");
  mipdata_json_string (stdout, mip_heap_callee_symbol
				 (s->callee, report->map->pointer_size));
  printf (", \"role\": \"%s\"", role_name (mip_heap_callee_role (s->callee)));
  (void) where;
  if (s->address && report->debug
      && mipdata_debug_line (report->debug, s->address, &file, &line))
    {
      printf (", \"file\": ");
      mipdata_json_string (stdout, file);
      printf (", \"line\": %d", line);
    }
  printf (",\n     \"blocks\": %" PRIu64 ", \"bytes\": %" PRIu64
	  ", \"largest\": %" PRIu64 ", \"null\": %" PRIu64
	  ", \"sampled\": %" PRIu64 ", \"sampled_bytes\": %" PRIu64
	  ", \"freed\": %" PRIu64 ", \"freed_bytes\": %" PRIu64
	  ", \"lifetime_ns\": %" PRIu64, t->count, t->bytes, t->max_bytes,
	  t->null_count, t->sampled, t->sampled_bytes, t->freed,
	  t->freed_bytes, t->lifetime);
  if (is_allocation_site (report, index))
    {
      printf (", \"live_at_exit\": %" PRIu64 ", \"live_bytes_at_exit\": %"
	      PRIu64, live_blocks (t), live_bytes (t));
      print_json_frees (report, index);
    }
  printf ("}");
}

static int
print_json (const struct heap_report *report)
{
  printf ("{\"binary\": ");
  mipdata_json_string (stdout, report->binary);
  printf (", \"runs\": %" PRIu32 ", \"sites\": [\n", report->counts.runs);
  for (uint32_t i = 0; i < report->heap->site_count; i++)
    {
      print_json_site (report, i);
      printf ("%s\n", i + 1 < report->heap->site_count ? "," : "");
    }
  printf ("  ]}\n");
  return MIPDATA_EXIT_OK;
}

/* ---- Call context --------------------------------------------------- */

/* How many stacks one site's weight is split into at most; past it the
   stacks stop where they are (their weight still adds up).  */
#define STACK_LIMIT 4096

static int
compare_caller_edges (const void *a, const void *b)
{
  const struct caller_edge *x = a, *y = b;
  if (x->caller != y->caller)
    return x->caller < y->caller ? -1 : 1;
  return 0;
}

/* Sort the COUNT edges at EDGES by caller and fold the edges of one
   caller into one, adding their samples; returns the new count.  */
static size_t
fold_caller_edges (struct caller_edge *edges, size_t count)
{
  size_t kept = 0;
  if (count == 0)
    return 0;
  qsort (edges, count, sizeof *edges, compare_caller_edges);
  for (size_t i = 1; i < count; i++)
    if (edges[i].caller == edges[kept].caller)
      edges[kept].samples = mip_saturating_add (edges[kept].samples,
						edges[i].samples);
    else
      edges[++kept] = edges[i];
  return kept + 1;
}

/* The function that made the calls returning to link-time
   RETURN_ADDRESS, or MIP_NO_FUNCTION.  */
static uint32_t
calling_function (const struct mip_profile *profile,
		  const struct mip_address_index *index,
		  uint64_t return_address)
{
  if (return_address == MIP_EXTERNAL_CALLER)
    return MIP_NO_FUNCTION;
  uint32_t caller = mip_address_index_find_caller (index, return_address);
  return caller == MIP_NO_FUNCTION ? caller : profile->primary[caller];
}

/* Turn the callers the runs added to CALLERS->profile into the edges of
   each function, by calling function; false when out of memory.  */
static bool
build_caller_edges (struct heap_callers *callers)
{
  const struct mip_profile *profile = callers->profile;
  uint32_t count = profile->header.function_count;
  struct mip_address_index *index = NULL;
  struct mip_error_context error;
  size_t out = 0;

  mip_error_clear (&error);
  callers->edge_begin = calloc ((size_t) count + 1,
				sizeof *callers->edge_begin);
  callers->edges = calloc ((size_t) profile->header.caller_count + 1,
			   sizeof *callers->edges);
  if (!callers->edge_begin || !callers->edges
      || mip_address_index_build (profile, &index, &error) != MIP_OK)
    return false;
  for (uint32_t f = 0; f < count; f++)
    {
      const struct mip_profile_function *function = &profile->functions[f];
      size_t begin = out;
      callers->edge_begin[f] = (uint32_t) out;
      for (uint32_t c = 0; c < function->caller_count; c++)
	{
	  const struct mip_profile_caller *caller =
	    &profile->callers[function->caller_begin + c];
	  if (caller->samples == 0)
	    continue;
	  callers->edges[out].caller =
	    calling_function (profile, index, caller->return_address);
	  callers->edges[out].samples = caller->samples;
	  callers->samples = mip_saturating_add (callers->samples,
						 caller->samples);
	  out++;
	}
      out = begin + fold_caller_edges (callers->edges + begin, out - begin);
    }
  callers->edge_begin[count] = (uint32_t) out;
  mip_address_index_free (index);
  return true;
}

static void
heap_callers_free (struct heap_callers *callers)
{
  free (callers->edges);
  free (callers->edge_begin);
  mip_profile_free (callers->profile);
}

/* floor (A * B / C) for B <= C, C > 0, without overflow; *REMAINDER
   receives (A * B) mod C.  */
static uint64_t
scale (uint64_t a, uint64_t b, uint64_t c, uint64_t *remainder)
{
  uint64_t a_low = a & 0xffffffffu, a_high = a >> 32;
  uint64_t b_low = b & 0xffffffffu, b_high = b >> 32;
  uint64_t p0 = a_low * b_low, p1 = a_low * b_high;
  uint64_t p2 = a_high * b_low, p3 = a_high * b_high;
  uint64_t middle = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
  uint64_t low = (middle << 32) | (p0 & 0xffffffffu);
  uint64_t high = p3 + (p1 >> 32) + (p2 >> 32) + (middle >> 32);
  uint64_t quotient = 0, rest = 0;

  /* Long division of HIGH:LOW by C, a bit at a time.  */
  for (int bit = 127; bit >= 0; bit--)
    {
      bool carry = rest >> 63;
      uint64_t next = bit >= 64 ? high >> (bit - 64) : low >> bit;
      rest = (rest << 1) | (next & 1);
      quotient <<= 1;
      if (carry || rest >= c)
	{
	  rest -= c;
	  quotient |= 1;
	}
    }
  *remainder = rest;
  return quotient;
}

/* Split WEIGHT among the COUNT edges at EDGES in proportion to their
   samples into SHARES: each the floor of its exact share, then one
   more to the largest remainders (the earlier edge first on a tie)
   until the shares add up to WEIGHT.  REMAINDERS is scratch space of
   COUNT entries.  */
static void
split_weight (uint64_t weight, const struct caller_edge *edges, size_t count,
	      uint64_t *shares, uint64_t *remainders)
{
  uint64_t samples = 0, given = 0;
  for (size_t i = 0; i < count; i++)
    samples += edges[i].samples;
  for (size_t i = 0; i < count; i++)
    {
      shares[i] = scale (weight, edges[i].samples, samples, &remainders[i]);
      given += shares[i];
    }
  /* Fewer than COUNT units are left over.  */
  for (; given < weight; given++)
    {
      size_t best = count;
      for (size_t i = 0; i < count; i++)
	if (remainders[i] != UINT64_MAX
	    && (best == count || remainders[i] > remainders[best]))
	  best = i;
      shares[best]++;
      remainders[best] = UINT64_MAX;
    }
}

/* A frame of a stack: a function of the map, a caller outside the
   binary's instrumented code, or the allocation function of a site.  */
enum frame_kind
{
  FRAME_FUNCTION,
  FRAME_UNKNOWN,
  FRAME_ALLOCATOR
};

struct frame
{
  enum frame_kind kind;
  uint32_t id;                  /* function index; site index */
};

/* A stack of a site, root first, and the weight it carries.  */
typedef bool stack_visitor (const struct heap_report *report,
			    const struct frame *frames, size_t count,
			    uint64_t weight, void *context);

/* The walk up the callers of one site's function.  PATH holds the
   frames from the allocator (PATH[0]) up.  */
struct stack_walk
{
  const struct heap_report *report;
  stack_visitor *visit;
  void *context;
  struct frame path[STACK_DEPTH + 2];
  size_t stacks;                /* visited so far for this site */
};

/* Visit the stack of the DEPTH frames of WALK's path, root first.  */
static bool
visit_path (struct stack_walk *walk, size_t depth, uint64_t weight)
{
  struct frame frames[STACK_DEPTH + 2];
  for (size_t i = 0; i < depth; i++)
    frames[i] = walk->path[depth - 1 - i];
  walk->stacks++;
  return walk->visit (walk->report, frames, depth, weight, walk->context);
}

static bool
on_path (const struct stack_walk *walk, size_t depth, uint32_t function)
{
  for (size_t i = 1; i < depth; i++)
    if (walk->path[i].kind == FRAME_FUNCTION && walk->path[i].id == function)
      return true;
  return false;
}

static bool walk_up (struct stack_walk *walk, size_t depth, uint64_t weight);

/* Carry SHARE of the weight to CALLER, above the DEPTH frames of the
   path: a caller outside the binary ends the stack, a caller already on
   the path (recursion) leaves it where it is.  */
static bool
walk_to_caller (struct stack_walk *walk, size_t depth, uint32_t caller,
		uint64_t share)
{
  if (caller == MIP_NO_FUNCTION)
    {
      walk->path[depth].kind = FRAME_UNKNOWN;
      walk->path[depth].id = 0;
      return visit_path (walk, depth + 1, share);
    }
  if (on_path (walk, depth, caller))
    return visit_path (walk, depth, share);
  walk->path[depth].kind = FRAME_FUNCTION;
  walk->path[depth].id = caller;
  return walk_up (walk, depth + 1, share);
}

/* Split WEIGHT, which reaches the function on top of the DEPTH frames
   of the path, among its sampled callers, and go on up through each;
   the stack ends at a function without samples and at the depth or
   stack limits.  False when out of memory or the visitor fails.  */
static bool
walk_up (struct stack_walk *walk, size_t depth, uint64_t weight)
{
  const struct heap_callers *callers = &walk->report->callers;
  uint32_t function = walk->path[depth - 1].id;
  size_t begin = 0, count = 0;

  if (callers->edges)
    {
      begin = callers->edge_begin[function];
      count = callers->edge_begin[function + 1] - begin;
    }
  if (count == 0 || depth > STACK_DEPTH || walk->stacks >= STACK_LIMIT)
    return visit_path (walk, depth, weight);

  const struct caller_edge *edges = callers->edges + begin;
  uint64_t *shares = malloc (2 * count * sizeof *shares);
  if (!shares)
    return false;
  split_weight (weight, edges, count, shares, shares + count);
  bool ok = true;
  for (size_t i = 0; i < count && ok; i++)
    if (shares[i] != 0)
      ok = walk_to_caller (walk, depth, edges[i].caller, shares[i]);
  free (shares);
  return ok;
}

/* Visit the stacks of site INDEX, which carry WEIGHT: its function and
   allocator, under the function's sampled callers when there are any.  */
static bool
visit_site_stacks (const struct heap_report *report, uint32_t index,
		   uint64_t weight, stack_visitor *visit, void *context)
{
  struct stack_walk walk;
  uint32_t function = site_of (report, index)->function;

  walk.report = report;
  walk.visit = visit;
  walk.context = context;
  walk.stacks = 0;
  walk.path[0].kind = FRAME_ALLOCATOR;
  walk.path[0].id = index;
  walk.path[1].kind = FRAME_FUNCTION;
  walk.path[1].id = report->callers.profile
		    ? report->callers.profile->primary[function] : function;
  return walk_up (&walk, 2, weight);
}

/* The name of FRAME in reports.  */
static const char *
frame_name (const struct heap_report *report, const struct frame *frame)
{
  switch (frame->kind)
    {
    case FRAME_FUNCTION:
      return mipdata_display_name (report->map->functions[frame->id].name);
    case FRAME_UNKNOWN:
      return "<unknown>";
    case FRAME_ALLOCATOR:
      return mip_heap_callee_name (site_of (report, frame->id)->callee);
    }
  return "";
}

/* ---- Folded stacks -------------------------------------------------- */

static uint64_t
folded_count (const struct mip_heap_totals *t, enum folded_weight weight)
{
  switch (weight)
    {
    case WEIGHT_BYTES:
      return t->bytes;
    case WEIGHT_BLOCKS:
      return t->count;
    case WEIGHT_LIVE:
      return live_bytes (t);
    }
  return 0;
}

/* A frame's name without the separators of the folded format.  */
static void
print_frame (const char *name)
{
  for (const char *p = name; *p; p++)
    putchar (*p == ';' || *p == '\n' ? '_' : *p);
}

static bool
print_folded_stack (const struct heap_report *report,
		    const struct frame *frames, size_t count, uint64_t weight,
		    void *context)
{
  (void) context;
  for (size_t i = 0; i < count; i++)
    {
      if (i)
	putchar (';');
      print_frame (frame_name (report, &frames[i]));
    }
  printf (" %" PRIu64 "\n", weight);
  return true;
}

static int
print_folded (const struct heap_report *report, const struct heap_options *o)
{
  for (uint32_t i = 0; i < report->heap->site_count; i++)
    {
      uint64_t count;
      if (!is_allocation_site (report, i))
	continue;
      count = folded_count (&report->counts.sites[i], o->weight);
      if (count == 0)
	continue;
      if (!visit_site_stacks (report, i, count, print_folded_stack, NULL))
	{
	  mipdata_error ("out of memory");
	  return MIPDATA_EXIT_FAILURE;
	}
    }
  return MIPDATA_EXIT_OK;
}

/* ---- HTML flame graph ----------------------------------------------- */

/* Frames narrower than this share of the total are left out of the
   graph (the table still lists every site).  */
#define HTML_MIN_SHARE 1e-4

/* Height of a frame of the graph, in pixels.  */
#define HTML_FRAME_HEIGHT 18

/* A node of the tree of stacks: a frame under its parent (the root has
   none), with the weight of every stack through it.  */
struct flame_node
{
  struct frame frame;
  uint64_t weight;
  size_t first_child, next_sibling; /* 0: none (the root is node 0) */
};

struct flame_tree
{
  struct flame_node *nodes;
  size_t count, capacity;
};

static bool
same_frame (const struct frame *a, const struct frame *b)
{
  return a->kind == b->kind && a->id == b->id;
}

/* The child of PARENT for FRAME, added when missing; 0 when out of
   memory.  */
static size_t
flame_child (struct flame_tree *tree, size_t parent, const struct frame *frame)
{
  size_t child = tree->nodes[parent].first_child, last = 0;
  for (; child; last = child, child = tree->nodes[child].next_sibling)
    if (same_frame (&tree->nodes[child].frame, frame))
      return child;
  if (tree->count == tree->capacity)
    {
      size_t capacity = tree->capacity * 2;
      struct flame_node *nodes = realloc (tree->nodes,
					  capacity * sizeof *nodes);
      if (!nodes)
	return 0;
      tree->nodes = nodes;
      tree->capacity = capacity;
    }
  child = tree->count++;
  memset (&tree->nodes[child], 0, sizeof tree->nodes[child]);
  tree->nodes[child].frame = *frame;
  /* In the order first seen: the sites' order, under a site the
     callers' by function.  */
  if (last)
    tree->nodes[last].next_sibling = child;
  else
    tree->nodes[parent].first_child = child;
  return child;
}

static bool
add_flame_stack (const struct heap_report *report, const struct frame *frames,
		 size_t count, uint64_t weight, void *context)
{
  struct flame_tree *tree = context;
  size_t node = 0;
  (void) report;
  tree->nodes[0].weight = mip_saturating_add (tree->nodes[0].weight, weight);
  for (size_t i = 0; i < count; i++)
    {
      node = flame_child (tree, node, &frames[i]);
      if (node == 0)
	return false;
      tree->nodes[node].weight = mip_saturating_add (tree->nodes[node].weight,
						     weight);
    }
  return true;
}

/* The tree of the stacks of every allocation site weighted by
   WEIGHT.  */
static bool
build_flame_tree (const struct heap_report *report, enum folded_weight weight,
		  struct flame_tree *tree)
{
  tree->capacity = 64;
  tree->count = 1;
  tree->nodes = calloc (tree->capacity, sizeof *tree->nodes);
  if (!tree->nodes)
    return false;
  for (uint32_t i = 0; i < report->heap->site_count; i++)
    {
      uint64_t count;
      if (!is_allocation_site (report, i))
	continue;
      count = folded_count (&report->counts.sites[i], weight);
      if (count != 0
	  && !visit_site_stacks (report, i, count, add_flame_stack, tree))
	return false;
    }
  return true;
}

/* What the weight counts, after a number.  */
static const char *
weight_unit (enum folded_weight weight)
{
  switch (weight)
    {
    case WEIGHT_BYTES:
      return "bytes";
    case WEIGHT_BLOCKS:
      return "blocks";
    case WEIGHT_LIVE:
      return "bytes live at exit";
    }
  return "";
}

/* The heading of the weight's column.  */
static const char *
weight_title (enum folded_weight weight)
{
  switch (weight)
    {
    case WEIGHT_BYTES:
      return "Bytes";
    case WEIGHT_BLOCKS:
      return "Blocks";
    case WEIGHT_LIVE:
      return "Bytes live at exit";
    }
  return "";
}

static double
share_of (uint64_t part, uint64_t whole)
{
  return whole ? (double) part / (double) whole : 0.0;
}

static const char html_style[] =
  "<style>\n"
  "body { font-family: sans-serif; margin: 1em 2em; }\n"
  ".flame { position: relative; width: 100%; margin: 1em 0; }\n"
  ".frame { position: absolute; box-sizing: border-box;"
  " height: " "17px; overflow: hidden; white-space: nowrap;"
  " font: 12px monospace; line-height: 17px; padding: 0 3px;"
  " border: 1px solid #fff; border-radius: 2px; cursor: pointer; }\n"
  ".function { background: #f2a65a; }\n"
  ".allocator { background: #e8654a; color: #fff; }\n"
  ".unknown { background: #bbb; }\n"
  ".root { background: #d9d2c5; }\n"
  ".frame:hover { border-color: #333; }\n"
  "table { border-collapse: collapse; }\n"
  "td, th { padding: 0.1em 0.6em; text-align: left; }\n"
  "td.number { text-align: right; }\n"
  "</style>\n";

/* Clicking a frame shows it and what is above it across the width;
   clicking the bottom frame shows everything again.  */
static const char html_script[] =
  "<script>\n"
  "(function () {\n"
  "  var frames = document.querySelectorAll('.frame');\n"
  "  function zoom (target) {\n"
  "    var x0 = +target.dataset.x, w0 = +target.dataset.w,"
  " d0 = +target.dataset.d, e = 1e-12;\n"
  "    frames.forEach(function (f) {\n"
  "      var x = +f.dataset.x, w = +f.dataset.w, d = +f.dataset.d;\n"
  "      var above = d >= d0 && x >= x0 - e && x + w <= x0 + w0 + e;\n"
  "      var below = d < d0 && x <= x0 + e && x + w >= x0 + w0 - e;\n"
  "      f.style.display = above || below ? '' : 'none';\n"
  "      f.style.left = (above ? (x - x0) / w0 * 100 : 0) + '%';\n"
  "      f.style.width = (above ? w / w0 * 100 : 100) + '%';\n"
  "    });\n"
  "  }\n"
  "  frames.forEach(function (f) {\n"
  "    f.addEventListener('click', function () { zoom(f); });\n"
  "  });\n"
  "})();\n"
  "</script>\n";

static const char *
frame_class (const struct frame *frame, size_t node)
{
  if (node == 0)
    return "root";
  switch (frame->kind)
    {
    case FRAME_FUNCTION:
      return "function";
    case FRAME_UNKNOWN:
      return "unknown";
    case FRAME_ALLOCATOR:
      return "allocator";
    }
  return "";
}

/* Where a graph is drawn: the tree, the page and the total weight.  */
struct flame_page
{
  const struct heap_report *report;
  const struct flame_tree *tree;
  enum folded_weight weight;
  FILE *out;
};

/* The box of NODE, DEPTH frames above the bottom, starting at X (a
   share of the total).  */
static void
write_frame (const struct flame_page *page, size_t node, size_t depth,
	     double x)
{
  const struct flame_node *n = &page->tree->nodes[node];
  uint64_t total = page->tree->nodes[0].weight;
  double width = share_of (n->weight, total);
  const char *name = node ? frame_name (page->report, &n->frame) : "all";
  char where[512] = "";

  if (node && n->frame.kind == FRAME_ALLOCATOR)
    location_of (page->report, n->frame.id, where, sizeof where);
  fprintf (page->out, "<div class=\"frame %s\" data-x=\"%.12g\""
	   " data-w=\"%.12g\" data-d=\"%zu\" style=\"left: %.6f%%;"
	   " width: %.6f%%; bottom: %zupx\" title=\"",
	   frame_class (&n->frame, node), x, width, depth, 100 * x,
	   100 * width, depth * HTML_FRAME_HEIGHT);
  mipdata_html_text (page->out, name);
  fprintf (page->out, ": %" PRIu64 " %s, %.2f%%", n->weight,
	   weight_unit (page->weight), 100 * width);
  if (where[0])
    {
      fputs (" at ", page->out);
      mipdata_html_text (page->out, where);
    }
  fputs ("\">", page->out);
  mipdata_html_text (page->out, name);
  fputs ("</div>\n", page->out);
}

/* NODE and the frames above it; returns the depth of the tallest.  */
static size_t
write_frames (const struct flame_page *page, size_t node, size_t depth,
	      double x)
{
  const struct flame_tree *tree = page->tree;
  uint64_t total = tree->nodes[0].weight;
  size_t tallest = depth;

  if (share_of (tree->nodes[node].weight, total) < HTML_MIN_SHARE)
    return depth;
  write_frame (page, node, depth, x);
  for (size_t child = tree->nodes[node].first_child; child;
       child = tree->nodes[child].next_sibling)
    {
      size_t top = write_frames (page, child, depth + 1, x);
      if (top > tallest)
	tallest = top;
      x += share_of (tree->nodes[child].weight, total);
    }
  return tallest;
}

static size_t
tree_height (const struct flame_tree *tree, size_t node)
{
  size_t height = 0;
  for (size_t child = tree->nodes[node].first_child; child;
       child = tree->nodes[child].next_sibling)
    {
      size_t h = tree_height (tree, child);
      if (h > height)
	height = h;
    }
  return height + 1;
}

static void
write_heading (const struct flame_page *page)
{
  const struct heap_report *report = page->report;
  uint32_t runs = report->counts.runs;

  fputs ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	 "<meta charset=\"utf-8\">\n<title>Heap of ", page->out);
  mipdata_html_text (page->out, report->binary);
  fprintf (page->out, "</title>\n%s</head>\n<body>\n<h1>Heap of ",
	   html_style);
  mipdata_html_text (page->out, report->binary);
  fprintf (page->out, "</h1>\n<p>%" PRIu32 " run%s; total %" PRIu64
	   " %s.</p>\n", runs, runs == 1 ? "" : "s",
	   page->tree->nodes[0].weight, weight_unit (page->weight));
  fputs ("<p>Callers at the bottom, allocation functions on top; the"
	 " width of a frame is its share of the total.  Click a frame to"
	 " zoom in, the bottom frame to zoom out.</p>\n", page->out);
}

static void
write_site_row (const struct flame_page *page, uint32_t index)
{
  const struct heap_report *report = page->report;
  uint64_t weight = folded_count (&report->counts.sites[index], page->weight);
  char where[512];

  fputs ("<tr><td>", page->out);
  mipdata_html_text (page->out, function_of (report, index));
  fputs ("</td><td>", page->out);
  mipdata_html_text (page->out,
		 mip_heap_callee_name (site_of (report, index)->callee));
  fputs ("</td><td>", page->out);
  mipdata_html_text (page->out, location_of (report, index, where, sizeof where));
  fprintf (page->out, "</td><td class=\"number\">%" PRIu64 "</td>"
	   "<td class=\"number\">%.1f%%</td></tr>\n", weight,
	   100 * share_of (weight, page->tree->nodes[0].weight));
}

/* The allocation sites with any weight, heaviest first.  */
static bool
write_site_table (const struct flame_page *page)
{
  const struct heap_report *report = page->report;
  uint32_t *order = malloc ((report->heap->site_count + 1) * sizeof *order);
  enum ranking by = page->weight == WEIGHT_BLOCKS ? BY_BLOCKS
		    : page->weight == WEIGHT_LIVE ? BY_LIVE : BY_BYTES;
  if (!order)
    return false;
  uint32_t n = rank_sites (report, by, order);
  fprintf (page->out, "<h2>Allocation sites</h2>\n<table>\n<tr>"
	   "<th>Function</th><th>Allocator</th><th>Site</th>"
	   "<th>%s</th><th>Share</th></tr>\n", weight_title (page->weight));
  for (uint32_t r = 0; r < n; r++)
    if (folded_count (&report->counts.sites[order[r]], page->weight))
      write_site_row (page, order[r]);
  fputs ("</table>\n", page->out);
  free (order);
  return true;
}

/* The whole page into OUT.  */
static bool
write_flame_page (const struct flame_page *page)
{
  size_t height = tree_height (page->tree, 0);
  write_heading (page);
  fprintf (page->out, "<div class=\"flame\" style=\"height: %zupx\">\n",
	   height * HTML_FRAME_HEIGHT);
  write_frames (page, 0, 0, 0.0);
  fputs ("</div>\n", page->out);
  if (!write_site_table (page))
    return false;
  fprintf (page->out, "%s</body>\n</html>\n", html_script);
  return true;
}

/* Replace PATH by the SIZE bytes of DOCUMENT: a temporary file renamed
   over it, so that a failure leaves nothing half-written.  */
static int
write_output_file (const char *path, const char *document, size_t size)
{
  struct mip_error_context error;
  mip_error_clear (&error);
  if (mip_write_file_atomic (path, document, size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

static int
write_html (const struct heap_report *report, const struct heap_options *o)
{
  struct flame_tree tree = { NULL, 0, 0 };
  char *document = NULL;
  size_t size = 0;
  FILE *memory = open_memstream (&document, &size);
  bool ok = memory && build_flame_tree (report, o->weight, &tree);

  if (ok)
    {
      struct flame_page page = { report, &tree, o->weight, memory };
      ok = write_flame_page (&page);
    }
  if (memory && fclose (memory) != 0)
    ok = false;
  free (tree.nodes);
  if (!ok)
    {
      free (document);
      mipdata_error ("out of memory");
      return MIPDATA_EXIT_FAILURE;
    }
  int status = write_output_file (o->html, document, size);
  free (document);
  return status;
}

/* ---- The command ---------------------------------------------------- */

static bool
parse_weight (const char *text, enum folded_weight *weight)
{
  if (!text || strcmp (text, "bytes") == 0)
    *weight = WEIGHT_BYTES;
  else if (strcmp (text, "blocks") == 0)
    *weight = WEIGHT_BLOCKS;
  else if (strcmp (text, "live") == 0)
    *weight = WEIGHT_LIVE;
  else
    return false;
  return true;
}

static bool
parse_top (const char *text, unsigned long *top)
{
  char *end;
  if (text[0] < '0' || text[0] > '9')
    return false;
  *top = strtoul (text, &end, 10);
  return *end == '\0';
}

enum
{
  OPTION_JSON = 256,
  OPTION_FOLDED,
  OPTION_HTML,
  OPTION_WEIGHT,
  OPTION_NO_DEMANGLE,
  OPTION_DEBUG_DIRECTORY
};

static int
parse_options (int argc, char **argv, struct heap_options *o)
{
  static const struct option options[] = {
    { "json", no_argument, NULL, OPTION_JSON },
    { "folded", optional_argument, NULL, OPTION_FOLDED },
    { "html", required_argument, NULL, OPTION_HTML },
    { "weight", required_argument, NULL, OPTION_WEIGHT },
    { "top", required_argument, NULL, 'n' },
    { "no-demangle", no_argument, NULL, OPTION_NO_DEMANGLE },
    { "debug-file-directory", required_argument, NULL,
      OPTION_DEBUG_DIRECTORY },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  int c;

  o->output = OUTPUT_TEXT;
  o->weight = WEIGHT_BYTES;
  o->top = 10;
  o->html = NULL;
  while ((c = getopt_long (argc, argv, ":n:h", options, NULL)) != -1)
    switch (c)
      {
      case OPTION_JSON:
	o->output = OUTPUT_JSON;
	break;
      case OPTION_FOLDED:
	o->output = OUTPUT_FOLDED;
	if (optarg && !parse_weight (optarg, &o->weight))
	  return mipdata_usage_error ("heap", "unknown weight '%s' of"
				      " --folded: bytes, blocks or live",
				      optarg);
	break;
      case OPTION_HTML:
	o->output = OUTPUT_HTML;
	o->html = optarg;
	if (optarg[0] == '\0')
	  return mipdata_usage_error ("heap", "--html wants a file name");
	break;
      case OPTION_WEIGHT:
	if (!parse_weight (optarg, &o->weight))
	  return mipdata_usage_error ("heap", "unknown weight '%s' of"
				      " --weight: bytes, blocks or live",
				      optarg);
	break;
      case 'n':
	if (!parse_top (optarg, &o->top))
	  return mipdata_usage_error ("heap", "--top wants a number, not"
				      " '%s'", optarg);
	break;
      case OPTION_NO_DEMANGLE:
	mipdata_demangle_names = false;
	break;
      case OPTION_DEBUG_DIRECTORY:
	if (!mipdata_set_debug_directory (optarg))
	  return MIPDATA_EXIT_FAILURE;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("heap", c, argv);
      }
  if (argc - optind < 2)
    return mipdata_usage_error ("heap", argc - optind == 0
				? "missing BINARY and PROFILE"
				: "missing PROFILE, a raw profile or a"
				  " profile");
  return -1;
}

/* Whether the output has stacks, which go up through the callers.  */
static bool
wants_stacks (const struct heap_options *o)
{
  return o->output == OUTPUT_FOLDED || o->output == OUTPUT_HTML;
}

/* An empty profile of the binary's functions, to which every run adds
   its callers.  */
static int
start_callers (struct heap_report *report)
{
  struct mip_error_context error;
  mip_error_clear (&error);
  if (mip_profile_create (report->map, &report->callers.profile, &error)
      != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

static void
report_free (struct heap_report *report)
{
  heap_callers_free (&report->callers);
  if (report->debug)
    mipdata_debug_close (report->debug);
  mip_heap_counts_free (&report->counts);
  mip_heap_map_free (report->heap);
  mip_map_free (report->map);
}

int
cmd_heap (int argc, char **argv)
{
  struct heap_options o;
  struct heap_report report;
  int status = parse_options (argc, argv, &o);

  if (status >= 0)
    return status;
  memset (&report, 0, sizeof report);
  report.binary = argv[optind];
  status = read_binary (&report);
  if (status == MIPDATA_EXIT_OK
      && !mip_heap_counts_init (&report.counts, report.heap))
    {
      mipdata_error ("out of memory");
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK && wants_stacks (&o))
    status = start_callers (&report);
  for (int i = optind + 1; status == MIPDATA_EXIT_OK && i < argc; i++)
    status = add_file (&report, argv[i]);
  if (status == MIPDATA_EXIT_OK && report.callers.profile
      && !build_caller_edges (&report.callers))
    {
      mipdata_error ("out of memory");
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK && o.output != OUTPUT_FOLDED)
    report.debug = mipdata_debug_open (report.binary);
  if (status == MIPDATA_EXIT_OK)
    switch (o.output)
      {
      case OUTPUT_TEXT:
	status = print_text (&report, &o);
	break;
      case OUTPUT_JSON:
	status = print_json (&report);
	break;
      case OUTPUT_FOLDED:
	status = print_folded (&report, &o);
	break;
      case OUTPUT_HTML:
	status = write_html (&report, &o);
	break;
      }
  report_free (&report);
  return status;
}

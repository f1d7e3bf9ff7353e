/* cmd-heap.c - mipdata heap: where a program's heap goes, by allocation
   site, from the raw profiles of a binary built with the heap option.

     mipdata heap [--json | --folded[=WEIGHT]] [--top=N] BINARY RAW...

   BINARY gives the map and the allocation sites (.debug_mip_heap); each
   RAW holds one or more dumps, and every dump of BINARY's build is one
   run, added up (dumps of other modules are passed over).  The report
   has the sites by bytes, by blocks, the shortest-lived (from the
   sampled blocks) and those whose sampled blocks were still live at
   exit (leak candidates), and which sites freed the sampled blocks of
   each.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

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
#include "mip-map.h"
#include "mip-raw.h"

enum heap_output
{
  OUTPUT_TEXT,
  OUTPUT_JSON,
  OUTPUT_FOLDED
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
};

/* Everything the report reads.  */
struct heap_report
{
  const char *binary;
  struct mip_map *map;
  struct mip_heap_map *heap;
  struct mip_heap_counts counts;
  struct mipdata_debug_info *debug;
};

static void
print_help (void)
{
  printf ("usage: mipdata heap [--json | --folded[=WEIGHT]] [--top=N]\n"
	  "                    [--debug-file-directory=DIR] BINARY RAW...\n"
	  "\n"
	  "Print where the heap of BINARY, built with\n"
	  "-fplugin-arg-mip-generate=heap (or -fplugin-arg-mip-heap), goes,\n"
	  "by allocation site, from its raw profiles RAW: every dump of\n"
	  "BINARY's build in them is one run, and the runs are added up.\n"
	  "\n"
	  "The report lists the sites by bytes allocated, by blocks\n"
	  "allocated, the shortest-lived and those still live at exit (leak\n"
	  "candidates), and for each site which sites freed its blocks.\n"
	  "Lifetimes, frees and live blocks are of the sampled blocks: one\n"
	  "byte in MIP_HEAP_SAMPLE_BYTES (default %u) picks the block that\n"
	  "holds it; MIP_HEAP_SAMPLE_BYTES=1 when running the program\n"
	  "samples every block.\n"
	  "\n"
	  "Options:\n"
	  "      --json             every site and its counts as JSON\n"
	  "      --folded[=WEIGHT]  folded stacks, one line per site:\n"
	  "                         'function;allocator COUNT', as\n"
	  "                         flamegraph.pl, inferno and speedscope\n"
	  "                         read them; WEIGHT is bytes (the\n"
	  "                         default), blocks or live (sampled bytes\n"
	  "                         live at exit)\n"
	  "  -n, --top=N            at most N rows per table (default 10;\n"
	  "                         0: all)\n"
	  "      --no-demangle      print C++ names as the symbols are\n"
	  "      --debug-file-directory=DIR\n"
	  "                         look for debug files under DIR instead\n"
	  "                         of /usr/lib/debug\n"
	  "  -h, --help             print this help and exit\n",
	  MIP_HEAP_DEFAULT_SAMPLE_BYTES);
}

/* ---- Reading -------------------------------------------------------- */

static int
read_map (const char *path, unsigned char *data, size_t size,
	  struct mip_map **map)
{
  struct mip_error_context error;
  unsigned char *section = NULL;
  size_t section_size = 0;

  mip_error_clear (&error);
  switch (mipdata_elf_map (path, data, size, &section, &section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      break;
    case MIPDATA_ELF_MAP_MISSING:
      mipdata_error ("'%s': has no " MIP_MAP_SECTION " section: it was not"
		     " built with -fplugin=mip, or was stripped", path);
      return MIPDATA_EXIT_FAILURE;
    default:
      return MIPDATA_EXIT_FAILURE;
    }
  enum mip_error status = mip_map_parse (section, section_size, path, map,
					 &error);
  free (section);
  if (status != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

static int
read_heap_sites (const char *path, unsigned char *data, size_t size,
		 const struct mip_map *map, struct mip_heap_map **heap)
{
  struct mip_error_context error;
  unsigned char *section = NULL;
  size_t section_size = 0;

  mip_error_clear (&error);
  switch (mipdata_elf_heap_sites (path, data, size, &section, &section_size))
    {
    case MIPDATA_ELF_MAP_FOUND:
      break;
    case MIPDATA_ELF_MAP_MISSING:
      mipdata_error ("'%s': has no allocation sites (no "
		     MIP_HEAP_MAP_SECTION " section): build it with"
		     " -fplugin-arg-mip-generate=heap or"
		     " -fplugin-arg-mip-heap", path);
      return MIPDATA_EXIT_FAILURE;
    default:
      return MIPDATA_EXIT_FAILURE;
    }
  enum mip_error status = mip_heap_map_parse (section, section_size, path,
					      map, heap, &error);
  free (section);
  if (status != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
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

/* Add the dumps of the binary's build in the raw profile PATH; a file
   with none of them is refused, naming both build ids.  */
static int
add_raw_file (struct heap_report *report, const char *path)
{
  struct mip_error_context error;
  unsigned char *data;
  size_t size, offset = 0;
  unsigned matched = 0;
  uint64_t other_build = 0;

  mip_error_clear (&error);
  if (mip_read_file (path, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
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
	  matched++;
	}
      if (status != MIP_OK)
	{
	  mipdata_report (&error);
	  free (data);
	  return MIPDATA_EXIT_FAILURE;
	}
      offset = next;
    }
  free (data);
  if (matched == 0)
    {
      mipdata_error ("'%s': holds no run of '%s' (its build id is 0x%016"
		     PRIx64 ", the raw profile's 0x%016" PRIx64 ")", path,
		     report->binary, report->map->build_id, other_build);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
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
      print_frame (function_of (report, i));
      putchar (';');
      print_frame (mip_heap_callee_name (site_of (report, i)->callee));
      printf (" %" PRIu64 "\n", count);
    }
  return MIPDATA_EXIT_OK;
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
  OPTION_NO_DEMANGLE,
  OPTION_DEBUG_DIRECTORY
};

static int
parse_options (int argc, char **argv, struct heap_options *o)
{
  static const struct option options[] = {
    { "json", no_argument, NULL, OPTION_JSON },
    { "folded", optional_argument, NULL, OPTION_FOLDED },
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
  while ((c = getopt_long (argc, argv, ":n:h", options, NULL)) != -1)
    switch (c)
      {
      case OPTION_JSON:
	o->output = OUTPUT_JSON;
	break;
      case OPTION_FOLDED:
	o->output = OUTPUT_FOLDED;
	if (!parse_weight (optarg, &o->weight))
	  return mipdata_usage_error ("heap", "unknown weight '%s' of"
				      " --folded: bytes, blocks or live",
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
				? "missing BINARY and RAW"
				: "missing RAW, the raw profile");
  return -1;
}

static void
report_free (struct heap_report *report)
{
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
  for (int i = optind + 1; status == MIPDATA_EXIT_OK && i < argc; i++)
    status = add_raw_file (&report, argv[i]);
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
      }
  report_free (&report);
  return status;
}

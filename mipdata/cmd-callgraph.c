/* cmd-callgraph.c - mipdata callgraph: the calls the runs observed.

   Functions that record callers keep a sample of the return addresses
   they were called from; merge turns them into link-time addresses.
   Each one is a call site in the function whose code holds the byte
   before it, so each gives an edge caller -> callee:

     main -> helper  (runs 2)
     helper -> helper  (runs 2, samples 39, about 9984 calls)
     <unknown> -> main  (runs 2)

   The first caller of each run is recorded in the function's raw
   record; on x86-64, i386, AArch64, ARM state and Thumb-2 the full mode
   also samples the caller of every 256th call
   (MIP_CALLER_SAMPLE_PERIOD), so every edge taken often
   appears, weighted by its samples: about samples x 256 calls, summed
   over the runs.

   Where the profile knows the count of the block that holds a call
   site (the block-count mode; in the full mode, a block that runs once
   per call), the edge also gives its calls, that count summed over its
   sites: "often -> callee  (runs 1, calls 10000, samples 39, about 9984
   calls)".  A site seen calling several callees (an indirect call), or
   that ran more often than its callee was called, gives each of its
   edges "at most N calls".

   or, with --dot, a Graphviz graph whose nodes carry what the profile
   knows of each function (its call count where the mode records one,
   the runs that executed it) and whose edges carry their runs:

     digraph mip {
       "main" [label="main\nruns 2"];
       "helper" [label="helper\ncalls 6\nruns 2"];
       "main" -> "helper" [label="runs 2"];
       "helper" -> "helper" [label="runs 2\nabout 9984 calls"];
     }

   Functions of the same name (static functions of several files) are
   told apart: "scale (a.c)" with --debug, which knows their files, else
   "scale@0x401136" by address.  --min-calls drops the edges into
   functions called fewer times, --focus keeps what lies within --depth
   calls of one function, and --cluster groups the nodes by source file
   (with --debug), so that large programs stay readable.

   A caller outside the profile (not instrumented, or in another module,
   like the C library calling main) is <unknown>; with --debug it is
   named after the function of the binary's DWARF that holds the call,
   when there is one.  Several call sites of one caller make one edge;
   its runs are the sum of theirs, at most the runs merged.  That is
   exact when the callee keeps one caller slot (the first caller of each
   run, as the plugin records it): a run then shows one site per callee.
   With more slots it is an upper bound.  Unknown callers are one node,
   so the C library's call of main, whose address differs from run to
   run, counts once per run.

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

#include "demangle.h"
#include "mip-lookup.h"
#include "mip-profile.h"

/* Every caller outside the profile: one name, whether the profile knows
   the caller is outside the binary (made from it) or only that it is
   none of its functions (made from a map), as show names it.  */
#define UNKNOWN_CALLER "<unknown>"

struct callgraph_options
{
  const char *profile_path;
  const char *debug_path;
  bool dot;
  bool cluster;			/* DOT subgraphs by source file */
  uint64_t min_calls;		/* 0: every edge */
  const char *focus;		/* NULL: the whole graph */
  unsigned depth;		/* calls from FOCUS kept */
};

/* What is printed of each function of the profile.  */
struct node_names
{
  char **names;			/* unique display names, by index */
  const char **files;		/* source files (--debug), or NULL */
};

/* What the profile knows of how many calls an edge made.  */
enum edge_calls
{
  CALLS_UNKNOWN,		/* no count for a call site of it */
  CALLS_EXACT,			/* CALLS is exact */
  CALLS_AT_MOST			/* a site is shared with other callees */
};

/* One observed call: CALLER (a function of the profile, or
   MIP_NO_FUNCTION and then EXTERNAL names it) calls CALLEE.  */
struct call_edge
{
  uint32_t caller;
  const char *external;
  uint32_t callee;
  uint32_t runs;
  uint64_t samples;		/* caller samples of the edge */
  uint64_t return_address;	/* of its call site (before folding) */
  uint64_t calls;		/* times its call sites ran */
  enum edge_calls calls_known;
};

struct edge_list
{
  struct call_edge *edges;
  size_t count;
};

static void
print_help (void)
{
  printf ("usage: mipdata callgraph -p PROFILE [--debug BINARY] [--dot]\n"
	  "                          [--min-calls=N] [--focus=FUNCTION\n"
	  "                          [--depth=N]] [--cluster] [--no-demangle]\n"
	  "\n"
	  "Print the calls observed in the runs merged into PROFILE, from\n"
	  "the callers sampled by the functions that record them, one edge\n"
	  "per line: 'caller -> callee  (runs N)', with ', samples S, about\n"
	  "C calls' for an edge whose calls were sampled (full mode on\n"
	  "x86-64, i386, AArch64, ARM and Thumb-2, one sample every 256\n"
	  "calls), and ', calls N' (exact) or ', at most N calls' (a call\n"
	  "site shared by several callees) where the profile counts the\n"
	  "block holding the call (the block-count mode; in the full mode\n"
	  "a block run once per call).\n"
	  "A caller that is not in the profile is <unknown>.\n"
	  "Functions that share a name are told apart by file (with\n"
	  "--debug) or by address: 'scale (a.c)', 'scale@0x401136'.  C++\n"
	  "functions are shown demangled.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to read\n"
	  "                         (without -p: the first operand, when\n"
	  "                         it is a profile or ends in .mip)\n"
	  "  -d, --debug=BINARY     name callers that are not in the profile\n"
	  "                         and the files of functions from the DWARF\n"
	  "                         of BINARY (the profiled binary)\n"
	  "  -D, --dot              print a Graphviz digraph instead, its\n"
	  "                         nodes labelled with their call counts and\n"
	  "                         runs, its edges with their runs\n"
	  "  -m, --min-calls=N      leave out calls of functions called fewer\n"
	  "                         than N times (modes that count calls)\n"
	  "  -f, --focus=FUNCTION   only the calls within --depth calls of\n"
	  "                         FUNCTION (as shown, or its symbol), as\n"
	  "                         callers or callees\n"
	  "  -n, --depth=N          how far from --focus (default 1)\n"
	  "  -c, --cluster          with --dot and --debug, group the\n"
	  "                         functions by source file\n"
	  "      --no-demangle      show C++ functions by their symbols\n"
	  "  -h, --help             print this help and exit\n");
}

/* ---- Collecting the edges ------------------------------------------------ */

static const char *
caller_name (const struct node_names *nodes, const struct call_edge *edge)
{
  if (edge->caller != MIP_NO_FUNCTION)
    return nodes->names[edge->caller];
  return edge->external;
}

/* By caller (functions of the profile in profile order, then the others
   by name), then by callee.  */
static int
compare_edges (const void *a, const void *b)
{
  const struct call_edge *x = a, *y = b;
  int names;

  if (x->caller != y->caller)
    return x->caller < y->caller ? -1 : 1;
  if (x->caller == MIP_NO_FUNCTION
      && (names = strcmp (x->external, y->external)) != 0)
    return names;
  if (x->callee != y->callee)
    return x->callee < y->callee ? -1 : 1;
  return 0;
}

/* The edge of the call that returns to ADDRESS in CALLEE.  */
static struct call_edge
edge_of (const struct mip_address_index *addresses,
	 struct mipdata_debug_info *debug, uint32_t callee,
	 const struct mip_profile_caller *sample)
{
  struct call_edge edge;

  edge.caller = mip_address_index_find_caller (addresses,
					       sample->return_address);
  edge.external = UNKNOWN_CALLER;
  if (edge.caller == MIP_NO_FUNCTION && debug
      && sample->return_address != MIP_EXTERNAL_CALLER
      && sample->return_address > 0)
    {
      const char *name =
	mipdata_debug_function_name (debug, sample->return_address - 1);
      if (name)
	edge.external = name;
    }
  edge.callee = callee;
  edge.runs = sample->runs;
  edge.samples = sample->samples;
  edge.return_address = sample->return_address;
  edge.calls = 0;
  edge.calls_known = CALLS_UNKNOWN;
  return edge;
}

/* How many times the call site of EDGE ran, when the profile knows the
   count of the block holding the call (the block-count mode, or a
   block that runs once per call): the calls it made, as long as no
   other function was called from there (see mark_shared_sites).  */
static void
count_site (const struct mip_profile *profile, struct call_edge *edge)
{
  uint32_t block;

  if (edge->caller == MIP_NO_FUNCTION || edge->return_address == 0
      || edge->return_address == MIP_EXTERNAL_CALLER
      || !mip_profile_block_at (profile, edge->caller,
				edge->return_address - 1, &block)
      || !mip_profile_block_count (profile, edge->caller, block,
				   &edge->calls))
    return;
  edge->calls_known = CALLS_EXACT;
}

static int
compare_sites (const void *a, const void *b)
{
  const struct call_edge *x = a, *y = b;

  if (x->return_address != y->return_address)
    return x->return_address < y->return_address ? -1 : 1;
  return 0;
}

/* A site's count is the calls of its one callee.  A site seen calling
   several (an indirect call), or that ran more often than its callee
   was called, called others too: its count only bounds each edge.  */
static void
mark_shared_sites (const struct mip_profile *profile,
		   struct edge_list *list)
{
  size_t i, j;

  qsort (list->edges, list->count, sizeof *list->edges, compare_sites);
  for (i = 0; i < list->count; i = j)
    {
      for (j = i + 1; j < list->count
	   && list->edges[j].return_address == list->edges[i].return_address;
	   j++)
	;
      for (size_t k = i; k < j; k++)
	{
	  struct call_edge *edge = &list->edges[k];
	  const struct mip_profile_function *callee =
	    &profile->functions[edge->callee];
	  if (edge->calls_known == CALLS_EXACT
	      && (j - i > 1
		  || ((mip_profile_function_kinds (profile, edge->callee)
		       & MIP_KIND_CALL_COUNT)
		      && edge->calls > callee->call_count)))
	    edge->calls_known = CALLS_AT_MOST;
	}
    }
}

/* Add EDGE's calls to those of SUM, the same edge from another site.  */
static void
add_calls (struct call_edge *sum, const struct call_edge *edge)
{
  if (sum->calls_known == CALLS_UNKNOWN
      || edge->calls_known == CALLS_UNKNOWN)
    {
      sum->calls_known = CALLS_UNKNOWN;
      return;
    }
  if (edge->calls_known == CALLS_AT_MOST)
    sum->calls_known = CALLS_AT_MOST;
  sum->calls = edge->calls > UINT64_MAX - sum->calls ? UINT64_MAX
	       : sum->calls + edge->calls;
}

/* Sort the edges and fold those with the same caller and callee, adding
   their runs up to RUNS.  */
static void
fold_edges (struct edge_list *list, uint32_t runs)
{
  size_t i, kept = 0;

  if (list->count == 0)
    return;
  qsort (list->edges, list->count, sizeof *list->edges, compare_edges);
  for (i = 1; i < list->count; i++)
    {
      struct call_edge *last = &list->edges[kept];
      if (compare_edges (last, &list->edges[i]) == 0)
	{
	  last->runs = list->edges[i].runs > runs - last->runs ? runs
	    : last->runs + list->edges[i].runs;
	  last->samples += list->edges[i].samples;
	  add_calls (last, &list->edges[i]);
	}
      else
	list->edges[++kept] = list->edges[i];
    }
  list->count = kept + 1;
}

/* The number of caller samples of the functions that are nodes.  Not
   the profile's caller_count: the reader checks that each function's
   range lies in the caller table, not that the ranges are disjoint.  */
static size_t
count_samples (const struct mip_profile *profile)
{
  size_t samples = 0;
  uint32_t f;

  for (f = 0; f < profile->header.function_count; f++)
    if (!mip_profile_function_is_discarded (profile, f)
	&& !mip_profile_function_is_alias (profile, f))
      samples += profile->functions[f].caller_count;
  return samples;
}

static bool
collect_edges (const struct mip_profile *profile,
	       const struct mip_address_index *addresses,
	       struct mipdata_debug_info *debug, struct edge_list *list)
{
  uint32_t f, c;

  list->count = 0;
  list->edges = calloc (count_samples (profile) + 1, sizeof *list->edges);
  if (!list->edges)
    return false;
  for (f = 0; f < profile->header.function_count; f++)
    {
      const struct mip_profile_function *function = &profile->functions[f];
      if (mip_profile_function_is_discarded (profile, f)
	  || mip_profile_function_is_alias (profile, f))
	continue;
      for (c = 0; c < function->caller_count; c++)
	{
	  struct call_edge *edge = &list->edges[list->count++];
	  *edge = edge_of (addresses, debug, f,
			   &profile->callers[function->caller_begin + c]);
	  count_site (profile, edge);
	}
    }
  mark_shared_sites (profile, list);
  fold_edges (list, profile->header.runs);
  return true;
}

/* ---- Naming the functions ---------------------------------------------- */

/* Whether function F of the profile is a node of the graph.  */
static bool
is_node (const struct mip_profile *profile, uint32_t f)
{
  return !mip_profile_function_is_discarded (profile, f)
    && !mip_profile_function_is_alias (profile, f);
}

/* The profile whose functions compare_by_name compares (qsort has no
   context argument).  */
static const struct mip_profile *sorted_profile;

static int
compare_by_name (const void *a, const void *b)
{
  const uint32_t *x = a, *y = b;
  return strcmp (mip_profile_function_name (sorted_profile, *x),
		 mip_profile_function_name (sorted_profile, *y));
}

/* Mark in SHARED the functions whose name another node has too.  */
static bool
find_shared_names (const struct mip_profile *profile, bool *shared)
{
  uint32_t n = profile->header.function_count, count = 0, i;
  uint32_t *order = calloc (n + 1, sizeof *order);

  if (!order)
    return false;
  for (i = 0; i < n; i++)
    if (is_node (profile, i))
      order[count++] = i;
  sorted_profile = profile;
  qsort (order, count, sizeof *order, compare_by_name);
  for (i = 1; i < count; i++)
    if (compare_by_name (&order[i - 1], &order[i]) == 0)
      shared[order[i - 1]] = shared[order[i]] = true;
  free (order);
  return true;
}

static char *
format_name (const char *format, const char *name, const char *file,
	     uint64_t address)
{
  int size = file ? snprintf (NULL, 0, format, name, file)
    : snprintf (NULL, 0, format, name, address);
  char *text = malloc ((size_t) size + 1);

  if (!text)
    return NULL;
  if (file)
    snprintf (text, (size_t) size + 1, format, name, file);
  else
    snprintf (text, (size_t) size + 1, format, name, address);
  return text;
}

static void
free_names (const struct mip_profile *profile, struct node_names *nodes)
{
  uint32_t i;

  if (nodes->names)
    for (i = 0; i < profile->header.function_count; i++)
      free (nodes->names[i]);
  if (nodes->files)
    for (i = 0; i < profile->header.function_count; i++)
      free ((char *) nodes->files[i]);
  free (nodes->names);
  free (nodes->files);
}

/* The source file of F's declaration, from DEBUG, or NULL.  */
static char *
function_file (const struct mip_profile *profile,
	       struct mipdata_debug_info *debug, uint32_t f)
{
  const char *file;
  int line;

  if (!debug || !mipdata_debug_lookup (debug, profile->functions[f].address,
				       &file, &line))
    return NULL;
  return strdup (file);
}

/* FILE without its directories.  */
static const char *
base_name (const char *file)
{
  const char *slash = strrchr (file, '/');
  return slash ? slash + 1 : file;
}

/* Whether another function sharing F's name has a file of the same base
   name (or no known file), so that the file cannot tell F apart.  */
static bool
file_ambiguous (const struct mip_profile *profile,
		const struct node_names *nodes, const bool *shared,
		uint32_t f)
{
  const char *name = mip_profile_function_name (profile, f);
  uint32_t g;

  if (!nodes->files[f])
    return true;
  for (g = 0; g < profile->header.function_count; g++)
    if (g != f && shared[g]
	&& strcmp (mip_profile_function_name (profile, g), name) == 0
	&& (!nodes->files[g]
	    || strcmp (base_name (nodes->files[g]),
		       base_name (nodes->files[f])) == 0))
      return true;
  return false;
}

/* Each function's display name: its symbol (demangled, unless
   --no-demangle), or with a shared name
   "NAME (FILE)" (the file's base name) where DEBUG knows files that tell
   the functions apart, else "NAME@0xADDRESS".  */
static bool
name_nodes (const struct mip_profile *profile,
	    struct mipdata_debug_info *debug, struct node_names *nodes)
{
  uint32_t n = profile->header.function_count, i;
  bool *shared = calloc (n + 1, sizeof *shared);
  bool ok = shared != NULL;

  nodes->names = calloc (n + 1, sizeof *nodes->names);
  nodes->files = calloc (n + 1, sizeof *nodes->files);
  ok = ok && nodes->names && nodes->files
    && find_shared_names (profile, shared);
  for (i = 0; ok && i < n; i++)
    nodes->files[i] = function_file (profile, debug, i);
  for (i = 0; ok && i < n; i++)
    {
      const char *name =
	mipdata_display_name (mip_profile_function_name (profile, i));

      if (!shared[i])
	nodes->names[i] = strdup (name);
      else if (!file_ambiguous (profile, nodes, shared, i))
	nodes->names[i] = format_name ("%s (%s)", name,
				       base_name (nodes->files[i]), 0);
      else
	nodes->names[i] = format_name ("%s@0x%" PRIx64, name, NULL,
				       profile->functions[i].address);
      ok = nodes->names[i] != NULL;
    }
  free (shared);
  return ok;
}

/* ---- Choosing the edges ------------------------------------------------ */

/* Whether FUNCTION's recorded call count is under MIN_CALLS (a function
   whose mode counts no calls is kept).  */
static bool
called_too_rarely (const struct mip_profile *profile, uint32_t f,
		   uint64_t min_calls)
{
  return min_calls > 0
    && (profile->functions[f].kinds & MIP_KIND_CALL_COUNT)
    && profile->functions[f].call_count < min_calls;
}

/* The node functions named NAME (a display name or a symbol): true with
   the first in *FOUND.  */
static bool
find_function (const struct mip_profile *profile,
	       const struct node_names *nodes, const char *name,
	       uint32_t *found)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    if (is_node (profile, i) && strcmp (nodes->names[i], name) == 0)
      {
	*found = i;
	return true;
      }
  for (i = 0; i < profile->header.function_count; i++)
    if (is_node (profile, i)
	&& strcmp (mip_profile_function_name (profile, i), name) == 0)
      {
	*found = i;
	return true;
      }
  return false;
}

/* Distances from FOCUS over the edges, either way, up to DEPTH; other
   functions stay at UINT32_MAX.  An outside caller is a leaf.  */
static void
measure_distances (const struct edge_list *list, uint32_t focus,
		   unsigned depth, uint32_t *distance)
{
  unsigned level;
  size_t i;

  distance[focus] = 0;
  for (level = 0; level < depth; level++)
    for (i = 0; i < list->count; i++)
      {
	const struct call_edge *edge = &list->edges[i];
	if (edge->caller == MIP_NO_FUNCTION)
	  continue;
	if (distance[edge->caller] == level
	    && distance[edge->callee] > level + 1)
	  distance[edge->callee] = level + 1;
	if (distance[edge->callee] == level
	    && distance[edge->caller] > level + 1)
	  distance[edge->caller] = level + 1;
      }
}

static bool
near_focus (const struct call_edge *edge, const uint32_t *distance,
	    unsigned depth)
{
  if (distance[edge->callee] > depth)
    return false;
  if (edge->caller == MIP_NO_FUNCTION)
    return distance[edge->callee] < depth;
  return distance[edge->caller] <= depth;
}

/* Keep the edges the options ask for.  Returns false (after a message)
   when the focus is not a function of the profile or memory runs out.  */
static bool
filter_edges (const struct mip_profile *profile,
	      const struct node_names *nodes,
	      const struct callgraph_options *options, struct edge_list *list)
{
  uint32_t *distance = NULL, focus, i;
  size_t kept = 0, e;

  if (options->focus)
    {
      if (!find_function (profile, nodes, options->focus, &focus))
	{
	  mipdata_error ("'%s' has no function '%s'", options->profile_path,
			 options->focus);
	  return false;
	}
      distance = malloc ((profile->header.function_count + 1)
			 * sizeof *distance);
      if (!distance)
	{
	  mipdata_error ("out of memory");
	  return false;
	}
      for (i = 0; i < profile->header.function_count; i++)
	distance[i] = UINT32_MAX;
      measure_distances (list, focus, options->depth, distance);
    }
  for (e = 0; e < list->count; e++)
    {
      const struct call_edge *edge = &list->edges[e];
      if (called_too_rarely (profile, edge->callee, options->min_calls))
	continue;
      if (distance && !near_focus (edge, distance, options->depth))
	continue;
      list->edges[kept++] = *edge;
    }
  list->count = kept;
  free (distance);
  return true;
}

/* Whether any function of the profile records its callers.  */
static bool
records_callers (const struct mip_profile *profile)
{
  uint32_t f;

  for (f = 0; f < profile->header.function_count; f++)
    if (profile->functions[f].kinds & MIP_KIND_CALLERS)
      return true;
  return false;
}

/* ---- Printing ------------------------------------------------------------ */

/* NAME as a quoted Graphviz ID.  */
static void
print_dot_id (const char *name)
{
  putchar ('"');
  for (; *name; name++)
    if (*name == '"' || *name == '\\')
      printf ("\\%c", *name);
    else if (*name == '\n')
      fputs ("\\n", stdout);
    else
      putchar (*name);
  putchar ('"');
}

/* One node statement: the name, then what the profile knows of it.  */
static void
print_dot_node (const struct mip_profile *profile,
		const struct node_names *nodes, uint32_t f, const char *indent)
{
  const struct mip_profile_function *function = &profile->functions[f];
  const char *name = nodes->names[f];
  size_t size = strlen (name) + 64;
  char *label = malloc (size);

  fputs (indent, stdout);
  print_dot_id (name);
  if (label)
    {
      int used = snprintf (label, size, "%s", name);
      if (function->kinds & MIP_KIND_CALL_COUNT)
	used += snprintf (label + used, size - (size_t) used,
			  "\ncalls %" PRIu64, function->call_count);
      snprintf (label + used, size - (size_t) used, "\nruns %" PRIu32,
		function->covered_runs);
      fputs (" [label=", stdout);
      print_dot_id (label);
      fputs ("]", stdout);
      free (label);
    }
  fputs (";\n", stdout);
}

/* The node functions the edges use, in a flag array; NULL when memory
   runs out.  */
static bool *
used_nodes (const struct mip_profile *profile, const struct edge_list *list)
{
  bool *used = calloc (profile->header.function_count + 1, sizeof *used);
  size_t i;

  if (!used)
    return NULL;
  for (i = 0; i < list->count; i++)
    {
      used[list->edges[i].callee] = true;
      if (list->edges[i].caller != MIP_NO_FUNCTION)
	used[list->edges[i].caller] = true;
    }
  return used;
}

/* The nodes, in one subgraph cluster per source file with CLUSTER, and
   the functions whose file is unknown outside them.  */
static void
print_dot_nodes (const struct mip_profile *profile,
		 const struct node_names *nodes, const bool *used,
		 bool cluster)
{
  uint32_t n = profile->header.function_count, f, g;
  unsigned clusters = 0;

  for (f = 0; f < n; f++)
    {
      const char *file = nodes->files[f];
      bool first = true;
      if (!used[f])
	continue;
      if (!cluster || !file)
	{
	  print_dot_node (profile, nodes, f, "  ");
	  continue;
	}
      /* The first used function of its file opens the cluster.  */
      for (g = 0; g < f && first; g++)
	if (used[g] && nodes->files[g] && strcmp (nodes->files[g], file) == 0)
	  first = false;
      if (!first)
	continue;
      printf ("  subgraph cluster_%u {\n    label=", clusters++);
      print_dot_id (file);
      fputs (";\n", stdout);
      for (g = f; g < n; g++)
	if (used[g] && nodes->files[g] && strcmp (nodes->files[g], file) == 0)
	  print_dot_node (profile, nodes, g, "    ");
      fputs ("  }\n", stdout);
    }
}

/* EDGE's calls where its sites' counts give them, after SEPARATOR.  */
static void
print_calls (const struct call_edge *edge, const char *separator)
{
  if (edge->calls_known == CALLS_EXACT)
    printf ("%scalls %" PRIu64, separator, edge->calls);
  else if (edge->calls_known == CALLS_AT_MOST)
    printf ("%sat most %" PRIu64 " calls", separator, edge->calls);
}

static bool
print_edges (const struct mip_profile *profile,
	     const struct node_names *nodes, const struct edge_list *list,
	     const struct callgraph_options *options)
{
  size_t i;

  if (options->dot)
    {
      bool *used = used_nodes (profile, list);
      if (!used)
	return false;
      fputs ("digraph mip {\n", stdout);
      /* Clusters need dot's newer ranking.  Its default one ranks each
	 cluster on its own, then puts it back into the whole graph as
	 one collapsed piece tied to the rest by auxiliary nodes.  Edge
	 labels, which every edge here has, make dot double the length
	 of every edge (each label gets a rank of its own), and with both,
	 dot up to at least 2.43 (Debian bookworm's) can build
	 constraints it finds no first ranking for ("trouble in
	 init_rank"), then loses edges or draws nothing, as for the call
	 graph of a Lua interpreter.  newrank=true ranks the whole graph
	 at once, ignoring the clusters, which are still drawn around
	 their nodes.  Without clusters the default ranking has no such
	 step: that graph stays as it was.  */
      if (options->cluster)
	fputs ("  newrank=true;\n", stdout);
      print_dot_nodes (profile, nodes, used, options->cluster);
      free (used);
    }
  for (i = 0; i < list->count; i++)
    {
      const struct call_edge *edge = &list->edges[i];
      const char *callee = nodes->names[edge->callee];
      if (options->dot)
	{
	  fputs ("  ", stdout);
	  print_dot_id (caller_name (nodes, edge));
	  fputs (" -> ", stdout);
	  print_dot_id (callee);
	  printf (" [label=\"runs %" PRIu32, edge->runs);
	  print_calls (edge, "\\n");
	  if (edge->samples != 0)
	    printf ("\\nabout %" PRIu64 " calls",
		    edge->samples * MIP_CALLER_SAMPLE_PERIOD);
	  fputs ("\"];\n", stdout);
	}
      else
	{
	  printf ("%s -> %s  (runs %" PRIu32, caller_name (nodes, edge),
		  callee, edge->runs);
	  print_calls (edge, ", ");
	  if (edge->samples != 0)
	    printf (", samples %" PRIu64 ", about %" PRIu64 " calls",
		    edge->samples, edge->samples * MIP_CALLER_SAMPLE_PERIOD);
	  fputs (")\n", stdout);
	}
    }
  if (options->dot)
    fputs ("}\n", stdout);
  return true;
}

/* Say what a profile without callers can and cannot show.  */
static void
warn_no_callers (const struct mip_profile *profile, const char *path)
{
  if (profile->header.function_count == 0)
    mipdata_warning ("'%s' has no functions: there is no call graph", path);
  else
    mipdata_warning ("'%s' records no callers: its mode does not sample"
		     " them (the full mode, -fplugin-arg-mip-generate=full,"
		     " records each function's first caller)", path);
}

static int
callgraph (const struct callgraph_options *options)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct mip_address_index *addresses = NULL;
  struct mipdata_debug_info *debug = NULL;
  struct edge_list list = { NULL, 0 };
  struct node_names nodes = { NULL, NULL };
  int status = MIPDATA_EXIT_OK;

  mip_error_clear (&error);
  if (mip_profile_read_file (options->profile_path, &profile, &error)
      != MIP_OK
      || mip_address_index_build (profile, &addresses, &error) != MIP_OK)
    {
      mipdata_report (&error);
      mip_profile_free (profile);
      return MIPDATA_EXIT_FAILURE;
    }
  if (options->debug_path
      && !(debug = mipdata_debug_open_binary (options->debug_path,
					      &profile->header)))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK
      && (!name_nodes (profile, debug, &nodes)
	  || !collect_edges (profile, addresses, debug, &list)))
    {
      mipdata_error ("out of memory");
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK
      && !filter_edges (profile, &nodes, options, &list))
    status = MIPDATA_EXIT_FAILURE;
  if (status == MIPDATA_EXIT_OK && !records_callers (profile))
    warn_no_callers (profile, options->profile_path);
  if (status == MIPDATA_EXIT_OK)
    {
      if (!print_edges (profile, &nodes, &list, options))
	{
	  mipdata_error ("out of memory");
	  status = MIPDATA_EXIT_FAILURE;
	}
      else if (fflush (stdout) != 0 || ferror (stdout))
	{
	  mipdata_error ("cannot write the output: %s", strerror (errno));
	  status = MIPDATA_EXIT_FAILURE;
	}
    }
  free (list.edges);
  free_names (profile, &nodes);
  mipdata_debug_close (debug);
  mip_address_index_free (addresses);
  mip_profile_free (profile);
  return status;
}

/* N from the option argument ARG of OPTION, or -1 after a message.  */
static int
parse_count (const char *option, const char *arg, uint64_t *n)
{
  char *end;

  errno = 0;
  *n = strtoull (arg, &end, 10);
  if (errno != 0 || end == arg || *end != '\0' || arg[0] == '-')
    return mipdata_usage_error ("callgraph", "%s takes a number, not '%s'",
				option, arg);
  return -1;
}

int
cmd_callgraph (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "dot", no_argument, NULL, 'D' },
    { "min-calls", required_argument, NULL, 'm' },
    { "focus", required_argument, NULL, 'f' },
    { "depth", required_argument, NULL, 'n' },
    { "cluster", no_argument, NULL, 'c' },
    { "no-demangle", no_argument, NULL, 'M' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct callgraph_options options = { NULL, NULL, false, false, 0, NULL, 1 };
  uint64_t depth = 1;
  int option, bad;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:Dm:f:n:ch", long_options,
				NULL)) != -1)
    switch (option)
      {
      case 'm':
	if ((bad = parse_count ("--min-calls", optarg, &options.min_calls))
	    >= 0)
	  return bad;
	break;
      case 'f':
	options.focus = optarg;
	break;
      case 'n':
	if ((bad = parse_count ("--depth", optarg, &depth)) >= 0)
	  return bad;
	if (depth > 1000000)
	  depth = 1000000;
	options.depth = (unsigned) depth;
	break;
      case 'c':
	options.cluster = true;
	break;
      case 'p':
	options.profile_path = optarg;
	break;
      case 'd':
	options.debug_path = optarg;
	break;
      case 'D':
	options.dot = true;
	break;
      case 'M':
	mipdata_demangle_names = false;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("callgraph", option, argv);
      }
  int status = mipdata_need_profile ("callgraph", &options.profile_path, argc,
				     argv);
  if (status >= 0)
    return status;
  if (options.cluster && (!options.dot || !options.debug_path))
    return mipdata_usage_error ("callgraph", "--cluster needs --dot and"
				" --debug (the files come from the DWARF)");
  return callgraph (&options);
}

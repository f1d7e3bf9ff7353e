/* cmd-callgraph.c - mipdata callgraph: the calls the runs observed.

   Functions that record callers keep a sample of the return addresses
   they were called from; merge turns them into link-time addresses.
   Each one is a call site in the function whose code holds the byte
   before it, so each gives an edge caller -> callee:

     main -> helper  (runs 2)
     <unknown> -> main  (runs 2)

   or, with --dot, a Graphviz graph:

     digraph mip {
       "main" -> "helper";
     }

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

#include "mip-lookup.h"
#include "mip-profile.h"

#define UNKNOWN_CALLER "<unknown>"
#define EXTERNAL_CALLER "<outside>"

struct callgraph_options
{
  const char *profile_path;
  const char *debug_path;
  bool dot;
};

/* One observed call: CALLER (a function of the profile, or
   MIP_NO_FUNCTION and then EXTERNAL names it) calls CALLEE.  */
struct call_edge
{
  uint32_t caller;
  const char *external;
  uint32_t callee;
  uint32_t runs;
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
	  "\n"
	  "Print the calls observed in the runs merged into PROFILE, from\n"
	  "the callers sampled by the functions that record them, one edge\n"
	  "per line: 'caller -> callee  (runs N)'.  A caller that is not in\n"
	  "the profile is <unknown>.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to read\n"
	  "  -d, --debug=BINARY     name callers that are not in the profile\n"
	  "                         from the DWARF of BINARY (the profiled\n"
	  "                         binary)\n"
	  "  -D, --dot              print a Graphviz digraph instead\n"
	  "  -h, --help             print this help and exit\n");
}

/* ---- Collecting the edges ------------------------------------------------ */

static const char *
caller_name (const struct mip_profile *profile, const struct call_edge *edge)
{
  if (edge->caller != MIP_NO_FUNCTION)
    return mip_profile_function_name (profile, edge->caller);
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
  if (sample->return_address == MIP_EXTERNAL_CALLER)
    edge.external = EXTERNAL_CALLER;
  else if (edge.caller == MIP_NO_FUNCTION && debug
	   && sample->return_address > 0)
    {
      const char *name =
	mipdata_debug_function_name (debug, sample->return_address - 1);
      if (name)
	edge.external = name;
    }
  edge.callee = callee;
  edge.runs = sample->runs;
  return edge;
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
	last->runs = list->edges[i].runs > runs - last->runs ? runs
	  : last->runs + list->edges[i].runs;
      else
	list->edges[++kept] = list->edges[i];
    }
  list->count = kept + 1;
}

static bool
collect_edges (const struct mip_profile *profile,
	       const struct mip_address_index *addresses,
	       struct mipdata_debug_info *debug, struct edge_list *list)
{
  uint32_t f, c;

  list->count = 0;
  list->edges = calloc (profile->header.caller_count + 1,
			sizeof *list->edges);
  if (!list->edges)
    return false;
  for (f = 0; f < profile->header.function_count; f++)
    {
      const struct mip_profile_function *function = &profile->functions[f];
      if (mip_profile_function_is_discarded (profile, f)
	  || mip_profile_function_is_alias (profile, f))
	continue;
      for (c = 0; c < function->caller_count; c++)
	list->edges[list->count++] =
	  edge_of (addresses, debug, f,
		   &profile->callers[function->caller_begin + c]);
    }
  fold_edges (list, profile->header.runs);
  return true;
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

static void
print_edges (const struct mip_profile *profile, const struct edge_list *list,
	     bool dot)
{
  size_t i;

  if (dot)
    fputs ("digraph mip {\n", stdout);
  for (i = 0; i < list->count; i++)
    {
      const struct call_edge *edge = &list->edges[i];
      const char *callee = mip_profile_function_name (profile, edge->callee);
      if (dot)
	{
	  fputs ("  ", stdout);
	  print_dot_id (caller_name (profile, edge));
	  fputs (" -> ", stdout);
	  print_dot_id (callee);
	  fputs (";\n", stdout);
	}
      else
	printf ("%s -> %s  (runs %" PRIu32 ")\n", caller_name (profile, edge),
		callee, edge->runs);
    }
  if (dot)
    fputs ("}\n", stdout);
}

static int
callgraph (const struct callgraph_options *options)
{
  struct mip_error_context error;
  struct mip_profile *profile = NULL;
  struct mip_address_index *addresses = NULL;
  struct mipdata_debug_info *debug = NULL;
  struct edge_list list = { NULL, 0 };
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
      && !collect_edges (profile, addresses, debug, &list))
    {
      mipdata_error ("out of memory");
      status = MIPDATA_EXIT_FAILURE;
    }
  if (status == MIPDATA_EXIT_OK)
    {
      print_edges (profile, &list, options->dot);
      if (fflush (stdout) != 0 || ferror (stdout))
	{
	  mipdata_error ("cannot write the output: %s", strerror (errno));
	  status = MIPDATA_EXIT_FAILURE;
	}
    }
  free (list.edges);
  mipdata_debug_close (debug);
  mip_address_index_free (addresses);
  mip_profile_free (profile);
  return status;
}

int
cmd_callgraph (int argc, char **argv)
{
  static const struct option long_options[] = {
    { "profile", required_argument, NULL, 'p' },
    { "debug", required_argument, NULL, 'd' },
    { "dot", no_argument, NULL, 'D' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  struct callgraph_options options = { NULL, NULL, false };
  int option;

  opterr = 0;
  while ((option = getopt_long (argc, argv, ":p:d:Dh", long_options,
				NULL)) != -1)
    switch (option)
      {
      case 'p':
	options.profile_path = optarg;
	break;
      case 'd':
	options.debug_path = optarg;
	break;
      case 'D':
	options.dot = true;
	break;
      case 'h':
	print_help ();
	return MIPDATA_EXIT_OK;
      default:
	return mipdata_bad_option ("callgraph", option, argv);
      }
  int status = mipdata_need_profile ("callgraph", options.profile_path, argc,
				     argv);
  if (status >= 0)
    return status;
  return callgraph (&options);
}

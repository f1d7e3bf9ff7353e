/* export-afdo.c - mipdata export --format=afdo: GCC's AutoFDO profile,
   the file that gcc -fauto-profile=FILE reads, from the exact counts of
   the block-count mode, so that GCC's own passes (early inliner,
   hot/cold placement, loop optimizations, register allocation) follow
   the profile with no plugin at use time.

     mipdata export -p app.mip --debug app --format=afdo -o app.afdo
     gcc -O2 -fauto-profile=app.afdo ...

   The file (gcov's encoding: 32-bit words and 64-bit counters as two
   words, low first, little-endian as on x86):

     0x67636461 ("gcda")  VERSION (AUTO_PROFILE_VERSION: 2 in GCC 12 to
                          15, 3 in GCC 16)  0
     0xa8000000           version 3: the summary, no length: counters
                          total, largest count, largest HEAD, counts,
                          functions, 16, then for each of 16 cutoffs
                          (parts per million of the total, ascending):
                          CUTOFF (word), the least count and the number
                          of counts of the most counted positions that
                          reach it (counters)
     0xaa000000 LENGTH N  string table: the function names, each as gcov
                          writes a string (--afdo-version=2 and 3: its
                          length in bytes with the NUL, then the bytes;
                          1: its length in words, then the words,
                          NUL-padded); version 3 puts a table of file
                          names first (here none: 0) and a file index
                          after each name (here 0xffffffff, none, with
                          which GCC 16 matches a function by its name
                          alone, as older GCCs do), and its names start
                          at index 1 (an empty name at 0)
     0xac000000 LENGTH N  the N top-level functions, each
                          HEAD (counter), version 3 a TIMESTAMP (counter:
                          the first-call order, 0 none) and an instance:
                            NAME-INDEX  P  C
                            P x  OFFSET  T  COUNT
                                 T x  7  TARGET-INDEX (counter)  CALLS
                                 (counter): the callees of an
                                 indirect call there
                            C x  OFFSET  instance (nested, no HEAD)
     0xae000000 0 0       module grouping: no modules
     0xaf000000 LENGTH    versions 1 and 2: working set: 128 x (counters,
                          least counter)

   OFFSET is (line - the function's declaration line) << 16, ORed with
   the discriminator only with --afdo-discriminators (GCC 13 and later
   look discriminators up).  GCC 12 ignores them: it masks them off a
   position as it reads it (of two records of one line it keeps the
   last, while their counts both go to the function's total), and looks
   a callsite up by its line alone, so that a callsite keyed with a
   discriminator is never found.  So by default a line's discriminators
   are one record, and the working set, which GCC 12 no longer reads
   (it stops after the module grouping), is there for older readers.

   What the counts are: each row of the DWARF line table whose code
   overlaps blocks with known counts (mip_profile_block_count) is a
   statement, which ran as many times as the most any of those blocks
   ran; the code at the row's address has an inline stack (the scopes of
   debug-info.c), from the function that holds the code down through
   the copies inlined into it.  A line's count in one copy of a function
   is the most of its rows', and copies that GCC's reader cannot tell
   apart (the same function in two binaries, the out-of-line clones
   foo.constprop.0 and foo, the same call inlined twice) add up.  Code
   inlined in the profiled binary is a callsite of the function it was
   inlined into, keyed by the offset of the call's line from that
   function's declaration line, holding the callee's offsets from its
   own declaration line.  HEAD is the function's call count when the
   profile counts calls, else the count of its entry block.  Blocks
   whose count is not known leave their code out.  Version 3's
   TIMESTAMP is the function's first-call order where the profile has
   one (the full mode): the mean over the runs that called it of its
   place among the first calls, 1 for the first (of several copies of
   a function, the earliest), which GCC 16 takes as the time of the
   function's first run, as it takes a perf profile's timestamps.

   Targets: a function's caller samples (one call in
   MIP_CALLER_SAMPLE_PERIOD, by its return address) that return to an
   indirect call (a DWARF call site that names no callee, no tail call)
   make the function a target of that call, at the call's line in its
   instance, called samples x MIP_CALLER_SAMPLE_PERIOD times.  GCC's
   reader attaches them to the call as its value profile, from which
   its IPA profile pass makes a speculative direct call of a target
   that takes at least half of the calls (and may inline it), as it
   does with -fprofile-use's indirect call profile.  Targets only go
   where the line has a count.

   Names are as DWARF names the function (the linkage name, else the
   name), which GCC matches against a function's assembler name or
   DWARF name; GCC cuts a name at its first '.', so clones are the
   function they were made from.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "mipdata.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "mip-format.h"
#include "mip-profile.h"

#define AFDO_MAGIC 0x67636461u
#define AFDO_TAG_NAMES 0xaa000000u
#define AFDO_TAG_FUNCTION 0xac000000u
#define AFDO_TAG_MODULES 0xae000000u
#define AFDO_TAG_WORKING_SET 0xaf000000u
#define AFDO_WORKING_SET_SIZE 128
#define AFDO_TAG_SUMMARY 0xa8000000u
#define AFDO_NO_FILE 0xffffffffu
/* The value profile of a position's targets: indirect call targets
   (HIST_TYPE_INDIR_CALL_TOPN of the GCC that AutoFDO's format comes
   from; GCC's readers skip the word, AutoFDO's tools require 7).  */
#define AFDO_HIST_INDIRECT_CALL 7u

/* ---- The profile being built -------------------------------------------- */

struct afdo_position
{
  uint32_t offset;
  uint64_t count;
};

/* A callee of the indirect call at OFFSET: NAME (index in the string
   table) was called from there about COUNT times.  */
struct afdo_target
{
  uint32_t offset;
  uint32_t name;
  uint64_t count;
};

struct afdo_instance;

struct afdo_callsite
{
  uint32_t offset;
  struct afdo_instance *callee;
};

struct afdo_instance
{
  uint32_t name;                /* index in the string table */
  uint64_t head;                /* top-level functions: entries */
  uint64_t timestamp;           /* top-level functions, version 3: the
				   first-call order, 0 none */
  struct afdo_position *positions;
  size_t position_count, position_capacity;
  struct afdo_callsite *callsites;
  size_t callsite_count, callsite_capacity;
  struct afdo_target *targets;  /* of indirect calls, by offset once
				   settled */
  size_t target_count, target_capacity;
};

struct afdo_profile
{
  char **names;
  size_t name_count, name_capacity;
  struct afdo_instance **functions;
  size_t function_count, function_capacity;
  bool discriminators;          /* --afdo-discriminators */
};

static void
instance_free (struct afdo_instance *instance)
{
  size_t i;

  if (!instance)
    return;
  for (i = 0; i < instance->callsite_count; i++)
    instance_free (instance->callsites[i].callee);
  free (instance->callsites);
  free (instance->positions);
  free (instance->targets);
  free (instance);
}

static void
afdo_profile_free (struct afdo_profile *afdo)
{
  size_t i;

  for (i = 0; i < afdo->name_count; i++)
    free (afdo->names[i]);
  free (afdo->names);
  for (i = 0; i < afdo->function_count; i++)
    instance_free (afdo->functions[i]);
  free (afdo->functions);
}

/* The index of NAME in the string table, added when new; -1 when memory
   runs out.  */
static long
name_index (struct afdo_profile *afdo, const char *name)
{
  size_t i;

  for (i = 0; i < afdo->name_count; i++)
    if (strcmp (afdo->names[i], name) == 0)
      return (long) i;
  if (!coverage_grow ((void **) &afdo->names, afdo->name_count,
		      &afdo->name_capacity, sizeof *afdo->names))
    return -1;
  if (!(afdo->names[afdo->name_count] = strdup (name)))
    return -1;
  return (long) afdo->name_count++;
}

static struct afdo_instance *
new_instance (uint32_t name)
{
  struct afdo_instance *instance = calloc (1, sizeof *instance);

  if (instance)
    instance->name = name;
  return instance;
}

/* The top-level function NAME, added when new; NULL when memory runs
   out.  */
static struct afdo_instance *
top_function (struct afdo_profile *afdo, const char *name)
{
  long index = name_index (afdo, name);
  struct afdo_instance *instance;
  size_t i;

  if (index < 0)
    return NULL;
  for (i = 0; i < afdo->function_count; i++)
    if (afdo->functions[i]->name == (uint32_t) index)
      return afdo->functions[i];
  if (!coverage_grow ((void **) &afdo->functions, afdo->function_count,
		      &afdo->function_capacity, sizeof *afdo->functions)
      || !(instance = new_instance ((uint32_t) index)))
    return NULL;
  return afdo->functions[afdo->function_count++] = instance;
}

/* The callee NAME called at OFFSET of CALLER, added when new.  */
static struct afdo_instance *
callsite (struct afdo_profile *afdo, struct afdo_instance *caller,
	  uint32_t offset, const char *name)
{
  long index = name_index (afdo, name);
  struct afdo_instance *instance;
  size_t i;

  if (index < 0)
    return NULL;
  for (i = 0; i < caller->callsite_count; i++)
    if (caller->callsites[i].offset == offset
	&& caller->callsites[i].callee->name == (uint32_t) index)
      return caller->callsites[i].callee;
  if (!coverage_grow ((void **) &caller->callsites, caller->callsite_count,
		      &caller->callsite_capacity, sizeof *caller->callsites)
      || !(instance = new_instance ((uint32_t) index)))
    return NULL;
  caller->callsites[caller->callsite_count++]
    = (struct afdo_callsite) { offset, instance };
  return instance;
}

/* COUNT more at OFFSET of INSTANCE (positions are summed when the file
   is written).  */
static bool
add_position (struct afdo_instance *instance, uint32_t offset,
	      uint64_t count)
{
  if (!coverage_grow ((void **) &instance->positions,
		      instance->position_count, &instance->position_capacity,
		      sizeof *instance->positions))
    return false;
  instance->positions[instance->position_count++]
    = (struct afdo_position) { offset, count };
  return true;
}

/* COUNT more calls of NAME from the indirect call at OFFSET of
   INSTANCE (summed when the file is written).  */
static bool
add_target (struct afdo_instance *instance, uint32_t offset, uint32_t name,
	    uint64_t count)
{
  if (!coverage_grow ((void **) &instance->targets, instance->target_count,
		      &instance->target_capacity, sizeof *instance->targets))
    return false;
  instance->targets[instance->target_count++]
    = (struct afdo_target) { offset, name, count };
  return true;
}

/* The offset GCC computes for LINE in a function declared at DECL_LINE:
   unsigned arithmetic, as GCC's.  */
static uint32_t
line_offset (int line, int decl_line, unsigned discriminator,
	     bool discriminators)
{
  return ((uint32_t) (line - decl_line) << 16)
	 | (discriminators ? discriminator & 0xffffu : 0);
}

/* ---- One profile and its binary ------------------------------------------ */

/* The code of a block whose count is known.  */
struct counted_range
{
  uint64_t start, end, count;
};

/* A statement: line OFFSET of scope SCOPE ran COUNT times.  */
struct statement
{
  size_t scope;
  uint32_t offset;
  uint64_t count;
};

/* An indirect call that the caller samples saw: the instruction at
   ADDRESS (its return address less 1), found in the line table at line
   OFFSET of scope SCOPE.  */
struct indirect_call
{
  uint64_t address;
  size_t scope;
  uint32_t offset;
  bool found;
};

struct profile_reader
{
  struct afdo_profile *afdo;
  const struct mipdata_code_scopes *scopes;
  struct counted_range *ranges;
  size_t range_count, range_capacity;
  struct statement *statements;
  size_t statement_count, statement_capacity;
  struct indirect_call *calls;  /* sorted by address */
  size_t call_count, call_capacity;
  struct afdo_instance **scope_instances;   /* by scope, once found */
  bool failed;
};

static int
compare_counted_ranges (const void *a, const void *b)
{
  const struct counted_range *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int
compare_statements (const void *a, const void *b)
{
  const struct statement *x = a, *y = b;

  if (x->scope != y->scope)
    return x->scope < y->scope ? -1 : 1;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* The first of READER's indirect calls at or after ADDRESS.  */
static size_t
first_call_from (const struct profile_reader *reader, uint64_t address)
{
  size_t low = 0, high = reader->call_count;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (reader->calls[middle].address < address)
	low = middle + 1;
      else
	high = middle;
    }
  return low;
}

/* The line and scope of READER's indirect calls in the line table row
   [START, END) of LINE and DISCRIMINATOR.  */
static void
place_calls (struct profile_reader *reader, uint64_t start, uint64_t end,
	     int line, unsigned discriminator)
{
  size_t c;

  for (c = first_call_from (reader, start);
       c < reader->call_count && reader->calls[c].address < end; c++)
    {
      struct indirect_call *call = &reader->calls[c];
      long s = mipdata_code_scope_at (reader->scopes, call->address);

      if (s < 0 || reader->scopes->scopes[s].decl_line <= 0
	  || !reader->scopes->scopes[s].name)
	continue;
      call->scope = (size_t) s;
      call->offset = line_offset (line, reader->scopes->scopes[s].decl_line,
				  discriminator,
				  reader->afdo->discriminators);
      call->found = true;
    }
}

/* The line table row [START, END) of LINE and DISCRIMINATOR: the most
   that a counted block overlapping it ran, at the inline stack of its
   first counted byte.  */
static void
visit_row (uint64_t start, uint64_t end, const char *file, int line,
	   unsigned discriminator, void *data)
{
  struct profile_reader *reader = data;
  const struct mipdata_code_scope *scope;
  size_t low = 0, high = reader->range_count, r;
  uint64_t count = 0, first = 0;
  bool counted = false;
  long s;

  (void) file;
  place_calls (reader, start, end, line, discriminator);
  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (reader->ranges[middle].end <= start)
	low = middle + 1;
      else
	high = middle;
    }
  for (r = low; r < reader->range_count && reader->ranges[r].start < end;
       r++)
    {
      if (!counted)
	first = reader->ranges[r].start > start ? reader->ranges[r].start
		: start;
      counted = true;
      if (reader->ranges[r].count > count)
	count = reader->ranges[r].count;
    }
  if (!counted || reader->failed)
    return;
  s = mipdata_code_scope_at (reader->scopes, first);
  if (s < 0)
    return;
  scope = &reader->scopes->scopes[s];
  if (scope->decl_line <= 0 || !scope->name)
    return;
  if (!coverage_grow ((void **) &reader->statements,
		      reader->statement_count, &reader->statement_capacity,
		      sizeof *reader->statements))
    {
      reader->failed = true;
      return;
    }
  reader->statements[reader->statement_count++]
    = (struct statement) { (size_t) s,
			   line_offset (line, scope->decl_line, discriminator,
					reader->afdo->discriminators),
			   count };
}

/* The instance of the profile that scope S is: a top-level function,
   or a callsite of its caller's instance.  NULL when it has none (a
   scope without a name or declaration line, an inlined copy in such a
   scope) or memory ran out (READER->failed).  */
static struct afdo_instance *
scope_instance (struct profile_reader *reader, size_t s)
{
  const struct mipdata_code_scope *scope = &reader->scopes->scopes[s];
  struct afdo_instance *instance = reader->scope_instances[s];

  if (instance || !scope->name || scope->decl_line <= 0)
    return instance;
  if (scope->parent < 0)
    instance = top_function (reader->afdo, scope->name);
  else
    {
      const struct mipdata_code_scope *parent
	= &reader->scopes->scopes[scope->parent];
      struct afdo_instance *caller
	= scope_instance (reader, (size_t) scope->parent);

      if (!caller || scope->call_line <= 0)
	return NULL;
      instance = callsite (reader->afdo, caller,
			   line_offset (scope->call_line, parent->decl_line,
					scope->call_discriminator,
					reader->afdo->discriminators),
			   scope->name);
    }
  if (!instance)
    reader->failed = true;
  return reader->scope_instances[s] = instance;
}

/* The function scope holding ADDRESS, or -1.  */
static long
function_scope (const struct mipdata_code_scopes *scopes, uint64_t address)
{
  long s = mipdata_code_scope_at (scopes, address);

  while (s >= 0 && scopes->scopes[s].parent >= 0)
    s = scopes->scopes[s].parent;
  return s;
}

/* Whether PROFILE counts the blocks of any function.  */
static bool
has_block_counts (const struct mip_profile *profile)
{
  uint32_t i;

  for (i = 0; i < profile->header.function_count; i++)
    if (!mip_profile_function_is_discarded (profile, i)
	&& !mip_profile_function_is_alias (profile, i)
	&& (mip_profile_function_kinds (profile, i) & MIP_KIND_BLOCK_COUNT))
      return true;
  return false;
}

/* The counted code of PROFILE into READER's ranges.  */
static bool
collect_ranges (struct profile_reader *reader,
		const struct mip_profile *profile)
{
  uint32_t i, b;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];

      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i)
	  || !(mip_profile_function_kinds (profile, i) & MIP_KIND_BLOCKS))
	continue;
      for (b = 0; b < function->block_count; b++)
	{
	  uint64_t address, size, count;

	  if (!mip_profile_block_extent (profile, i, b, &address, &size)
	      || size == 0 || !mip_profile_block_count (profile, i, b, &count))
	    continue;
	  if (!coverage_grow ((void **) &reader->ranges, reader->range_count,
			      &reader->range_capacity, sizeof *reader->ranges))
	    return false;
	  reader->ranges[reader->range_count++]
	    = (struct counted_range) { address, address + size, count };
	}
    }
  if (reader->range_count > 0)
    qsort (reader->ranges, reader->range_count, sizeof *reader->ranges,
	   compare_counted_ranges);
  return true;
}

/* Keep ORDER, a function's first-call order (0: none), as INSTANCE's
   timestamp when it comes before the one it has: of the copies of a
   function, the first called.  */
static void
note_first_call (struct afdo_instance *instance, uint64_t order)
{
  if (order != 0 && (instance->timestamp == 0 || order < instance->timestamp))
    instance->timestamp = order;
}

/* The head counts of PROFILE's functions: the call count when the
   profile counts calls, else the entry block's count.  */
static bool
add_heads (struct profile_reader *reader, const struct mip_profile *profile)
{
  uint32_t i, b;

  for (i = 0; i < profile->header.function_count && !reader->failed; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      uint32_t kinds = mip_profile_function_kinds (profile, i);
      struct afdo_instance *instance;
      uint64_t head = 0;
      bool known = false;
      long s;

      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i)
	  || (s = function_scope (reader->scopes, function->address)) < 0)
	continue;
      if (kinds & MIP_KIND_CALL_COUNT)
	{
	  head = function->call_count;
	  known = true;
	}
      else if (kinds & MIP_KIND_BLOCKS)
	for (b = 0; b < function->block_count && !known; b++)
	  if (profile->blocks[function->block_begin + b].flags
	      & MIP_BLOCK_ENTRY)
	    known = mip_profile_block_count (profile, i, b, &head);
      if (!known)
	continue;
      instance = scope_instance (reader, (size_t) s);
      if (instance)
	{
	  instance->head = mip_saturating_add (instance->head, head);
	  note_first_call (instance, mip_profile_function_order (profile, i));
	}
    }
  return !reader->failed;
}

/* Whether caller CALLER of a function is a sampled indirect call of
   READER's binary.  */
static bool
is_sampled_indirect_call (const struct profile_reader *reader,
			  const struct mip_profile_caller *caller)
{
  return caller->samples > 0
	 && caller->return_address != MIP_EXTERNAL_CALLER
	 && caller->return_address > 0
	 && mipdata_code_scopes_indirect_call (reader->scopes,
					       caller->return_address);
}

static int
compare_indirect_calls (const void *a, const void *b)
{
  const struct indirect_call *x = a, *y = b;
  return x->address < y->address ? -1 : x->address > y->address;
}

/* The indirect calls whose callees' caller samples name them, into
   READER's calls (each once), to be placed by the line table.  */
static bool
collect_indirect_calls (struct profile_reader *reader,
			const struct mip_profile *profile)
{
  uint32_t i, k;
  size_t kept = 0, c;

  for (i = 0; i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];

      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i))
	continue;
      for (k = 0; k < function->caller_count; k++)
	{
	  const struct mip_profile_caller *caller
	    = &profile->callers[function->caller_begin + k];

	  if (!is_sampled_indirect_call (reader, caller))
	    continue;
	  if (!coverage_grow ((void **) &reader->calls, reader->call_count,
			      &reader->call_capacity, sizeof *reader->calls))
	    return false;
	  reader->calls[reader->call_count++]
	    = (struct indirect_call) { caller->return_address - 1, 0, 0,
				       false };
	}
    }
  if (reader->call_count == 0)
    return true;
  qsort (reader->calls, reader->call_count, sizeof *reader->calls,
	 compare_indirect_calls);
  for (c = 0; c < reader->call_count; c++)
    if (kept == 0 || reader->calls[kept - 1].address
		     != reader->calls[c].address)
      reader->calls[kept++] = reader->calls[c];
  reader->call_count = kept;
  return true;
}

/* The callees of the indirect calls: each function's sampled callers
   that are indirect calls give, at the call's line in its instance,
   the function as a target called samples x MIP_CALLER_SAMPLE_PERIOD
   times (the samples are one call in that many), which GCC's AutoFDO
   reader takes as the call's value profile and may make a direct call
   of its most called target.  */
static bool
add_indirect_targets (struct profile_reader *reader,
		      const struct mip_profile *profile)
{
  uint32_t i, k;

  for (i = 0; i < profile->header.function_count && !reader->failed; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      long callee, name;

      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i)
	  || function->caller_count == 0
	  || (callee = function_scope (reader->scopes, function->address)) < 0
	  || !reader->scopes->scopes[callee].name)
	continue;
      name = -1;
      for (k = 0; k < function->caller_count && !reader->failed; k++)
	{
	  const struct mip_profile_caller *caller
	    = &profile->callers[function->caller_begin + k];
	  struct afdo_instance *instance;
	  struct indirect_call *call, key;

	  if (!is_sampled_indirect_call (reader, caller))
	    continue;
	  key.address = caller->return_address - 1;
	  call = bsearch (&key, reader->calls, reader->call_count,
			  sizeof *reader->calls, compare_indirect_calls);
	  if (!call || !call->found
	      || !(instance = scope_instance (reader, call->scope)))
	    continue;
	  if (name < 0
	      && (name = name_index (reader->afdo,
				     reader->scopes->scopes[callee].name)) < 0)
	    reader->failed = true;
	  else if (!add_target (instance, call->offset, (uint32_t) name,
				(uint64_t) caller->samples
				* MIP_CALLER_SAMPLE_PERIOD))
	    reader->failed = true;
	}
    }
  return !reader->failed;
}

/* Add PROFILE, whose binary's DWARF is DEBUG, to AFDO; BINARY names
   that binary in messages.  */
static bool
add_profile (struct afdo_profile *afdo, const struct mip_profile *profile,
	     struct mipdata_debug_info *debug, const char *binary)
{
  struct mipdata_code_scopes scopes;
  struct profile_reader reader;
  size_t i = 0;
  bool ok;

  memset (&scopes, 0, sizeof scopes);
  memset (&reader, 0, sizeof reader);
  reader.afdo = afdo;
  reader.scopes = &scopes;
  if (!mipdata_debug_code_scopes (debug, &scopes))
    return false;               /* reported */
  if (scopes.count == 0)
    {
      mipdata_error ("'%s': no DWARF description of its functions, which"
		     " an AutoFDO profile needs (build with -g)", binary);
      return false;
    }
  ok = collect_ranges (&reader, profile)
       && collect_indirect_calls (&reader, profile)
       && (reader.scope_instances
	   = calloc (scopes.count, sizeof *reader.scope_instances));
  if (ok)
    ok = mipdata_debug_each_line_row (debug, visit_row, &reader)
	 && !reader.failed;
  if (ok && reader.statement_count > 0)
    {
      /* A line's count in one copy is the most of its statements'.  */
      qsort (reader.statements, reader.statement_count,
	     sizeof *reader.statements, compare_statements);
      while (ok && i < reader.statement_count)
	{
	  struct statement *first = &reader.statements[i];
	  struct afdo_instance *instance;
	  uint64_t most = 0;

	  for (; i < reader.statement_count
		 && reader.statements[i].scope == first->scope
		 && reader.statements[i].offset == first->offset; i++)
	    if (reader.statements[i].count > most)
	      most = reader.statements[i].count;
	  instance = scope_instance (&reader, first->scope);
	  ok = !reader.failed
	       && (!instance || add_position (instance, first->offset, most));
	}
    }
  if (ok)
    ok = add_heads (&reader, profile) && add_indirect_targets (&reader, profile);
  free (reader.scope_instances);
  free (reader.calls);
  free (reader.statements);
  free (reader.ranges);
  mipdata_code_scopes_free (&scopes);
  if (!ok)
    mipdata_error ("out of memory");
  return ok;
}

/* ---- Writing ------------------------------------------------------------- */

struct gcov_buffer
{
  unsigned char *data;
  size_t size, capacity;
  bool failed;
};

static void
put_bytes (struct gcov_buffer *out, const void *bytes, size_t size)
{
  if (out->failed || size == 0)
    return;
  if (out->size + size > out->capacity)
    {
      size_t wanted = out->capacity ? out->capacity : 4096;
      unsigned char *bigger;

      while (wanted < out->size + size)
	wanted *= 2;
      if (!(bigger = realloc (out->data, wanted)))
	{
	  out->failed = true;
	  return;
	}
      out->data = bigger;
      out->capacity = wanted;
    }
  memcpy (out->data + out->size, bytes, size);
  out->size += size;
}

static void
put_word (struct gcov_buffer *out, uint32_t value)
{
  unsigned char bytes[4] = { (unsigned char) value,
			     (unsigned char) (value >> 8),
			     (unsigned char) (value >> 16),
			     (unsigned char) (value >> 24) };
  put_bytes (out, bytes, 4);
}

/* A gcov counter: the low word, then the high word.  */
static void
put_counter (struct gcov_buffer *out, uint64_t value)
{
  put_word (out, (uint32_t) value);
  put_word (out, (uint32_t) (value >> 32));
}

/* A gcov string as version VERSION of the format reads it.  */
static void
put_string (struct gcov_buffer *out, const char *text, unsigned version)
{
  size_t length = strlen (text) + 1;
  static const char zeros[4] = { 0, 0, 0, 0 };

  if (version >= 2)
    {
      put_word (out, (uint32_t) length);
      put_bytes (out, text, length);
    }
  else
    {
      size_t words = (length + 3) / 4;
      put_word (out, (uint32_t) words);
      put_bytes (out, text, length);
      put_bytes (out, zeros, words * 4 - length);
    }
}

/* Set the length word at AT to the size of what follows it, in bytes
   (version 2) or words (version 1), as gcov counts lengths.  */
static void
patch_length (struct gcov_buffer *out, size_t at, unsigned version)
{
  size_t length = out->size - at - 4;
  unsigned char *p;

  if (out->failed)
    return;
  if (version < 2)
    length /= 4;
  p = out->data + at;
  p[0] = (unsigned char) length;
  p[1] = (unsigned char) (length >> 8);
  p[2] = (unsigned char) (length >> 16);
  p[3] = (unsigned char) (length >> 24);
}

static int
compare_positions (const void *a, const void *b)
{
  const struct afdo_position *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int
compare_targets (const void *a, const void *b)
{
  const struct afdo_target *x = a, *y = b;

  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->name < y->name ? -1 : x->name > y->name;
}

/* Sort INSTANCE's targets by offset and name, summing those of one
   name at one offset, and drop those at an offset without a position:
   a count of 0 there would tell GCC that the call's block never ran.  */
static void
settle_targets (struct afdo_instance *instance)
{
  size_t i, kept = 0, p = 0;

  if (instance->target_count == 0)
    return;
  qsort (instance->targets, instance->target_count,
	 sizeof *instance->targets, compare_targets);
  for (i = 0; i < instance->target_count; i++)
    {
      struct afdo_target *target = &instance->targets[i];

      while (p < instance->position_count
	     && instance->positions[p].offset < target->offset)
	p++;
      if (p == instance->position_count
	  || instance->positions[p].offset != target->offset)
	continue;
      if (kept > 0 && instance->targets[kept - 1].offset == target->offset
	  && instance->targets[kept - 1].name == target->name)
	instance->targets[kept - 1].count
	  = mip_saturating_add (instance->targets[kept - 1].count,
				target->count);
      else
	instance->targets[kept++] = *target;
    }
  instance->target_count = kept;
}

static int
compare_callsites (const void *a, const void *b)
{
  const struct afdo_callsite *x = a, *y = b;

  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->callee->name < y->callee->name ? -1
	 : x->callee->name > y->callee->name;
}

/* Sort INSTANCE's positions and callsites, summing the positions of
   one offset (copies added up), all the way down.  */
static void
settle (struct afdo_instance *instance)
{
  size_t i, kept = 0;

  /* qsort's array may not be NULL, even with no element.  */
  if (instance->position_count > 0)
    qsort (instance->positions, instance->position_count,
	   sizeof *instance->positions, compare_positions);
  for (i = 0; i < instance->position_count; i++)
    if (kept > 0 && instance->positions[kept - 1].offset
		    == instance->positions[i].offset)
      instance->positions[kept - 1].count
	= mip_saturating_add (instance->positions[kept - 1].count,
			      instance->positions[i].count);
    else
      instance->positions[kept++] = instance->positions[i];
  instance->position_count = kept;
  settle_targets (instance);
  if (instance->callsite_count > 0)
    qsort (instance->callsites, instance->callsite_count,
	   sizeof *instance->callsites, compare_callsites);
  for (i = 0; i < instance->callsite_count; i++)
    settle (instance->callsites[i].callee);
}

/* INSTANCE, its names NAME_BASE after their index in the string table
   (version 3 keeps index 0 out of use).  */
static void
put_instance (struct gcov_buffer *out, const struct afdo_instance *instance,
	      uint32_t name_base)
{
  size_t i, t = 0, end;

  put_word (out, instance->name + name_base);
  put_word (out, (uint32_t) instance->position_count);
  put_word (out, (uint32_t) instance->callsite_count);
  for (i = 0; i < instance->position_count; i++)
    {
      uint32_t offset = instance->positions[i].offset;

      /* The targets at this offset (settled: sorted, at positions).  */
      while (t < instance->target_count && instance->targets[t].offset < offset)
	t++;
      for (end = t; end < instance->target_count
		    && instance->targets[end].offset == offset; end++)
	;
      put_word (out, offset);
      put_word (out, (uint32_t) (end - t));
      put_counter (out, instance->positions[i].count);
      for (; t < end; t++)
	{
	  put_word (out, AFDO_HIST_INDIRECT_CALL);
	  put_counter (out, instance->targets[t].name + name_base);
	  put_counter (out, instance->targets[t].count);
	}
    }
  for (i = 0; i < instance->callsite_count; i++)
    {
      put_word (out, instance->callsites[i].offset);
      put_instance (out, instance->callsites[i].callee, name_base);
    }
}

/* Every position count of INSTANCE into *COUNTS.  */
static bool
gather_counts (const struct afdo_instance *instance, uint64_t **counts,
	       size_t *count, size_t *capacity)
{
  size_t i;

  for (i = 0; i < instance->position_count; i++)
    {
      if (!coverage_grow ((void **) counts, *count, capacity,
			  sizeof **counts))
	return false;
      (*counts)[(*count)++] = instance->positions[i].count;
    }
  for (i = 0; i < instance->callsite_count; i++)
    if (!gather_counts (instance->callsites[i].callee, counts, count,
			capacity))
      return false;
  return true;
}

static int
compare_counts_down (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x > y ? -1 : x < y;
}

/* Every position count of AFDO, the most counted first, and their sum.  */
struct sorted_counts
{
  uint64_t *counts;
  size_t count;
  uint64_t total;
};

static bool
sort_counts (const struct afdo_profile *afdo, struct sorted_counts *sorted)
{
  size_t capacity = 0, i;

  memset (sorted, 0, sizeof *sorted);
  for (i = 0; i < afdo->function_count; i++)
    if (!gather_counts (afdo->functions[i], &sorted->counts, &sorted->count,
			&capacity))
      {
	free (sorted->counts);
	return false;
      }
  if (sorted->count > 0)
    qsort (sorted->counts, sorted->count, sizeof *sorted->counts,
	   compare_counts_down);
  for (i = 0; i < sorted->count; i++)
    sorted->total = mip_saturating_add (sorted->total, sorted->counts[i]);
  return true;
}

/* A walk down SORTED's counts, the most counted first: how many it has
   taken and their sum.  */
struct counts_walk
{
  size_t taken;
  uint64_t sum;
};

/* How many of SORTED's counts it takes to reach PART / PARTS of their
   total, going on from WALK (the parts asked for in ascending order).  */
static size_t
counts_reaching (const struct sorted_counts *sorted, uint64_t part,
		 uint64_t parts, struct counts_walk *walk)
{
  /* The share of the whole, without overflow.  */
  uint64_t wanted = sorted->total / parts * part
		    + sorted->total % parts * part / parts;

  while (walk->taken < sorted->count && walk->sum < wanted)
    walk->sum = mip_saturating_add (walk->sum, sorted->counts[walk->taken++]);
  return walk->taken;
}

/* The working set, as versions 1 and 2 have it: for each of 128 parts
   of the whole count, how many positions (the most counted first) reach
   that part of it, and the least count among them.  */
static void
put_working_set (struct gcov_buffer *out, const struct sorted_counts *sorted)
{
  struct counts_walk walk = { 0, 0 };
  unsigned part;

  for (part = 0; part < AFDO_WORKING_SET_SIZE; part++)
    {
      size_t next = counts_reaching (sorted, part + 1,
				     AFDO_WORKING_SET_SIZE, &walk);
      put_word (out, (uint32_t) next);
      put_counter (out, next > 0 ? sorted->counts[next - 1] : 0);
    }
}

/* Version 3's summary: the totals, and for each of the cutoffs that
   GCC 16 reads (the profile summary's usual 16, in parts per million),
   the least count and the number of counts that reach it.  */
static void
put_summary (struct gcov_buffer *out, const struct afdo_profile *afdo,
	     const struct sorted_counts *sorted)
{
  static const uint32_t cutoffs[] = {
    10000, 100000, 200000, 300000, 400000, 500000, 600000, 700000,
    800000, 900000, 950000, 990000, 999000, 999900, 999990, 999999
  };
  const size_t cutoff_count = sizeof cutoffs / sizeof cutoffs[0];
  struct counts_walk walk = { 0, 0 };
  uint64_t largest_head = 0;
  size_t i;

  for (i = 0; i < afdo->function_count; i++)
    if (afdo->functions[i]->head > largest_head)
      largest_head = afdo->functions[i]->head;
  put_word (out, AFDO_TAG_SUMMARY);
  put_counter (out, sorted->total);
  put_counter (out, sorted->count > 0 ? sorted->counts[0] : 0);
  put_counter (out, largest_head);
  put_counter (out, sorted->count);
  put_counter (out, afdo->function_count);
  put_counter (out, cutoff_count);
  for (i = 0; i < cutoff_count; i++)
    {
      size_t next = counts_reaching (sorted, cutoffs[i], 1000000, &walk);
      put_word (out, cutoffs[i]);
      put_counter (out, next > 0 ? sorted->counts[next - 1] : 0);
      put_counter (out, next);
    }
}

/* AFDO as file version VERSION into OUT.  */
static bool
put_profile (struct gcov_buffer *out, struct afdo_profile *afdo,
	     unsigned version)
{
  struct sorted_counts sorted;
  size_t i, length;

  for (i = 0; i < afdo->function_count; i++)
    settle (afdo->functions[i]);
  if (!sort_counts (afdo, &sorted))
    return false;
  put_word (out, AFDO_MAGIC);
  put_word (out, version);
  put_word (out, 0);
  if (version >= 3)
    put_summary (out, afdo, &sorted);
  put_word (out, AFDO_TAG_NAMES);
  length = out->size;
  put_word (out, 0);
  if (version >= 3)
    {
      /* No file names, and an empty name at index 0, which GCC 16
	 refuses to look up ("invalid symbol name index 0").  */
      put_word (out, 0);
      put_word (out, (uint32_t) afdo->name_count + 1);
      put_string (out, "", version);
      put_word (out, AFDO_NO_FILE);
    }
  else
    put_word (out, (uint32_t) afdo->name_count);
  for (i = 0; i < afdo->name_count; i++)
    {
      put_string (out, afdo->names[i], version);
      if (version >= 3)
	put_word (out, AFDO_NO_FILE);
    }
  patch_length (out, length, version);
  put_word (out, AFDO_TAG_FUNCTION);
  length = out->size;
  put_word (out, 0);
  put_word (out, (uint32_t) afdo->function_count);
  for (i = 0; i < afdo->function_count; i++)
    {
      put_counter (out, afdo->functions[i]->head);
      if (version >= 3)
	put_counter (out, afdo->functions[i]->timestamp);
      put_instance (out, afdo->functions[i], version >= 3 ? 1 : 0);
    }
  patch_length (out, length, version);
  put_word (out, AFDO_TAG_MODULES);
  put_word (out, 0);
  put_word (out, 0);
  if (version < 3)
    {
      put_word (out, AFDO_TAG_WORKING_SET);
      length = out->size;
      put_word (out, 0);
      put_working_set (out, &sorted);
      patch_length (out, length, version);
    }
  free (sorted.counts);
  return !out->failed;
}

/* Leave out the top-level functions that OPTIONS names with
   --afdo-exclude-function (GCC cuts names at their first '.', and so
   does the comparison).  */
static void
leave_out (struct afdo_profile *afdo, const struct export_options *options)
{
  size_t i, e, kept = 0;

  for (i = 0; i < afdo->function_count; i++)
    {
      const char *name = afdo->names[afdo->functions[i]->name];
      bool excluded = false;

      for (e = 0; e < options->afdo_excluded_count && !excluded; e++)
	{
	  const char *wanted = options->afdo_excluded[e];
	  size_t length = strcspn (wanted, ".");
	  excluded = strncmp (name, wanted, length) == 0
		     && name[length] == '\0';
	}
      if (excluded)
	instance_free (afdo->functions[i]);
      else
	afdo->functions[kept++] = afdo->functions[i];
    }
  afdo->function_count = kept;
}

/* Write OUT to PATH (standard output when NULL).  */
static int
write_out (const struct gcov_buffer *out, const char *path)
{
  FILE *file = path ? fopen (path, "wb") : stdout;
  const char *name = path ? path : "standard output";

  if (!file)
    {
      mipdata_error ("cannot write '%s': %s", name, strerror (errno));
      return MIPDATA_EXIT_FAILURE;
    }
  if (fwrite (out->data, 1, out->size, file) != out->size
      || fflush (file) != 0)
    {
      mipdata_error ("cannot write '%s': %s", name, strerror (errno));
      if (path)
	{
	  fclose (file);
	  remove (path);
	}
      return MIPDATA_EXIT_FAILURE;
    }
  if (path && fclose (file) != 0)
    {
      mipdata_error ("cannot write '%s': %s", name, strerror (errno));
      remove (path);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

int
export_afdo (const struct export_options *options)
{
  const struct profile_inputs *inputs = &options->inputs;
  struct afdo_profile afdo;
  struct gcov_buffer out = { NULL, 0, 0, false };
  int status = MIPDATA_EXIT_OK;
  size_t i;

  memset (&afdo, 0, sizeof afdo);
  afdo.discriminators = options->afdo_discriminators;
  for (i = 0; i < inputs->profile_count && status == MIPDATA_EXIT_OK; i++)
    {
      const char *path = inputs->profile_paths[i];
      struct mip_error_context error;
      struct mip_profile *profile = NULL;
      struct mipdata_debug_info *debug;
      const char *binary;

      mip_error_clear (&error);
      if (mip_profile_read_file (path, &profile, &error) != MIP_OK)
	{
	  mipdata_report (&error);
	  status = MIPDATA_EXIT_FAILURE;
	  break;
	}
      if (!has_block_counts (profile))
	{
	  mipdata_error ("'%s': the profile records no block counts, which"
			 " an AutoFDO profile needs: build the program with"
			 " -fplugin-arg-mip-generate=block-count", path);
	  mip_profile_free (profile);
	  status = MIPDATA_EXIT_FAILURE;
	  break;
	}
      binary = inputs->debug_count ? inputs->debug_paths[i] : NULL;
      debug = line_coverage_open_debug (path, profile, binary);
      if (!binary)
	binary = "the debug file of the profile";
      if (!debug)
	status = MIPDATA_EXIT_FAILURE;          /* reported */
      else if (!mipdata_debug_has_dwarf (debug))
	{
	  mipdata_error ("'%s': no DWARF debug information, which an"
			 " AutoFDO profile needs (build with -g)", binary);
	  status = MIPDATA_EXIT_FAILURE;
	}
      else if (!add_profile (&afdo, profile, debug, binary))
	status = MIPDATA_EXIT_FAILURE;          /* reported */
      mipdata_debug_close (debug);
      mip_profile_free (profile);
    }
  if (status == MIPDATA_EXIT_OK)
    leave_out (&afdo, options);
  if (status == MIPDATA_EXIT_OK)
    {
      if (!put_profile (&out, &afdo, options->afdo_version))
	{
	  mipdata_error ("out of memory");
	  status = MIPDATA_EXIT_FAILURE;
	}
      else
	status = write_out (&out, options->output_path);
    }
  free (out.data);
  afdo_profile_free (&afdo);
  return status;
}

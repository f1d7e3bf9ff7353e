/* line-coverage.c - source line coverage of profiles (see
   line-coverage.h).

   For one profile: the code ranges it knows, each with what is known of
   it (a block that ran or did not; a function without recorded blocks
   that ran or did not), sorted by address; then every row of the DWARF
   line table is matched against them and its line takes the strongest
   state of the ranges its code overlaps.  Functions are placed at their
   declaration (DW_AT_decl_file, DW_AT_decl_line), blocks at the line of
   their first instruction.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#define _POSIX_C_SOURCE 200809L

#include "line-coverage.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "mip-edges.h"
#include "mip-profile.h"
#include "mipdata.h"

/* Code of known state: [start, end), of the function numbered OWNER
   (line_coverage's function_serial); COUNTED when COUNT, the times it
   ran, is known (mip_profile_block_count).  A block other than the
   function's entry has the function's declaration in DECL_PATH and
   DECL_LINE: its count does not go to that line (see match_row).  */
struct code_range
{
  uint64_t start, end;
  enum line_state state;
  bool counted;
  uint32_t owner;
  uint64_t count;
  const char *decl_path;
  int decl_line;
};

struct code_ranges
{
  struct code_range *ranges;
  size_t count, capacity;
};

void
line_coverage_init (struct line_coverage *coverage)
{
  memset (coverage, 0, sizeof *coverage);
}

/* Free what FILE holds.  */
static void
source_file_free (struct source_file *file)
{
  size_t f;

  for (f = 0; f < file->function_count; f++)
    free (file->functions[f].name);
  free (file->functions);
  free (file->branches);
  free (file->lines);
  free (file->counts);
  free (file->count_states);
  free (file->path);
}

void
line_coverage_free (struct line_coverage *coverage)
{
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    source_file_free (&coverage->files[i]);
  free (coverage->files);
  line_coverage_init (coverage);
}

/* Make room for one more element of SIZE bytes in *ARRAY, which holds
   COUNT of *CAPACITY.  */
bool
coverage_grow (void **array, size_t count, size_t *capacity, size_t size)
{
  void *bigger;
  size_t wanted;

  if (count < *capacity)
    return true;
  wanted = *capacity ? 2 * *capacity : 16;
  bigger = realloc (*array, wanted * size);
  if (!bigger)
    return false;
  *array = bigger;
  *capacity = wanted;
  return true;
}

/* The file PATH, added when new; NULL when memory runs out.  */
static struct source_file *
find_file (struct line_coverage *coverage, const char *path)
{
  struct source_file *file;
  size_t i;

  if (coverage->last_file < coverage->file_count
      && strcmp (coverage->files[coverage->last_file].path, path) == 0)
    return &coverage->files[coverage->last_file];
  for (i = 0; i < coverage->file_count; i++)
    if (strcmp (coverage->files[i].path, path) == 0)
      {
	coverage->last_file = i;
	return &coverage->files[i];
      }
  if (!coverage_grow ((void **) &coverage->files, coverage->file_count,
		      &coverage->file_capacity, sizeof *coverage->files))
    return NULL;
  file = &coverage->files[coverage->file_count];
  memset (file, 0, sizeof *file);
  file->path = strdup (path);
  if (!file->path)
    return NULL;
  coverage->last_file = coverage->file_count++;
  return file;
}

/* Grow the per-line array *ARRAY of ELEMENT-byte entries from OLD to
   WANTED lines, the new ones zero (LINE_NO_CODE, LINE_COUNT_NONE); false
   when memory runs out.  */
static bool
grow_lines (void **array, size_t element, size_t old, size_t wanted)
{
  unsigned char *bigger = realloc (*array, wanted * element);

  if (!bigger)
    return false;
  memset (bigger + old * element, 0, (wanted - old) * element);
  *array = bigger;
  return true;
}

/* Combine STATE into line LINE of FILE.  */
static bool
mark_line (struct source_file *file, int line, enum line_state state)
{
  size_t number = (size_t) line;

  if (number >= file->line_capacity)
    {
      size_t old = file->line_capacity;
      size_t wanted = old ? old : 256;

      while (wanted <= number)
	wanted *= 2;
      if (!grow_lines ((void **) &file->lines, sizeof *file->lines, old,
		       wanted)
	  || !grow_lines ((void **) &file->counts, sizeof *file->counts, old,
			  wanted)
	  || !grow_lines ((void **) &file->count_states,
			  sizeof *file->count_states, old, wanted))
	return false;
      file->line_capacity = wanted;
    }
  if (state > file->lines[number])
    file->lines[number] = (unsigned char) state;
  return true;
}

bool
line_coverage_count (const struct source_file *file, size_t line,
		     uint64_t *count)
{
  if (line >= file->line_capacity || file->count_states == NULL
      || file->count_states[line] != LINE_COUNTED)
    return false;
  *count = file->counts[line];
  return true;
}

/* ---- The code ranges of a profile ------------------------------------ */

static bool
add_range (struct code_ranges *ranges, uint64_t start, uint64_t size,
	   enum line_state state)
{
  struct code_range *range;

  if (size == 0)
    return true;
  if (!coverage_grow ((void **) &ranges->ranges, ranges->count,
		      &ranges->capacity, sizeof *ranges->ranges))
    return false;
  range = &ranges->ranges[ranges->count++];
  range->start = start;
  range->end = start + size;
  range->state = state;
  range->counted = false;
  range->owner = 0;
  range->count = 0;
  range->decl_path = NULL;
  range->decl_line = 0;
  return true;
}

/* The last range added: that code of function OWNER ran COUNT times;
   it is not the function's entry, declared at DECL_PATH:DECL_LINE,
   when DECL_PATH is not NULL.  */
static void
count_last_range (struct code_ranges *ranges, uint32_t owner, uint64_t count,
		  const char *decl_path, int decl_line)
{
  struct code_range *range = &ranges->ranges[ranges->count - 1];

  range->counted = true;
  range->owner = owner;
  range->count = count;
  range->decl_path = decl_path;
  range->decl_line = decl_line;
}

/* Count block BLOCK of function INDEX in the file of its first
   instruction.  */
static bool
count_block (struct line_coverage *coverage,
	     struct mipdata_debug_info *debug, uint64_t address, bool ran)
{
  struct source_file *file;
  const char *path;
  int line;

  if (!mipdata_debug_line (debug, address, &path, &line))
    return true;
  file = find_file (coverage, path);
  if (!file)
    return false;
  file->blocks++;
  if (ran)
    file->blocks_run++;
  return true;
}

/* The ranges of the blocks of function INDEX, each in the state of its
   coverage.  */
static bool
add_block_ranges (struct line_coverage *coverage,
		  const struct mip_profile *profile, uint32_t index,
		  struct mipdata_debug_info *debug, struct code_ranges *ranges)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const char *decl_path = NULL;
  int decl_line = 0;
  uint32_t b;

  uint32_t owner = ++coverage->function_serial;

  /* The file's own copy of the path: the debug information's buffer
     is reused by the lookups that follow.  */
  if (mipdata_debug_lookup (debug, function->address, &decl_path,
			    &decl_line))
    {
      struct source_file *file = find_file (coverage, decl_path);
      if (!file)
	return false;
      decl_path = file->path;
    }
  else
    decl_path = NULL;
  for (b = 0; b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      bool ran = block->covered_runs > 0;
      uint64_t address, size, count;

      if (!mip_profile_block_extent (profile, index, b, &address, &size))
	continue;
      if (!add_range (ranges, address, size, ran ? LINE_RUN : LINE_NOT_RUN)
	  || !count_block (coverage, debug, address, ran))
	return false;
      if (size != 0 && mip_profile_block_count (profile, index, b, &count))
	count_last_range (ranges, owner, count,
			  block->flags & MIP_BLOCK_ENTRY ? NULL : decl_path,
			  decl_line);
    }
  return true;
}

/* The branches of function INDEX, which records its blocks: each
   outcome of each branch block, at the line of the block's last byte
   (mip-edges.h gives the outcomes' fates).  */
static bool
add_branches (struct line_coverage *coverage,
	      const struct mip_profile *profile, uint32_t index,
	      struct mipdata_debug_info *debug)
{
  const struct mip_profile_function *function = &profile->functions[index];
  struct mip_edge_fate *fates;
  uint32_t b;
  bool ok = true;

  if (function->edge_count == 0)
    return true;
  fates = calloc (function->edge_count, sizeof *fates);
  if (!fates || !mip_profile_edge_fates (profile, index, fates))
    {
      free (fates);
      return false;
    }
  for (b = 0; ok && b < function->block_count; b++)
    {
      const struct mip_profile_block *block =
	&profile->blocks[function->block_begin + b];
      bool ran = block->covered_runs > 0;
      uint64_t address, size;
      struct source_file *file;
      const char *path;
      uint32_t e, outcome = 0;
      int line;

      if (!mip_profile_block_is_branch (profile, index, b)
	  || !mip_profile_block_extent (profile, index, b, &address, &size)
	  || size == 0
	  || !mipdata_debug_line (debug, address + size - 1, &path, &line)
	  || line <= 0)
	continue;
      if (!(file = find_file (coverage, path)))
	{
	  ok = false;
	  break;
	}
      for (e = 0; e < block->edge_count; e++)
	{
	  uint32_t at = block->edge_begin + e;
	  const struct mip_map_edge *edge =
	    &profile->edges[function->edge_begin + at];
	  struct covered_branch *branch;

	  if (edge->flags & MIP_EDGE_ABNORMAL)
	    continue;
	  if (!coverage_grow ((void **) &file->branches, file->branch_count,
			      &file->branch_capacity, sizeof *file->branches))
	    {
	      ok = false;
	      break;
	    }
	  branch = &file->branches[file->branch_count++];
	  memset (branch, 0, sizeof *branch);
	  branch->line = line;
	  branch->edge = outcome++;
	  branch->binary = profile->header.build_id;
	  branch->function = index;
	  branch->block = b;
	  branch->fallthrough = (edge->flags & MIP_EDGE_FALLTHROUGH) != 0;
	  branch->state = !ran ? BRANCH_BLOCK_NOT_RUN
			  : fates[at].state == MIP_EDGE_TAKEN ? BRANCH_TAKEN
			  : fates[at].state == MIP_EDGE_NOT_TAKEN
			  ? BRANCH_NOT_TAKEN : BRANCH_UNKNOWN;
	  branch->counted = branch->state != BRANCH_UNKNOWN
			    && (!ran || fates[at].count != MIP_EDGE_NO_COUNT);
	  branch->count = branch->counted && ran ? fates[at].count : 0;
	}
    }
  free (fates);
  return ok;
}

/* The whole code of function INDEX, which records no blocks: its lines
   did not run when it did not; when it did, the line of its first
   instruction ran (the function was entered) and the others are
   unknown.  */
static bool
add_function_ranges (const struct mip_profile *profile, uint32_t index,
		     struct code_ranges *ranges)
{
  const struct mip_profile_function *function = &profile->functions[index];
  bool ran = function->covered_runs > 0;
  enum line_state state = ran ? LINE_UNKNOWN : LINE_NOT_RUN;
  uint64_t entry = ran && function->size > 0 ? 1 : 0;

  return (add_range (ranges, function->address, entry, LINE_RUN)
	  && add_range (ranges, function->address + entry,
			function->size - entry, state)
	  && (function->cold_address == 0
	      || add_range (ranges, function->cold_address,
			    function->cold_size, state)));
}

/* The function INDEX at its declaration, merged with a function of the
   same name there (the same inline function in several binaries).  */
static bool
add_function (struct line_coverage *coverage,
	      const struct mip_profile *profile, uint32_t index,
	      struct mipdata_debug_info *debug)
{
  const struct mip_profile_function *function = &profile->functions[index];
  const char *name = mip_profile_function_name (profile, index);
  struct covered_function *entry = NULL;
  struct source_file *file;
  const char *path;
  int line;
  size_t f;

  if (!mipdata_debug_lookup (debug, function->address, &path, &line))
    return true;                /* not placed anywhere */
  file = find_file (coverage, path);
  if (!file)
    return false;
  for (f = 0; f < file->function_count && !entry; f++)
    if (strcmp (file->functions[f].name, name) == 0)
      entry = &file->functions[f];
  if (!entry)
    {
      if (!coverage_grow ((void **) &file->functions, file->function_count,
			  &file->function_capacity, sizeof *file->functions))
	return false;
      entry = &file->functions[file->function_count];
      memset (entry, 0, sizeof *entry);
      entry->name = strdup (name);
      if (!entry->name)
	return false;
      entry->line = line;
      file->function_count++;
    }
  entry->ran |= function->covered_runs > 0;
  if (mip_profile_function_kinds (profile, index) & MIP_KIND_CALL_COUNT)
    {
      entry->has_count = true;
      entry->count += function->call_count;
    }
  return true;
}

static int
compare_ranges (const void *a, const void *b)
{
  const struct code_range *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* ---- Matching the line table ------------------------------------------- */

/* A row's code of one function, all of it counted: line LINE of
   FILE ran COUNT times in the function numbered OWNER.  */
struct counted_row
{
  struct source_file *file;
  int line;
  uint32_t owner;
  uint64_t count;
};

struct row_matcher
{
  struct line_coverage *coverage;
  const struct code_ranges *ranges;
  struct counted_row *counted;
  size_t counted_count, counted_capacity;
  bool failed;
};

/* The first range whose end is after ADDRESS (ranges do not overlap).  */
static size_t
first_range_after (const struct code_ranges *ranges, uint64_t address)
{
  size_t low = 0, high = ranges->count;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if (ranges->ranges[middle].end <= address)
	low = middle + 1;
      else
	high = middle;
    }
  return low;
}

static void
match_row (uint64_t start, uint64_t end, const char *path, int line,
	   unsigned discriminator, void *data)
{
  struct row_matcher *matcher = data;
  const struct code_ranges *ranges = matcher->ranges;
  enum line_state state = LINE_NO_CODE;
  struct source_file *file;
  uint32_t owner = UINT32_MAX;
  uint64_t count = 0;
  size_t r;

  (void) discriminator;
  for (r = first_range_after (ranges, start);
       r < ranges->count && ranges->ranges[r].start < end; r++)
    {
      const struct code_range *range = &ranges->ranges[r];

      if (range->state > state)
	state = range->state;
      /* The function's line counts its entries, as gcov counts a line
	 by the times it is entered: GCC puts there jumps that belong to
	 no statement (at -O0, from the false arm of an if back to a
	 for loop's increment), which would give the line their counts.  */
      if (range->decl_path && range->decl_line == line
	  && strcmp (range->decl_path, path) == 0)
	continue;
      /* The row's count: of one function, every range counted.  */
      if (!range->counted || (owner != UINT32_MAX && owner != range->owner))
	owner = 0;
      else if (owner != 0)
	{
	  owner = range->owner;
	  if (range->count > count)
	    count = range->count;
	}
    }
  if (state == LINE_NO_CODE || matcher->failed)
    return;
  file = find_file (matcher->coverage, path);
  if (!file || !mark_line (file, line, state))
    matcher->failed = true;
  else if (owner == 0)
    file->count_states[line] = LINE_NOT_COUNTED;
  else if (!coverage_grow ((void **) &matcher->counted,
			   matcher->counted_count,
			   &matcher->counted_capacity,
			   sizeof *matcher->counted))
    matcher->failed = true;
  else
    matcher->counted[matcher->counted_count++]
      = (struct counted_row) { file, line, owner, count };
}

static int
compare_counted_rows (const void *a, const void *b)
{
  const struct counted_row *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->owner < y->owner ? -1 : x->owner > y->owner;
}

/* Add the counted rows of one profile to their lines' counts, as gcov
   counts a line: the most that any of a function's code on it ran,
   summed over the functions (an inline function's copies, the same
   function in several binaries).  A line with any code whose count is
   not known has none.  */
static void
add_line_counts (struct counted_row *rows, size_t count)
{
  size_t i = 0;

  if (count == 0)
    return;                     /* ROWS may be null */
  qsort (rows, count, sizeof *rows, compare_counted_rows);
  while (i < count)
    {
      struct source_file *file = rows[i].file;
      size_t line = (size_t) rows[i].line;
      uint64_t sum = 0;

      while (i < count && rows[i].file == file
	     && (size_t) rows[i].line == line)
	{
	  uint32_t owner = rows[i].owner;
	  uint64_t most = 0;

	  for (; i < count && rows[i].file == file
		 && (size_t) rows[i].line == line && rows[i].owner == owner;
	       i++)
	    if (rows[i].count > most)
	      most = rows[i].count;
	  sum = mip_saturating_add (sum, most);
	}
      if (file->count_states[line] == LINE_NOT_COUNTED)
	continue;
      file->count_states[line] = LINE_COUNTED;
      file->counts[line] = mip_saturating_add (file->counts[line], sum);
    }
}

bool
line_coverage_add (struct line_coverage *coverage,
		   const struct mip_profile *profile,
		   struct mipdata_debug_info *debug)
{
  struct code_ranges ranges = { NULL, 0, 0 };
  struct row_matcher matcher;
  bool ok = true;
  uint32_t i;

  for (i = 0; ok && i < profile->header.function_count; i++)
    {
      const struct mip_profile_function *function = &profile->functions[i];
      bool blocks = (mip_profile_function_kinds (profile, i)
		     & MIP_KIND_BLOCKS) && function->block_count > 0;

      if (mip_profile_function_is_discarded (profile, i)
	  || mip_profile_function_is_alias (profile, i))
	continue;
      coverage->has_blocks |= blocks;
      ok = (add_function (coverage, profile, i, debug)
	    && (blocks ? add_block_ranges (coverage, profile, i, debug, &ranges)
			 && add_branches (coverage, profile, i, debug)
		: add_function_ranges (profile, i, &ranges)));
    }
  if (ok)
    {
      qsort (ranges.ranges, ranges.count, sizeof *ranges.ranges,
	     compare_ranges);
      matcher.coverage = coverage;
      matcher.ranges = &ranges;
      matcher.counted = NULL;
      matcher.counted_count = matcher.counted_capacity = 0;
      matcher.failed = false;
      ok = mipdata_debug_each_line_row (debug, match_row, &matcher)
	   && !matcher.failed;
      if (ok)
	add_line_counts (matcher.counted, matcher.counted_count);
      free (matcher.counted);
    }
  free (ranges.ranges);
  if (!ok)
    mipdata_error ("out of memory");
  return ok;
}

struct mipdata_debug_info *
line_coverage_open_debug (const char *profile_path,
			  const struct mip_profile *profile,
			  const char *binary)
{
  const struct mip_profile_header *h = &profile->header;
  struct mipdata_debug_file found;
  struct mipdata_debug_info *debug = NULL;
  char text[MIP_GNU_BUILD_ID_TEXT];

  if (binary)
    return mipdata_debug_open_binary (binary, h);
  memset (&found, 0, sizeof found);
  mip_gnu_build_id_hex (h->gnu_build_id, h->gnu_build_id_size, text);
  if (h->gnu_build_id_size == 0)
    mipdata_error ("'%s': the profile records no GNU build id: give its"
		   " binary (--debug BINARY)", profile_path);
  else if (mipdata_find_debug_file_by_id (profile_path, h->gnu_build_id,
					  h->gnu_build_id_size, &found)
	   != MIPDATA_EXIT_OK)
    ;                           /* reported */
  else if (!found.path)
    mipdata_error ("'%s': no debug file of GNU build id %s found (under"
		   " '%s/.build-id'%s); give its binary (--debug BINARY)",
		   profile_path, text, mipdata_debug_directory (),
		   getenv ("DEBUGINFOD_URLS") ? " or through debuginfod" : "");
  else
    debug = mipdata_debug_open_binary (found.path, h);
  mipdata_debug_file_free (&found);
  return debug;
}

int
line_coverage_read (struct line_coverage *coverage, size_t count,
		    char **profile_paths, char **debug_paths)
{
  size_t i;

  for (i = 0; i < count; i++)
    {
      struct mip_error_context error;
      struct mip_profile *profile = NULL;
      struct mipdata_debug_info *debug;
      bool ok;

      mip_error_clear (&error);
      if (mip_profile_read_file (profile_paths[i], &profile, &error)
	  != MIP_OK)
	{
	  mipdata_report (&error);
	  return MIPDATA_EXIT_FAILURE;
	}
      debug = line_coverage_open_debug (profile_paths[i], profile,
			       debug_paths ? debug_paths[i] : NULL);
      ok = debug && line_coverage_add (coverage, profile, debug);
      mipdata_debug_close (debug);
      mip_profile_free (profile);
      if (!ok)
	return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

/* ---- Order and totals ---------------------------------------------------- */

static int
compare_files (const void *a, const void *b)
{
  return strcmp (((const struct source_file *) a)->path,
		 ((const struct source_file *) b)->path);
}

static int
compare_functions (const void *a, const void *b)
{
  const struct covered_function *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
compare_branches (const void *a, const void *b)
{
  const struct covered_branch *x = a, *y = b;

  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->binary != y->binary)
    return x->binary < y->binary ? -1 : 1;
  if (x->function != y->function)
    return x->function < y->function ? -1 : 1;
  if (x->block != y->block)
    return x->block < y->block ? -1 : 1;
  return x->edge < y->edge ? -1 : x->edge > y->edge;
}

static bool
same_branch (const struct covered_branch *x, const struct covered_branch *y)
{
  return x->line == y->line && x->binary == y->binary
	 && x->function == y->function && x->block == y->block
	 && x->edge == y->edge;
}

/* Add B, an outcome of the same binary's block, into A: the stronger
   state; the sum of the counts when both are known.  */
static void
add_branch (struct covered_branch *a, const struct covered_branch *b)
{
  bool counted = a->counted && b->counted;
  uint64_t sum = mip_saturating_add (a->count, b->count);

  if (b->state > a->state)
    a->state = b->state;
  a->counted = counted && a->state != BRANCH_UNKNOWN;
  a->count = a->counted ? sum : 0;
  if (a->counted && a->count > 0)
    a->state = BRANCH_TAKEN;
}

/* Sort FILE's branches, add up the same ones and number each line's
   blocks.  */
static void
sort_branches (struct source_file *file)
{
  size_t i, kept = 0;
  uint32_t number = 0;

  if (file->branch_count == 0)
    return;
  qsort (file->branches, file->branch_count, sizeof *file->branches,
	 compare_branches);
  for (i = 0; i < file->branch_count; i++)
    if (kept > 0 && same_branch (&file->branches[kept - 1],
				 &file->branches[i]))
      add_branch (&file->branches[kept - 1], &file->branches[i]);
    else
      file->branches[kept++] = file->branches[i];
  file->branch_count = kept;
  for (i = 0; i < kept; i++)
    {
      struct covered_branch *branch = &file->branches[i];
      const struct covered_branch *before = i ? branch - 1 : NULL;

      if (!before || before->line != branch->line)
	number = 0;
      else if (before->binary != branch->binary
	       || before->function != branch->function
	       || before->block != branch->block)
	number++;
      branch->block_number = number;
    }
}

void
line_coverage_sort (struct line_coverage *coverage)
{
  size_t i;

  qsort (coverage->files, coverage->file_count, sizeof *coverage->files,
	 compare_files);
  for (i = 0; i < coverage->file_count; i++)
    {
      qsort (coverage->files[i].functions, coverage->files[i].function_count,
	     sizeof *coverage->files[i].functions, compare_functions);
      sort_branches (&coverage->files[i]);
    }
  coverage->last_file = 0;
}

bool
branch_hits (const struct covered_branch *branch, uint64_t *hits)
{
  switch (branch->state)
    {
    case BRANCH_TAKEN:
      *hits = branch->counted && branch->count > 0 ? branch->count : 1;
      return true;
    case BRANCH_NOT_TAKEN:
      *hits = 0;
      return true;
    default:
      return false;
    }
}

size_t
source_file_line_branches (const struct source_file *file, size_t line,
			   size_t *first)
{
  size_t low = 0, high = file->branch_count, end;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      if ((size_t) file->branches[middle].line < line)
	low = middle + 1;
      else
	high = middle;
    }
  *first = low;
  for (end = low; end < file->branch_count
       && (size_t) file->branches[end].line == line; end++)
    ;
  return end - low;
}

void
source_file_branch_totals (const struct source_file *file, size_t first,
			   size_t last, uint64_t *branches, uint64_t *taken,
			   uint64_t *unknown)
{
  size_t i;

  *branches = *taken = *unknown = 0;
  for (i = 0; i < file->branch_count; i++)
    {
      const struct covered_branch *branch = &file->branches[i];

      if ((size_t) branch->line < first || (size_t) branch->line > last)
	continue;
      if (branch->state == BRANCH_UNKNOWN)
	(*unknown)++;
      else
	{
	  (*branches)++;
	  *taken += branch->state == BRANCH_TAKEN;
	}
    }
}

struct coverage_totals
source_file_totals (const struct source_file *file)
{
  struct coverage_totals totals;
  size_t i;

  memset (&totals, 0, sizeof totals);
  for (i = 0; i < file->line_capacity; i++)
    if (file->lines[i] == LINE_RUN || file->lines[i] == LINE_NOT_RUN)
      {
	totals.lines++;
	totals.lines_run += file->lines[i] == LINE_RUN;
      }
  for (i = 0; i < file->function_count; i++)
    {
      totals.functions++;
      totals.functions_run += file->functions[i].ran;
    }
  totals.blocks = file->blocks;
  totals.blocks_run = file->blocks_run;
  source_file_branch_totals (file, 0, SIZE_MAX, &totals.branches,
			     &totals.branches_taken,
			     &totals.branches_unknown);
  return totals;
}

void
coverage_totals_add (struct coverage_totals *a,
		     const struct coverage_totals *b)
{
  a->lines += b->lines;
  a->lines_run += b->lines_run;
  a->functions += b->functions;
  a->functions_run += b->functions_run;
  a->blocks += b->blocks;
  a->blocks_run += b->blocks_run;
  a->branches += b->branches;
  a->branches_taken += b->branches_taken;
  a->branches_unknown += b->branches_unknown;
}

double
coverage_percent (uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double) part / (double) whole : 100.0;
}

/* ---- Inputs ---------------------------------------------------------- */

bool
profile_inputs_init (struct profile_inputs *inputs, int argc)
{
  memset (inputs, 0, sizeof *inputs);
  inputs->profile_paths = calloc ((size_t) argc + 1, sizeof (char *));
  inputs->debug_paths = calloc ((size_t) argc + 1, sizeof (char *));
  inputs->include_patterns = calloc ((size_t) argc + 1, sizeof (char *));
  inputs->exclude_patterns = calloc ((size_t) argc + 1, sizeof (char *));
  inputs->prefix_maps = calloc ((size_t) argc + 1, sizeof (char *));
  if (!inputs->profile_paths || !inputs->debug_paths
      || !inputs->include_patterns || !inputs->exclude_patterns
      || !inputs->prefix_maps)
    {
      mipdata_error ("out of memory");
      return false;
    }
  return true;
}

void
profile_inputs_free (struct profile_inputs *inputs)
{
  free (inputs->profile_paths);
  free (inputs->debug_paths);
  free (inputs->include_patterns);
  free (inputs->exclude_patterns);
  free (inputs->prefix_maps);
}

int
profile_inputs_take_filter (struct profile_inputs *inputs,
			    const char *command, int option, char *argument)
{
  char *equals;

  switch (option)
    {
    case 'I':
      inputs->include_patterns[inputs->include_count++] = argument;
      return -1;
    case 'X':
      inputs->exclude_patterns[inputs->exclude_count++] = argument;
      return -1;
    default:			/* 'S' */
      equals = strchr (argument, '=');
      if (equals == NULL || equals == argument)
	return mipdata_usage_error (command, "bad --source-prefix-map '%s'"
				    " (expected OLD=NEW, OLD not empty)",
				    argument);
      inputs->prefix_maps[inputs->prefix_map_count++] = argument;
      return -1;
    }
}

bool
coverage_parse_percent (const char *command, const char *option,
			const char *text, double *percent)
{
  char *end;

  errno = 0;
  *percent = strtod (text, &end);
  if (errno || end == text || *end || *percent < 0 || *percent > 100)
    {
      mipdata_usage_error (command, "%s needs a percentage from 0 to 100,"
			   " not '%s'", option, text);
      return false;
    }
  return true;
}

/* The map of INPUTS that applies to PATH (the last whose OLD starts
   it), or NULL; *OLD_LENGTH receives the length of its OLD.  */
static const char *
prefix_map_for (const struct profile_inputs *inputs, const char *path,
		size_t *old_length)
{
  size_t i = inputs->prefix_map_count;

  while (i-- > 0)
    {
      const char *map = inputs->prefix_maps[i];
      size_t length = (size_t) (strchr (map, '=') - map);

      if (strncmp (path, map, length) == 0)
	{
	  *old_length = length;
	  return map;
	}
    }
  return NULL;
}

bool
line_coverage_map_prefixes (struct line_coverage *coverage,
			    const struct profile_inputs *inputs)
{
  size_t i;

  for (i = 0; i < coverage->file_count; i++)
    {
      struct source_file *file = &coverage->files[i];
      size_t old_length;
      const char *map = prefix_map_for (inputs, file->path, &old_length);
      const char *new_prefix;
      char *path;

      if (map == NULL)
	continue;
      new_prefix = map + old_length + 1;
      path = malloc (strlen (new_prefix) + strlen (file->path + old_length)
		     + 1);
      if (path == NULL)
	{
	  mipdata_error ("out of memory");
	  return false;
	}
      strcpy (stpcpy (path, new_prefix), file->path + old_length);
      free (file->path);
      file->path = path;
    }
  coverage->last_file = 0;
  return true;
}

/* Whether PATH matches one of the COUNT PATTERNS.  */
static bool
matches_any (const char *path, char **patterns, size_t count)
{
  size_t i;

  for (i = 0; i < count; i++)
    if (fnmatch (patterns[i], path, 0) == 0)
      return true;
  return false;
}

void
line_coverage_filter (struct line_coverage *coverage,
		      const struct profile_inputs *inputs)
{
  size_t i, kept = 0;

  for (i = 0; i < coverage->file_count; i++)
    {
      struct source_file *file = &coverage->files[i];

      if ((inputs->include_count == 0
	   || matches_any (file->path, inputs->include_patterns,
			   inputs->include_count))
	  && !matches_any (file->path, inputs->exclude_patterns,
			   inputs->exclude_count))
	coverage->files[kept++] = *file;
      else
	source_file_free (file);
    }
  coverage->file_count = kept;
  coverage->last_file = 0;
}

void
profile_inputs_take_operand (struct profile_inputs *inputs, int argc,
			     char **argv)
{
  char *operand;
  if (inputs->profile_count == 0
      && (operand = mipdata_profile_operand (argc, argv)) != NULL)
    inputs->profile_paths[inputs->profile_count++] = operand;
}

int
profile_inputs_check (const struct profile_inputs *inputs,
		      const char *command)
{
  if (inputs->profile_count == 0)
    return mipdata_usage_error (command, "no profile given (-p PROFILE)");
  if (inputs->debug_count > 0
      && inputs->debug_count != inputs->profile_count)
    return mipdata_usage_error (command, "each profile needs its binary"
				" (--debug BINARY): %zu given for %zu"
				" profiles", inputs->debug_count,
				inputs->profile_count);
  return -1;
}

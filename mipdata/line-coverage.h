/* line-coverage.h - source line coverage of profiles, for mipdata export
   and mipdata info: per source file, which lines hold code that ran,
   which functions ran and how many of the blocks that start there ran.

   A line has code in a block when a row of the DWARF line table whose
   code overlaps the block's address range names it.  It ran when any
   of its blocks ran, and did not when none did.  A function recorded
   without block coverage (function-coverage mode) tells, when it ran,
   only that the line of its first instruction did (the function was
   entered); when it never ran, none of its lines did.
   Several profiles (a program and its shared objects, or several
   builds) add up per source file.

   Branches: every block with two or more edges that are not abnormal
   (mip_profile_block_is_branch), of a function recording block
   coverage, is a branch at the line of its last byte (its jump), each
   of those edges one of its outcomes, whose fate mip_profile_edge_fates
   gives: taken (with its count when the blocks' counts give it), never
   taken, or unknown; every outcome of a block that never ran is
   BRANCH_BLOCK_NOT_RUN (lcov's "-").  The same block of the same binary
   (profiles sharing a build id) adds up: taken when either says so;
   blocks of different binaries are separate branches.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIPDATA_LINE_COVERAGE_H
#define MIPDATA_LINE_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mip_profile;
struct mipdata_debug_info;

/* What is known of one source line; a later state wins when states
   combine (the order matters).  */
enum line_state
{
  LINE_NO_CODE = 0,             /* no code of it, or nothing recorded */
  LINE_NOT_RUN,                 /* all its code is in code that never ran */
  LINE_UNKNOWN,                 /* some of it in functions that ran, whose
				   blocks are not recorded */
  LINE_RUN                      /* a block holding its code ran */
};

struct covered_function
{
  char *name;
  int line;                     /* of its declaration */
  bool ran;
  bool has_count;               /* the mode counts calls */
  uint64_t count;
};

/* What source_file.count_states says of a line's count.  */
enum line_count_state
{
  LINE_COUNT_NONE = 0,          /* no code seen yet */
  LINE_COUNTED,                 /* counts holds it */
  LINE_NOT_COUNTED              /* some of its code has no known count */
};

/* What is known of one outcome of a branch; a later state wins when
   the profiles of one binary combine (the order matters).  */
enum branch_state
{
  BRANCH_BLOCK_NOT_RUN = 0,     /* the branch never ran: lcov's "-" */
  BRANCH_NOT_TAKEN,             /* it ran, never this way */
  BRANCH_UNKNOWN,               /* it ran; coverage cannot tell */
  BRANCH_TAKEN                  /* it ran this way */
};

/* One outcome (edge) of a branch block.  */
struct covered_branch
{
  int line;                     /* of the block's last byte */
  uint32_t block_number;        /* lcov's block: the branch blocks of the
				   line, numbered from 0 (line_coverage_sort) */
  uint32_t edge;                /* lcov's branch: among the block's edges
				   that are not abnormal, from 0 */
  uint64_t binary;              /* the profile's build id */
  uint32_t function, block;     /* indices in the binary's profile */
  unsigned char state;          /* enum branch_state */
  bool counted;                 /* COUNT is known */
  bool fallthrough;             /* the edge falls through */
  uint64_t count;               /* times taken, over the runs */
};

struct source_file
{
  char *path;
  unsigned char *lines;         /* enum line_state, by line number */
  uint64_t *counts;             /* by line: the times it ran, when known */
  unsigned char *count_states;  /* by line: enum line_count_state */
  size_t line_capacity;
  struct covered_function *functions;
  size_t function_count, function_capacity;
  uint64_t blocks, blocks_run;  /* blocks whose first line is here */
  struct covered_branch *branches;  /* by line, block, edge once sorted */
  size_t branch_count, branch_capacity;
};

struct line_coverage
{
  struct source_file *files;
  size_t file_count, file_capacity;
  size_t last_file;             /* the file found last, tried first */
  bool has_blocks;              /* some function recorded its blocks */
  uint32_t function_serial;     /* the functions added, numbered from 1 */
};

/* How many times line LINE of FILE ran, summed over the runs, into
   *COUNT when the profiles know it: all of the line's code, in every
   function and binary, is code that never ran (0) or runs once per call
   of a function that counts its calls (mip_profile_block_count).  As
   gcov counts, the line's count is the most that a function's code on
   it ran, summed over the functions.  False when only whether it ran
   is known.  */
bool line_coverage_count (const struct source_file *file, size_t line,
			  uint64_t *count);

/* Numbers of one file or of all, as lcov --summary counts them.  */
struct coverage_totals
{
  uint64_t lines, lines_run;
  uint64_t functions, functions_run;
  uint64_t blocks, blocks_run;
  /* lcov's BRF and BRH: the outcomes whose fate is known (a branch that
     never ran counts, not hit), and those taken; BRANCHES_UNKNOWN the
     outcomes left out as unknown.  */
  uint64_t branches, branches_taken, branches_unknown;
};

/* The lcov "taken" of BRANCH: its count when known, else 1 when taken,
   0 when never taken; false for a branch that never ran ("-") or an
   unknown outcome (left out of reports).  */
bool branch_hits (const struct covered_branch *branch, uint64_t *hits);

/* The branches of line LINE of FILE (sorted): *FIRST is the index of
   the first, and the number of them is returned.  */
size_t source_file_line_branches (const struct source_file *file, size_t line,
				  size_t *first);

/* The branch totals of FILE's lines FIRST to LAST.  */
void source_file_branch_totals (const struct source_file *file, size_t first,
				size_t last, uint64_t *branches,
				uint64_t *taken, uint64_t *unknown);

void line_coverage_init (struct line_coverage *coverage);
void line_coverage_free (struct line_coverage *coverage);

/* Add the kept functions of PROFILE, whose binary's DWARF is DEBUG.
   False (after an error message) when memory runs out.  */
bool line_coverage_add (struct line_coverage *coverage,
			const struct mip_profile *profile,
			struct mipdata_debug_info *debug);

/* The profiles of export, annotate and info and their binaries, from
   repeated -p PROFILE [--debug BINARY] options.  */
struct profile_inputs
{
  char **profile_paths, **debug_paths;
  size_t profile_count, debug_count;
  /* --include and --exclude: shell patterns of source paths.  */
  char **include_patterns, **exclude_patterns;
  size_t include_count, exclude_count;
  /* --source-prefix-map: OLD=NEW, as given.  */
  char **prefix_maps;
  size_t prefix_map_count;
};

/* The options every coverage report takes, for getopt_long's table and
   the help (see profile_inputs_take_filter).  */
#define PROFILE_FILTER_OPTIONS \
  { "include", required_argument, NULL, 'I' }, \
  { "exclude", required_argument, NULL, 'X' }, \
  { "source-prefix-map", required_argument, NULL, 'S' }
#define PROFILE_FILTER_HELP \
  "      --include=PATTERN  only the source files whose path matches\n" \
  "                         the shell PATTERN ('*/src/*'; repeat\n" \
  "                         for several)\n" \
  "      --exclude=PATTERN  leave out the source files whose path\n" \
  "                         matches PATTERN ('/usr/*'; repeat)\n" \
  "      --source-prefix-map=OLD=NEW\n" \
  "                         read and name the sources whose path\n" \
  "                         starts with OLD under NEW instead (a\n" \
  "                         tree that moved since the build)\n"

/* Take OPTION of PROFILE_FILTER_OPTIONS ('I', 'X' or 'S') with its
   ARGUMENT into INPUTS for COMMAND: -1 when it is good, else a usage
   error's exit status (a --source-prefix-map that is not OLD=NEW).  */
int profile_inputs_take_filter (struct profile_inputs *inputs,
				const char *command, int option,
				char *argument);

/* Make room for one more element of SIZE bytes in *ARRAY, which holds
   COUNT of *CAPACITY (doubling it); false when memory runs out.  */
bool coverage_grow (void **array, size_t count, size_t *capacity,
		    size_t size);

/* The percentage TEXT of OPTION (--fail-under...) of COMMAND, from 0 to
   100, into *PERCENT; false after a usage error.  */
bool coverage_parse_percent (const char *command, const char *option,
			     const char *text, double *percent);

/* Room for the paths of a command line of ARGC words.  False after an
   error message when memory runs out.  */
bool profile_inputs_init (struct profile_inputs *inputs, int argc);
void profile_inputs_free (struct profile_inputs *inputs);

/* Without -p PROFILE: take the operand ARGV[optind] as the profile when
   it names one (mipdata_profile_operand).  */
void profile_inputs_take_operand (struct profile_inputs *inputs, int argc,
				  char **argv);

/* COMMAND's usage error when there is no profile or the binaries do not
   pair with the profiles; -1 when the inputs are good.  */
int profile_inputs_check (const struct profile_inputs *inputs,
			  const char *command);

/* Read each of the COUNT profiles PROFILE_PATHS[i] and add it with
   the DWARF of DEBUG_PATHS[i] (checked to be the profiled binary), or
   when DEBUG_PATHS is NULL of the debug file that the profile's GNU
   build id finds (in the debug directories, through debuginfod).
   Returns an exit status, after an error message on failure.  */
int line_coverage_read (struct line_coverage *coverage, size_t count,
			char **profile_paths, char **debug_paths);

/* The DWARF of the binary of PROFILE (read from PROFILE_PATH): BINARY,
   or when it is NULL the debug file of the profile's GNU build id in
   the debug directories or through debuginfod.  NULL after an error
   message.  */
struct mipdata_debug_info *
line_coverage_open_debug (const char *profile_path,
			  const struct mip_profile *profile,
			  const char *binary);

/* Rewrite the path of each file that starts with the OLD of one of
   INPUTS' --source-prefix-map options to start with its NEW instead, as
   GCC's -ffile-prefix-map does (the last option that matches wins), so
   that reports name, and annotate reads, the sources of a tree that
   moved.  False after an error message when memory runs out.  */
bool line_coverage_map_prefixes (struct line_coverage *coverage,
				 const struct profile_inputs *inputs);

/* Keep only the files whose paths INPUTS' filters let through: those
   that match an --include pattern (every file when there is none) and
   no --exclude pattern: shell patterns (fnmatch, where a star matches
   slashes too) matched against the whole path.  */
void line_coverage_filter (struct line_coverage *coverage,
			   const struct profile_inputs *inputs);

/* Sort the files by path, each file's functions by line and its
   branches by line, binary, function, block and edge, adding up those
   of the same binary's block and numbering each line's blocks.  */
void line_coverage_sort (struct line_coverage *coverage);

/* The totals of FILE.  */
struct coverage_totals source_file_totals (const struct source_file *file);

/* Add B into A.  */
void coverage_totals_add (struct coverage_totals *a,
			  const struct coverage_totals *b);

/* 100 * PART / WHOLE, or 100 when WHOLE is 0 (nothing to miss).  */
double coverage_percent (uint64_t part, uint64_t whole);

#endif /* MIPDATA_LINE_COVERAGE_H */

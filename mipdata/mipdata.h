/* mipdata.h - what the files of the mipdata command share: the
   subcommands, messages and exit statuses, ELF map extraction and debug
   information lookup.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIPDATA_H
#define MIPDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"
#include "mip-format.h"

struct Elf;
struct Dwfl;
struct Dwfl_Module;
struct mip_profile_header;

/* Exit statuses, as git and llvm-profdata use them.  */
#define MIPDATA_EXIT_OK 0
#define MIPDATA_EXIT_FAILURE 1   /* bad input, I/O error */
#define MIPDATA_EXIT_USAGE 2     /* bad command line */
#define MIPDATA_EXIT_UNDER_GATE 3 /* coverage under --fail-under-* */

/* The subcommands: ARGV[0] is the subcommand's name.  */
int cmd_create (int argc, char **argv);
int cmd_merge (int argc, char **argv);
int cmd_show (int argc, char **argv);
int cmd_callgraph (int argc, char **argv);
int cmd_info (int argc, char **argv);
int cmd_order (int argc, char **argv);
int cmd_export (int argc, char **argv);
int cmd_import (int argc, char **argv);
int cmd_annotate (int argc, char **argv);
int cmd_diff (int argc, char **argv);
int cmd_heap (int argc, char **argv);

/* "mipdata: MESSAGE" on stderr.  */
void mipdata_error (const char *format, ...)
  MIP_PRINTF_FORMAT (1, 2);
/* "mipdata: warning: MESSAGE" on stderr.  */
void mipdata_warning (const char *format, ...)
  MIP_PRINTF_FORMAT (1, 2);
/* TEXT as it may be shown on a terminal, into BUFFER (SIZE bytes, cut
   short when too small): bytes that are not printable ASCII nor a
   printable UTF-8 character (a control, a byte of Latin-1, say) are
   written as \ooo, octal, as ls -b does.  Every message passes through
   it, so a name read from a file never prints raw bytes.  Returns
   BUFFER.  */
char *mipdata_printable (const char *text, char *buffer, size_t size);
/* Report a library error as one line on stderr.  */
void mipdata_report (const struct mip_error_context *error);
/* Report a usage error of COMMAND (NULL for mipdata itself) and point to
   its --help; returns MIPDATA_EXIT_USAGE.  */
int mipdata_usage_error (const char *command, const char *format, ...)
  MIP_PRINTF_FORMAT (2, 3);
/* Report the option getopt_long refused (it returned RESULT: '?' or
   ':') for COMMAND; returns MIPDATA_EXIT_USAGE.  */
int mipdata_bad_option (const char *command, int result, char **argv);
/* The options of a command that takes only -p PROFILE and --help: parse
   them into *PROFILE_PATH (NULL when absent), calling PRINT_HELP for
   --help.  Returns -1 when the command should go on, else its exit
   status.  */
int mipdata_profile_options (const char *command, int argc, char **argv,
			     void (*print_help) (void),
			     const char **profile_path);
/* When -p PROFILE is missing: the operand ARGV[optind] when it names a
   profile (it ends in .mip, or it is a file that starts with a
   profile's magic), optind then moving past it; else NULL.  So that
   'mipdata show app.mip' does what it says.  */
char *mipdata_profile_operand (int argc, char **argv);
/* After the options: report a missing -p PROFILE and, unless ARGV is
   NULL (the command takes operands), any operand.  With ARGV, a
   missing *PROFILE_PATH is first taken from a profile operand
   (mipdata_profile_operand).  Returns -1 when the command line is
   complete, else MIPDATA_EXIT_USAGE.  */
int mipdata_need_profile (const char *command, const char **profile_path,
			  int argc, char **argv);

/* ---- elf-map.c --------------------------------------------------------- */

/* True when DATA starts with the ELF magic.  */
bool mipdata_is_elf (const unsigned char *data, size_t size);

enum mipdata_elf_map_result
{
  MIPDATA_ELF_MAP_FOUND,
  MIPDATA_ELF_MAP_MISSING,      /* no map section, or only empty ones */
  MIPDATA_ELF_MAP_FAILED        /* not usable; an error was printed */
};

/* Read the map of the ELF file PATH, whose SIZE bytes are at DATA: the
   contents of its .debug_mip_map section.  On success *MAP is a new copy (free it) of
   *MAP_SIZE bytes.  Relocatable objects are refused: their maps are not
   linked yet.  */
enum mipdata_elf_map_result
mipdata_elf_map (const char *path, unsigned char *data, size_t size,
		 unsigned char **map, size_t *map_size);

/* The same for the allocation sites of a binary built with the heap
   option: its .debug_mip_heap section.  */
enum mipdata_elf_map_result
mipdata_elf_heap_sites (const char *path, unsigned char *data, size_t size,
			unsigned char **sites, size_t *sites_size);
/* The same for the early blocks of a block-count build: its
   .debug_mip_ipa section.  */
enum mipdata_elf_map_result
mipdata_elf_ipa_blocks (const char *path, unsigned char *data, size_t size,
			unsigned char **blocks, size_t *blocks_size);
/* The link-time extent [*BEGIN, *END) of the executable segments of the
   ELF file in DATA; false (and 0, 0) when it has none or is not ELF.  */
bool mipdata_elf_code_range (unsigned char *data, size_t size,
			     uint64_t *begin, uint64_t *end);

/* With --debug PATH: refuse (after an error message) a binary whose map
   is not the one of the profile with BUILD_ID.  A binary without a map
   (a separate debug file, say) cannot be checked and is accepted.
   Returns an exit status.  */
int mipdata_check_binary (const char *path, uint64_t build_id);

/* ---- debug-file.c ------------------------------------------------------ */

/* Look for separate debug files under DIRECTORY (--debug-file-directory)
   instead of /usr/lib/debug.  False (after an error message) when it
   cannot be used.  */
bool mipdata_set_debug_directory (const char *directory);
/* The debug directory in use.  */
const char *mipdata_debug_directory (void);

/* The GNU build id of ELF (or of the ELF image of SIZE bytes at DATA)
   into ID (MIP_GNU_BUILD_ID_MAX bytes); returns its size, 0 when it has
   none or a longer one.  */
uint32_t mipdata_elf_gnu_build_id (struct Elf *elf, uint8_t *id);
uint32_t mipdata_gnu_build_id_of_image (unsigned char *data, size_t size,
					uint8_t *id);

/* A libdwfl session holding the binary PATH as its one module
   (*MODULE), whose debug file libdwfl looks for in the debug directories
   and through debuginfod.  NULL after an error message.  */
struct Dwfl *mipdata_dwfl_offline (const char *path,
				   struct Dwfl_Module **module);

/* A separate debug file that was found.  */
struct mipdata_debug_file
{
  char *path;                   /* NULL: none found */
  unsigned char *data;          /* its contents */
  size_t size;
  uint32_t gnu_build_id_size;   /* 0: none */
  uint8_t gnu_build_id[MIP_GNU_BUILD_ID_MAX];
};

/* The separate debug file of the binary PATH, found by its
   .gnu_debuglink or its GNU build id, in the debug directories or
   through debuginfod.  FOUND->path is NULL when there is none.  Returns
   an exit status (a failure after an error message).  */
int mipdata_find_debug_file (const char *binary,
			     struct mipdata_debug_file *found);

/* The debug file whose GNU build id is ID (ID_SIZE bytes): in the debug
   directories' .build-id trees, then through debuginfod.  WHAT names
   the file that asked, for messages.  */
int mipdata_find_debug_file_by_id (const char *what, const uint8_t *id,
				   uint32_t id_size,
				   struct mipdata_debug_file *found);

void mipdata_debug_file_free (struct mipdata_debug_file *file);

/* Refuse PATH, whose GNU build id is ID, when EXPECTED (from
   EXPECTED_BY, "the profile" say) is another: the message names the
   file and both ids.  Unknown ids (size 0) match anything.  Returns an
   exit status.  */
int mipdata_check_gnu_build_id (const char *path, const uint8_t *id,
				uint32_t id_size, const uint8_t *expected,
				uint32_t expected_size,
				const char *expected_by);

/* ---- debug-info.c ------------------------------------------------------ */

struct mipdata_debug_info;

/* Open the DWARF of the binary PATH, or of its separate debug file
   (found as mipdata_find_debug_file does).  Returns NULL (after an error
   message) when PATH cannot be read as ELF; a binary without DWARF gives
   a warning and a handle whose lookups find nothing.  */
struct mipdata_debug_info *mipdata_debug_open (const char *path);

/* The declaration of the function that starts at link-time ADDRESS:
   *FILE (valid until the next lookup or close) and *LINE.  Falls back to
   the line table at ADDRESS.  False when nothing is known.  */
bool mipdata_debug_lookup (struct mipdata_debug_info *info, uint64_t address,
			   const char **file, int *line);

/* The line table's location of link-time ADDRESS: *FILE (valid until
   the next lookup or close) and *LINE.  False when nothing is known.  */
bool mipdata_debug_line (struct mipdata_debug_info *info, uint64_t address,
			 const char **file, int *line);

/* The name of the function whose code holds link-time ADDRESS, as its
   symbol is named (the linkage name when there is one), valid until the
   handle is closed; NULL when nothing is known.  */
const char *mipdata_debug_function_name (struct mipdata_debug_info *info,
					 uint64_t address);

/* For the profile with HEADER: refuse a binary PATH whose GNU build id
   or map is another build's (mipdata_check_binary), then
   mipdata_debug_open.  */
struct mipdata_debug_info *
mipdata_debug_open_binary (const char *path,
			   const struct mip_profile_header *header);

void mipdata_debug_close (struct mipdata_debug_info *info);

/* Whether INFO found DWARF debug information.  */
bool mipdata_debug_has_dwarf (const struct mipdata_debug_info *info);

/* Called for each row of a line table that holds code: the code of
   [START, END) is of line LINE of FILE (joined to the compilation
   directory when relative), with the row's DISCRIMINATOR (0 when it
   has none).  */
typedef void mipdata_line_row_visitor (uint64_t start, uint64_t end,
				       const char *file, int line,
				       unsigned discriminator, void *data);

/* Visit every row of every line table of INFO's DWARF.  False (after
   an error message) when memory runs out.  */
bool mipdata_debug_each_line_row (struct mipdata_debug_info *info,
				  mipdata_line_row_visitor *visit,
				  void *data);

/* The scopes of a binary's code, for inline stacks: each function with
   code (DW_TAG_subprogram) and each inlined copy of a function
   (DW_TAG_inlined_subroutine), whose PARENT is the scope of the code
   it was inlined into.  Names are linkage names when there are, else
   names, through DW_AT_abstract_origin and DW_AT_specification (an
   out-of-line copy such as foo.constprop.0 is named foo), valid until
   the debug information is closed.  */
struct mipdata_code_scope
{
  long parent;                  /* -1 for a function */
  const char *name;             /* NULL when DWARF names none */
  int decl_line;                /* of the function (0: unknown) */
  int call_line;                /* an inlined copy: the call's line */
  unsigned call_discriminator;  /* and its discriminator */
};

/* A piece of code and its innermost scope.  */
struct mipdata_scope_range
{
  uint64_t start, end;
  size_t scope;
};

struct mipdata_code_scopes
{
  struct mipdata_code_scope *scopes;
  size_t count, capacity;
  /* Disjoint, sorted by address: the innermost scope of each piece.  */
  struct mipdata_scope_range *ranges;
  size_t range_count, range_capacity;
  /* Sorted, distinct: the return addresses of the calls whose callee
     DWARF does not name (DW_TAG_call_site without DW_AT_call_origin:
     calls through a pointer), tail calls left out.  */
  uint64_t *indirect_returns;
  size_t indirect_count, indirect_capacity;
};

/* Read the scopes of INFO's DWARF into SCOPES (emptied first).  False
   (after an error message) when memory runs out.  */
bool mipdata_debug_code_scopes (struct mipdata_debug_info *info,
				struct mipdata_code_scopes *scopes);

/* The innermost scope holding ADDRESS, or -1 for none.  */
long mipdata_code_scope_at (const struct mipdata_code_scopes *scopes,
			    uint64_t address);

/* Whether the call that returns to RETURN_ADDRESS is one of SCOPES'
   indirect calls.  */
bool mipdata_code_scopes_indirect_call (const struct mipdata_code_scopes *scopes,
					uint64_t return_address);

void mipdata_code_scopes_free (struct mipdata_code_scopes *scopes);

#endif /* MIPDATA_H */

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

/* Exit statuses, as git and llvm-profdata use them.  */
#define MIPDATA_EXIT_OK 0
#define MIPDATA_EXIT_FAILURE 1   /* bad input, I/O error */
#define MIPDATA_EXIT_USAGE 2     /* bad command line */

/* The subcommands: ARGV[0] is the subcommand's name.  */
int cmd_create (int argc, char **argv);
int cmd_merge (int argc, char **argv);
int cmd_show (int argc, char **argv);
int cmd_callgraph (int argc, char **argv);
int cmd_info (int argc, char **argv);

/* "mipdata: MESSAGE" on stderr.  */
void mipdata_error (const char *format, ...)
  MIP_PRINTF_FORMAT (1, 2);
/* "mipdata: warning: MESSAGE" on stderr.  */
void mipdata_warning (const char *format, ...)
  MIP_PRINTF_FORMAT (1, 2);
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
/* After the options: report a missing -p PROFILE and, unless ARGV is
   NULL (the command takes operands), any operand.  Returns -1 when the
   command line is complete, else MIPDATA_EXIT_USAGE.  */
int mipdata_need_profile (const char *command, const char *profile_path,
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
   contents of its __mip_map or its .debug_mip_map section (a file with
   both is refused).  On success *MAP is a new copy (free it) of
   *MAP_SIZE bytes.  Relocatable objects are refused: their maps are not
   linked yet.  */
enum mipdata_elf_map_result
mipdata_elf_map (const char *path, unsigned char *data, size_t size,
		 unsigned char **map, size_t *map_size);

/* The link-time extent [*BEGIN, *END) of the executable segments of the
   ELF file in DATA; false (and 0, 0) when it has none or is not ELF.  */
bool mipdata_elf_code_range (unsigned char *data, size_t size,
			     uint64_t *begin, uint64_t *end);

/* With --debug PATH: refuse (after an error message) a binary whose map
   is not the one of the profile with BUILD_ID.  A binary without a map
   (a separate debug file, say) cannot be checked and is accepted.
   Returns an exit status.  */
int mipdata_check_binary (const char *path, uint64_t build_id);

/* ---- debug-info.c ------------------------------------------------------ */

struct mipdata_debug_info;

/* Open the DWARF of the binary PATH.  Returns NULL (after an error
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

/* mipdata_check_binary, then mipdata_debug_open.  */
struct mipdata_debug_info *mipdata_debug_open_binary (const char *path,
						     uint64_t build_id);

void mipdata_debug_close (struct mipdata_debug_info *info);

#endif /* MIPDATA_H */

/* cmd-create.c - mipdata create: an empty profile from a binary's map.

   The input is a linked ELF binary built with -fplugin=mip (its
   __mip_map and .debug_mip_map sections are read) or a map dumped from
   one with objcopy --dump-section __mip_map=app.mipmap.  The profile describes
   every instrumented function and holds no run yet; it replaces
   PROFILE atomically.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mipdata.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "mip-file.h"
#include "mip-map.h"
#include "mip-profile.h"
#include "mip-reader.h"

static void
print_help (void)
{
  printf ("usage: mipdata create -p PROFILE BINARY|MAP\n"
	  "\n"
	  "Create the empty profile PROFILE (a .mip file) describing the\n"
	  "functions instrumented in BINARY, a program or shared library\n"
	  "linked with -fplugin=mip, or in MAP, its __mip_map section (or\n"
	  ".debug_mip_map, with -fplugin-arg-mip-debug-map) dumped to a\n"
	  ".mipmap file.  An existing PROFILE is replaced.\n"
	  "\n"
	  "Options:\n"
	  "  -p, --profile=PROFILE  the profile to write\n"
	  "  -h, --help             print this help and exit\n");
}

/* Parse the map held in INPUT (SIZE bytes at DATA): the __mip_map
   section of an ELF file, or a dumped map.  */
static int
load_map (const char *input, unsigned char *data, size_t size,
	  struct mip_map **map)
{
  struct mip_error_context error;
  struct mip_magic_info magic;
  enum mip_error status;

  mip_error_clear (&error);
  if (mipdata_is_elf (data, size))
    {
      unsigned char *section = NULL;
      size_t section_size = 0;
      switch (mipdata_elf_map (input, data, size, &section, &section_size))
	{
	case MIPDATA_ELF_MAP_FOUND:
	  break;
	case MIPDATA_ELF_MAP_MISSING:
	  mipdata_error ("'%s': no " MIP_MAP_SECTION " or "
			 MIP_DEBUG_MAP_SECTION " section (was it built with"
			 " -fplugin=mip -fplugin-arg-mip-generate, or"
			 " stripped?)", input);
	  return MIPDATA_EXIT_FAILURE;
	default:
	  return MIPDATA_EXIT_FAILURE;
	}
      status = mip_map_parse (section, section_size, input, map, &error);
      free (section);
    }
  else if (mip_detect_magic (data, size, &magic)
	   && magic.kind != MIP_MAGIC_KIND (MIP_MAGIC_MAP64))
    {
      mipdata_error ("'%s': is a %s; create needs a linked binary or a"
		     " map", input, mip_magic_kind_name (magic.kind));
      return MIPDATA_EXIT_FAILURE;
    }
  else if (size >= 8 && !mip_detect_magic (data, size, &magic))
    {
      mipdata_error ("'%s': neither an ELF binary nor a MIP map", input);
      return MIPDATA_EXIT_FAILURE;
    }
  else
    status = mip_map_parse (data, size, input, map, &error);
  if (status != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  return MIPDATA_EXIT_OK;
}

static int
create_profile (const char *profile_path, const char *input)
{
  struct mip_error_context error;
  unsigned char *data = NULL;
  size_t size = 0;
  struct mip_map *map = NULL;
  struct mip_profile *profile = NULL;
  int status;

  mip_error_clear (&error);
  if (mip_read_file (input, &data, &size, &error) != MIP_OK)
    {
      mipdata_report (&error);
      return MIPDATA_EXIT_FAILURE;
    }
  uint64_t code_begin = 0, code_end = 0;
  status = load_map (input, data, size, &map);
  if (status == MIPDATA_EXIT_OK && mipdata_is_elf (data, size))
    mipdata_elf_code_range (data, size, &code_begin, &code_end);
  free (data);
  if (status != MIPDATA_EXIT_OK)
    return status;
  if (mip_profile_create (map, &profile, &error) == MIP_OK)
    {
      /* Merge folds callers outside the binary's code into one.  */
      profile->header.code_begin = code_begin;
      profile->header.code_end = code_end;
    }
  if (!profile
      || mip_profile_write_file (profile, profile_path, &error) != MIP_OK)
    {
      if (!error.file[0])
	snprintf (error.file, sizeof error.file, "%s", input);
      mipdata_report (&error);
      status = MIPDATA_EXIT_FAILURE;
    }
  mip_profile_free (profile);
  mip_map_free (map);
  return status;
}

int
cmd_create (int argc, char **argv)
{
  const char *profile_path;
  int status = mipdata_profile_options ("create", argc, argv, print_help,
					&profile_path);

  if (status < 0)
    status = mipdata_need_profile ("create", profile_path, argc, NULL);
  if (status >= 0)
    return status;
  if (optind == argc)
    return mipdata_usage_error ("create", "no binary or map given");
  if (argc - optind > 1)
    return mipdata_usage_error ("create", "one binary or map expected, got"
				" %d", argc - optind);
  return create_profile (profile_path, argv[optind]);
}

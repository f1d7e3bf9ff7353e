/* mip-plugin.cc - the entry point of mip.so: checks the compiler, parses
   -fplugin-arg-mip-*, and registers the pass and the unit callbacks.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     gcc -fplugin=mip -fplugin-arg-mip-generate            (every record)
     gcc -fplugin=mip -fplugin-arg-mip-generate=function-coverage
     gcc -fplugin=mip -fplugin-arg-mip-generate -fplugin-arg-mip-heap
     gcc -fplugin=mip -fplugin-arg-mip-use=profile.mip
     gcc -fauto-profile=app.afdo -fplugin=mip -fplugin-arg-mip-afdo-exact  */

#include "mip-plugin.h"
#include "mip-layout.h"
#include "plugin-version.h"
#include "spellcheck.h"

int plugin_is_GPL_compatible;

struct mip_options mip_options;

static struct plugin_info mip_plugin_info = {
  "0.1.0",
  "Machine IR Profile instrumentation.  Arguments:\n"
  "  -fplugin-arg-mip-generate[=MODE]  instrument; MODE is 'full' (the\n"
  "      default: call counts, first-call order, block coverage, first\n"
  "      caller), 'block-count' (the full mode with how often each\n"
  "      block ran and, without a profile to use, the sizes of\n"
  "      memcpy, memset and the like, unless -fno-profile-values),\n"
  "      'block-coverage', 'function-coverage' or\n"
  "      'heap' (function coverage and the allocation sites)\n"
  "  -fplugin-arg-mip-heap  also record every call site of an\n"
  "      allocation function (malloc, free, new, delete, ...) in any\n"
  "      generate mode\n"
  "  -fplugin-arg-mip-probe-all-blocks  probe every block instead of\n"
  "      inferring coverage where possible (for testing the inference)\n"
  "  -fplugin-arg-mip-calls-may-exit  exact block coverage even for\n"
  "      programs that end inside a callee (more probes)\n"
  "  -fplugin-arg-mip-atomic  update call counts atomically, exact in\n"
  "      multi-threaded programs (full mode; a slower, larger probe)\n"
  "  -fplugin-arg-mip-use=FILE  lay functions out by the profile FILE\n"
  "      (.mip, made with mipdata): never-run ones to .text.unlikely, the\n"
  "      others together in first-call order; a block-count profile's\n"
  "      counts also go to GCC's passes after hot/cold partitioning\n"
  "  -fplugin-arg-mip-use-verbose  name each function that changed since\n"
  "      the profile was made (default: one line per unit)\n"
  "  -fplugin-arg-mip-use-strict  make such a function an error\n"
  "  -fplugin-arg-mip-use-layout-only  only place functions and blocks:\n"
  "      do not make never-run functions cold (optimised for size);\n"
  "      the default for a profile without counts (function or block\n"
  "      coverage) and with -fprofile-partial-training\n"
  "  -fplugin-arg-mip-use-cold-never-run  make never-run functions cold\n"
  "      with a profile without counts as well\n"
  "  -fplugin-arg-mip-use-no-early-counts  do not give GCC the early\n"
  "      block counts of a block-count profile before its IPA passes\n"
  "  -fplugin-arg-mip-use-early=FILE  take the early block counts from\n"
  "      FILE, the block-count profile of the first of two rounds, and\n"
  "      the rest from the use profile, that of a build which used\n"
  "      FILE (with -fplugin-arg-mip-generate=block-count)\n"
  "  -fplugin-arg-mip-afdo-exact  with -fauto-profile=FILE made by\n"
  "      mipdata export --format=afdo: its counts are exact, and GCC\n"
  "      uses them as it uses -fprofile-use's"
};

/* Parse generate's value into the record kinds it asks for.  */
static bool
parse_generate_mode (const char *value, uint32_t *mode)
{
  if (value == NULL || strcmp (value, "full") == 0)
    {
      *mode = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER | MIP_KIND_BLOCK_COVERAGE
	      | MIP_KIND_CALLERS;
      return true;
    }
  if (strcmp (value, "block-count") == 0)
    {
      *mode = MIP_KIND_CALL_COUNT | MIP_KIND_ORDER | MIP_KIND_BLOCK_COUNT
	      | MIP_KIND_CALLERS;
      return true;
    }
  if (strcmp (value, "block-coverage") == 0)
    {
      *mode = MIP_KIND_FUNCTION_COVERAGE | MIP_KIND_BLOCK_COVERAGE;
      return true;
    }
  if (strcmp (value, "function-coverage") == 0)
    {
      *mode = MIP_KIND_FUNCTION_COVERAGE;
      return true;
    }
  if (strcmp (value, "heap") == 0)
    {
      *mode = MIP_KIND_FUNCTION_COVERAGE;
      mip_options.heap = true;
      return true;
    }
  return false;
}

/* The arguments the plugin takes, for the suggestion on a typo.  */
static const char *const argument_names[] = {
  "generate", "use", "use-verbose", "use-strict", "use-layout-only",
  "use-cold-never-run", "use-no-early-counts", "use-early", "use-layout",
  "probe-all-blocks", "calls-may-exit", "atomic", "heap", "afdo-exact"
};

static void
report_unknown_argument (const char *base_name, const char *key)
{
  auto_vec<const char *> names;
  for (size_t i = 0; i < ARRAY_SIZE (argument_names); i++)
    {
      /* A known name here is a flag given a value.  */
      if (strcmp (key, argument_names[i]) == 0)
	{
	  error ("mip: %<-fplugin-arg-%s-%s%> takes no value", base_name,
		 key);
	  return;
	}
      names.safe_push (argument_names[i]);
    }
  const char *closest = find_closest_string (key, &names);
  if (closest)
    error ("mip: unknown argument %<-fplugin-arg-%s-%s%>; did you mean"
	   " %<-fplugin-arg-%s-%s%>?", base_name, key, base_name, closest);
  else
    error ("mip: unknown argument %<-fplugin-arg-%s-%s%>;"
	   " valid arguments are %<generate[=MODE]%>, %<use=FILE%>,"
	   " %<use-verbose%>, %<use-strict%>, %<use-layout-only%>,"
	   " %<use-cold-never-run%>, %<use-no-early-counts%>,"
	   " %<use-early=FILE%>,"
	   " %<use-layout=KIND%>,"
	   " %<probe-all-blocks%>, %<calls-may-exit%>, %<atomic%>,"
	   " %<heap%> and %<afdo-exact%>", base_name, key);
}

static bool
parse_arguments (struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      if (strcmp (key, "generate") == 0)
	{
	  mip_options.mode_name = value ? value : "full";
	  if (!parse_generate_mode (value, &mip_options.mode))
	    {
	      error ("mip: unknown mode %qs in %<-fplugin-arg-mip-generate%>;"
		     " valid modes are %<full%>, %<block-count%>,"
		     " %<block-coverage%>, %<function-coverage%> and"
		     " %<heap%>", value);
	      ok = false;
	    }
	}
      else if (strcmp (key, "use") == 0)
	{
	  if (value == NULL || *value == '\0')
	    {
	      error ("mip: %<-fplugin-arg-mip-use%> needs a profile file:"
		     " %<-fplugin-arg-mip-use=FILE%>");
	      ok = false;
	    }
	  else
	    mip_options.use_file = value;
	}
      else if (strcmp (key, "use-verbose") == 0 && value == NULL)
	mip_options.use_verbose = true;
      else if (strcmp (key, "use-strict") == 0 && value == NULL)
	mip_options.use_strict = true;
      else if (strcmp (key, "use-layout-only") == 0 && value == NULL)
	mip_options.use_layout_only = true;
      else if (strcmp (key, "use-cold-never-run") == 0 && value == NULL)
	mip_options.use_cold_never_run = true;
      else if (strcmp (key, "use-no-early-counts") == 0 && value == NULL)
	mip_options.use_no_early_counts = true;
      else if (strcmp (key, "use-early") == 0)
	{
	  if (value == NULL || *value == '\0')
	    {
	      error ("mip: %<-fplugin-arg-mip-use-early%> needs a profile"
		     " file: %<-fplugin-arg-mip-use-early=FILE%>");
	      ok = false;
	    }
	  else
	    mip_options.use_early_file = value;
	}
      else if (strcmp (key, "use-layout") == 0)
	{
	  enum mip_layout_kind kind;
	  if (value == NULL || !mip_layout_parse (value, &kind))
	    {
	      error ("mip: unknown layout %qs in %<-fplugin-arg-mip-use-layout%>;"
		     " valid layouts are %<first-call%> and %<call-chains%>",
		     value ? value : "");
	      ok = false;
	    }
	  else
	    mip_options.use_layout = kind;
	}
      else if (strcmp (key, "probe-all-blocks") == 0 && value == NULL)
	mip_options.probe_all_blocks = true;
      else if (strcmp (key, "calls-may-exit") == 0 && value == NULL)
	mip_options.calls_may_exit = true;
      else if (strcmp (key, "atomic") == 0 && value == NULL)
	mip_options.atomic_counts = true;
      else if (strcmp (key, "heap") == 0 && value == NULL)
	mip_options.heap = true;
      else if (strcmp (key, "afdo-exact") == 0 && value == NULL)
	mip_options.afdo_exact = true;
      else
	{
	  report_unknown_argument (info->base_name, key);
	  ok = false;
	}
    }
  return ok;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("mip: this plugin was built for GCC %s, not for this compiler"
	     " (GCC %s); rebuild it against the plugin headers of this compiler",
	     gcc_version.basever, version->basever);
      return 1;
    }
  register_callback (info->base_name, PLUGIN_INFO, NULL, &mip_plugin_info);
  if (!parse_arguments (info))
    return 1;
  if ((mip_options.use_verbose || mip_options.use_strict
       || mip_options.use_layout_only || mip_options.use_cold_never_run
       || mip_options.use_no_early_counts || mip_options.use_early_file
       || mip_options.use_layout != MIP_LAYOUT_FIRST_CALL)
      && !mip_options.use_file)
    warning (0, "mip: %<use-verbose%>, %<use-strict%>,"
	     " %<use-layout-only%>, %<use-cold-never-run%>,"
	     " %<use-no-early-counts%>, %<use-early%> and %<use-layout%>"
	     " have no effect without %<-fplugin-arg-mip-use=FILE%>");
  if (mip_options.use_early_file && mip_options.use_no_early_counts)
    {
      error ("mip: %<-fplugin-arg-mip-use-early%> contradicts"
	     " %<-fplugin-arg-mip-use-no-early-counts%>");
      return 1;
    }
  if (mip_options.use_cold_never_run
      && (mip_options.use_layout_only || flag_profile_partial_training))
    {
      error ("mip: %<-fplugin-arg-mip-use-cold-never-run%> contradicts %qs",
	     mip_options.use_layout_only ? "-fplugin-arg-mip-use-layout-only"
	     : "-fprofile-partial-training");
      return 1;
    }
  if (flag_profile_partial_training)
    mip_options.use_layout_only = true;
  if (mip_options.atomic_counts
      && !(mip_options.mode & MIP_KIND_CALL_COUNT))
    warning (0, "mip: %<-fplugin-arg-mip-atomic%> has no effect without"
	     " call counts (%<-fplugin-arg-mip-generate%> in the full mode)");
  if (mip_options.heap && mip_options.mode == 0)
    {
      error ("mip: %<-fplugin-arg-mip-heap%> needs"
	     " %<-fplugin-arg-mip-generate%> (any mode); or use"
	     " %<-fplugin-arg-mip-generate=heap%>");
      return 1;
    }
  if (mip_options.afdo_exact)
    mip_afdo_exact_init (info->base_name);
  if (mip_options.mode == 0 && !mip_options.use_file)
    return 0;			/* Loaded without generate or use: nothing
				   more to do.  */
  if (mip_options.use_file)
    {
      if (!mip_use_load (mip_options.use_file)
	  || (mip_options.use_early_file
	      && !mip_use_load_early (mip_options.use_early_file)))
	return 1;
      register_callback (info->base_name, PLUGIN_FINISH_UNIT,
			 mip_use_finish_unit, NULL);
      register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_END,
			 mip_use_order_unlikely, NULL);
      register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_END,
			 mip_use_note_caller_ranks, NULL);
      register_callback (info->base_name, PLUGIN_ALL_PASSES_START,
			 mip_use_function_start, NULL);
    }
  if (mip_options.mode != 0)
    {
      if (!mip_target_init ())
	return 1;
      if ((mip_options.mode & MIP_KIND_BLOCK_COUNT)
	  && !(mip_target_supported_kinds () & MIP_KIND_BLOCK_COUNT))
	{
	  sorry ("mip: the %<block-count%> mode is not supported for this"
		 " target yet");
	  return 1;
	}
      mip_options.mode &= mip_target_supported_kinds ();
      register_callback (info->base_name, PLUGIN_FINISH_UNIT, mip_emit_unit,
			 NULL);
      if (mip_options.heap)
	mip_heap_init (info->base_name);
    }
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
		     mip_ipa_start, NULL);
  mip_ipa_blocks_register (info->base_name);
  if (mip_options.use_file && !mip_options.use_layout_only
      && !mip_options.use_early_counts)
    {
      register_callback (info->base_name, PLUGIN_ALL_PASSES_START,
			 mip_ipa_function_start, NULL);
      register_callback (info->base_name, PLUGIN_ALL_PASSES_END,
			 mip_ipa_function_end, NULL);
    }
  mip_register_passes (info->base_name);
  return 0;
}

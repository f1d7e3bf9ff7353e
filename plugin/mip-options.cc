/* mip-options.cc - the options of a compile that change the code GCC
   generates: generate records them in each map unit (mip-emit.cc), and
   use names how they differ from those the profile's unit recorded when
   functions changed since the profile (mip-use.cc): a -O0 build with the
   profile of an -O2 build then says so, instead of only reporting every
   function as changed.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   The options are those of the compiler's own command line (cc1, cc1plus,
   lto1), as GCC decoded them (save_decoded_options), in their order:
   -O*, -f*, -m* (-march=, -mtune=, -mcpu= among them), --param, -p and
   -pg, less the -f options that change nothing in the code
   (no_code_options below) and those GCC itself leaves out of
   DW_AT_producer (NoDWARFRecord: diagnostics, plugins, prefix maps).
   Left out as well: -I, -D, -U, -W*, -g*, -o, -M*, -std=, -c, -x, file
   names and the driver's internal options (-quiet, -dumpbase, -imultiarch).
   As DW_AT_producer (-grecord-gcc-switches) does, this is the command
   line only: a choice the compiler makes when the command line says
   nothing (its configured -fPIE by default, say) is not there.  The
   driver passes some of its own defaults explicitly (Debian's
   -mtune=generic -march=x86-64, -fasynchronous-unwind-tables), and those
   are recorded.  */

#include "mip-gcc-compat.h"
#include "mip-options.h"

/* ---- Collecting ------------------------------------------------------ */

/* -f options that do not change the code GCC generates, each also with
   its "no-" form, and with any text after it that starts with '=' or
   '-' (-fdiagnostics-color=never, -fdump-tree-optimized, -fplugin-arg-mip-use=P).
   Most are NoDWARFRecord as well; this list does not depend on it.  */
static const char *const no_code_options[] = {
  /* Plugins (MIP's own options among them).  */
  "-fplugin",
  /* Diagnostics and reports.  */
  "-fdiagnostics", "-fmessage-length", "-fmax-errors", "-fshow-column",
  "-ftabstop", "-fdump", "-fopt-info", "-fsave-optimization-record",
  "-ftime-report", "-fmem-report", "-fstack-usage", "-fcallgraph-info",
  "-fstats", "-fprofile-report", "-flto-report", "-fdbg-cnt-list",
  "-fverbose-asm", "-fident", "-frecord-gcc-switches", "-fpermissive",
  "-fsyntax-only", "-fself-test",
  /* Preprocessing.  */
  "-fpreprocessed", "-fdirectives-only", "-fworking-directory",
  "-fcanonical-system-headers", "-ftrack-macro-expansion", "-fpch",
  /* Debug information, which never changes the code.  */
  "-fdebug-prefix-map", "-ffile-prefix-map", "-fmacro-prefix-map",
  "-fprofile-prefix-map", "-fvar-tracking", "-fdebug-types-section",
  "-feliminate-unused-debug", "-fcompare-debug", "-fchecking",
  /* The LTO driver's internal options.  */
  "-fltrans", "-fwpa", "-fresolution", "-flinker-output",
};

/* Whether TEXT is OPTION, or OPTION followed by '=' or '-' and more.  */
static bool
option_is (const char *text, const char *option)
{
  size_t length = strlen (option);
  return (strncmp (text, option, length) == 0
	  && (text[length] == '\0' || text[length] == '='
	      || text[length] == '-'));
}

/* TEXT ("-fno-pie", "-mno-avx") without "no-" after its first letter,
   in BUFFER of SIZE bytes; TEXT itself when it has no "no-".  */
static const char *
positive_form (const char *text, char *buffer, size_t size)
{
  if (text[0] != '-' || text[1] == '\0' || strncmp (text + 2, "no-", 3) != 0
      || strlen (text) - 3 >= size)
    return text;
  buffer[0] = '-';
  buffer[1] = text[1];
  strcpy (buffer + 2, text + 5);
  return buffer;
}

/* Whether the decoded OPTION, whose text is TEXT, changes the code.  */
static bool
changes_code (const struct cl_decoded_option *option, const char *text)
{
  /* The program name, file names and unknown options are past the
     options (OPT_SPECIAL_*).  */
  if (option->opt_index >= cl_options_count || option->errors)
    return false;
  if (cl_options[option->opt_index].flags
      & (CL_WARNING | CL_NO_DWARF_RECORD))
    return false;
  if (strncmp (text, "--param", 7) == 0 || strcmp (text, "-p") == 0
      || strcmp (text, "-pg") == 0)
    return true;
  if (text[0] != '-' || (text[1] != 'O' && text[1] != 'f' && text[1] != 'm'))
    return false;
  if (text[1] != 'f')
    return true;
  char buffer[128];
  const char *positive = positive_form (text, buffer, sizeof buffer);
  for (const char *option_name : no_code_options)
    if (option_is (positive, option_name))
      return false;
  return true;
}

/* The text of the decoded OPTION as one word: its canonical form
   (aliases resolved, as the compiler handed it to the front end), or
   else as given with spaces made '=' (an option with a separate
   argument, --param NAME=VALUE in some releases), in a string that
   lives as long as the compile; NULL when there is none.  */
static const char *
option_text (const struct cl_decoded_option *option)
{
  if (option->canonical_option_num_elements == 1
      && option->canonical_option[0])
    return option->canonical_option[0];
  const char *text = option->orig_option_with_args_text;
  if (!text || !strchr (text, ' '))
    return text;
  char *word = xstrdup (text);
  for (char *c = word; *c; c++)
    if (*c == ' ')
      *c = '=';
  return word;
}

const char *
mip_codegen_options (void)
{
  static char *options;
  if (options)
    return options;
  size_t size = 1;
  for (unsigned i = 1; i < save_decoded_options_count; i++)
    {
      const char *text = option_text (&save_decoded_options[i]);
      if (text && changes_code (&save_decoded_options[i], text))
	size += strlen (text) + 1;
    }
  options = XNEWVEC (char, size);
  char *end = options;
  for (unsigned i = 1; i < save_decoded_options_count; i++)
    {
      const char *text = option_text (&save_decoded_options[i]);
      if (!text || !changes_code (&save_decoded_options[i], text))
	continue;
      if (end != options)
	*end++ = ' ';
      strcpy (end, text);
      end += strlen (text);
    }
  *end = '\0';
  return options;
}

/* ---- Comparing ------------------------------------------------------- */

/* The first LENGTH characters of TEXT, allocated with xmalloc.  */
static char *
copy_prefix (const char *text, size_t length)
{
  char *copy = XNEWVEC (char, length + 1);
  memcpy (copy, text, length);
  copy[length] = '\0';
  return copy;
}

/* Options of which several on one command line all count, each with its
   argument: the others count only the last time they are given.  */
static const char *const cumulative_options[] = {
  "-fsanitize", "-fsanitize-recover", "-fsanitize-trap", "-ffixed",
  "-fcall-used", "-fcall-saved", "-fdisable", "-fenable",
  "-finstrument-functions-exclude-file-list",
  "-finstrument-functions-exclude-function-list", "-fdbg-cnt",
  "-foffload", "-foffload-options",
};

/* One option of a list, and what a later option of the list replaces.  */
struct option_word
{
  char *text;			/* the option */
  char *key;			/* a later option with the same key
				   replaces it */
  bool replaced;
};

/* The key of option TEXT: "-O" for every -O option; else the option in
   its positive form (-fno-pie: -fpie), up to and including its '='
   (-march=: a later -march= replaces it); the whole option for the
   cumulative ones.  */
static char *
option_key (const char *text)
{
  if (strncmp (text, "-O", 2) == 0)
    return xstrdup ("-O");
  char buffer[128];
  const char *positive = positive_form (text, buffer, sizeof buffer);
  for (const char *option_name : cumulative_options)
    if (option_is (positive, option_name))
      return xstrdup (text);
  const char *equals = strchr (positive, '=');
  if (strncmp (positive, "--param", 7) == 0 && equals)
    /* --param=NAME=VALUE: up to the second '='.  */
    equals = strchr (equals + 1, '=') ? strchr (equals + 1, '=') : equals;
  return equals ? copy_prefix (positive, equals - positive + 1)
		: xstrdup (positive);
}

/* The options of OPTIONS (separated by spaces) that count: of those
   with the same key, the last one.  -O alone is -O1, and a list
   without -O has -O0 (GCC's default), so that -O0 and nothing are the
   same.  Their number in *COUNT.  */
static struct option_word *
effective_options (const char *options, unsigned *count)
{
  unsigned n = 1;
  for (const char *c = options; *c; c++)
    n += *c == ' ';
  struct option_word *words = XNEWVEC (struct option_word, n + 1);
  unsigned k = 0;
  bool has_level = false;
  for (const char *c = options; *c;)
    {
      while (*c == ' ')
	c++;
      const char *end = c;
      while (*end && *end != ' ')
	end++;
      if (end == c)
	break;
      char *text = copy_prefix (c, end - c);
      if (strcmp (text, "-O") == 0)
	{
	  free (text);
	  text = xstrdup ("-O1");
	}
      struct option_word word = { text, option_key (text), false };
      has_level |= strcmp (word.key, "-O") == 0;
      for (unsigned i = 0; i < k; i++)
	if (strcmp (words[i].key, word.key) == 0)
	  words[i].replaced = true;
      words[k++] = word;
      c = end;
    }
  if (!has_level)
    {
      struct option_word word = { xstrdup ("-O0"), xstrdup ("-O"), false };
      words[k++] = word;
    }
  *count = k;
  return words;
}

static void
free_options (struct option_word *words, unsigned count)
{
  for (unsigned i = 0; i < count; i++)
    {
      free (words[i].text);
      free (words[i].key);
    }
  free (words);
}

/* At most this many options are named on each side.  */
#define MAX_NAMED 8

/* Append to *TEXT (of *LENGTH characters, allocated) STRING.  */
static void
append (char **text, size_t *length, const char *string)
{
  size_t more = strlen (string);
  *text = XRESIZEVEC (char, *text, *length + more + 1);
  memcpy (*text + *length, string, more + 1);
  *length += more;
}

/* Append to *TEXT the options of MINE that count and that THEIRS does
   not have, or "none"; return how many there are.  */
static unsigned
append_only_in (char **text, size_t *length,
		const struct option_word *mine, unsigned my_count,
		const struct option_word *theirs, unsigned their_count)
{
  unsigned named = 0, only = 0;
  for (unsigned i = 0; i < my_count; i++)
    {
      if (mine[i].replaced)
	continue;
      bool shared = false;
      for (unsigned j = 0; j < their_count && !shared; j++)
	shared = (!theirs[j].replaced
		  && strcmp (mine[i].text, theirs[j].text) == 0);
      if (shared)
	continue;
      only++;
      if (named < MAX_NAMED)
	{
	  if (named++)
	    append (text, length, " ");
	  append (text, length, mine[i].text);
	}
    }
  if (only == 0)
    append (text, length, "none");
  else if (only > named)
    {
      char more[40];
      snprintf (more, sizeof more, " and %u more", only - named);
      append (text, length, more);
    }
  return only;
}

char *
mip_options_difference (const char *profile_options,
			const char *this_options)
{
  unsigned profile_count, this_count;
  struct option_word *profile_words
    = effective_options (profile_options ? profile_options : "",
			 &profile_count);
  struct option_word *this_words
    = effective_options (this_options ? this_options : "", &this_count);
  char *text = NULL;
  size_t length = 0;
  append (&text, &length, "the profile's unit was compiled with ");
  unsigned differ = append_only_in (&text, &length, profile_words,
				    profile_count, this_words, this_count);
  append (&text, &length, ", this one with ");
  differ += append_only_in (&text, &length, this_words, this_count,
			    profile_words, profile_count);
  free_options (profile_words, profile_count);
  free_options (this_words, this_count);
  if (differ == 0)
    {
      free (text);
      return NULL;
    }
  return text;
}

/* mip-process.c - signals, on POSIX systems: in the merging writer's
   member (mip-libmip-merge.c), which -lmip-complete and the full mode
   link; the core says so when MIP_DUMP_ON_SIGNAL asks for dumps on
   signals in a program without it.

   (Fork is the full mode's business: its member, mip-first-call.c,
   resets a child's call counts.  Coverage is the same whichever
   process wrote it, so the coverage modes need no fork handler.)

   Signals: a program stopped by SIGTERM or SIGINT never exits, so the
   destructor never dumps.  With MIP_DUMP_ON_SIGNAL=1 (or yes, true,
   on: mip_env_flag) in the environment, the runtime installs handlers
   for the two signals (not where the program started with one
   ignored): the handler dumps the
   module, then gives the signal to the handler that was there before
   (another instrumented module's, which dumps in turn) or, when that was
   the default action, restores it and raises the signal again, so the
   program ends as it would have.  A program that installs its own
   handler later replaces the runtime's; when it then exits, the
   destructor dumps as usual.  The dump is async-signal-safe: no memory
   allocation, no stdio, no lock but the module's dump flag (a signal
   that arrives during a dump of the same module skips its dump).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "mip-internal.h"

#if MIP_PLATFORM_POSIX

#include <signal.h>
#include <string.h>

/* ---- Yes or no ------------------------------------------------------ */

/* Whether VALUE is WORD (lower case) in any case.  */
static int
is_word (const char *value, const char *word)
{
  for (; *word != '\0'; value++, word++)
    if ((*value >= 'A' && *value <= 'Z' ? *value + ('a' - 'A') : *value)
	!= *word)
      return 0;
  return *value == '\0';
}

/* The yes-or-no environment variable NAME: 1 for 1, yes, true or on, 0
   for 0, no, false or off (in any case), unset or empty; anything else
   is reported on stderr (call it once) and taken as 0.  */
MIP_INTERNAL int
mip_env_flag (const char *name)
{
  /* The first four mean yes.  */
  static const char words[] = "1\0yes\0true\0on\0" "0\0no\0false\0off";
  static const char known[] =
    " (known: 1 yes true on, 0 no false off); taken as 0";
  const char *value = mip_platform_getenv (name, NULL), *word = words;
  size_t length = mip_text_length (name);
  int i;

  if (value == NULL)
    return 0;
  for (i = 0; i < 8; i++, word += mip_text_length (word) + 1)
    if (is_word (value, word))
      return i < 4;
  {
    char rest[length + sizeof known];

    mip_copy_bytes (rest, name, length);
    mip_copy_bytes (rest + length, known, sizeof known);
    mip_report ("bad value '", value, "' in ", rest);
  }
  return 0;
}

/* Whether MIP_DUMP_ON_SIGNAL asks for the dumps.  */
static int
dump_on_signal_wanted (void)
{
  return mip_env_flag (MIP_DUMP_ON_SIGNAL_ENV);
}

/* ---- Signals -------------------------------------------------------- */

static const int dump_signals[] = { SIGTERM, SIGINT };
#define DUMP_SIGNAL_COUNT (sizeof dump_signals / sizeof dump_signals[0])

/* The actions the runtime replaced, and whether it installed its own.  */
static struct sigaction previous_actions[DUMP_SIGNAL_COUNT];
static int installed[DUMP_SIGNAL_COUNT];

static int
signal_index (int signal_number)
{
  unsigned i;

  for (i = 0; i < DUMP_SIGNAL_COUNT; i++)
    if (dump_signals[i] == signal_number)
      return (int) i;
  return -1;
}

/* Give the signal to the action there was before the runtime's.  */
static void
pass_on (int signal_number, siginfo_t *info, void *context,
	 const struct sigaction *previous)
{
  if (previous->sa_flags & SA_SIGINFO)
    previous->sa_sigaction (signal_number, info, context);
  else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN)
    previous->sa_handler (signal_number);
  else if (previous->sa_handler == SIG_DFL)
    {
      /* Delivered once this handler returns (the signal is blocked
	 while it runs), with the default action: the program ends as
	 if the runtime had not been there.  */
      sigaction (signal_number, previous, NULL);
      raise (signal_number);
    }
}

static void
dump_on_signal (int signal_number, siginfo_t *info, void *context)
{
  int index = signal_index (signal_number);

  (void) __mip_dump ();
  if (index >= 0)
    pass_on (signal_number, info, context, &previous_actions[index]);
}

static void
install_signal_handlers (void)
{
  struct sigaction action;
  unsigned i;

  memset (&action, 0, sizeof action);
  action.sa_sigaction = dump_on_signal;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset (&action.sa_mask);
  for (i = 0; i < DUMP_SIGNAL_COUNT; i++)
    {
      struct sigaction *previous = &previous_actions[i];

      if (sigaction (dump_signals[i], NULL, previous) != 0
	  || (!(previous->sa_flags & SA_SIGINFO)
	      && previous->sa_handler == SIG_IGN))
	continue;
      installed[i] = sigaction (dump_signals[i], &action, NULL) == 0;
    }
}

/* When the module goes away (dlclose, or exit): put back the actions it
   replaced, where its handler is still the one installed, so no signal
   comes to code that is no longer there.  */
static void
remove_signal_handlers (void)
{
  unsigned i;

  for (i = 0; i < DUMP_SIGNAL_COUNT; i++)
    {
      struct sigaction current;

      if (!installed[i] || sigaction (dump_signals[i], NULL, &current) != 0)
	continue;
      if ((current.sa_flags & SA_SIGINFO)
	  && current.sa_sigaction == dump_on_signal)
	sigaction (dump_signals[i], &previous_actions[i], NULL);
      installed[i] = 0;
    }
}

/* At start (a module with no instrumented code has nothing to dump).  */
static MIP_CONSTRUCTOR (101) MIP_USED void
start_signals (void)
{
  if (mip_section_size () != 0 && dump_on_signal_wanted ())
    install_signal_handlers ();
}

/* After the dump at exit, or when the module is unloaded.  */
static MIP_DESTRUCTOR (102) MIP_USED void
stop_signals (void)
{
  remove_signal_handlers ();
}

#endif /* MIP_PLATFORM_POSIX */

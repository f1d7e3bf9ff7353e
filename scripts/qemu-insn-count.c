/* qemu-insn-count.c - a TCG plugin for qemu-user that counts the guest
   instructions a program executes, for `make bench` on targets valgrind
   does not run (the Arm targets under qemu-arm and qemu-aarch64).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built by bench.sh with the host compiler:
	cc -shared -fPIC -O2 -o qemu-insn-count.so qemu-insn-count.c
   and used as
	qemu-arm -plugin ./qemu-insn-count.so,outfile=FILE -L SYSROOT PROGRAM
   it writes one line, "insns N", to FILE (or to qemu's log when no
   outfile is given) when the program exits.

   Each translated block gets an inline "add its instruction count to a
   64-bit counter" before it runs, so the count is exact for a
   single-threaded program and costs qemu almost nothing.  Threads share
   the counter without atomics (inline adds are not atomic), which is why
   bench only counts single-threaded programs.

   Debian's qemu packages ship no plugin header, so the few declarations
   of qemu's plugin API this file uses are written out below, from the
   API's documentation (docs/devel/tcg-plugins in qemu's sources): API
   version 1, that of qemu 4.2 to 8.1, which Debian bookworm's qemu 7.2
   implements.  A qemu whose API no longer accepts version 1 refuses to
   load the plugin with a message; bench then reports no count.  */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define EXPORT __attribute__ ((visibility ("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;	/* only passed through */

enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id,
						struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb (qemu_plugin_id_t id,
					    qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline (struct qemu_plugin_tb *tb,
					       enum qemu_plugin_op op,
					       void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id,
				     qemu_plugin_udata_cb_t cb,
				     void *userdata);
void qemu_plugin_outs (const char *string);

EXPORT int qemu_plugin_version = 1;

static uint64_t instructions;
static char outfile[4096];

/* Before each block runs, add its instruction count.  */
static void
count_block (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  (void) id;
  qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
					    &instructions,
					    qemu_plugin_tb_n_insns (tb));
}

static void
report (qemu_plugin_id_t id, void *userdata)
{
  char line[64];
  (void) id;
  (void) userdata;
  snprintf (line, sizeof line, "insns %llu\n",
	    (unsigned long long) instructions);
  if (outfile[0])
    {
      FILE *f = fopen (outfile, "w");
      if (f && fputs (line, f) >= 0 && fclose (f) == 0)
	return;
      fprintf (stderr, "qemu-insn-count: cannot write %s\n", outfile);
    }
  qemu_plugin_outs (line);
}

EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info,
		     int argc, char **argv)
{
  (void) info;
  for (int i = 0; i < argc; i++)
    {
      if (strncmp (argv[i], "outfile=", 8) == 0
	  && strlen (argv[i] + 8) < sizeof outfile)
	strcpy (outfile, argv[i] + 8);
      else
	{
	  fprintf (stderr, "qemu-insn-count: unknown argument '%s'"
		   " (expected outfile=FILE)\n", argv[i]);
	  return -1;
	}
    }
  qemu_plugin_register_vcpu_tb_trans_cb (id, count_block);
  qemu_plugin_register_atexit_cb (id, report, NULL);
  return 0;
}

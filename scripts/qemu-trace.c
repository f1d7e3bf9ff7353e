/* qemu-trace.c - a TCG plugin for qemu-user that measures a program's
   run for `make bench` on what valgrind cannot give: the instructions a
   program executes on the Arm targets (qemu-arm, qemu-aarch64), and the
   4 KiB pages of code a run touches (the profile-use table).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later

   Built by bench.sh with the host compiler:
	cc -shared -fPIC -O2 -fvisibility=hidden -o qemu-trace.so qemu-trace.c
   and used as
	qemu-arm -plugin ./qemu-trace.so,insns=FILE,pages=FILE2 PROGRAM
   (either argument may be left out).  When the program exits it writes
   "insns N" to FILE, N the guest instructions executed, and to FILE2 the
   page number (address / 4096, in hex, one per line, unsorted) of every
   page from which qemu translated an instruction.

   Counting: each translated block gets an inline "add its instruction
   count to a 64-bit counter" before it runs, exact for a single-threaded
   program and almost free (threads would share the counter without
   atomics: bench runs single-threaded programs only).  Pages: qemu
   translates a block when it is first about to run, so the pages listed
   are those that held executed code, and noting them costs nothing while
   the program runs.

   Debian's qemu packages ship no plugin header, so the few declarations
   of qemu's plugin API this file uses are written out below, from the
   API's documentation (docs/devel/tcg-plugins in qemu's sources): API
   version 1, that of qemu 4.2 to 8.1, which Debian bookworm's qemu 7.2
   implements.  A qemu that no longer accepts version 1 refuses to load
   the plugin with a message, and bench then reports no figure.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__ ((visibility ("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;	/* only passed through */

enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_vcpu_tb_trans_cb_t) (qemu_plugin_id_t id,
						struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t) (qemu_plugin_id_t id, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb (qemu_plugin_id_t id,
					    qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns (const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn (const struct qemu_plugin_tb
						  *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr (const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size (const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_tb_exec_inline (struct qemu_plugin_tb *tb,
					       enum qemu_plugin_op op,
					       void *ptr, uint64_t imm);
void qemu_plugin_register_atexit_cb (qemu_plugin_id_t id,
				     qemu_plugin_udata_cb_t cb,
				     void *userdata);

EXPORT int qemu_plugin_version = 1;

static char insns_file[4096], pages_file[4096];
static uint64_t instructions;

/* ---- The set of pages --------------------------------------------- */

/* Open addressing; 0 marks an empty slot, so pages are stored plus one.  */
static uint64_t *pages;
static size_t capacity, count;

static void
insert_slot (uint64_t *table, size_t size, uint64_t key)
{
  size_t i = (size_t) (key * 0x9e3779b97f4a7c15ull) & (size - 1);
  while (table[i] != 0 && table[i] != key)
    i = (i + 1) & (size - 1);
  if (table[i] == 0)
    {
      table[i] = key;
      count++;
    }
}

static void
add_page (uint64_t page)
{
  if (2 * (count + 1) > capacity)
    {
      size_t size = capacity ? 2 * capacity : 1024;
      uint64_t *table = calloc (size, sizeof *table);
      if (!table)
	return;			/* the list will be short; never crash */
      count = 0;
      for (size_t i = 0; i < capacity; i++)
	if (pages[i])
	  insert_slot (table, size, pages[i]);
      free (pages);
      pages = table;
      capacity = size;
    }
  insert_slot (pages, capacity, page + 1);
}

/* ---- Callbacks ---------------------------------------------------- */

static void
note_block (qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  (void) id;
  size_t n = qemu_plugin_tb_n_insns (tb);
  if (insns_file[0])
    qemu_plugin_register_vcpu_tb_exec_inline (tb, QEMU_PLUGIN_INLINE_ADD_U64,
					      &instructions, n);
  for (size_t i = 0; pages_file[0] && i < n; i++)
    {
      struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn (tb, i);
      uint64_t start = qemu_plugin_insn_vaddr (insn);
      size_t size = qemu_plugin_insn_size (insn);
      add_page (start >> 12);
      if (size > 0)
	add_page ((start + size - 1) >> 12);
    }
}

static FILE *
open_output (const char *path)
{
  FILE *f = fopen (path, "w");
  if (!f)
    fprintf (stderr, "qemu-trace: cannot write %s\n", path);
  return f;
}

static void
close_output (FILE *f, const char *path)
{
  if (fclose (f) != 0)
    fprintf (stderr, "qemu-trace: cannot write %s\n", path);
}

static void
report (qemu_plugin_id_t id, void *userdata)
{
  FILE *f;
  (void) id;
  (void) userdata;
  if (insns_file[0] && (f = open_output (insns_file)))
    {
      fprintf (f, "insns %llu\n", (unsigned long long) instructions);
      close_output (f, insns_file);
    }
  if (pages_file[0] && (f = open_output (pages_file)))
    {
      for (size_t i = 0; i < capacity; i++)
	if (pages[i])
	  fprintf (f, "%llx\n", (unsigned long long) (pages[i] - 1));
      close_output (f, pages_file);
    }
}

/* Copy the value of ARG into BUF if ARG is NAME=VALUE.  */
static int
take_argument (const char *arg, const char *name, char *buf, size_t size)
{
  size_t len = strlen (name);
  if (strncmp (arg, name, len) != 0 || arg[len] != '='
      || strlen (arg + len + 1) >= size)
    return 0;
  strcpy (buf, arg + len + 1);
  return 1;
}

EXPORT int
qemu_plugin_install (qemu_plugin_id_t id, const qemu_info_t *info,
		     int argc, char **argv)
{
  (void) info;
  for (int i = 0; i < argc; i++)
    if (!take_argument (argv[i], "insns", insns_file, sizeof insns_file)
	&& !take_argument (argv[i], "pages", pages_file, sizeof pages_file))
      {
	fprintf (stderr, "qemu-trace: unknown argument '%s' (expected"
		 " insns=FILE or pages=FILE)\n", argv[i]);
	return -1;
      }
  qemu_plugin_register_vcpu_tb_trans_cb (id, note_block);
  qemu_plugin_register_atexit_cb (id, report, NULL);
  return 0;
}

/* fuzz.h - what the fuzz harnesses of MIP's readers share.

   Each harness (fuzz-raw.c, fuzz-map.c, fuzz-profile.c, fuzz-elf.c,
   fuzz-yaml.c) defines LLVMFuzzerTestOneInput, the entry point of
   libFuzzer: it hands one input to a reader and checks what the reader
   says about it.  Built with clang -fsanitize=fuzzer (by fuzz.sh) it is
   a fuzzer; linked with fuzz-driver.c it is a plain program that
   replays the kept inputs, which make check runs.

   A harness aborts, so that the fuzzer keeps the input, when a reader
   fails without a proper error (one line naming the file), or accepts a
   file that then does not survive a write and a read back.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef MIP_FUZZ_H
#define MIP_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mip-error.h"

/* The name the harnesses give their input in errors.  */
#define FUZZ_INPUT_NAME "input"

/* The entry point of every harness.  */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Set by the replay driver: the harness prints its verdict on each input
   to stdout, one line ("ok ..." or the reader's error), which make check
   compares with the expected one.  */
extern bool fuzz_verbose;

/* Check that STATUS and ERROR, what a reader returned for the input, make
   a clean result: success, or an error whose code is STATUS and whose
   message is one line naming the input.  Aborts when not; in verbose
   mode prints the error.  */
void fuzz_check_error (enum mip_error status,
		       const struct mip_error_context *error);

/* Abort with MESSAGE (printf style) on stderr: the reader broke a rule
   the harness checks.  */
void fuzz_fail (const char *format, ...) MIP_PRINTF_FORMAT (1, 2)
  __attribute__ ((__noreturn__));

/* In verbose mode, print a verdict line (printf style).  */
void fuzz_say (const char *format, ...) MIP_PRINTF_FORMAT (1, 2);

#endif /* MIP_FUZZ_H */

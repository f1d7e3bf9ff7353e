/* gcov-out.c - the firmware example built with gcc --coverage instead of
   MIP, for comparison: GCC's own way for programs without files (GCC 12,
   -fprofile-info-section): the compiler puts a pointer to each unit's
   gcov information in the section .gcov_info (firmware.ld bounds it
   with __gcov_info_start and __gcov_info_end), and libgcov's
   __gcov_info_to_gcda turns each into the bytes of its .gcda file,
   which semihosting saves on the host under the name the compiler gave
   it, for gcov to read.

   Takes the place of profile-out.c in the gcov build; compiled and
   linked with a bare-metal toolchain whose libgcov is built for the
   board (arm-none-eabi-gcc: its thumb/v6-m and v7-m libraries).

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "profile-out.h"
#include "semihosting.h"

/* GCC's <gcov.h> declares these; declared here so that the file builds
   with any compiler of the board's toolchain.  */
struct gcov_info;
extern void __gcov_info_to_gcda (const struct gcov_info *info,
				 void (*filename_fn) (const char *, void *),
				 void (*dump_fn) (const void *, unsigned,
						  void *),
				 void *(*allocate_fn) (unsigned, void *),
				 void *arg);
extern const struct gcov_info *const __gcov_info_start[];
extern const struct gcov_info *const __gcov_info_end[];

/* One .gcda file at a time: its name, and its bytes as libgcov gives
   them.  The example's has a few hundred bytes.  */
#ifndef GCDA_BUFFER_SIZE
#define GCDA_BUFFER_SIZE 1024
#endif

struct gcda
{
  const char *name;
  unsigned size;
  int overflow;
  unsigned char bytes[GCDA_BUFFER_SIZE];
};

static struct gcda gcda;

static void
take_name (const char *name, void *arg)
{
  struct gcda *out = arg;

  out->name = name;
  out->size = 0;
  out->overflow = 0;
}

static void
take_bytes (const void *data, unsigned size, void *arg)
{
  struct gcda *out = arg;
  const unsigned char *in = data;

  for (; size > 0; size--, in++)
    if (out->size < sizeof out->bytes)
      out->bytes[out->size++] = *in;
    else
      out->overflow = 1;
}

/* Memory for libgcov's value profiles, which --coverage alone does not
   make: never asked for here.  */
static void *
no_memory (unsigned size, void *arg)
{
  (void) size;
  (void) arg;
  return 0;
}

void
mip_firmware_done (void)
{
  __asm__ volatile ("" ::: "memory");
}

int
mip_firmware_save_profile (const char *file_name)
{
  const struct gcov_info *const *info = __gcov_info_start;
  int status = 0;

  (void) file_name;
  /* The compiler may not assume that the bounds differ.  */
  __asm__ ("" : "+r" (info));
  for (; info != __gcov_info_end; info++)
    {
      __gcov_info_to_gcda (*info, take_name, take_bytes, no_memory, &gcda);
      if (gcda.overflow || gcda.name == 0
	  || semihosting_save_file (gcda.name, gcda.bytes, gcda.size) != 0)
	{
	  semihosting_write_text ("gcov-firmware: cannot save a .gcda file\n");
	  status = 1;
	}
    }
  mip_firmware_done ();
  return status;
}

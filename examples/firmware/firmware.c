/* firmware.c - the firmware example's program, the part built with the
   plugin: it filters a few sensor samples, blinks an imaginary LED and
   gets its profile out (profile-out.c).

   Its functions run known numbers of times, and each counts its own
   calls in firmware_calls, which the program prints at the end
   ("mip-firmware: calls NAME N"): make check compares those counts with
   the profile's call counts (full mode).  handle_sensor_fault is never
   called (no sample is SENSOR_FAULT), so its coverage must be 0 and the
   branch that calls it is not taken; the branch for samples above
   CLIP_LIMIT is taken.  The functions are noipa, so that GCC keeps
   every call and gives no function a clone of another name: the counts
   in the profile are those of the source.

   Copyright (C) 2026 The MIP for GCC developers.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "profile-out.h"
#include "semihosting.h"

#define FIRMWARE_FUNCTION __attribute__ ((noipa))

/* A sample that a broken sensor would read.  */
#define SENSOR_FAULT 0xffffu
/* Samples above this are clipped.  */
#define CLIP_LIMIT 900u

enum firmware_function
{
  CALIBRATE,
  FILTER_SAMPLE,
  ACCUMULATE,
  BLINK,
  HANDLE_SENSOR_FAULT,
  FUNCTIONS
};

static const char *const function_names[FUNCTIONS] = {
  "calibrate", "filter_sample", "accumulate", "blink", "handle_sensor_fault"
};

/* The firmware's own count of each function's calls.  */
static volatile unsigned firmware_calls[FUNCTIONS];

static const unsigned samples[] = {
  120, 480, 950, 300, 1020, 75, 610, 880, 905, 15, 333, 700
};

#define SAMPLE_COUNT (sizeof samples / sizeof samples[0])

static volatile unsigned clipped_samples;
static volatile unsigned led_state;

FIRMWARE_FUNCTION unsigned
calibrate (void)
{
  firmware_calls[CALIBRATE]++;
  return 7;
}

FIRMWARE_FUNCTION void
handle_sensor_fault (void)
{
  firmware_calls[HANDLE_SENSOR_FAULT]++;
  led_state = 0xf;
}

FIRMWARE_FUNCTION unsigned
filter_sample (unsigned sample, unsigned offset)
{
  firmware_calls[FILTER_SAMPLE]++;
  if (sample == SENSOR_FAULT)
    {
      /* Never taken.  */
      handle_sensor_fault ();
      return 0;
    }
  if (sample > CLIP_LIMIT)
    {
      /* Taken by 3 samples of 12.  */
      clipped_samples++;
      sample = CLIP_LIMIT;
    }
  return sample + offset;
}

FIRMWARE_FUNCTION unsigned
accumulate (unsigned total, unsigned value)
{
  firmware_calls[ACCUMULATE]++;
  return total + (value >> 2);
}

FIRMWARE_FUNCTION void
blink (unsigned on)
{
  firmware_calls[BLINK]++;
  led_state = on;
}

int
main (void)
{
  unsigned offset = calibrate ();
  unsigned total = 0;

  for (unsigned i = 0; i < SAMPLE_COUNT; i++)
    {
      total = accumulate (total, filter_sample (samples[i], offset));
      if (i % 4 == 3)
	blink (i & 4);
    }

  semihosting_write_text ("mip-firmware: total ");
  semihosting_write_number (total);
  semihosting_write_text (", clipped ");
  semihosting_write_number (clipped_samples);
  semihosting_write_text ("\n");
  for (unsigned f = 0; f < FUNCTIONS; f++)
    {
      semihosting_write_text ("mip-firmware: calls ");
      semihosting_write_text (function_names[f]);
      semihosting_write_text (" ");
      semihosting_write_number (firmware_calls[f]);
      semihosting_write_text ("\n");
    }
  return mip_firmware_save_profile ("firmware.mipraw");
}

# mip-dump.gdb - gets a firmware's MIP records out through a debugger,
# with no code in the firmware for it: waits until the firmware calls
# mip_firmware_done, dumps the __mip_raw section (the records of the
# instrumented code, in RAM) into mip-raw-section.bin, and lets the
# firmware run on to its end.
#
# Connect GDB to the target first, then run this script, for instance
# with qemu-system-arm -S -gdb tcp::1234 (or OpenOCD's port 3333, after
# "monitor reset halt"):
#
#   gdb-multiarch -batch -ex 'target remote localhost:1234' \
#     -x mip-dump.gdb firmware.elf
#
# Then wrap the dump into a raw profile, with the profile of that very
# build (mipdata refuses a dump of other code):
#
#   mipdata create -p firmware.mip firmware.elf
#   mipdata merge -p firmware.mip --section-dump=mip-raw-section.bin
#
# Another firmware breaks wherever its profile is final: replace
# mip_firmware_done by any function it calls then.  With no "continue"
# at the end (and a "kill" or "detach" instead), the firmware stays
# stopped there.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set pagination off
set confirm off

# A hardware breakpoint: the code is in flash.
hbreak mip_firmware_done
continue

# __start___mip_raw and __stop___mip_raw are the linker's bounds of the
# section (firmware.ld).
dump binary memory mip-raw-section.bin &__start___mip_raw &__stop___mip_raw
printf "mip-dump: %u bytes of records in mip-raw-section.bin\n", \
  (char *) &__stop___mip_raw - (char *) &__start___mip_raw

delete
continue

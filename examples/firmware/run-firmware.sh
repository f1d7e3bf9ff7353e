#!/bin/bash
# run-firmware.sh - runs one build of the firmware example under
# qemu-system-arm and makes its profiles both ways, for make check.
#
# Usage: run-firmware.sh BOARD MODE DIR
#
# DIR holds firmware.elf.  The script runs it:
#
#   (a) in DIR: the firmware saves firmware.mipraw through semihosting;
#       its console output (semihosting's, on qemu's standard error)
#       and qemu's go to run.out;
#   (b) unless MODE is plain (no records), in DIR/probe, stopped at
#       start under qemu's GDB stub, with mip-dump.gdb dumping the
#       records at mip_firmware_done into mip-raw-section.bin (GDB's
#       output in gdb.out);
#
# and, unless MODE is plain, makes a profile of each with mipdata
# (a.mip from firmware.mipraw, b.mip from the section dump) and shows
# it as JSON (a.json, b.json); a step's errors go to its output file
# with .err added.  Every step's exit status and command
# go to DIR/steps.tsv ("STEP<tab>STATUS<tab>COMMAND"), which
# check-firmware.py reads; the script itself fails only when misused.
#
# Environment: QEMU, GDB, MIPDATA, PYTHON (the programs), RUN_TIMEOUT
# (seconds a run may take, default 60).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u

if [ $# -ne 3 ]; then
  echo "usage: run-firmware.sh BOARD MODE DIR" >&2
  exit 2
fi
board=$1 mode=$2 dir=$3
here=$(cd "$(dirname "$0")" && pwd)
QEMU=${QEMU:-qemu-system-arm}
GDB=${GDB:-gdb-multiarch}
MIPDATA=${MIPDATA:-mipdata}
PYTHON=${PYTHON:-python3}
RUN_TIMEOUT=${RUN_TIMEOUT:-60}

cd "$dir" || exit 2
dir=$(pwd)
steps=$dir/steps.tsv.part
: >"$steps"
rm -rf steps.tsv probe firmware.mipraw ./*.out ./*.err a.mip b.mip a.json b.json
mkdir probe

# shellcheck disable=SC2054 # the commas are qemu's
qemu_command=("$QEMU" -M "$board" -nographic
  -semihosting-config enable=on,target=native)

# Record step NAME with status STATUS and the command that follows.
record () {
  local name=$1 status=$2 command
  shift 2
  command="cd $(printf '%q' "$(pwd)") &&$(printf ' %q' "$@")"
  printf '%s\t%s\t%s\n' "$name" "$status" "$command" >>"$steps"
}

# Run a step NAME: the command that follows, its output into OUT and
# its errors into OUT.err.
step () {
  local name=$1 out=$2 status
  shift 2
  "$@" >"$out" 2>"$out.err"
  status=$?
  record "$name" "$status" "$@"
  return "$status"
}

# (a): the firmware saves its own profile.
timeout "$RUN_TIMEOUT" "${qemu_command[@]}" -kernel firmware.elf \
  </dev/null >run.out 2>&1
record run-a $? "${qemu_command[@]}" -kernel firmware.elf

# steps.tsv, complete, tells make that this build's runs are done.
finish () {
  mv "$steps" steps.tsv
  exit 0
}

# Without the plugin there are no records to dump or profile.
[ "$mode" != plain ] || finish

# (b): a debugger dumps the records.  qemu waits for GDB (-S) on a free
# port; GDB connects (retrying until qemu listens) and runs the script.
port=$("$PYTHON" -c 'import socket
s = socket.socket ()
s.bind (("127.0.0.1", 0))
print (s.getsockname ()[1])')
(cd probe && exec timeout "$RUN_TIMEOUT" "${qemu_command[@]}" -S \
   -gdb "tcp:127.0.0.1:$port" -kernel ../firmware.elf \
   </dev/null >run.out 2>&1) &
qemu_pid=$!
(cd probe && exec timeout "$RUN_TIMEOUT" "$GDB" -batch -nx \
   -ex "target remote 127.0.0.1:$port" -x "$here/mip-dump.gdb" \
   ../firmware.elf </dev/null >gdb.out 2>&1)
gdb_status=$?
wait "$qemu_pid"
qemu_status=$?
(cd probe \
   && record run-b-qemu "$qemu_status" "${qemu_command[@]}" -S \
	-gdb "tcp:127.0.0.1:$port" -kernel ../firmware.elf \
   && record run-b-gdb "$gdb_status" "$GDB" -batch -nx \
	-ex "target remote 127.0.0.1:$port" -x "$here/mip-dump.gdb" \
	../firmware.elf)

# The profiles: (a) from the raw profile, (b) from the section dump.
step create-a create-a.out "$MIPDATA" create -p a.mip firmware.elf \
  && step merge-a merge-a.out "$MIPDATA" merge -p a.mip firmware.mipraw \
  && step show-a a.json "$MIPDATA" show -p a.mip --json
step create-b create-b.out "$MIPDATA" create -p b.mip firmware.elf \
  && step merge-b merge-b.out "$MIPDATA" merge -p b.mip \
       --section-dump=probe/mip-raw-section.bin \
  && step show-b b.json "$MIPDATA" show -p b.mip --json
finish

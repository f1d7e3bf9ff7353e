#!/bin/sh
# installcheck-specs.sh - make installcheck: the installed specs files
# work as the build tree's do (test-specs.sh), and the installed mip.pc
# gives what a program that calls the runtime needs:
# "pkg-config --cflags --libs mip" compiles and links one that includes
# mip.h and calls __mip_dump.  Environment: as test-specs.sh, plus
# PKG_CONFIG and PKG_CONFIG_PATH (the directory of the installed mip.pc).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -u
here=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-gcc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
status=0
$SHELL "$here/test-specs.sh" || status=1

work=$(mktemp -d "${TMPDIR:-/tmp}/mip-pc.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cat > "$work/dump.c" <<'SRC'
#include <mip.h>
int main (void) { return __mip_dump () != 0 && 0; }
SRC
echo "+ $PKG_CONFIG --cflags --libs mip"
if flags=$($PKG_CONFIG --cflags --libs mip); then
  echo "+ $CC $work/dump.c -o $work/dump $flags"
  # shellcheck disable=SC2086
  $CC "$work/dump.c" -o "$work/dump" $flags \
    || { echo "FAIL: a program built with the flags of mip.pc ($flags) does not build" >&2; status=1; }
  for variable in plugin generate_specs use_specs; do
    file=$($PKG_CONFIG --variable=$variable mip)
    [ -f "$file" ] \
      || { echo "FAIL: mip.pc's $variable names '$file', which is not installed" >&2; status=1; }
  done
else
  echo "FAIL: pkg-config finds no mip.pc in $PKG_CONFIG_PATH" >&2
  status=1
fi
[ "$status" -eq 0 ] && echo "installcheck-specs: PASS"
exit $status

#!/bin/sh
# generate.sh - write the sample files of this format version for the
# format compatibility test (tests/data/compat/check-compat.sh).
#
# Usage: tests/data/compat/generate.sh BUILDDIR [OUTDIR]
#
# Builds compat.c with the plugin of the built tree BUILDDIR in the full
# mode, runs it once and writes, in OUTDIR (default: this directory),
# for the version N of lib/mip-format.h:
#   vN.mipmap   its .debug_mip_map section (objcopy --dump-section)
#   vN.mipraw   the raw profile of the run
#   vN.mip      the profile: mipdata create from the binary, merged with
#               the run
#   vN.yaml     vN.mip as 'mipdata show --yaml' writes it (import's
#               input; a seed of the YAML fuzz harness)
#   vN.show     what 'mipdata show' prints for vN.mip, and
#   vN.info     what 'mipdata info' prints: the expected outputs.
# Run it once for each released format version (after bumping
# MIP_FORMAT_VERSION) and check the new files in; never regenerate the
# files of an older version.  Environment: CC (default gcc), OBJCOPY.
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 BUILDDIR [OUTDIR]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../../.." && pwd)
builddir=$(cd "$1" && pwd)
outdir=$(cd "${2:-$here}" && pwd)
cc=${CC:-gcc}
objcopy=${OBJCOPY:-objcopy}
plugin=$builddir/plugin/.libs/mip.so
mipdata=$builddir/mipdata/mipdata

version=$(sed -n 's/^#define MIP_FORMAT_VERSION \([0-9]*\)u$/\1/p' \
	    "$srcdir/lib/mip-format.h")
[ -n "$version" ] || { echo "$0: no MIP_FORMAT_VERSION in lib/mip-format.h" >&2; exit 1; }
for file in "$plugin" "$mipdata" "$builddir/runtime/libmip.a"; do
  [ -f "$file" ] || { echo "$0: '$file' is missing: build first" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/mip-compat.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
"$cc" -g -O1 -fplugin="$plugin" -fplugin-arg-mip-generate=full \
  "$here/compat.c" -o compat -L"$builddir/runtime" -lmip
MIP_PROFILE_FILENAME=compat.mipraw ./compat
"$objcopy" --dump-section .debug_mip_map=compat.mipmap compat /dev/null
"$mipdata" create -p compat.mip compat
"$mipdata" merge -p compat.mip compat.mipraw

base=$outdir/v$version
cp compat.mipmap "$base.mipmap"
cp compat.mipraw "$base.mipraw"
cp compat.mip "$base.mip"
"$mipdata" show --yaml -p "$base.mip" > "$base.yaml"
"$mipdata" show -p "$base.mip" > "$base.show"
"$mipdata" info -p "$base.mip" > "$base.info"
echo "wrote $base.mipmap, .mipraw, .mip, .yaml, .show and .info"

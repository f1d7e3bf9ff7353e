#!/bin/bash
# torture-record.sh - `make check-torture-record`: the full c-torture run
# on the Arm targets (every test in every configuration and MIP mode:
# many hours of a 2-core machine), done in shards of under an hour, one after another, and recorded shard by shard in a file of the
# source tree (doc/torture-arm.tsv) with the commit each ran on, so that
# it can be stopped and taken up again at any time: each invocation runs
# the shards that the record lacks, then prints the record.
#
# One shard is check-torture.sh with FULL=1 TORTURE_SHARD=K/N: the tests
# at ranks K, K+N, ... of the sorted list, in every configuration of
# TORTURE_TARGETS.  A shard that fails is recorded with its failures
# (and printed); the record is complete when all N shards are in it with
# the same settings and no failure (torture-record.py summary).
#
# Environment: that of check-torture.sh (MIP_WORK, MIP_PLUGIN,
#   MIP_RUNTIME_DIR, MIP_CROSS_PLUGIN_DIR, MIPDATA, CC), and
#   TORTURE_RECORD          the record (default doc/torture-arm.tsv in the
#                           source tree)
#   TORTURE_RECORD_SHARDS   N (default 20)
#   TORTURE_RECORD_TARGETS  the targets (default "aarch64 arm thumb2
#                           thumb1")
#   TORTURE_RECORD_RUNS=M   run at most M shards this time (default: all
#                           the missing ones)
#   TORTURE_RECORD_ONLY=K   run shard K (again, replacing its line)
#   TORTURE_CROSS_MODES, MIP_VARIANTS  as in check-torture.sh; they are
#                           part of the record's settings
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

set -euo pipefail
MIP_SCRIPT_NAME=torture-record
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mip-lib.sh"

record=${TORTURE_RECORD:-$here/../doc/torture-arm.tsv}
shards=${TORTURE_RECORD_SHARDS:-20}
targets=${TORTURE_RECORD_TARGETS:-aarch64 arm thumb2 thumb1}
export TORTURE_CROSS_MODES=${TORTURE_CROSS_MODES:--O0;-O2;-Os;-O3}
export MIP_VARIANTS=${MIP_VARIANTS-full bcnt bcov fcov}
# (--modes=: the modes start with a dash)
settings=(--targets="$targets" --modes="$TORTURE_CROSS_MODES"
          --variants="$MIP_VARIANTS")

# The commit of the source tree, marked when its files differ from it.
source_commit () {
  local commit
  commit=$(git -C "$here/.." rev-parse HEAD 2>/dev/null) || {
    echo unknown
    return
  }
  if [ -n "$(git -C "$here/.." status --porcelain --untracked-files=no \
               -- plugin runtime lib mipdata scripts 2>/dev/null)" ]; then
    commit+=+changes
  fi
  echo "$commit"
}

# run_shard K: check-torture.sh on shard K of the record's N, then its
# line in the record.
run_shard () {
  local k=$1 start seconds status=0 commit
  # The commit the shard runs on (the tree may move while it runs).
  commit=$(source_commit)
  mip_say "shard $k of $shards: $targets, modes $TORTURE_CROSS_MODES, variants $MIP_VARIANTS"
  start=$(date +%s)
  FULL=1 TORTURE_SHARD="$k/$shards" TORTURE_TARGETS="$targets" \
    CHECK_RESULT_FILE= bash "$here/check-torture.sh" || status=$?
  seconds=$(( $(date +%s) - start ))
  python3 "$here/torture-record.py" add --record "$record" \
    --results "$MIP_WORK/torture/results" --shard "$k/$shards" \
    --commit "$commit" --date "$(date -u +%Y-%m-%d)" \
    --seconds "$seconds" "${settings[@]}" \
    || mip_die "cannot record shard $k in $record"
  [ "$status" -eq 0 ] || mip_say "shard $k of $shards failed (recorded with its failures)"
}

main () {
  local k runs=0 pending
  mip_need_tool python3
  if [ -n "${TORTURE_RECORD_ONLY:-}" ]; then
    pending=$TORTURE_RECORD_ONLY
  else
    pending=$(python3 "$here/torture-record.py" missing --record "$record" \
                --shards "$shards" "${settings[@]}") \
      || mip_die "cannot read the record $record"
  fi
  for k in $pending; do
    if [ -n "${TORTURE_RECORD_RUNS:-}" ] && [ "$runs" -ge "$TORTURE_RECORD_RUNS" ]; then
      break
    fi
    run_shard "$k"
    runs=$((runs + 1))
  done
  mip_say "the record $record:"
  # Shards left for another time are no failure; a failed shard is.
  python3 "$here/torture-record.py" summary --record "$record" \
    --shards "$shards" --allow-missing "${settings[@]}"
}

main

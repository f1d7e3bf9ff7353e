# mip-root.sh - Debian roots made with mmdebstrap from Debian's own
# shellcheck shell=bash
# packages, kept as tarballs and reused, and the mounts of a root in
# use.  Sourced (not executed) by gcc-matrix.sh (a root per Debian suite
# with GCC N and what building and testing MIP needs) and
# check-debian.sh (a clean bookworm root into which MIP's Debian
# packages are installed).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

# mip_root_tarball SUITE PACKAGES ROOTS WHY [MIRROR]: the tarball of a
# root of SUITE (mmdebstrap --variant=apt, no recommended packages) with
# the PACKAGES (a list separated by spaces; may be empty) installed,
# made once into the directory ROOTS and then reused (named by the
# suite and a hash of the suite, the packages and the mirror).  Prints
# its path.  On failure prints nothing and writes the reason to the file
# WHY.  MIRROR is the Debian mirror (default: mmdebstrap's, the one the
# host's apt uses); MIP_ROOT_REFRESH=1 makes the root anew.  Two runs
# that want the same root at once make it once (a lock).
mip_root_tarball () {
  local suite=$1 packages=$2 roots=$3 why=$4 mirror=${5:-} key tarball log lock
  local -a options
  key=$(printf '%s\n' "$suite" "$packages" "$mirror" | sha256sum | cut -c 1-12)
  tarball=$roots/$suite-$key.tar
  log=$roots/$suite-$key.log
  rm -f "$why"
  if [ -s "$tarball" ] && [ "${MIP_ROOT_REFRESH:-0}" != 1 ]; then
    printf '%s\n' "$tarball"
    return
  fi
  # Another run making the same root: wait for it, then use its tarball.
  mkdir -p "$roots"
  exec {lock}>"$tarball.lock"
  flock "$lock"
  if [ -s "$tarball" ] && [ "${MIP_ROOT_REFRESH:-0}" != 1 ]; then
    exec {lock}>&-
    printf '%s\n' "$tarball"
    return
  fi
  if ! command -v mmdebstrap >/dev/null 2>&1; then
    echo "mmdebstrap is not installed (Debian package mmdebstrap)" >"$why"
    exec {lock}>&-
    return
  fi
  options=(--variant=apt --format=tar --aptopt='APT::Install-Recommends "false"')
  [ -z "${packages// /}" ] \
    || options+=(--include="$(echo "$packages" | tr ' ' ',' | sed 's/^,*//; s/,*$//')")
  # unstable's Release file on a mirror that is not refreshed goes past
  # its Valid-Until date.
  [ "$suite" != unstable ] \
    || options+=(--aptopt='Acquire::Check-Valid-Until "false"')
  mip_say "making the $suite root $tarball (1 to 2 minutes; log $log)" >&2
  # shellcheck disable=SC2086
  if mmdebstrap "${options[@]}" "$suite" "$tarball.tmp" $mirror >"$log" 2>&1; then
    mv -f "$tarball.tmp" "$tarball"
    printf '%s\n' "$tarball"
  else
    rm -rf "$tarball.tmp"
    printf 'mmdebstrap %s failed: %s (log %s)\n' "$suite" \
      "$(grep -E '^E: ' "$log" | head -n 1 | cut -c 1-200)" "$log" >"$why"
  fi
  exec {lock}>&-
}

# mip_root_mount ROOT: mount /proc and /dev into the unpacked root ROOT
# (for chroot); mip_root_unmount undoes it, whatever happened, and is
# safe to call twice.  Callers trap EXIT, INT and TERM to
# mip_root_unmount.  MIP_ROOT_BINDS holds further "SOURCE TARGET" pairs
# (TARGET inside ROOT) to bind-mount, one pair a line.
mip_mounted_root=
mip_mounted_binds=
mip_root_mount () {
  local root=$1 source target
  mip_mounted_root=$root
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount --make-rslave "$root/dev"
  while read -r source target; do
    [ -n "$source" ] || continue
    mkdir -p "$root$target"
    mount --bind "$source" "$root$target"
    mip_mounted_binds="$root$target
$mip_mounted_binds"
  done <<<"${MIP_ROOT_BINDS:-}"
}

mip_root_unmount () {
  local target
  if [ -n "$mip_mounted_root" ]; then
    while read -r target; do
      [ -n "$target" ] || continue
      umount "$target" 2>/dev/null || umount -l "$target" 2>/dev/null || true
    done <<<"$mip_mounted_binds"
    mip_mounted_binds=
    umount -R "$mip_mounted_root/dev" 2>/dev/null \
      || umount -l "$mip_mounted_root/dev" 2>/dev/null || true
    umount "$mip_mounted_root/proc" 2>/dev/null \
      || umount -l "$mip_mounted_root/proc" 2>/dev/null || true
    mip_mounted_root=
  fi
}

# mip_root_remove DIR: remove the unpacked root DIR, after unmounting
# whatever is still mounted below it (a run that was killed), and
# without crossing into another file system.  Fails when a mount stays.
mip_root_remove () {
  local dir=$1 mount_point
  [ -e "$dir" ] || return 0
  dir=$(cd "$dir" && pwd -P)
  # Deepest first; /proc/self/mounts escapes blanks as \040.
  for mount_point in $(awk -v dir="$dir" '$2 == dir || index($2, dir "/") == 1 { print $2 }' \
                         /proc/self/mounts | sort -r); do
    umount -R "$mount_point" 2>/dev/null || umount -l "$mount_point" 2>/dev/null || true
  done
  if awk -v dir="$dir" '$2 == dir || index($2, dir "/") == 1 { found = 1 } END { exit !found }' \
       /proc/self/mounts; then
    return 1
  fi
  rm -rf --one-file-system "$dir"
}

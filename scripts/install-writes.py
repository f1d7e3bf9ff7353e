#!/usr/bin/env python3
# install-writes.py - the files that a traced command wrote, from the
# per-process trace files of "strace -ff -y -o PREFIX" (PREFIX.PID), and
# those of them that lie outside the allowed directories.  Used by
# check-install.sh on "make install".
#
# Usage: install-writes.py PREFIX START-DIR ALLOWED-DIR...
# Prints "outside: PATH (SYSCALL)" for each write outside every
# ALLOWED-DIR, then "install-writes: N writes, N outside"; exits 1 when
# any write is outside, 2 when the trace cannot be read.
#
# A write is a successful call (or one refused with EACCES, EPERM or
# EROFS: an attempt) that creates, changes or removes a file or
# directory.  Relative paths are resolved against the process's
# working directory, followed through chdir and fchdir and inherited
# by the processes it creates (each process has its own trace file, in
# which clone, fork and vfork return the new process's id).
#
# Copyright (C) 2026 The MIP for GCC developers.
# SPDX-License-Identifier: GPL-3.0-or-later

import glob
import os
import re
import sys

CALL = re.compile(r'^(?P<name>[a-z0-9_]+)\((?P<args>.*)\)\s+=\s+(?P<ret>-?\d+|\?)(?P<rest>.*)$')
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
FD_PATH = re.compile(r'^(?:-?\d+|AT_FDCWD)(?:<(?P<path>[^>]*)>)?')
ATTEMPT_ERRORS = ('EACCES', 'EPERM', 'EROFS')

# For each system call: the indexes of its (dirfd, path) arguments that it
# writes; dirfd None means the path is relative to the working directory.
WRITES = {
    'creat': [(None, 0)], 'mkdir': [(None, 0)], 'rmdir': [(None, 0)],
    'unlink': [(None, 0)], 'chmod': [(None, 0)], 'chown': [(None, 0)],
    'lchown': [(None, 0)], 'truncate': [(None, 0)],
    'mkdirat': [(0, 1)], 'unlinkat': [(0, 1)], 'fchmodat': [(0, 1)],
    'fchownat': [(0, 1)], 'mknodat': [(0, 1)], 'mknod': [(None, 0)],
    'rename': [(None, 0), (None, 1)], 'link': [(None, 1)],
    'symlink': [(None, 1)],
    'renameat': [(0, 1), (2, 3)], 'renameat2': [(0, 1), (2, 3)],
    'linkat': [(2, 3)], 'symlinkat': [(1, 2)],
}
OPEN_FLAGS_WRITE = ('O_WRONLY', 'O_RDWR', 'O_CREAT', 'O_TRUNC')


def split_args(text):
    """Split a system call's argument text at its top-level commas."""
    args, depth, current, quoted, escape = [], 0, '', False, False
    for char in text:
        if quoted:
            current += char
            if escape:
                escape = False
            elif char == '\\':
                escape = True
            elif char == '"':
                quoted = False
            continue
        if char == '"':
            quoted = True
        elif char in '[{<(':
            depth += 1
        elif char in ']}>)':
            depth -= 1
        elif char == ',' and depth == 0:
            args.append(current.strip())
            current = ''
            continue
        current += char
    if current.strip():
        args.append(current.strip())
    return args


def unquote(arg):
    match = STRING.match(arg)
    if not match:
        return None
    return match.group(1).encode('latin-1').decode('unicode_escape')


def resolve(cwd, dirfd_arg, path):
    if path.startswith('/'):
        return os.path.normpath(path)
    base = cwd
    if dirfd_arg is not None:
        match = FD_PATH.match(dirfd_arg)
        if match and match.group('path'):
            base = match.group('path')
    return os.path.normpath(os.path.join(base, path))


def main(argv):
    if len(argv) < 3:
        print('usage: install-writes.py PREFIX START-DIR ALLOWED-DIR...', file=sys.stderr)
        return 2
    prefix, start_dir = argv[0], argv[1]
    allowed = [os.path.normpath(d) for d in argv[2:]]
    traces = {}
    for name in glob.glob(glob.escape(prefix) + '.*'):
        pid = name.rsplit('.', 1)[1]
        if pid.isdigit():
            with open(name, encoding='latin-1') as trace:
                traces[int(pid)] = trace.read().splitlines()
    if not traces:
        print(f"install-writes: no trace files '{prefix}.PID'", file=sys.stderr)
        return 2
    children = {}  # pid -> its events: (kind, value)
    created = set()
    for pid, lines in traces.items():
        for line in lines:
            match = CALL.match(line)
            if match and match.group('name') in ('clone', 'clone3', 'fork', 'vfork') \
                    and match.group('ret').isdigit() and int(match.group('ret')) > 0:
                created.add(int(match.group('ret')))
    roots = [pid for pid in traces if pid not in created]
    writes, outside = 0, []

    def walk(pid, cwd):
        nonlocal writes
        for line in traces.get(pid, []):
            match = CALL.match(line)
            if not match:
                continue
            name, ret, rest = match.group('name'), match.group('ret'), match.group('rest')
            args = split_args(match.group('args'))
            failed = ret.startswith('-') or ret == '?'
            if name in ('clone', 'clone3', 'fork', 'vfork') and not failed and int(ret) > 0:
                walk(int(ret), cwd)
                continue
            if name == 'chdir' and not failed:
                cwd = resolve(cwd, None, unquote(args[0]) or '.')
                continue
            if name == 'fchdir' and not failed:
                fd = FD_PATH.match(args[0])
                if fd and fd.group('path'):
                    cwd = fd.group('path')
                continue
            if failed and not any(error in rest for error in ATTEMPT_ERRORS):
                continue
            targets = []
            if name in ('open', 'openat'):
                flags_index = 1 if name == 'open' else 2
                if len(args) > flags_index and any(flag in args[flags_index] for flag in OPEN_FLAGS_WRITE):
                    targets.append((None if name == 'open' else args[0], args[flags_index - 1]))
            for dirfd_index, path_index in WRITES.get(name, []):
                if len(args) > path_index:
                    targets.append((None if dirfd_index is None else args[dirfd_index], args[path_index]))
            for dirfd_arg, path_arg in targets:
                path = unquote(path_arg)
                if path is None:
                    continue
                full = resolve(cwd, dirfd_arg, path)
                writes += 1
                if full == '/dev/null' or full.startswith('/dev/fd/') or full.startswith('/proc/self/'):
                    continue
                if not any(full == d or full.startswith(d + '/') for d in allowed):
                    outside.append(f'{full} ({name})')

    for pid in sorted(roots):
        walk(pid, start_dir)
    for item in sorted(set(outside)):
        print(f'outside: {item}')
    print(f'install-writes: {writes} writes, {len(set(outside))} outside')
    return 1 if outside else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""check-export-formats.py - checks of mipdata export's formats against
its lcov tracefile and against the tools that read them.

    check-export-formats.py same-as-lcov cobertura app.info cov.xml
    check-export-formats.py same-as-lcov sonarqube app.info sonar.xml
    check-export-formats.py same-as-lcov gcov app.info gcov-dir
    check-export-formats.py same-as-lcov gcov-json app.info app.gcov.json.gz
    check-export-formats.py gcovr-totals app.info gcovr.json gcov-dir info.txt
    check-export-formats.py gcov-json-keys ours.json.gz gcov.json.gz
    check-export-formats.py markdown-html report.md report.html
    check-export-formats.py markdown-shown shown.txt info.txt
    check-export-formats.py self-test

same-as-lcov reads the report (first checking that it is valid: the
structure of Cobertura's coverage-04.dtd, SonarQube's generic coverage
schema, gcov's text and JSON formats) and requires the same source files,
the same lines with the same hits and the same functions as the lcov
tracefile of the same profile.  gcovr-totals requires gcovr's line totals
(gcovr -g --json-summary, on the .gcov files) to be the tracefile's and
mipdata info's, but for the unexecuted lines gcovr does not count (see
GCOVR_NONCODE).  gcov-json-keys requires our JSON to have gcov's keys,
with the values' types, at every level, except those a profile cannot
fill (OMITTED_KEYS, as export-gcov-json.c documents), and the functions
both know to start and end on the same lines.  markdown-html renders the
Markdown summary as HTML (a small renderer of the subset export writes:
headings, paragraphs and GitHub's tables); markdown-shown requires the
text a browser shows of it to hold mipdata info's figures.  Each prints
what it compared and exits 1, naming the differences, when they differ.

Copyright (C) 2026 The MIP for GCC developers.
SPDX-License-Identifier: GPL-3.0-or-later
"""

import contextlib
import gzip
import html
import io
import json
import os
import re
import sys
import tempfile
import xml.etree.ElementTree as ElementTree


class CheckError(Exception):
    """A report that is not what it must be."""


# ---- The lcov tracefile --------------------------------------------------

def read_lcov(path):
    """{SF: {"lines": {N: hits}, "functions": {name: (line, count)},
    "branches": {N: [taken, or None for "-"]}}}, BRDA in order; BRF and
    BRH must count the BRDA lines and those taken."""
    files = {}
    record = None
    declared = {}
    problems = []
    with open(path, encoding="utf-8") as stream:
        for text in stream:
            text = text.rstrip("\n")
            if text.startswith("SF:"):
                record = files.setdefault(text[3:],
                                          {"lines": {}, "functions": {},
                                           "branches": {}})
                declared = {}
            elif text.startswith("BRDA:"):
                number, _, _, taken = text[5:].split(",")
                record["branches"].setdefault(int(number), []).append(
                    None if taken == "-" else int(taken))
            elif text.startswith(("BRF:", "BRH:")):
                outcomes = [taken for line in record["branches"].values()
                            for taken in line]
                expected = len(outcomes) if text[:3] == "BRF" \
                    else sum(1 for taken in outcomes if taken)
                if int(text[4:]) != expected:
                    problems.append(f"{text}, the BRDA lines say {expected}")
            elif text.startswith("DA:"):
                number, hits = text[3:].split(",")[:2]
                record["lines"][int(number)] = int(hits)
            elif text.startswith("FN:"):
                number, name = text[3:].split(",", 1)
                declared[name] = int(number)
            elif text.startswith("FNDA:"):
                count, name = text[5:].split(",", 1)
                record["functions"][name] = (declared.get(name), int(count))
    if not files:
        raise CheckError(f"{path}: the tracefile has no record")
    if problems:
        raise CheckError(f"{path}: {'; '.join(problems)}")
    return files


def tracefile_branch_totals(lcov):
    """{path: {line: (taken, outcomes)}} of the BRDA lines."""
    return {path: {line: (sum(1 for taken in outcomes if taken),
                          len(outcomes))
                   for line, outcomes in record["branches"].items()}
            for path, record in lcov.items()}


def compare_branch_totals(what, lcov, found, problems):
    """FOUND, {path: {line: (taken, outcomes)}}, must be the tracefile's
    for every file FOUND holds."""
    expected = tracefile_branch_totals(lcov)
    for path in sorted(found):
        mine, theirs = found[path], expected.get(path, {})
        for line in sorted(set(mine) | set(theirs)):
            if mine.get(line) != theirs.get(line):
                problems.append(f"{what}: {path}:{line}: branches (taken,"
                                f" outcomes) {mine.get(line)}, the tracefile"
                                f" {theirs.get(line)}")


def compare_lines(what, expected, found, problems):
    """Differences between two {path: {line: hits}}."""
    for path in sorted(set(expected) | set(found)):
        if path not in found:
            problems.append(f"{what}: no file {path}")
            continue
        if path not in expected:
            problems.append(f"{what}: file {path} is not in the tracefile")
            continue
        mine, theirs = found[path], expected[path]
        for line in sorted(set(mine) | set(theirs)):
            if mine.get(line) != theirs.get(line):
                problems.append(f"{what}: {path}:{line}: hits {mine.get(line)},"
                                f" the tracefile {theirs.get(line)}")


def tracefile_lines(lcov):
    return {path: record["lines"] for path, record in lcov.items()}


# ---- Cobertura -----------------------------------------------------------

# coverage-04.dtd as element -> (children in order with how many, the
# attributes it declares, those it requires).  "?" at most one, "*" any,
# "1" exactly one.
COBERTURA_DTD = {
    "coverage": ([("sources", "?"), ("packages", "1")],
                 {"line-rate", "branch-rate", "lines-covered", "lines-valid",
                  "branches-covered", "branches-valid", "complexity",
                  "version", "timestamp"},
                 {"line-rate", "branch-rate", "lines-covered", "lines-valid",
                  "branches-covered", "branches-valid", "complexity",
                  "version", "timestamp"}),
    "sources": ([("source", "*")], set(), set()),
    "source": (None, set(), set()),
    "packages": ([("package", "*")], set(), set()),
    "package": ([("classes", "1")],
                {"name", "line-rate", "branch-rate", "complexity"},
                {"name", "line-rate", "branch-rate", "complexity"}),
    "classes": ([("class", "*")], set(), set()),
    "class": ([("methods", "1"), ("lines", "1")],
              {"name", "filename", "line-rate", "branch-rate", "complexity"},
              {"name", "filename", "line-rate", "branch-rate", "complexity"}),
    "methods": ([("method", "*")], set(), set()),
    "method": ([("lines", "1")],
               {"name", "signature", "line-rate", "branch-rate",
                "complexity"},
               {"name", "signature", "line-rate", "branch-rate",
                "complexity"}),
    "lines": ([("line", "*")], set(), set()),
    "line": ([("conditions", "*")],
             {"number", "hits", "branch", "condition-coverage"},
             {"number", "hits"}),
    "conditions": ([("condition", "*")], set(), set()),
    "condition": ([], {"number", "type", "coverage"},
                  {"number", "type", "coverage"}),
}


def check_content_model(element, model, problems):
    """The children of ELEMENT must follow MODEL, in order."""
    children = [child.tag for child in element]
    position = 0
    for name, how_many in model:
        seen = 0
        while position < len(children) and children[position] == name:
            position += 1
            seen += 1
        if how_many == "1" and seen != 1 or how_many == "?" and seen > 1:
            problems.append(f"<{element.tag}> needs {'one' if how_many == '1' else 'at most one'}"
                            f" <{name}>, has {seen}")
    if position < len(children):
        problems.append(f"<{element.tag}> may not hold <{children[position]}>"
                        f" there (children: {' '.join(children)})")


def check_cobertura_dtd(element, problems):
    """ELEMENT and its subtree must be valid against coverage-04.dtd."""
    if element.tag not in COBERTURA_DTD:
        problems.append(f"<{element.tag}> is not a Cobertura element")
        return
    model, declared, required = COBERTURA_DTD[element.tag]
    for name in sorted(required - set(element.attrib)):
        problems.append(f"<{element.tag}> lacks the attribute {name}")
    for name in sorted(set(element.attrib) - declared):
        problems.append(f"<{element.tag}> has the undeclared attribute {name}")
    if model is None:
        if len(element):
            problems.append(f"<{element.tag}> holds elements, only text allowed")
        return
    if not model and (len(element) or (element.text or "").strip()):
        problems.append(f"<{element.tag}> must be empty")
    if any((child.tail or "").strip() for child in element) or \
            (model and (element.text or "").strip()):
        problems.append(f"<{element.tag}> holds text between its elements")
    check_content_model(element, model, problems)
    for child in element:
        check_cobertura_dtd(child, problems)


def rate_problem(where, text, part, whole):
    """A line-rate must be PART/WHOLE (1 for 0/0) to its 4 decimals."""
    try:
        rate = float(text)
    except ValueError:
        return f"{where}: line-rate '{text}' is not a number"
    expected = part / whole if whole else 1.0
    if not 0.0 <= rate <= 1.0 or abs(rate - expected) > 0.00005:
        return f"{where}: line-rate {text}, expected {expected:.4f}"
    return None


def line_hits(lines_element, where, problems):
    hits = {}
    for line in lines_element.findall("line"):
        try:
            number, count = int(line.get("number")), int(line.get("hits"))
        except (TypeError, ValueError):
            problems.append(f"{where}: a line with number '{line.get('number')}'"
                            f" and hits '{line.get('hits')}'")
            continue
        if number < 1 or count < 0 or number in hits:
            problems.append(f"{where}: line {number} (hits {count}) is not"
                            " a new line number with a count")
        hits[number] = count
    return hits


def read_cobertura(path, problems):
    """{path: {line: hits}} and {path: set of method names}."""
    root = ElementTree.parse(path).getroot()
    if root.tag != "coverage":
        raise CheckError(f"{path}: the root is <{root.tag}>, not <coverage>")
    check_cobertura_dtd(root, problems)
    sources = [source.text or "" for source in root.iter("source")]
    lines, methods, branches = {}, {}, {}
    total, total_run = 0, 0
    total_branches = [0, 0]
    for package in root.iter("package"):
        package_lines, package_run = 0, 0
        for klass in package.iter("class"):
            name = klass.get("filename", "")
            full = os.path.join(sources[0], name) if sources else name
            where = f"class {name}"
            hits = line_hits(klass.find("lines"), where, problems)
            lines[full] = hits
            conditions = branches.setdefault(full, {})
            for line in klass.find("lines").findall("line"):
                coverage = line.get("condition-coverage")
                if line.get("branch") == "true":
                    match = re.fullmatch(r"(\d+)% \((\d+)/(\d+)\)",
                                         coverage or "")
                    if not match or int(match.group(3)) == 0 or \
                            int(match.group(1)) != int(match.group(2)) * 100 \
                            // int(match.group(3)):
                        problems.append(f"{where}: line {line.get('number')}:"
                                        f" condition-coverage {coverage!r}")
                        continue
                    conditions[int(line.get("number"))] = \
                        (int(match.group(2)), int(match.group(3)))
                elif line.get("branch") not in (None, "false") \
                        or coverage is not None:
                    problems.append(f"{where}: line {line.get('number')}:"
                                    f" branch {line.get('branch')!r} with"
                                    f" condition-coverage {coverage!r}")
            total_branches[0] += sum(v[0] for v in conditions.values())
            total_branches[1] += sum(v[1] for v in conditions.values())
            run = sum(1 for count in hits.values() if count > 0)
            problem = rate_problem(where, klass.get("line-rate"), run, len(hits))
            if problem:
                problems.append(problem)
            package_lines += len(hits)
            package_run += run
            methods[full] = set()
            for method in klass.iter("method"):
                methods[full].add(method.get("name"))
                method_hits = line_hits(method.find("lines"),
                                        f"{where}, method {method.get('name')}",
                                        problems)
                for number, count in method_hits.items():
                    if hits.get(number) != count:
                        problems.append(f"{where}, method {method.get('name')}:"
                                        f" line {number} hits {count}, the"
                                        f" class says {hits.get(number)}")
        problem = rate_problem(f"package '{package.get('name')}'",
                               package.get("line-rate"), package_run,
                               package_lines)
        if problem:
            problems.append(problem)
        total += package_lines
        total_run += package_run
    if root.get("lines-valid") != str(total) \
            or root.get("lines-covered") != str(total_run):
        problems.append(f"<coverage> says lines-valid {root.get('lines-valid')},"
                        f" lines-covered {root.get('lines-covered')}; its"
                        f" classes hold {total} and {total_run}")
    problem = rate_problem("<coverage>", root.get("line-rate"), total_run, total)
    if problem:
        problems.append(problem)
    if (root.get("branches-covered"), root.get("branches-valid")) != \
            tuple(str(n) for n in total_branches):
        problems.append(f"<coverage> says branches-covered"
                        f" {root.get('branches-covered')}, branches-valid"
                        f" {root.get('branches-valid')}; its lines hold"
                        f" {total_branches[0]} and {total_branches[1]}")
    if total_branches[1]:
        problem = rate_problem("<coverage> branch", root.get("branch-rate"),
                               *total_branches)
        if problem:
            problems.append(problem)
    return lines, methods, branches


def same_as_lcov_cobertura(lcov, path, problems):
    lines, methods, branches = read_cobertura(path, problems)
    compare_lines("cobertura", tracefile_lines(lcov), lines, problems)
    compare_branch_totals("cobertura", lcov, branches, problems)
    for name, record in lcov.items():
        if name in methods and methods[name] != set(record["functions"]):
            problems.append(f"cobertura: {name}: methods"
                            f" {sorted(methods[name])}, the tracefile's"
                            f" functions {sorted(record['functions'])}")
    return f"{sum(len(v) for v in lines.values())} lines in {len(lines)} files"


# ---- SonarQube -----------------------------------------------------------

def same_as_lcov_sonarqube(lcov, path, problems):
    root = ElementTree.parse(path).getroot()
    if root.tag != "coverage" or root.get("version") != "1" \
            or set(root.attrib) != {"version"}:
        problems.append(f"the root is <{root.tag} {root.attrib}>, not"
                        " <coverage version=\"1\">")
    lines, branches = {}, {}
    for file in root:
        name = file.get("path")
        if file.tag != "file" or set(file.attrib) != {"path"} or not name:
            problems.append(f"<{file.tag} {file.attrib}> where <file path=...>"
                            " must be")
            continue
        if name in lines:
            problems.append(f"<file path=\"{name}\"> is given twice")
        hits = lines.setdefault(name, {})
        for line in file:
            attributes = set(line.attrib)
            if line.tag != "lineToCover" \
                    or not {"lineNumber", "covered"} <= attributes \
                    or not attributes <= {"lineNumber", "covered",
                                          "branchesToCover",
                                          "coveredBranches"} \
                    or line.get("covered") not in ("true", "false") \
                    or not line.get("lineNumber", "").isdigit() \
                    or int(line.get("lineNumber")) < 1:
                problems.append(f"{name}: <{line.tag} {line.attrib}> is not"
                                " a valid lineToCover")
                continue
            hits[int(line.get("lineNumber"))] = int(line.get("covered") == "true")
            if "branchesToCover" in attributes:
                branches.setdefault(name, {})[int(line.get("lineNumber"))] = \
                    (int(line.get("coveredBranches")),
                     int(line.get("branchesToCover")))
    # Files without lines (function-coverage mode) are left out; SonarQube
    # says covered or not, lcov how often.
    expected = {name: {number: int(hits > 0)
                       for number, hits in record["lines"].items()}
                for name, record in lcov.items() if record["lines"]}
    compare_lines("sonarqube", expected, lines, problems)
    compare_branch_totals("sonarqube", lcov,
                          {name: branches.get(name, {}) for name in lines},
                          problems)
    return f"{sum(len(v) for v in lines.values())} lines in {len(lines)} files"


# ---- gcov's text format --------------------------------------------------

GCOV_LINE = re.compile(r"^ *([^ :]+): *(\d+):(.*)$")


GCOV_BRANCH = re.compile(r"^branch +(\d+) (?:taken (\d+)|never executed)"
                         r"(?: \(fallthrough\))?$")


def read_gcov_file(path, problems, branches=None):
    """The source path, {line: hits} and {line: text} of a .gcov file;
    BRANCHES, when given, receives {line: [taken, None: never
    executed]} of gcov -b -c's branch lines."""
    source, hits, texts = None, {}, {}
    expected_number = 1
    line = 0
    with open(path, encoding="utf-8", errors="replace") as stream:
        for number, text in enumerate(stream, 1):
            text = text.rstrip("\n")
            branch = GCOV_BRANCH.match(text)
            if branch and line > 0:
                outcomes = (branches if branches is not None
                            else {}).setdefault(line, [])
                if int(branch.group(1)) != len(outcomes):
                    problems.append(f"{path}:{number}: branch"
                                    f" {branch.group(1)}, expected"
                                    f" {len(outcomes)}")
                outcomes.append(None if branch.group(2) is None
                                else int(branch.group(2)))
                continue
            match = GCOV_LINE.match(text)
            # "%9s:%5u:": the mark right-aligned in 9 columns or more,
            # the line number in 5 or more.
            if not match or text.index(":") < 9 \
                    or text.index(":", text.index(":") + 1) - text.index(":") < 6:
                problems.append(f"{path}:{number}: not a gcov line"
                                f" ('%9s:%5u:TEXT'): {text!r}")
                continue
            mark, line, rest = match.group(1), int(match.group(2)), match.group(3)
            if line == 0:
                if mark != "-":
                    problems.append(f"{path}:{number}: header line with a count")
                if rest.startswith("Source:"):
                    source = rest[len("Source:"):]
                continue
            if line != expected_number:
                problems.append(f"{path}:{number}: line {line}, expected"
                                f" {expected_number}")
            expected_number = line + 1
            texts[line] = rest
            if mark == "#####":
                hits[line] = 0
            elif mark.isdigit():
                hits[line] = int(mark)
            elif mark != "-":
                problems.append(f"{path}:{number}: mark '{mark}' is none of"
                                " '-', '#####' and a count")
    if source is None:
        problems.append(f"{path}: no '-:    0:Source:' line")
    return source, hits, texts


def read_gcov_directory(directory, problems, branches=None):
    lines, texts = {}, {}
    names = sorted(name for name in os.listdir(directory)
                   if name.endswith(".gcov"))
    if not names:
        raise CheckError(f"{directory}: no .gcov file")
    for name in names:
        outcomes = {}
        source, hits, text = read_gcov_file(os.path.join(directory, name),
                                            problems, outcomes)
        if source is None:
            continue
        if branches is not None:
            branches[source] = outcomes
        mangled = source.replace("/", "#") + ".gcov"
        if name not in (os.path.basename(source) + ".gcov", mangled):
            problems.append(f"{name}: gcov names the file of {source}"
                            f" '{os.path.basename(source)}.gcov'")
        if os.path.exists(source):
            with open(source, encoding="utf-8", errors="replace") as stream:
                real = stream.read().splitlines()
            shown = [text[n] for n in sorted(text)][:len(real)]
            if shown != real:
                problems.append(f"{name}: the text is not that of {source}")
        lines[source] = hits
        texts[source] = text
    return lines, texts


def same_as_lcov_gcov(lcov, directory, problems):
    branches = {}
    lines, _ = read_gcov_directory(directory, problems, branches)
    compare_lines("gcov", tracefile_lines(lcov), lines, problems)
    for path in sorted(branches):
        expected = lcov.get(path, {}).get("branches", {})
        for line in sorted(set(branches[path]) | set(expected)):
            if branches[path].get(line) != expected.get(line):
                problems.append(f"gcov: {path}:{line}: branches"
                                f" {branches[path].get(line)}, the tracefile's"
                                f" {expected.get(line)}")
    return f"{sum(len(v) for v in lines.values())} lines in {len(lines)} files"


# ---- gcov's JSON format --------------------------------------------------

def read_json(path):
    with open(path, "rb") as stream:
        data = stream.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return json.loads(data)


def json_branches_fit(branches, expected):
    """gcov-json's BRANCHES hold the tracefile's EXPECTED outcomes whose
    count is known: every one never taken (0 or "-") and some of those
    taken, in order (one known only from coverage, BRDA 1, is left out)."""
    if any(set(branch) != {"count", "fallthrough", "throw"}
           or branch["throw"] is not False for branch in branches):
        return False
    counts = [branch["count"] for branch in branches]
    position = 0
    for taken in expected:
        if position < len(counts) and counts[position] == (taken or 0):
            position += 1
        elif not taken or taken != 1:
            return False
    return position == len(counts)


def same_as_lcov_gcov_json(lcov, path, problems):
    document = read_json(path)
    if document.get("format_version") != "1":
        problems.append(f"format_version {document.get('format_version')!r},"
                        " gcov's is \"1\"")
    lines, functions = {}, {}
    for file in document.get("files", []):
        hits = lines.setdefault(file["file"], {})
        for line in file["lines"]:
            hits[line["line_number"]] = line["count"]
            expected = lcov.get(file["file"], {}).get("branches", {}).get(
                line["line_number"], [])
            if not json_branches_fit(line["branches"], expected):
                problems.append(f"gcov-json: {file['file']}:"
                                f"{line['line_number']}: branches"
                                f" {line['branches']}, the tracefile's"
                                f" {expected}")
            if line["unexecuted_block"] != (line["count"] == 0):
                problems.append(f"{file['file']}:{line['line_number']}:"
                                f" unexecuted_block {line['unexecuted_block']}"
                                f" with count {line['count']}")
        functions[file["file"]] = {f["name"]: (f["start_line"],
                                               f["execution_count"])
                                   for f in file["functions"]}
    compare_lines("gcov-json", tracefile_lines(lcov), lines, problems)
    for name, record in lcov.items():
        if functions.get(name) != record["functions"]:
            problems.append(f"gcov-json: {name}: functions {functions.get(name)},"
                            f" the tracefile's {record['functions']}")
    return f"{sum(len(v) for v in lines.values())} lines in {len(lines)} files"


# gcov's keys a profile cannot fill (export-gcov-json.c says why); the
# line's block_ids, calls and conditions are GCC 14's and later's, the
# function's prime path coverage (total_prime_paths,
# covered_prime_paths, prime_path_coverage: -fpath-coverage's paths of
# gcov's own flow graph) GCC 15's and later's.
OMITTED_KEYS = {
    "document": {"gcc_version"},
    "file": set(),
    "function": {"start_column", "end_column", "blocks", "blocks_executed",
                 "total_prime_paths", "covered_prime_paths",
                 "prime_path_coverage"},
    "line": {"block_ids", "calls", "conditions"},
}


def keys_and_types(objects):
    """{key: set of type names} over OBJECTS."""
    found = {}
    for item in objects:
        for key, value in item.items():
            found.setdefault(key, set()).add(type(value).__name__)
    return found


def gcov_json_keys(ours_path, reference_path):
    ours, reference = read_json(ours_path), read_json(reference_path)
    problems = []

    def levels(document):
        files = document.get("files", [])
        return {"document": [document], "file": files,
                "function": [f for file in files for f in file["functions"]],
                "line": [l for file in files for l in file["lines"]]}

    mine, theirs = levels(ours), levels(reference)
    for level in ("document", "file", "function", "line"):
        if not theirs[level]:
            raise CheckError(f"{reference_path}: gcov's report has no {level}")
        if not mine[level]:
            problems.append(f"ours has no {level}")
            continue
        expected = keys_and_types(theirs[level])
        found = keys_and_types(mine[level])
        for key in sorted(set(expected) - set(found) - OMITTED_KEYS[level]):
            problems.append(f"{level}: gcov's key '{key}' is missing")
        for key in sorted(set(found) - set(expected)):
            problems.append(f"{level}: key '{key}' is not gcov's")
        for key in sorted(set(found) & OMITTED_KEYS[level]):
            problems.append(f"{level}: key '{key}' is written, though a"
                            " profile cannot fill it")
        for key in sorted(set(found) & set(expected)):
            if found[key] != expected[key]:
                problems.append(f"{level}: '{key}' holds {sorted(found[key])},"
                                f" gcov's {sorted(expected[key])}")
        # Every object of a level holds the keys gcov always writes.
        always = set.intersection(*(set(item) for item in theirs[level]))
        for item in mine[level]:
            missing = always - set(item) - OMITTED_KEYS[level]
            if missing:
                problems.append(f"{level} {item.get('name', item.get('line_number', ''))}:"
                                f" lacks {sorted(missing)}")
                break
    spans = {f["name"]: (f["start_line"], f["end_line"])
             for f in theirs["function"]}
    compared = 0
    for function in mine["function"]:
        if function["name"] in spans:
            compared += 1
            span = (function["start_line"], function["end_line"])
            if span != spans[function["name"]]:
                problems.append(f"function {function['name']}: lines"
                                f" {span[0]}-{span[1]}, gcov's"
                                f" {spans[function['name']][0]}-{spans[function['name']][1]}")
    if compared == 0:
        problems.append("no function is in both reports")
    report(f"gcov-json keys: {sum(len(keys_and_types(v)) for v in mine.values())}"
           f" keys over 4 levels, {compared} function spans compared with"
           " gcov's", problems)


# ---- gcovr ---------------------------------------------------------------

def gcovr_noncode(text):
    """gcovr 5.2 does not count an unexecuted line that is only a brace,
    'else' or a comment (gcov_parser._is_non_code): its rule, here."""
    text = re.sub(r"//.*$", "", text)
    text = re.sub(r"/\*.*?\*/", "", text)
    return text.strip() in ("", "{", "}", "else")


def read_info_totals(path):
    """The per-file rows and TOTAL row of mipdata info --debug's table:
    {name: ((lines_run, lines), (functions_run, functions),
    (blocks_run, blocks), [the three rates as printed])}."""
    row = re.compile(r"^(.*?)\s+(\S+)\s+(\d+)/(\d+)\s+(\S+)\s+(\d+)/(\d+)"
                     r"\s+(\S+)\s+(\d+)/(\d+)\s*$")
    rows, previous = {}, ""
    with open(path, encoding="utf-8") as stream:
        for text in stream:
            text = text.rstrip("\n")
            match = row.match(text)
            if match:
                name = match.group(1).strip() or previous
                numbers = [int(match.group(i)) for i in (3, 4, 6, 7, 9, 10)]
                rows[name] = ((numbers[0], numbers[1]), (numbers[2], numbers[3]),
                              (numbers[4], numbers[5]),
                              [match.group(i) for i in (2, 5, 8)])
            previous = text.strip()
    if "TOTAL" not in rows:
        raise CheckError(f"{path}: no TOTAL row of mipdata info --debug")
    return rows


def gcovr_totals(lcov_path, summary_path, directory, info_path):
    lcov = read_lcov(lcov_path)
    problems = []
    _, texts = read_gcov_directory(directory, problems)
    found = sum(len(record["lines"]) for record in lcov.values())
    hit = sum(1 for record in lcov.values()
              for count in record["lines"].values() if count > 0)
    info = read_info_totals(info_path)["TOTAL"][0]
    if info != (hit, found):
        problems.append(f"mipdata info: {info[0]} of {info[1]} lines, the"
                        f" tracefile {hit} of {found}")
    uncounted = sum(1 for path, record in lcov.items()
                    for line, count in record["lines"].items()
                    if count == 0
                    and gcovr_noncode(texts.get(path, {}).get(line, "x")))
    with open(summary_path, encoding="utf-8") as stream:
        summary = json.load(stream)
    total, covered = summary["line_total"], summary["line_covered"]
    if (total, covered) != (found - uncounted, hit):
        problems.append(f"gcovr: {covered} of {total} lines; expected"
                        f" {hit} of {found - uncounted} (mipdata: {hit} of"
                        f" {found}, of which {uncounted} unexecuted brace or"
                        " else lines gcovr does not count)")
    outcomes = [taken for record in lcov.values()
                for line in record["branches"].values() for taken in line]
    branch_hit = sum(1 for taken in outcomes if taken)
    if "branch_total" in summary and (summary["branch_total"],
                                      summary["branch_covered"]) \
            != (len(outcomes), branch_hit):
        problems.append(f"gcovr: {summary['branch_covered']} of"
                        f" {summary['branch_total']} branches; the tracefile"
                        f" {branch_hit} of {len(outcomes)} (BRH, BRF)")
    report(f"gcovr: {covered} of {total} lines,"
           f" {summary.get('branch_covered')} of"
           f" {summary.get('branch_total')} branches; mipdata info and the"
           f" tracefile: {hit} of {found}, {uncounted} unexecuted brace/else"
           " lines gcovr leaves out", problems)


# ---- Markdown ------------------------------------------------------------

def render_inline(text):
    """TEXT's backslash escapes and HTML special characters."""
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and not text[i + 1].isalnum():
            out.append(html.escape(text[i + 1]))
            i += 2
        else:
            out.append(html.escape(text[i]))
            i += 1
    return "".join(out)


def table_cells(text):
    """The cells of a table row, split at '|' that are not escaped."""
    text = text.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", text)]


TABLE_RULE = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")


def render_markdown(text):
    """The HTML of the subset of Markdown (GitHub's) export writes."""
    lines = text.splitlines()
    out, i, paragraph = [], 0, []

    def flush():
        if paragraph:
            out.append("<p>" + render_inline(" ".join(paragraph)) + "</p>")
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        heading = re.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            flush()
            level = len(heading.group(1))
            out.append(f"<h{level}>{render_inline(heading.group(2))}</h{level}>")
            i += 1
        elif line.startswith("|") and i + 1 < len(lines) \
                and TABLE_RULE.match(lines[i + 1].strip()):
            flush()
            header = table_cells(line)
            out.append("<table><thead><tr>"
                       + "".join(f"<th>{render_inline(c)}</th>" for c in header)
                       + "</tr></thead><tbody>")
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                cells = table_cells(lines[i])
                if len(cells) != len(header):
                    raise CheckError(f"line {i + 1}: {len(cells)} cells in a"
                                     f" table of {len(header)} columns")
                out.append("<tr>" + "".join(f"<td>{render_inline(c)}</td>"
                                            for c in cells) + "</tr>")
                i += 1
            out.append("</tbody></table>")
        elif not line.strip():
            flush()
            i += 1
        else:
            paragraph.append(line.strip())
            i += 1
    flush()
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>coverage</title></head><body>\n" + "\n".join(out)
            + "\n</body></html>\n")


def markdown_html(source, target):
    with open(source, encoding="utf-8") as stream:
        page = render_markdown(stream.read())
    if "<table>" not in page:
        raise CheckError(f"{source}: no table")
    with open(target, "w", encoding="utf-8") as stream:
        stream.write(page)


def markdown_shown(shown_path, info_path):
    with open(shown_path, encoding="utf-8") as stream:
        shown = re.sub(r"[ \t]+", " ", stream.read())
    rows = read_info_totals(info_path)
    problems = []
    lines, functions, blocks, _ = rows["TOTAL"]
    for what, (part, whole) in (("Lines", lines), ("Functions", functions),
                                ("Blocks", blocks)):
        rate = f"{100.0 * part / whole:.1f}%" if whole else "-"
        expected = f"{what} {rate} {part} {whole}"
        if expected not in shown:
            problems.append(f"the page shows no '{expected}'")
    for name, (lines, functions, blocks, rates) in rows.items():
        if name == "TOTAL":
            continue
        expected = name + "".join(f" {rate} ({part}/{whole})" for rate, (part, whole)
                                  in zip(rates, (lines, functions, blocks)))
        if expected not in shown:
            problems.append(f"the page shows no '{expected}'")
    with open(info_path, encoding="utf-8") as stream:
        branch_line = re.search(r"^Branches: .*$", stream.read(), re.M)
    if branch_line and branch_line.group(0) not in shown:
        problems.append(f"the page shows no '{branch_line.group(0)}'")
    report(f"markdown: the page shows the totals and {len(rows) - 1} file rows"
           " of mipdata info", problems)


# ---- Driver --------------------------------------------------------------

def report(what, problems):
    if problems:
        for problem in problems[:20]:
            print(f"check-export-formats: {problem}", file=sys.stderr)
        if len(problems) > 20:
            print(f"check-export-formats: ... and {len(problems) - 20} more",
                  file=sys.stderr)
        raise CheckError(f"{what}: {len(problems)} differences")
    print(f"check-export-formats: ok: {what}")


SAME_AS_LCOV = {
    "cobertura": same_as_lcov_cobertura,
    "sonarqube": same_as_lcov_sonarqube,
    "gcov": same_as_lcov_gcov,
    "gcov-json": same_as_lcov_gcov_json,
}


def same_as_lcov(form, lcov_path, path):
    lcov = read_lcov(lcov_path)
    problems = []
    try:
        what = SAME_AS_LCOV[form](lcov, path, problems)
    except ElementTree.ParseError as error:
        raise CheckError(f"{path}: not XML: {error}") from error
    except (KeyError, TypeError, ValueError) as error:
        raise CheckError(f"{path}: not the {form} format: {error!r}") from error
    report(f"{form}: the same {what} as the tracefile", problems)


def must_fail(what, function, *arguments):
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            function(*arguments)
    except CheckError as error:
        if "not XML" in str(error):
            raise CheckError(f"self-test: {what}: the mutated report is not"
                             " XML") from error
        return
    raise CheckError(f"self-test: {what} was accepted")


def self_test():
    """Each check refuses a report that differs from the tracefile."""
    with tempfile.TemporaryDirectory() as directory:
        def write(name, text):
            path = os.path.join(directory, name)
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
            return path
        source = write("a.c", "int f (void) {\n  return 0;\n}\n")
        lcov = write("a.info", f"TN:\nSF:{source}\nFN:1,f\nFNDA:2,f\nFNF:1\n"
                     "FNH:1\nDA:1,1\nDA:2,1\nDA:3,0\nLF:3\nLH:2\n"
                     "end_of_record\n")

        def cobertura(hits3, rate="0.6667"):
            return write("c.xml", f"""<?xml version="1.0"?>
<coverage line-rate="{rate}" branch-rate="0" lines-covered="{2 + hits3}"
 lines-valid="3" branches-covered="0" branches-valid="0" complexity="0"
 version="x" timestamp="0"><sources><source>{directory}</source></sources>
<packages><package name="" line-rate="{rate}" branch-rate="0"
 complexity="0"><classes><class name="a.c" filename="a.c"
 line-rate="{rate}" branch-rate="0" complexity="0"><methods><method
 name="f" signature="" line-rate="{rate}" branch-rate="0" complexity="0">
<lines><line number="1" hits="1"/></lines></method></methods><lines>
<line number="1" hits="1"/><line number="2" hits="1"/>
<line number="3" hits="{hits3}"/></lines></class></classes></package>
</packages></coverage>""")
        same_as_lcov("cobertura", lcov, cobertura(0))
        must_fail("cobertura with a wrong hit", same_as_lcov, "cobertura",
                  lcov, cobertura(1, "1.0000"))
        must_fail("cobertura with a wrong rate", same_as_lcov, "cobertura",
                  lcov, cobertura(0, "0.5000"))
        must_fail("cobertura without <methods>", same_as_lcov, "cobertura",
                  lcov, write("c.xml", re.sub(r"<methods>.*</methods>", "",
                                              open(cobertura(0)).read(),
                                              flags=re.S)))

        def sonar(covered):
            return write("s.xml", f"""<coverage version="1"><file
 path="{source}"><lineToCover lineNumber="1" covered="true"/><lineToCover
 lineNumber="2" covered="true"/><lineToCover lineNumber="3"
 covered="{covered}"/></file></coverage>""")
        same_as_lcov("sonarqube", lcov, sonar("false"))
        must_fail("sonarqube with a wrong line", same_as_lcov, "sonarqube",
                  lcov, sonar("true"))
        must_fail("sonarqube with a bad value", same_as_lcov, "sonarqube",
                  lcov, sonar("yes"))
        gcov = os.path.join(directory, "gcov")
        os.mkdir(gcov)

        def gcov_file(third):
            path = os.path.join(gcov, "a.c.gcov")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(f"        -:    0:Source:{source}\n"
                             "        1:    1:int f (void) {\n"
                             "        1:    2:  return 0;\n"
                             f"{third:>9}:    3:}}\n")
            return gcov
        same_as_lcov("gcov", lcov, gcov_file("#####"))
        must_fail("gcov with a wrong mark", same_as_lcov, "gcov", lcov,
                  gcov_file("1"))
        must_fail("gcov with no code", same_as_lcov, "gcov", lcov,
                  gcov_file("-"))
        branched = write("b.info", open(lcov).read().replace(
            "DA:1,1", "BRDA:2,0,0,1\nBRDA:2,0,1,0\nBRF:2\nBRH:1\nDA:1,1"))

        def gcov_branches(first, second):
            gcov_file("#####")
            path = os.path.join(gcov, "a.c.gcov")
            text = open(path).read().replace(
                "  return 0;\n", f"  return 0;\nbranch  0 {first}\n"
                f"branch  1 {second}\n")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(text)
            return gcov
        same_as_lcov("gcov", branched,
                     gcov_branches("taken 1 (fallthrough)", "taken 0"))
        must_fail("gcov with a wrong branch", same_as_lcov, "gcov", branched,
                  gcov_branches("taken 0", "taken 1"))
        must_fail("gcov with branches the tracefile lacks", same_as_lcov,
                  "gcov", lcov, gcov_branches("taken 1", "taken 0"))
        must_fail("a tracefile whose BRH is not its BRDA's", read_lcov,
                  write("w.info", open(branched).read().replace("BRH:1",
                                                                "BRH:2")))
        must_fail("sonarqube without the branches", same_as_lcov,
                  "sonarqube", branched, sonar("false"))
        if not json_branches_fit([{"count": 0, "fallthrough": True,
                                   "throw": False}], [1, None]) \
                or json_branches_fit([], [3, 0]):
            raise CheckError("self-test: gcov-json's branches are not held"
                             " to the tracefile's")
        md = write("m.md", "### C\n\n| File | Lines |\n|:--|--:|\n"
                   "| a\\_b.c | 1 \\| 2 |\n")
        page = os.path.join(directory, "m.html")
        markdown_html(md, page)
        if "<td>a_b.c</td><td>1 | 2</td>" not in open(page).read():
            raise CheckError("self-test: the renderer does not render a"
                             " table row")
    print("check-export-formats: ok: self-test (each check refuses a"
          " wrong report)")


COMMANDS = {
    "same-as-lcov": (same_as_lcov, 3),
    "gcovr-totals": (gcovr_totals, 4),
    "gcov-json-keys": (gcov_json_keys, 2),
    "markdown-html": (markdown_html, 2),
    "markdown-shown": (markdown_shown, 2),
    "self-test": (self_test, 0),
}


def main(arguments):
    if not arguments or arguments[0] not in COMMANDS \
            or len(arguments) - 1 != COMMANDS[arguments[0]][1]:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    command, _ = COMMANDS[arguments[0]]
    try:
        command(*arguments[1:])
    except (CheckError, OSError) as error:
        print(f"check-export-formats: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

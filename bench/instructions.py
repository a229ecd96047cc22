#!/usr/bin/python3
"""Instructions per render, counted by Valgrind: an A/B of Feedshot builds that machine noise cannot move.

Wall-clock medians on a shared 2-core VM move by 30 % from one minute to the next, so a 5 %
regression hides in them. Valgrind's callgrind counts the instructions a process executes — the
same count on every run of the same binary and input, whatever else the machine does. For each
document and each build, this runs `feedshot render --out-dir DIR --jobs 1` on one copy of the
document and on N + 1 copies, and reports (count(N + 1) − count(1)) / N: one render's
instructions, with the process's start-up (fonts, caches, the first render) subtracted. The
builds need not be this checkout's: any `feedshot` binary with `render --out-dir` (older
releases included) can be compared, which is how a regression is found and bisected.

    bench/instructions.py [--renders N] [--document FILE]... [--format png] [--json] BIN [BIN...]

Without --document: bench/bubble.json (200 renders) and bench/chat-50.json (10 renders). The
first BIN is the baseline of the ratios. Instructions are not time (a cache miss costs no
instruction; an instruction can cost many cycles), so a large change wants a wall-clock check
too (`feedshot bench --only`), but equal counts mean no code was added to the path. Needs
Valgrind (`scripts/install-deps --bench`). Slow: a render runs 50 to 100 times slower under it.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULTS = [("bench/bubble.json", 200), ("bench/chat-50.json", 10)]


def instructions(binary, documents, output, image_format):
    """The instructions callgrind counts for rendering `documents` in one process."""
    shutil.rmtree(output, ignore_errors=True)
    os.makedirs(output)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "render", *documents,
               "--out-dir", output, "--jobs", "1", "--quiet", "--format", image_format]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"{binary} failed under valgrind:\n{run.stderr[-2000:]}")
    written = len(os.listdir(output))
    if written != len(documents):
        raise SystemExit(f"{binary} wrote {written} images for {len(documents)} documents")
    match = re.search(r"Collected : (\d+)", run.stderr)
    if not match:
        raise SystemExit(f"valgrind printed no instruction count for {binary}:\n{run.stderr[-2000:]}")
    return int(match.group(1))


def per_render(binary, document, renders, directory, image_format):
    """One render's instructions: the difference between N + 1 renders and one, over N."""
    inputs = os.path.join(directory, "in")
    shutil.rmtree(inputs, ignore_errors=True)
    os.makedirs(inputs)
    copies = []
    for index in range(renders + 1):
        path = os.path.join(inputs, f"d{index:05}.json")
        shutil.copyfile(document, path)
        copies.append(path)
    output = os.path.join(directory, "out")
    one = instructions(binary, copies[:1], output, image_format)
    many = instructions(binary, copies, output, image_format)
    return (many - one) / renders


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+", metavar="BIN", help="feedshot builds; the first is the baseline")
    parser.add_argument("--document", action="append", help="a document to render (repeatable)")
    parser.add_argument("--renders", type=int, help="renders counted per document (default 200 for the bubble, 10 for the chat)")
    parser.add_argument("--format", default="png", choices=["png", "webp", "jpeg", "svg", "pdf"])
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: scripts/install-deps --bench")
    if arguments.renders is not None and arguments.renders < 1:
        raise SystemExit("--renders takes a whole number from 1")
    for binary in arguments.binaries:
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"{binary} is not an executable")
    if arguments.document:
        documents = [(path, arguments.renders or 20) for path in arguments.document]
    else:
        documents = [(os.path.join(ROOT, path), arguments.renders or count) for path, count in DEFAULTS]
    rows = []
    with tempfile.TemporaryDirectory() as directory:
        for document, renders in documents:
            baseline = None
            for binary in arguments.binaries:
                count = per_render(binary, document, renders, directory, arguments.format)
                baseline = baseline or count
                rows.append({"document": os.path.relpath(document, ROOT) if document.startswith(ROOT) else document,
                             "binary": binary, "renders": renders, "format": arguments.format,
                             "instructionsPerRender": round(count), "ratio": count / baseline})
                if not arguments.json:
                    print(f"{rows[-1]['document']:24} {binary:48} {count / 1e6:10.3f} M instructions/render"
                          f"  {count / baseline:6.3f}×  ({renders} renders)", flush=True)
    if arguments.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    sys.exit(main())

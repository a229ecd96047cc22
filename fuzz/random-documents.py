#!/usr/bin/env python3
"""Renders random hostile documents through a `feedshot` binary and reduces the ones that break it.

libFuzzer (`scripts/fuzz`) mutates bytes and runs about one input a second under AddressSanitizer;
this drives whole documents through a release binary a hundred times faster. Each seed makes ten
documents — Amity and MessageKit chats and posts with preview comments, at a phone's width or
narrower, whose names, messages and comments are drawn from an alphabet of combining marks,
joiners, variation selectors, skin tones, flags, tags, Hangul jamo and fillers, prepended marks,
bidi controls, separators and eight scripts — rendered by one process one after the other, as a
server worker serves its requests. A finding is a process killed by a signal (Pango's assertions
abort) or an "internal error" (a broken invariant, such as the painter's lines not the layout
tree's). Each finding is reduced (its messages, then each text a character at a time, ddmin) to
a document that still fails the same way, written to OUT with the binary's message.

    fuzz/random-documents.py [--seeds 1-600] [--binary .build/release/feedshot] [--out DIR]

Seeds are reproducible: the same seed makes the same documents (against the build before
ClusterBreaks, seeds 1-250 give a Pango abort, "🇿‌🇺🇸!", and an internal error). Keep a reduced
finding as fuzz/crashers/NAME.json once it is fixed, so that FuzzReplayTests replays it.
"""

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PIECES = [
    "a", "b", "W", "i", "l", " ", "  ", "\t", "\n", "\u2028", "\u2029", "\u0085", ".", ",", "!", "-", "\u2014", "\u2026",
    "\u0301", "\u0308", "\u20e3", "\u0336", "\u034f", "\u200d", "\u200c", "\ufe0f", "\ufe0e",
    "\U0001F3FB", "\U0001F3FD", "\U0001F3FF", "\U0001F44D", "\U0001F469", "\U0001F468\u200d\U0001F469\u200d\U0001F467",
    "\U0001F3F3\ufe0f\u200d\U0001F308", "\U0001F1FA\U0001F1F8", "\U0001F1EF\U0001F1F5",
    "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", "\U0001F1E6", "\U0001F1FF", "#", "1", "*",
    "\u0644", "\u064a", "\u0649", "\u0645\u0631\u062d\u0628\u0627", "\u0600", "\u0601", "\u06dd", "\u0610", "\u064b", "\u0670",
    "\u05e9", "\u05dc\u05d5\u05dd", "\u05b0", "\u05bc",
    "\u0e01", "\u0e31", "\u0e48", "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35", "\u0e33",
    "\u0915", "\u094d", "\u0937", "\u093f", "\u0928\u092e\u0938\u094d\u0924\u0947", "\u0903",
    "\u0ba4", "\u0bcd", "\u0bc6", "\u0c95", "\u0ccd", "\u0cb7",
    "\ud55c", "\u1100", "\u1161", "\u11a8", "\u3131", "\u65e5", "\u672c", "\u8a9e", "\u3002", "\u300c", "\u300d",
    "\u202e", "\u202d", "\u2066", "\u2067", "\u2069", "\u200f", "\u200e", "\u061c",
    "\U000110BD", "\U00011CB0", "\u180e", "\u00ad", "\u2060", "\ufeff",
    "\u1100\u1100\u1100", "\u1160\u11a8", "x\u0300\u0301\u0302\u0303\u0304\u0305\u0306",
    "ffi", "fi", "\ufb03", "\u01c5", "\u0130", "\u00df",
]
WIDTHS = [125, 150.5, 200, 250.5, 320, 375, 414]


def text(rng):
    return "".join(rng.choice(PIECES) for _ in range(rng.choice([1, 2, 3, 5, 8, 13, 21, 40])))


def document(rng):
    """One random document: a post with preview comments (two in five) or a chat."""
    width, scale = rng.choice(WIDTHS), rng.choice([1, 2])
    if rng.random() < 0.4:
        comments = [{"author": {"id": f"c{k}", "displayName": text(rng)}, "text": text(rng), "createdAt": "2026-11-29T11:00:00Z"}
                    for k in range(rng.randint(0, 2))]
        post = {"id": "p", "dataType": "text", "origin": "userFeed", "author": {"id": "u2", "displayName": text(rng)},
                "createdAt": "2026-11-29T10:00:00Z", "text": text(rng) + " " + text(rng),
                "likes": rng.choice([0, 1, 1234, 2500000]), "comments": len(comments)}
        if comments:
            post["previewComments"] = comments
        return {"kind": "post", "width": width, "scale": scale, "viewer": "u1", "now": "2026-11-29T12:00:00Z", "post": post}
    messages = [{"id": f"m{i}", "from": rng.choice(["u1", "u2"]), "sentAt": "2026-11-29T11:%02d:00Z" % i, "type": "text",
                 "text": text(rng)} for i in range(rng.randint(1, 12))]
    chat = {"kind": "chat", "width": width, "scale": scale, "me": "u1", "now": "2026-11-29T12:00:00Z",
            "users": {"u1": {"displayName": text(rng)}, "u2": {"displayName": text(rng)}}, "messages": messages}
    if rng.random() < 0.5:
        chat["style"] = "messagekit"
    return chat


def failure(binary, paths, output):
    """The kind of failure rendering `paths` in one process gives ("abort", "internal") and its message, or None."""
    run = subprocess.run([binary, "render", *paths, "--out-dir", output, "--jobs", "1", "--quiet"], capture_output=True, text=True)
    if run.returncode < 0 or run.returncode >= 128:
        return "abort", run.stderr.strip()[-600:]
    internal = [line for line in run.stderr.splitlines() if "internal error" in line]
    return ("internal", internal[0]) if internal else None


def reduce(binary, doc, kind, scratch):
    """`doc` made smaller while rendering it alone still fails with `kind` (ddmin over each text's characters)."""
    path = os.path.join(scratch, "candidate.json")

    def fails(candidate):
        with open(path, "w") as file:
            json.dump(candidate, file, ensure_ascii=False)
        found = failure(binary, [path], scratch)
        return found is not None and found[0] == kind

    if not fails(doc):
        return doc  # fails only after the documents rendered before it in the same process
    texts = []  # (getter, setter) for every text of the document

    def field(container, key):
        texts.append((lambda d, c=container, k=key: c(d)[k], lambda d, value, c=container, k=key: c(d).__setitem__(k, value)))

    if doc["kind"] == "chat":
        index = 0
        while index < len(doc["messages"]) and len(doc["messages"]) > 1:
            candidate = copy.deepcopy(doc)
            del candidate["messages"][index]
            if fails(candidate):
                doc = candidate
            else:
                index += 1
        for index in range(len(doc["messages"])):
            field(lambda d, i=index: d["messages"][i], "text")
        for user in doc["users"]:
            field(lambda d, u=user: d["users"][u], "displayName")
    else:
        field(lambda d: d["post"], "text")
        field(lambda d: d["post"]["author"], "displayName")
        for index in range(len(doc["post"].get("previewComments", []))):
            field(lambda d, i=index: d["post"]["previewComments"][i], "text")
            field(lambda d, i=index: d["post"]["previewComments"][i]["author"], "displayName")
    for get, put in texts:
        characters, parts = list(get(doc)), 2
        while len(characters) >= 2:
            chunk, reduced = max(1, len(characters) // parts), False
            for start in range(0, len(characters), chunk):
                rest = characters[:start] + characters[start + chunk:]
                candidate = copy.deepcopy(doc)
                put(candidate, "".join(rest))
                if rest and fails(candidate):
                    characters, doc, parts, reduced = rest, candidate, max(parts - 1, 2), True
                    break
            if not reduced:
                if parts >= len(characters):
                    break
                parts = min(len(characters), parts * 2)
    return doc


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-600", help="first-last (default 1-600)")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/feedshot"))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/random-documents"), help="where reduced findings go")
    arguments = parser.parse_args()
    first, last = (int(part) for part in arguments.seeds.split("-"))
    os.makedirs(arguments.out, exist_ok=True)
    findings = 0
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(first, last + 1):
            rng = random.Random(seed)
            docs, paths = [document(rng) for _ in range(10)], []
            for index, doc in enumerate(docs):
                paths.append(os.path.join(scratch, f"s{seed}-d{index}.json"))
                with open(paths[-1], "w") as file:
                    json.dump(doc, file, ensure_ascii=False)
            found = failure(arguments.binary, paths, scratch)
            if found is None:
                continue
            findings += 1
            kind, message = found
            culprit = next((doc for doc, path in zip(docs, paths) if failure(arguments.binary, [path], scratch)), docs[-1])
            reduced = reduce(arguments.binary, culprit, kind, scratch)
            name = os.path.join(arguments.out, f"{kind}-seed{seed}.json")
            with open(name, "w") as file:
                json.dump(reduced, file, ensure_ascii=False)
            print(f"seed {seed}: {kind}: {message.splitlines()[-1] if message else ''}\n  reduced: {name}", flush=True)
    print(f"{last - first + 1} seeds, {10 * (last - first + 1)} documents, {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

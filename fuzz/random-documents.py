#!/usr/bin/env python3
"""Renders random hostile documents through a `feedshot` binary and reduces the ones that break it.

libFuzzer (`scripts/fuzz`) mutates bytes and runs about one input a second under AddressSanitizer;
this drives whole documents through a release binary a hundred times faster. Each seed makes ten
documents, rendered by one process one after the other, as a server worker serves its requests.
With `--documents all` (the default) they are of every kind production accepts — Amity chats and
single messages of every type (text, image, video, audio, file, deleted, custom types drawn by
`cells`; edited, sending, failed, deleted, flagged, audio loading and playing), MessageKit chats
and messages of every kind (attributed runs, emoji, photos, videos, locations, audio, contacts,
link previews, custom kinds) under random settings at every level (avatars, paddings, insets,
accessory views, labels, bubbles and custom bubble images and masks, detectors and custom
patterns), feeds and posts of every data type (text, image, video, file, poll, live stream,
unknown, custom components) with mentions, link previews, counts from 0 to 10^15, preview
comments and a post detail's comments and replies, and share sheets — with random widths,
scales, themes and palettes, text sizes, times and time zones, locales and directions, fonts
(`typography`) and UI strings (`strings`, "Read more" empty or long). Texts and names come from
an alphabet of combining marks, joiners, variation selectors, skin tones, flags, tags, Hangul
jamo and fillers, prepended marks, bidi controls, separators, controls and eight scripts, with
links, mentions, hashtags, phone numbers, dates, addresses and format specifiers for the
detectors and the strings; images are the files under examples/assets (`--assets examples`),
now and then a missing one, one outside the folder or a `data:` URI of garbage, never a URL. A
few documents are invalid on purpose (a mention that splits a character or ends past its text, a
family that is not installed, a lone surrogate): the binary refuses them naming the field, which
is not a finding; the summary counts the documents rendered and the commonest refusals.
`--documents text` makes only the documents of before — Amity and MessageKit chats of text
messages and text posts with preview comments, at 125 to 414 points, from the same alphabet —
exactly the same documents for a seed as before `all` existed (the claims about old seeds below
are about this mix).

A finding is a process killed by a signal (Pango's assertions abort), an "internal error" (a
broken invariant, such as the painter's lines not the layout tree's) or a process that does not
answer within two minutes. Each finding is reduced to a document that still fails the same way
when rendered alone — array elements (messages, posts, comments, replies, runs, …) and object
fields deleted one at a time while it does, then every string a character at a time (ddmin) —
and written to OUT with the binary's message.

    fuzz/random-documents.py [--seeds 1-600] [--documents all|text] [--binary .build/release/feedshot]
                             [--out DIR] [--keep DIR]

Seeds are reproducible: the same seed makes the same documents (with `--documents text`, against
the build before ClusterBreaks, seeds 1-250 give a Pango abort, "🇿‌🇺🇸!", and an internal error).
`--keep DIR` also writes every document made. Keep a reduced finding as fuzz/crashers/NAME.json
once it is fixed, so that FuzzReplayTests replays it.
"""

import argparse
import collections
import copy
import datetime
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

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




# --documents all: every document kind, every field production accepts, with hostile values.

ASSETS = os.path.join(ROOT, "examples")
IMAGES = ["assets/ann.jpg", "assets/ann.gif", "assets/beach.jpg", "assets/bob.png", "assets/bob.webp", "assets/sunset.png",
          "assets/thought-bubble@2x.png"]
BAD_IMAGES = ["assets/corrupt.png", "assets/not-an-image.png", "assets/missing.png", "assets/LICENSE", "assets/",
              "assets/../assets/ann.jpg", "../README.md", "/etc/hostname", "assets/b\u00e9ach.jpg",
              "data:image/png;base64,iVBORw0KGgo=", "data:image/png;base64,!!!!", "data:,", "data:image/gif;base64,R0lGODlh",
              "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ", "data:image/webp;base64,UklGRiQAAABXRUJQVlA4", "data:text/plain,\u00e9\u0301"]
WORDS = [
    "hello", "world", "Weekend", "lunch", "Supercalifragilisticexpialidociouslyextraordinarilylongwordwithoutbreaks",
    "https://example.com/trail?a=1&b=%20#frag", "http://example.com", "www.example.org", "example.com/offsite", "x.io",
    "ann@example.com", "mailto:ann@example.com", "ftp://files.example.net/a.zip", "https://\u4f8b\u3048.jp/\u30d1\u30b9",
    "https://", "www.", "@Bob", "@bobstone", "@a", "#offsite", "#tag1234", "202-555-0114", "+1 (202) 555-0114",
    "12345678901234", "tomorrow at 5pm", "next Friday", "last monday", "Nov 29", "29 November 2026", "2026-11-29",
    "11/29/2026", "12:30 pm", "at 17:30", "1 Infinite Loop Cupertino CA 95014", "350 Fifth Avenue", "flight UA 123",
    "PR-42", "JIRA-7", "%@", "%1$@", "%2$@", "%%", "%d", "%n", "%s", "%lld", "%99$@", "\\", "\"", "{}", "<b>", "&amp;",
]
WEIRD = ["\x00", "\x01", "\x1b", "\x7f", "\r", "\r\n", "\u0085", "\ufffd", "\U0010FFFF", "\ue000", "\U000E0001",
         "\u200b", "\u2062", "\u115f", "\u3164", "\U0001D11E", "\u0f0b", "\ufdfd", "\ua9c0", "\U00013000"]
FAMILIES = ["Feedshot Inter", "Feedshot Inter Semi Bold", "Noto Sans Arabic UI", "Noto Sans Hebrew", "Noto Sans Thai",
            "Noto Sans Devanagari", "Noto Sans Myanmar", "Noto Sans Khmer", "Noto Sans Tamil", "WenQuanYi Micro Hei",
            "WenQuanYi Micro Hei Mono", "\u6587\u6cc9\u9a5b\u5fae\u7c73\u9ed1", "Feedshot Noto Sans JP",
            "Feedshot Noto Sans TC"]
LOCALES = ["en_US", "en", "ar", "ar_EG", "ar@numbers=arab", "ar_SA@calendar=islamic", "he", "he_IL", "ja", "ja_JP",
           "ja_JP@calendar=japanese", "th", "th_TH@calendar=buddhist", "ko", "ko_KR", "hi", "hi_IN", "de", "de_DE",
           "de-CH", "fr", "es", "pt_BR", "zh", "zh-Hans", "zh_TW", "zh-Hant", "zh_HK", "yue", "ja-JP-u-ca-japanese", "fa", "ur", "my", "", "x", "qq", "en_US_POSIX", "root",
           "und", "en@numbers=thai", "sr-Latn", "zz_ZZ", "i-klingon", "en-US-u-nu-arab", "ckb", "dv", "yi", "ps_AF"]
TIME_ZONES = ["UTC", "Asia/Tokyo", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "Pacific/Pago_Pago",
              "Australia/Lord_Howe", "Europe/Berlin", "Asia/Tehran", "America/Los_Angeles", "GMT"]
TEXT_SIZES = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibilityMedium",
              "accessibilityLarge", "accessibilityXLarge", "accessibilityXXLarge", "accessibilityXXXLarge"]
PALETTE = ["primary", "secondary", "alert", "highlight", "base", "baseInverse", "messageBubble", "messageBubbleInverse",
           "background", "avatarPlaceholder"]
ROLES = ["headerLine", "title", "bodyBold", "body", "captionBold", "caption"]
STRING_KEYS = [
    "feedshot_today", "feedshot_yesterday", "feedshot_just_now", "message_edit", "message_delete", "message_list_sending",
    "message_readmore", "feedshot_typing_one", "feedshot_typing_two", "feedshot_typing_many", "feedshot_voice_message",
    "general_file", "feedshot_message_read", "general_anonymous", "general_like", "general_liked", "feedshot_comment",
    "feedshot_share", "general_moderator", "view_all_comments_title", "view_all_files_title", "share_to_my_timeline",
    "share_to_group", "more_options", "post_detail_comment_edited", "feedshot_badge_separator",
    "post_detail_join_community_message", "post_place_holder_title", "post_place_holder_desc", "general_accept",
    "general_decline", "poll_submit_vote_title", "poll_vote_count_title", "poll_final_result", "poll_open_for_voting",
    "poll_ends_in_days", "poll_ends_in_hours", "poll_ends_in_minutes", "poll_view_full_result", "poll_more_options",
    "feedshot_livestream_live", "feedshot_livestream_recorded", "feedshot_livestream_ended",
    "feedshot_livestream_ended_description", "feedshot_livestream_unavailable", "feedshot_preview_not_available",
    "feedshot_preview_check_url", "feedshot_byte_count_zero", "feedshot_byte_count_kb", "feedshot_byte_count_mb",
    "feedshot_byte_count_gb", "general_reply", "general_view_reply", "post_detail_deleted_comment_message",
    "post_detail_deleted_reply_message", "post_detail_view_more_reply",
] + [f"{key}.{category}" for key in ["feedshot_minutes_ago", "feedshot_hours_ago", "feedshot_days_ago",
                                      "feedshot_weeks_ago", "feedshot_months_ago", "feedshot_years_ago", "unit_like",
                                      "unit_comment", "unit_share", "unit_day", "unit_hour", "unit_minute",
                                      "feedshot_byte_count_bytes"]
     for category in ["zero", "one", "two", "few", "many", "other"]]
COUNTS = [0, 0, 1, 1, 2, 3, 12, 999, 1000, 1234, 999999, 2500000, 10 ** 9, 10 ** 15]
NOW = datetime.datetime(2026, 11, 29, 12, tzinfo=datetime.timezone.utc)
CORNERS = ["topLeft", "bottomLeft", "topRight", "bottomRight"]
AVATAR_POSITIONS = ["cellTop", "cellBottom", "messageTop", "messageBottom", "messageCenter", "messageLabelTop"]
DETECTORS = ["url", "phoneNumber", "date", "address", "transitInformation", "mention", "hashtag"]
PATTERNS = ["PR-[0-9]+", "JIRA-[0-9]+", "[a-z]+", "(a|b)+", "\\p{L}+", "\\X", ".", "(?i)hello", "[\\u0300-\\u036f]+",
            "\\p{Emoji_Presentation}", "\\s+", "@\\w+", "\\d{2,}", "(?<=a)b", "\\b\\w", "[\\x{1F1E6}-\\x{1F1FF}]"]
ORIGINS = ["myFeed", "userFeed", "publicCommunity", "privateCommunity"]
TARGETS = ["originFeed", "myFeed", "publicCommunity", "privateCommunity", "external"]


def chance(rng, p):
    return rng.random() < p


def subset(rng, items, p=0.5):
    return [item for item in items if rng.random() < p]


def hostile(rng, long=True):
    """A text: the old alphabet's, words that links, mentions, detectors and format strings read, controls, or long."""
    r = rng.random()
    if r < 0.04:
        return ""
    if r < 0.45:
        return text(rng)
    if r < 0.85:
        return "".join(rng.choice(WORDS) + rng.choice([" ", " ", " ", "\n", "", rng.choice(PIECES)])
                       for _ in range(rng.choice([1, 2, 3, 5, 8, 13, 21])))
    if r < 0.95 and long:
        if chance(rng, 0.5):
            return "\n".join(text(rng) for _ in range(rng.randint(8, 14)))
        return " ".join(rng.choice(WORDS[:5] + PIECES) for _ in range(rng.choice([60, 150, 150, 400])))
    if chance(rng, 0.5):
        return text(rng)
    pieces = [rng.choice(WEIRD + PIECES) for _ in range(rng.choice([1, 3, 8]))]
    if chance(rng, 0.01):
        pieces.append("\ud83d")  # a lone surrogate (written as a JSON escape)
    return "".join(pieces)


def name(rng):
    """A string that is not a text: at most 1,000 scalars."""
    if chance(rng, 0.6):
        return rng.choice(["Ann Lee", "Bob Stone", "\u0645\u0631\u062d\u0628\u0627 \u0639\u0644\u064a", "\u05d3\u05e0\u05d4",
                           "\u5c71\u7530\u592a\u90ce", "\u0e2a\u0e21\u0e0a\u0e32\u0e22", "\uae40\ubbfc\uc900",
                           "\u0905\u0928\u093f\u0924\u093e", "J\u00fcrgen M\u00fcller", "A", "", " ",
                           "\U0001F468\u200d\U0001F469\u200d\U0001F467 family", "x" * 980])
    return hostile(rng, long=False)[:900]


def color(rng):
    digits = rng.choice([3, 6, 6, 8])
    if chance(rng, 0.1):
        return rng.choice(["#00000000", "#FFF", "#FFFFFF00", "#FFFFFF", "#000000"])
    return "#" + "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(digits))


def pick(rng, usual, extreme):
    """One of the usual values, or now and then (one in 25) an extreme one."""
    return rng.choice(extreme) if chance(rng, 0.04) else rng.choice(usual)


def instant(rng, around=NOW):
    """An RFC 3339 instant up to eight years before `around` (or five minutes after), in some offset, maybe with fractions."""
    delta = rng.choice([0, 1, 59, 60 * 11, 60 * 24, 60 * 30, 60 * 24 * 6, 60 * 24 * 40, 60 * 24 * 400, 60 * 24 * 3000])
    moment = around - datetime.timedelta(minutes=rng.randint(0, delta)) + datetime.timedelta(minutes=rng.choice([0, 0, 0, 5]))
    offset = rng.choice([0, 0, 0, 330, -210, 345, 840, -600, 18 * 60, -18 * 60, 525])
    local = moment.astimezone(datetime.timezone(datetime.timedelta(minutes=offset)))
    stamp = local.strftime("%Y-%m-%dT%H:%M:%S")
    if chance(rng, 0.15):
        stamp += "." + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 9)))
    if offset == 0 and chance(rng, 0.8):
        return stamp + "Z"
    sign = "+" if offset >= 0 else "-"
    return stamp + "%s%02d:%02d" % (sign, abs(offset) // 60, abs(offset) % 60)


def image(rng):
    """An image reference: mostly an asset; sometimes a broken, missing or outside one, or a data: URI of garbage."""
    return rng.choice(IMAGES) if chance(rng, 0.85) else rng.choice(BAD_IMAGES)


def sized_image(rng):
    result = {"src": image(rng)}
    if chance(rng, 0.7):
        result["width"] = pick(rng, [40, 240, 400, 800, 1600], [1, 0.5, 100000])
        result["height"] = pick(rng, [40, 180, 300, 600, 800], [1, 0.25, 100000])
    return result


def insets(rng, signed=False):
    usual, extreme = [0, 0, 2, 4, 7, 14, 18, 30] + ([-4, -30] if signed else []), [100, 1000] + ([-1000] if signed else [])
    return {side: pick(rng, usual, extreme) for side in subset(rng, ["top", "left", "bottom", "right"], 0.6)}


def common(rng, doc, typography=True):
    """The fields every document kind shares: canvas, appearance, time, language and strings."""
    if chance(rng, 0.85):
        doc["width"] = rng.choice(WIDTHS + WIDTHS + [768, 1024.5] + ([1, 16.25, 50, 90] if chance(rng, 0.3) else []))
    if chance(rng, 0.85):
        doc["scale"] = 1 if doc.get("width", 375) > 700 else rng.choice([1, 2, 2, 3])
    if chance(rng, 0.4):
        if chance(rng, 0.5):
            doc["theme"] = rng.choice(["light", "dark"])
        else:
            doc["theme"] = {key: color(rng) for key in subset(rng, PALETTE, 0.4)}
            if chance(rng, 0.5):
                doc["theme"]["theme"] = rng.choice(["light", "dark"])
    if chance(rng, 0.3):
        doc["textSize"] = rng.choice(TEXT_SIZES)
    doc["now"] = "2026-11-29T12:00:00Z" if chance(rng, 0.8) else rng.choice(
        [instant(rng), "2028-02-29T00:00:00+14:00", "0001-01-02T00:00:00Z", "9999-12-31T23:59:59.999999999-18:00",
         "2026-03-29T01:30:00.5+01:00"])
    if chance(rng, 0.6):
        doc["locale"] = rng.choice(LOCALES)
    if chance(rng, 0.3):
        doc["timeZone"] = rng.choice(TIME_ZONES)
    if chance(rng, 0.25):
        doc["layoutDirection"] = rng.choice(["ltr", "rtl"])
    if typography and chance(rng, 0.25):
        doc["typography"] = {}
        for role in subset(rng, ROLES, 0.4):
            font = {}
            if chance(rng, 0.6):
                font["family"] = rng.choice(FAMILIES) if chance(rng, 0.97) else "No Such Family"
            if chance(rng, 0.6):
                font["size"] = rng.choice([0.01, 0.5, 1, 6, 11, 13, 15, 17, 20, 40, 100, 500])
            if chance(rng, 0.4):
                font["weight"] = rng.choice(["regular", "semibold", "bold"])
            if chance(rng, 0.3):
                font["italic"] = chance(rng, 0.5)
            doc["typography"][role] = font
    if chance(rng, 0.35):
        doc["strings"] = {}
        keys = subset(rng, STRING_KEYS, 0.08) + (["message_readmore"] if chance(rng, 0.5) else [])
        for key in keys:
            doc["strings"][key] = rng.choice([
                "", "%@", "%1$@ %2$@ %3$@", "%@%@%@%@%@", "%", "%%", "%n %d %s", "%99$@", "\n", " ", "...",
                "\u2026" * 300, "Read more " * 99, name(rng), hostile(rng, long=False)[:1000]])
    return doc


def mentioned(rng, users):
    """A text with mentions at UTF-16 offsets: mostly right, sometimes out of range or inside a character."""
    def units(value):
        return len(value.encode("utf-16-le", "surrogatepass")) // 2
    body, mentions = hostile(rng, long=chance(rng, 0.3)) if chance(rng, 0.7) else "", []
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        body += " @"
        who = name(rng) or "Bob"
        mentions.append({"userId": rng.choice(users), "index": units(body) - 1, "length": units(who)})
        body += who + " " + (text(rng) if chance(rng, 0.5) else "")
    if mentions and chance(rng, 0.015):
        wrong = rng.choice(mentions)
        astral = [units(body[:i]) for i, c in enumerate(body) if ord(c) > 0xFFFF]
        choice = rng.random()
        if choice < 0.3 and astral:
            wrong["index"] = rng.choice(astral) + 1  # between the halves of a surrogate pair
        elif choice < 0.6:
            wrong["length"] = rng.choice([1, units(body), units(body) + 5, 10 ** 15])
        else:
            wrong["index"] = rng.choice([0, units(body), units(body) + 1, 10 ** 15])
    return body, mentions


# Amity chats and single messages.

def users_of(rng):
    ids = ["u1", "u2", "u3"] + ([name(rng)] if chance(rng, 0.2) else [])
    users = {}
    for user in ids:
        entry = {}
        if chance(rng, 0.85):
            entry["displayName"] = name(rng)
        if chance(rng, 0.5):
            entry["avatar"] = image(rng)
        users[user] = entry
    return users


def amity_cell(rng):
    if chance(rng, 0.5):
        cell = {"layout": "static", "height": pick(rng, [44, 80, 296], [1, 5000]) if chance(rng, 0.3) else
                {part: rng.choice([0, 1, 8, 34] if part != "content" else [1, 8, 44, 228])
                 for part in subset(rng, ["top", "content", "bottom"], 0.8)}}
    else:
        cell = {"layout": "dynamic",
                "reservedWidth": {part: pick(rng, [0, 8, 12, 40, 76], [200, 10000])
                                  for part in subset(rng, ["leading", "avatar", "avatarSpacing", "bubbleLeading",
                                                           "bubbleTrailing", "trailing"], 0.8)},
                "reservedHeight": {part: pick(rng, [0, 8, 28, 34], [1000])
                                   for part in subset(rng, ["top", "bubbleTop", "bubbleBottom", "bottom"], 0.8)}}
        if chance(rng, 0.6):
            cell["font"] = rng.choice(ROLES)
        if chance(rng, 0.4):
            cell["maxLines"] = rng.choice([1, 2, 3, 8, 1000])
    if chance(rng, 0.4):
        cell["bubbleColor"] = color(rng)
    if chance(rng, 0.4):
        cell["textColor"] = color(rng)
    return cell


def amity_message(rng, index, senders, me, custom_types):
    sender = rng.choice(senders)
    kind = rng.choices(["text", "image", "video", "audio", "file", "deleted", "custom"], [6, 2, 1, 2, 2, 1, 2])[0]
    if kind == "custom":
        kind = rng.choice(custom_types)
    message = {"id": f"m{index}" if chance(rng, 0.95) else name(rng), "from": sender, "sentAt": instant(rng), "type": kind}
    deleted = kind == "deleted" or (kind in ("text", "image", "audio", "video", "file") and chance(rng, 0.08))
    if deleted and kind != "deleted":
        message["isDeleted"] = True
    elif kind == "deleted" and chance(rng, 0.3):
        message["isDeleted"] = True
    elif chance(rng, 0.05):
        message["isDeleted"] = False
    if kind in ("text", "deleted") or kind in custom_types:
        if not deleted or chance(rng, 0.4):
            message["text"] = hostile(rng)
    if kind in ("image", "video") or (kind in custom_types and chance(rng, 0.3)):
        if not deleted or chance(rng, 0.4):
            message["image"] = sized_image(rng)
    state = rng.choice(["synced", "syncing", "error"]) if chance(rng, 0.35 if sender == me else 0.08) else None
    if state:
        message["state"] = state
    if kind == "audio":
        audio = {"duration": rng.choice([0, 1, 4, 14, 59.5, 95, 3600, 31536000])} if chance(rng, 0.9) else {}
        if not deleted and state in (None, "synced") and chance(rng, 0.5):
            audio["playback"] = rng.choice(["idle", "loading", "playing"])
            if audio["playback"] == "playing" and chance(rng, 0.8):
                audio["elapsed"] = rng.choice([0, 1, 63, 3599.9, 31536000])
        message["audio"] = audio
    if kind == "file" and (not deleted or chance(rng, 0.4)):
        message["file"] = {"name": name(rng) + rng.choice(["", ".pdf", ".key", ".zip", ".tar.gz", ".", ".\u202egpj.exe"])}
        if chance(rng, 0.8):
            message["file"]["size"] = rng.choice([0, 1, 999, 1000, 482133, 18874368, 10 ** 12, 10 ** 18])
    if chance(rng, 0.15):
        message["editedAt"] = instant(rng)
    if chance(rng, 0.1):
        message["flagged"] = chance(rng, 0.8)
    return message


def amity_chat(rng, single):
    users = users_of(rng)
    senders = list(users) + (["nobody"] if chance(rng, 0.05) else [])
    me = rng.choice(list(users))
    custom_types = [rng.choice(["poll", "sticker", "x", "\u0645\u0631\u062d\u0628\u0627", "type with spaces"])]
    doc = {"kind": "message" if single else "chat"}
    if chance(rng, 0.95):
        doc["me"] = me
    doc["users"] = users
    if chance(rng, 0.15):
        doc["style"] = "amity"
    messages = [amity_message(rng, i, senders, me, custom_types) for i in range(1 if single else rng.randint(0, 12))]
    if single:
        doc["message"] = messages[0]
    else:
        doc["messages"] = messages
    cells = {}
    for message in messages:
        if message["type"] in custom_types and message["type"] not in cells and message["type"] + "Incoming" not in cells:
            if chance(rng, 0.5):
                cells[message["type"]] = amity_cell(rng)
            else:
                cells[message["type"] + "Incoming"] = amity_cell(rng)
                cells[message["type"] + "Outgoing"] = amity_cell(rng)
    for key in subset(rng, ["textIncoming", "textOutgoing", "imageIncoming", "imageOutgoing", "text", "audio", "file",
                            "video"], 0.06):
        cells[key] = amity_cell(rng)
    if cells:
        doc["cells"] = cells
    if not single and (chance(rng, 0.3) or not messages):
        doc["typing"] = subset(rng, list(users), 0.5) + (["nobody"] if chance(rng, 0.05) else [])
        if not messages and not [user for user in doc["typing"] if user != me]:
            doc["typing"].append(next(user for user in users if user != me))
    return common(rng, doc)


# MessageKit chats and single messages.

def mk_font(rng):
    font = {"size": rng.choice([0.1, 1, 6, 10, 13, 17, 34, 80, 500])}
    if chance(rng, 0.5):
        font["weight"] = rng.choice(["regular", "semibold", "bold"])
    if chance(rng, 0.3):
        font["italic"] = chance(rng, 0.5)
    if chance(rng, 0.3):
        font["family"] = rng.choice(FAMILIES)
    return font


def runs(rng, users):
    result = []
    for _ in range(rng.randint(1, 6)):
        run = {"text": hostile(rng, long=chance(rng, 0.2))}
        if chance(rng, 0.3):
            run["bold"] = chance(rng, 0.7)
        if chance(rng, 0.3):
            run["italic"] = chance(rng, 0.7)
        if chance(rng, 0.2):
            run["font"] = mk_font(rng)
        if chance(rng, 0.15):
            run["link"] = rng.choice(["https://example.com/offsite", "mailto:a@b.c", "", "not a url", name(rng)])
        if chance(rng, 0.15):
            run["mention"] = rng.choice(users)
        if chance(rng, 0.2):
            run["color"] = color(rng)
        result.append(run)
    return result


def mk_size(rng):
    if chance(rng, 0.5):
        return pick(rng, [0, 1, 24, 30, 40], [200, 10000])
    return {side: pick(rng, [0, 1, 24, 36], [300, 10000]) for side in subset(rng, ["width", "height"], 0.8)}


def mk_options(rng, level, users):
    """The options every MessageKit level takes (the message's, a kind's, a side's, the chat's)."""
    options = {}
    if chance(rng, 0.3):
        avatar = {}
        if chance(rng, 0.5):
            avatar["size"] = mk_size(rng)
        if chance(rng, 0.4):
            avatar["position"] = rng.choice(AVATAR_POSITIONS) if chance(rng, 0.5) else {
                key: value for key, value in [("horizontal", rng.choice(["natural", "cellLeading", "cellTrailing"])),
                                              ("vertical", rng.choice(AVATAR_POSITIONS))] if chance(rng, 0.8)}
        if chance(rng, 0.2):
            avatar["hidden"] = chance(rng, 0.5)
        if chance(rng, 0.3):
            if chance(rng, 0.5):
                avatar["initials"] = name(rng)
            else:
                avatar["initialsFromName"] = chance(rng, 0.8)
        if chance(rng, 0.3):
            avatar["color"] = color(rng)
        if chance(rng, 0.3):
            avatar["cornerRadius"] = pick(rng, [0, 4, 15], [10000])
        options["avatar"] = avatar
    if chance(rng, 0.2):
        options["messagePadding"] = insets(rng, signed=True)
    if chance(rng, 0.15):
        options["labelInsets"] = insets(rng)
    if chance(rng, 0.1):
        options["contactInsets"] = insets(rng)
    if chance(rng, 0.2):
        accessory = {}
        if level != "message":
            if chance(rng, 0.7):
                accessory["size"] = mk_size(rng)
            if chance(rng, 0.5):
                accessory["padding"] = {side: pick(rng, [0, 4, 8], [1000]) for side in subset(rng, ["left", "right"], 0.7)}
            if chance(rng, 0.4):
                accessory["position"] = rng.choice(AVATAR_POSITIONS)
        if chance(rng, 0.5):
            accessory["color"] = color(rng)
        if chance(rng, 0.3):
            accessory["cornerRadius"] = pick(rng, [0, 4, 12], [10000])
        options["accessoryView"] = accessory
    if chance(rng, 0.3):
        labels = {}
        for label in subset(rng, ["cellTop", "messageTop", "messageBottom", "cellBottom"], 0.5):
            entry = {}
            if chance(rng, 0.8):
                entry["height"] = pick(rng, [0, 1, 10, 16, 18, 20, 30], [200, 1000])
            if chance(rng, 0.3):
                entry["show"] = rng.choice(["always", "newDay", "newSender"])
            if chance(rng, 0.3):
                entry["alignment"] = rng.choice(["natural", "left", "center", "right"])
            if chance(rng, 0.2):
                entry["textInsets"] = insets(rng, signed=True)
            if chance(rng, 0.3):
                entry["text"] = hostile(rng)
            elif chance(rng, 0.15):
                entry["runs"] = runs(rng, users)
            if chance(rng, 0.3):
                entry["font"] = mk_font(rng)
            if chance(rng, 0.3):
                entry["color"] = color(rng)
            labels[label] = entry
        options["labels"] = labels
    if chance(rng, 0.35):
        bubble = {}
        style = rng.choice(["none", "bubble", "bubbleOutline", "bubbleTail", "bubbleTailOutline", "customImageTail",
                            "custom", None])
        if style:
            bubble["style"] = style
        if chance(rng, 0.3):
            bubble["tailCorner"] = rng.choice(CORNERS)
        if chance(rng, 0.3):
            bubble["tailStyle"] = rng.choice(["curved", "pointedEdge"])
        if chance(rng, 0.4):
            bubble["color"] = color(rng)
        if chance(rng, 0.2):
            bubble["outlineColor"] = color(rng)
        if style == "customImageTail" and chance(rng, 0.8) or chance(rng, 0.05):
            bubble["image"] = {"src": "assets/thought-bubble@2x.png" if chance(rng, 0.6) else image(rng)}
            if chance(rng, 0.5):
                bubble["image"]["scale"] = rng.choice([1, 2, 3])
        if style == "custom" and chance(rng, 0.8) or chance(rng, 0.05):
            bubble["mask"] = {"corners": subset(rng, CORNERS), "radius": pick(rng, [0, 4, 16, 17.5], [10000])}
        options["bubble"] = bubble
    if chance(rng, 0.15):
        options["textColor"] = color(rng)
    if chance(rng, 0.1):
        options["audioTintColor"] = color(rng)
    if chance(rng, 0.3 if level == "chat" else 0.1):
        detectors = {}
        if chance(rng, 0.8):
            detectors["enabled"] = subset(rng, DETECTORS, 0.6)
        if chance(rng, 0.3):
            detectors["styles"] = {}
            for detector in subset(rng, DETECTORS, 0.3):
                style = {}
                if chance(rng, 0.6):
                    style["color"] = color(rng)
                if chance(rng, 0.4):
                    style["underline"] = chance(rng, 0.5)
                if chance(rng, 0.3):
                    style["underlineColor"] = color(rng)
                detectors["styles"][detector] = style
        if chance(rng, 0.3):
            detectors["custom"] = []
            for _ in range(rng.randint(0, 4)):
                custom = {"pattern": rng.choice(PATTERNS) if chance(rng, 0.97) else rng.choice(["x*", "(", "[a-"])}
                if chance(rng, 0.5):
                    custom["color"] = color(rng)
                if chance(rng, 0.3):
                    custom["underline"] = chance(rng, 0.5)
                if chance(rng, 0.2):
                    custom["underlineColor"] = color(rng)
                detectors["custom"].append(custom)
        options["detectors"] = detectors
    return options


LEGACY = {"avatarSize": ("avatar", lambda rng: rng.choice([0, 30, 36, 500])),
          "avatarPosition": ("avatar", lambda rng: rng.choice(AVATAR_POSITIONS)),
          "bubbleStyle": ("bubble", lambda rng: rng.choice(["bubble", "bubbleTail", "bubbleTailPointed", "bubbleOutline",
                                                             "bubbleTailOutline", "none"])),
          "cellTopLabelHeight": ("labels", lambda rng: pick(rng, [0, 18], [1000])),
          "messageTopLabelHeight": ("labels", lambda rng: rng.choice([0, 20])),
          "messageBottomLabelHeight": ("labels", lambda rng: rng.choice([0, 16])),
          "cellBottomLabelHeight": ("labels", lambda rng: rng.choice([0, 12])),
          "incomingMessagePadding": ("incoming", lambda rng: insets(rng, signed=True)),
          "outgoingMessagePadding": ("outgoing", lambda rng: insets(rng, signed=True)),
          "incomingTextInsets": ("incoming", insets), "outgoingTextInsets": ("outgoing", insets),
          "incomingColor": ("incoming", color), "outgoingColor": ("outgoing", color)}
MK_TYPES = ["text", "attributedText", "emoji", "photo", "video", "location", "audio", "contact", "linkPreview", "custom"]


def mk_message(rng, index, senders, me, user_ids, custom_kinds):
    sender = rng.choice(senders)
    kind = rng.choices(MK_TYPES + ["own"], [5, 3, 2, 2, 1, 1, 1, 1, 2, 1, 1])[0]
    if kind == "own":
        kind = rng.choice(custom_kinds)
    message = {"id": f"m{index}" if chance(rng, 0.95) else name(rng), "from": sender, "sentAt": instant(rng), "type": kind}
    if kind in ("text", "linkPreview") or kind in custom_kinds or kind == "custom" and chance(rng, 0.6):
        message["text"] = hostile(rng)
    elif kind == "emoji":
        message["text"] = rng.choice(["\U0001F389\U0001F973", "\U0001F44D\U0001F3FD", "\U0001F1FA\U0001F1F8" * 5,
                                      "\u2764\ufe0f", "\U0001F468\u200d\U0001F469\u200d\U0001F467" * 3, "a", ""]) \
            if chance(rng, 0.7) else hostile(rng)
    elif kind == "attributedText":
        message["runs"] = runs(rng, user_ids)
    if kind in ("photo", "video"):
        message["image"] = sized_image(rng)
    elif kind == "location":
        message["location"] = {"latitude": rng.choice([-90, 0, 37.33, 89.999, 90]),
                               "longitude": rng.choice([-180, -122.03, 0, 139.7, 180])}
        for side in subset(rng, ["width", "height"], 0.3):
            message["location"][side] = pick(rng, [1, 100, 240], [0.5, 10000])
    elif kind == "audio":
        message["audio"] = {"duration": rng.choice([0, 1, 15, 65, 3725, 31536000])} if chance(rng, 0.9) else {}
        for side in subset(rng, ["width", "height"], 0.3):
            message["audio"][side] = pick(rng, [1, 35, 160], [0.5, 10000])
    elif kind == "contact":
        message["contact"] = {"displayName": name(rng)}
        if chance(rng, 0.4):
            message["contact"]["initials"] = name(rng)
    elif kind == "linkPreview":
        message["link"] = {"url": rng.choice(["https://example.com/offsite", "example.com", "", "mailto:x@y.z", name(rng)])}
        if chance(rng, 0.7):
            message["link"]["title"] = name(rng)
        if chance(rng, 0.7):
            message["link"]["teaser"] = name(rng)
        if chance(rng, 0.6):
            message["link"]["thumbnail"] = image(rng)
    elif kind == "custom" and ("text" not in message or chance(rng, 0.2)):
        message["custom"] = {side: pick(rng, [1, 130, 300], [0.5, 10000]) for side in subset(rng, ["width", "height"], 0.8)}
    if sender == me and chance(rng, 0.4):
        message["read"] = chance(rng, 0.6)
    if chance(rng, 0.15):
        message["messageKit"] = mk_options(rng, "message", user_ids)
        for part in subset(rng, ["header", "footer"], 0.2):
            message["messageKit"][part] = {"height": pick(rng, [0, 8, 100], [10000])}
    return message


def mk_chat(rng, single):
    users = users_of(rng)
    user_ids = list(users)
    senders = user_ids + (["nobody"] if chance(rng, 0.05) else [])
    me = rng.choice(user_ids)
    custom_kinds = [rng.choice(["poll", "sticker", "system", "\u05e1\u05e7\u05e8", "k"])]
    doc = {"kind": "message" if single else "chat", "style": "messagekit"}
    if chance(rng, 0.95):
        doc["me"] = me
    doc["users"] = users
    messages = [mk_message(rng, i, senders, me, user_ids, custom_kinds) for i in range(1 if single else rng.randint(0, 12))]
    if single:
        doc["message"] = messages[0]
    else:
        doc["messages"] = messages
    settings = mk_options(rng, "chat", user_ids) if chance(rng, 0.7) else {}
    if chance(rng, 0.2):
        settings["sectionInset"] = insets(rng)
    if chance(rng, 0.2):
        settings["avatarLeadingTrailingPadding"] = pick(rng, [0, 4, 8], [1000])
    if chance(rng, 0.15):
        settings["typingIndicator"] = {side: pick(rng, [0, 1, 62, 200], [10000]) for side in subset(rng, ["width", "height"])}
    for part in subset(rng, ["header", "footer"], 0.15):
        settings[part] = {"height": pick(rng, [0, 8, 100], [1000])}
    if chance(rng, 0.15):
        settings["backgroundColor"] = color(rng)
    if chance(rng, 0.2):
        settings["mirror"] = chance(rng, 0.7)
    for side in subset(rng, ["incoming", "outgoing"], 0.3):
        settings[side] = mk_options(rng, "side", user_ids)
    kinds = {}
    if any(message["type"] in custom_kinds for message in messages) or chance(rng, 0.1):
        kind = {"size": {"width": pick(rng, [30, 300], [0.5, 10000]), "height": pick(rng, [44, 130], [0.5, 10000])}} \
            if chance(rng, 0.5) else {"fontSize": rng.choice([0.1, 1, 13, 17, 100, 500])}
        kinds[custom_kinds[0]] = kind
    for name_ in subset(rng, MK_TYPES, 0.08):
        kinds[name_] = mk_options(rng, "kind", user_ids)
        if name_ == "custom" and chance(rng, 0.3):
            kinds[name_]["size"] = {"width": rng.choice([1, 300]), "height": rng.choice([1, 130])}
    for kind in kinds.values():
        if chance(rng, 0.2):
            kind["avatarLeadingTrailingPadding"] = pick(rng, [0, 8], [1000])
        for side in subset(rng, ["incoming", "outgoing"], 0.15):
            kind[side] = mk_options(rng, "side", user_ids)
        if chance(rng, 0.1) and "bubble" not in kind:
            kind["color"] = color(rng)
        if chance(rng, 0.1) and "avatar" not in kind:
            key = rng.choice(["avatarSize", "avatarPosition"])
            kind[key] = LEGACY[key][1](rng)
    if kinds:
        settings["kinds"] = kinds
    for key in subset(rng, list(LEGACY), 0.04):
        newer, make = LEGACY[key]
        if newer not in settings:
            settings[key] = make(rng)
    if settings:
        doc["messageKit"] = settings
    if not single and (chance(rng, 0.3) or not messages):
        doc["typing"] = subset(rng, user_ids, 0.5)
        if not messages and not [user for user in doc["typing"] if user != me]:
            doc["typing"].append(next(user for user in user_ids if user != me))
    return common(rng, doc, typography=False)


# Feed posts, comments and the share sheet.

def post_user(rng, ids):
    user = {"id": rng.choice(ids)}
    if chance(rng, 0.85):
        user["displayName"] = name(rng)
    if chance(rng, 0.5):
        user["avatar"] = image(rng)
    if chance(rng, 0.1):
        user["isGlobalBanned"] = chance(rng, 0.8)
    return user


def comment(rng, ids, where, number_):
    """A preview comment, a post detail's comment (with replies) or a reply."""
    deleted = where != "preview" and chance(rng, 0.15)
    result = {}
    if chance(rng, 0.8):
        result["id"] = f"c{number_}" if chance(rng, 0.9) else name(rng)
    if not deleted or chance(rng, 0.3):
        result["author"] = post_user(rng, ids)
        result["text"], mentions = mentioned(rng, ids)
        result["createdAt"] = instant(rng)
        if mentions:
            result["mentions"] = mentions
    if deleted:
        result["isDeleted"] = True
    elif where != "preview" and chance(rng, 0.05):
        result["isDeleted"] = False
    if chance(rng, 0.15):
        result["editedAt"] = instant(rng)
    if chance(rng, 0.4):
        result["likes"] = rng.choice(COUNTS)
    if chance(rng, 0.2):
        result["isLiked"] = chance(rng, 0.6)
    if chance(rng, 0.15):
        result["isModerator"] = chance(rng, 0.8)
    if chance(rng, 0.1):
        result["isExpanded"] = chance(rng, 0.8)
    if where == "detail":
        replies = [comment(rng, ids, "reply", f"{number_}.r{k}") for k in range(rng.choice([0, 0, 1, 3, 6]))]
        if replies:
            result["replies"] = replies
        shown = len([reply for reply in replies if not reply.get("isDeleted")])
        if chance(rng, 0.5):
            result["replyCount"] = shown + rng.choice([0, 0, 1, 5, 10 ** 15 - shown])
        if chance(rng, 0.3):
            result["shownReplies"] = rng.choice([1, 2, 3, 5, 1000000])
    elif where == "preview" and chance(rng, 0.3):
        result["replyCount"] = rng.choice(COUNTS)
    return result


def poll(rng, ids):
    multiple = chance(rng, 0.4)
    answers = []
    for k in range(rng.choice([2, 2, 3, 4, 7])):
        answer = {}
        if chance(rng, 0.9):
            answer["id"] = f"a{k}"
        if chance(rng, 0.95):
            answer["text"] = hostile(rng)
        if chance(rng, 0.7):
            answer["votes"] = rng.choice(COUNTS)
        if chance(rng, 0.2):
            answer["isVotedByMe"] = chance(rng, 0.7)
        answers.append(answer)
    selectable = answers if multiple else answers[:1]
    for answer in subset(rng, selectable, 0.2):
        answer["isSelected"] = True
    result = {"answers": answers}
    if chance(rng, 0.9):
        result["question"] = name(rng)
    if chance(rng, 0.5):
        result["isMultipleChoice"] = multiple
    if chance(rng, 0.3):
        result["isClosed"] = chance(rng, 0.5)
    if chance(rng, 0.5):
        result["closesAt"] = rng.choice([instant(rng), "2026-12-01T15:00:00Z", "2026-11-29T12:00:30Z", "2030-01-01T00:00:00Z"])
    if chance(rng, 0.2):
        result["totalVotes"] = rng.choice(COUNTS)
    if chance(rng, 0.2):
        result["isVoted"] = chance(rng, 0.5)
    return result


def post(rng, number_, ids, detail):
    data_type = rng.choices(["text", "image", "video", "file", "poll", "liveStream", "other", None], [5, 2, 1, 2, 2, 1, 1, 2])[0]
    if data_type == "other":
        data_type = rng.choice(["quiz", "", "TEXT", name(rng)])
    result = {"id": f"p{number_}" if chance(rng, 0.9) else name(rng), "author": post_user(rng, ids), "createdAt": instant(rng)}
    if data_type is not None:
        result["dataType"] = data_type
    kind = data_type or "text"
    if chance(rng, 0.7):
        result["origin"] = rng.choice(ORIGINS)
    if chance(rng, 0.35):
        result["community"] = {"name": name(rng)}
        for key in subset(rng, ["id", "isOfficial", "isPublic", "isJoined"], 0.4):
            result["community"][key] = name(rng) if key == "id" else chance(rng, 0.6)
    body, mentions = mentioned(rng, ids)
    if kind != "poll" or chance(rng, 0.5):
        if body or chance(rng, 0.5):
            result["text"] = body
        if mentions and "text" in result and kind != "poll":
            result["mentions"] = mentions
    if kind in ("image", "video") or kind == "text" and chance(rng, 0.05):
        result["images"] = [sized_image(rng) for _ in range(rng.choice([1, 1, 2, 3, 4, 5, 8]))]
    elif kind == "file" or kind == "text" and chance(rng, 0.05):
        files = []
        for _ in range(rng.choice([1, 1, 2, 5, 6, 8])):
            file = {"name": name(rng) + rng.choice(["", ".pdf", ".doc", ".xlsx", ".mp4", ".zip", ".", ".\u202efdp.exe"])}
            if chance(rng, 0.8):
                file["size"] = rng.choice([0, 1, 999, 1000, 482133, 18874368, 10 ** 12, 10 ** 18])
            if chance(rng, 0.2):
                file["extension"] = rng.choice(["pdf", "PDF", "", "mp3", "avi", "txt", name(rng)])
            files.append(file)
        result["files"] = files
    if kind == "poll":
        result["poll"] = poll(rng, ids)
        question, question_mentions = mentioned(rng, ids)
        if chance(rng, 0.3) and len(question) < 1000:
            result["poll"]["question"] = question
            if question_mentions:
                result["mentions"] = question_mentions
    if kind == "liveStream":
        result["liveStream"] = {"status": rng.choice(["live", "recorded", "ended", "idle"])}
        if chance(rng, 0.6):
            result["liveStream"]["thumbnail"] = image(rng)
        if chance(rng, 0.6):
            result["liveStream"]["streamId"] = name(rng)
    if kind == "text" and "images" not in result and "files" not in result and chance(rng, 0.25):
        preview = {}
        if chance(rng, 0.3):
            preview["url"] = pick(rng, ["https://example.com/trail", "https://\u4f8b\u3048.jp/", "http://x.io"], ["example.com", ""])
        else:
            result["text"] = result.get("text", "") + " " + rng.choice(["https://example.com/trail", "www.example.org/a",
                                                                        "example.com/offsite"])
        for key in subset(rng, ["state", "title", "image"], 0.6):
            preview[key] = {"state": rng.choice(["loaded", "failed", "loading"]), "title": name(rng), "image": image(rng)}[key]
        result["linkPreview"] = preview
    for key in subset(rng, ["likes", "comments", "shares"], 0.5):
        result[key] = rng.choice(COUNTS)
    for key in subset(rng, ["isLiked", "isModerator", "isExpanded"], 0.15):
        result[key] = chance(rng, 0.7)
    if chance(rng, 0.1):
        result["isPending"] = True
        if chance(rng, 0.5):
            result["canReview"] = chance(rng, 0.8)
    elif chance(rng, 0.03):
        result["isPending"] = False
    if chance(rng, 0.15):
        result["editedAt"] = instant(rng)
    if chance(rng, 0.5) and not detail:
        result["previewComments"] = [comment(rng, ids, "preview", k) for k in range(rng.choice([1, 1, 2, 3, 5]))]
    if detail:
        result["commentList"] = [comment(rng, ids, "detail", k) for k in range(rng.choice([0, 1, 2, 4]))]
    if chance(rng, 0.1):
        cells = ["header", "text", "footer", "comments", "placeholder"] + \
            [cell for cell, field in [("gallery", "images"), ("file", "files"), ("poll", "poll"),
                                      ("liveStream", "liveStream"), ("linkPreview", "linkPreview")] if field in result] + \
            (["pendingActions"] if result.get("isPending") else [])
        components = []
        for _ in range(rng.randint(0, 6)):
            if chance(rng, 0.6):
                cell = rng.choice(cells)
                components.append(cell if chance(rng, 0.8) else {"type": cell, "id": "ignored", "height": 3})
            else:
                custom = {"type": "custom"}
                if chance(rng, 0.7):
                    custom["id"] = name(rng)
                if chance(rng, 0.6):
                    custom["text"] = hostile(rng)
                if "text" not in custom or chance(rng, 0.3):
                    custom["height"] = pick(rng, [1, 44, 120], [0.5, 10000])
                for key in subset(rng, ["font", "color", "background", "image", "padding"], 0.4):
                    custom[key] = {"font": rng.choice(ROLES), "color": color(rng), "background": color(rng),
                                   "image": image(rng), "padding": pick(rng, [0, 8, 16], [500])}[key]
                components.append(custom)
        result["components"] = components
    return result


def sharing(rng):
    return {origin: [rng.choice(TARGETS) for _ in range(rng.choice([0, 1, 2, 2, 3, 3, 5]))] for origin in subset(rng, ORIGINS, 0.4)}


def feed(rng, single):
    ids = ["u1", "u2", "u3", "u4"] + ([name(rng)] if chance(rng, 0.1) else [])
    doc = {"kind": "post" if single else "feed"}
    if chance(rng, 0.9):
        doc["viewer"] = rng.choice(ids)
    detail = single and chance(rng, 0.35)
    if single:
        doc["post"] = post(rng, 0, ids, detail)
        if detail and chance(rng, 0.3):
            doc["display"] = "detail"
        elif not detail and chance(rng, 0.3):
            doc["display"] = rng.choice(["feed", "detail"])
    else:
        doc["posts"] = [post(rng, k, ids, False) for k in range(rng.choice([1, 1, 2, 3, 5, 8]))]
    if chance(rng, 0.2):
        doc["sharing"] = sharing(rng)
    if chance(rng, 0.2):
        doc["screenHeight"] = rng.choice([1, 100, 568, 812, 932, 10000])
    return common(rng, doc)


def share_sheet(rng):
    doc = {"kind": "shareSheet", "origin": rng.choice(ORIGINS)}
    if chance(rng, 0.7):
        doc["postId"] = name(rng)
    if chance(rng, 0.6):
        doc["sharing"] = sharing(rng)
    return common(rng, doc)


def any_document(rng):
    """One random document of any kind (--documents all)."""
    maker = rng.choices([lambda: amity_chat(rng, False), lambda: amity_chat(rng, True), lambda: mk_chat(rng, False),
                         lambda: mk_chat(rng, True), lambda: feed(rng, False), lambda: feed(rng, True),
                         lambda: share_sheet(rng), lambda: document(rng)], [22, 7, 22, 7, 14, 16, 5, 7])[0]
    return maker()


def dumps(doc):
    """The document's JSON: UTF-8 text, with \\u escapes only when a text holds a lone surrogate."""
    data = json.dumps(doc, ensure_ascii=False)
    try:
        data.encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(doc)
    return data


def render(binary, paths, output):
    """The finished `feedshot render` of `paths` into `output`, one at a time in one process (None: it hung)."""
    try:
        return subprocess.run([binary, "render", *paths, "--out-dir", output, "--jobs", "1", "--quiet", "--assets", ASSETS],
                              capture_output=True, text=True, errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None


TIMEOUT = 120


def failure(binary, paths, output, run=None):
    """The kind of failure rendering `paths` in one process gives ("abort", "internal", "hang") and its message, or None."""
    run = run or render(binary, paths, output)
    if run is None:
        return "hang", f"no answer in {TIMEOUT} s"
    if run.returncode < 0 or run.returncode >= 128:
        return "abort", run.stderr.strip()[-600:]
    internal = [line for line in run.stderr.splitlines() if "internal error" in line]
    return ("internal", internal[0]) if internal else None


def nodes(value, path=()):
    """The paths of every list, object and string in `value`, outermost first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, path + (index,))


def at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def reduce(binary, doc, kind, scratch):
    """`doc` made smaller while rendering it alone still fails with `kind`: array elements (messages, posts,
    comments, replies, runs, …) and object fields deleted one by one, then ddmin over every string's characters."""
    path = os.path.join(scratch, "candidate.json")

    def fails(candidate):
        with open(path, "w", encoding="utf-8") as file:
            file.write(dumps(candidate))
        found = failure(binary, [path], scratch)
        return found is not None and found[0] == kind

    if not fails(doc):
        return doc  # fails only after the documents rendered before it in the same process
    smaller = True
    while smaller:
        smaller = False
        for where, container in list(nodes(doc)):
            if not isinstance(container, (list, dict)):
                continue
            keys = list(range(len(container)))[::-1] if isinstance(container, list) else list(container)
            for key in keys:
                candidate = copy.deepcopy(doc)
                try:
                    del at(candidate, where)[key]
                except (KeyError, IndexError, TypeError):
                    break  # an earlier deletion moved this container
                if fails(candidate):
                    doc, smaller = candidate, True
    strings = [where for where, value in nodes(doc) if isinstance(value, str)]
    for where in strings:
        characters, parts = list(at(doc, where)), 2
        while len(characters) >= 2:
            chunk, reduced = max(1, len(characters) // parts), False
            for start in range(0, len(characters), chunk):
                rest = characters[:start] + characters[start + chunk:]
                candidate = copy.deepcopy(doc)
                at(candidate, where[:-1])[where[-1]] = "".join(rest)
                if rest and fails(candidate):
                    characters, doc, parts, reduced = rest, candidate, max(parts - 1, 2), True
                    break
            if not reduced:
                if parts >= len(characters):
                    break
                parts = min(len(characters), parts * 2)
    return doc


def refusal(line):
    """A refusal's message with the file name, indices and quoted values taken out, to count alike ones together."""
    line = re.sub(r"^(feedshot: )?(\S*/)?s\d+-d\d+\.json: ", "", line)
    line = re.sub(r"\[\d+\]", "[]", line)
    line = re.sub(r'"[^"]*"', '"…"', line)
    line = re.sub(r"\(got [^)]*\)", "(got …)", line)
    return line[:140]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1-600", help="first-last (default 1-600)")
    parser.add_argument("--documents", choices=["text", "all"], default="all",
                        help="all (default): every kind and field; text: the text chats and posts of before")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/feedshot"))
    parser.add_argument("--out", default=os.path.join(ROOT, ".build/random-documents"), help="where reduced findings go")
    parser.add_argument("--keep", metavar="DIR", help="also write every document to DIR (s<seed>-d<n>.json)")
    arguments = parser.parse_args()
    first, last = (int(part) for part in arguments.seeds.split("-"))
    make = document if arguments.documents == "text" else any_document
    os.makedirs(arguments.out, exist_ok=True)
    if arguments.keep:
        os.makedirs(arguments.keep, exist_ok=True)
    findings, rendered, done, refusals, started = 0, 0, 0, collections.Counter(), time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            output = os.path.join(scratch, "out")
            for seed in range(first, last + 1):
                rng = random.Random(seed)
                docs, paths = [make(rng) for _ in range(10)], []
                for index, doc in enumerate(docs):
                    paths.append(os.path.join(scratch, f"s{seed}-d{index}.json"))
                    for folder in [scratch] + ([arguments.keep] if arguments.keep else []):
                        with open(os.path.join(folder, f"s{seed}-d{index}.json"), "w", encoding="utf-8") as file:
                            file.write(dumps(doc))
                os.makedirs(output, exist_ok=True)
                run = render(arguments.binary, paths, output)
                for path in paths:
                    image_ = os.path.join(output, os.path.basename(path)[:-5] + ".png")
                    if os.path.exists(image_):
                        rendered += 1
                        os.remove(image_)
                for line in (run.stderr.splitlines() if run else []):
                    if re.match(r"^(feedshot: )?(\S*/)?s\d+-d\d+\.json: (?!warning: |internal error: )", line):
                        refusals[refusal(line)] += 1
                done += 1
                found = failure(arguments.binary, paths, scratch, run)
                if seed % 100 == 0:
                    print(f"seed {seed}: {10 * done} documents, {rendered} rendered, {findings} findings, "
                          f"{10 * done / (time.monotonic() - started):.1f} documents/s", flush=True)
                if found is None:
                    continue
                findings += 1
                kind, message = found
                culprit = next((doc for doc, path in zip(docs, paths) if failure(arguments.binary, [path], scratch)),
                               docs[-1])
                reduced = reduce(arguments.binary, culprit, kind, scratch)
                name_ = os.path.join(arguments.out, f"{kind}-seed{seed}.json")
                with open(name_, "w", encoding="utf-8") as file:
                    file.write(dumps(reduced))
                with open(name_[:-5] + ".txt", "w", encoding="utf-8") as file:
                    file.write(message + "\n")
                print(f"seed {seed}: {kind}: {message.splitlines()[-1] if message else ''}\n  reduced: {name_}", flush=True)
    except KeyboardInterrupt:
        print(f"interrupted after seed {first + done - 1}")
    documents, elapsed = 10 * done, time.monotonic() - started
    print(f"{done} seeds, {documents} documents, {findings} findings; {rendered} rendered "
          f"({100 * rendered / max(documents, 1):.1f} %), {documents - rendered} not; {elapsed:.0f} s, "
          f"{documents / max(elapsed, 0.001):.1f} documents/s")
    for line, count in refusals.most_common(15):
        print(f"  {count:6d}  {line}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())

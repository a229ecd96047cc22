#!/usr/bin/python3
"""Feedshot's bubble against a warm headless Chromium and Python Pango/Cairo, in one run.

Each round measures, one after the other on the same machine: `feedshot bench --only bubble`
(JSON document -> PNG bytes, one thread), a warm headless Chromium drawing the same bubble from the
same JSON as HTML and CSS and taking a PNG screenshot (driven over the Chrome DevTools protocol on
a pipe: no Playwright, no websocket library), and Python drawing it with Pango and Cairo through
PyGObject and writing the PNG with Cairo's writer. All three draw with Feedshot's fonts (a
fontconfig file naming fonts/). Rounds interleave so a noisy minute on a shared machine hits all
three; the ratios are per round and the summary gives their medians.

    bench/compare.py [--seconds 2] [--rounds 3] [--feedshot .build/release/feedshot] [--json]

Needs: a release build of feedshot, Chromium (Debian's chromium), Debian's python3-gi,
python3-gi-cairo and gir1.2-pango-1.0 (`scripts/install-deps --bench`). Run it with the system
Python, where PyGObject is installed.
"""

import argparse
import base64
import fcntl
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fontconfig_file(directory):
    """A fontconfig file naming only Feedshot's fonts, so every contestant draws with them."""
    path = os.path.join(directory, "fonts.conf")
    with open(path, "w") as out:
        out.write(
            '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
            f"<fontconfig><dir>{ROOT}/fonts</dir><cachedir>{directory}/cache</cachedir>"
            "<alias><family>sans-serif</family><prefer><family>Feedshot Inter</family></prefer></alias>"
            "</fontconfig>\n"
        )
    return path


def timed(seconds, body, minimum=10, warm_up=3):
    """Median and count of `body`'s wall time over `seconds` (at least `minimum` runs)."""
    for _ in range(warm_up):
        body()
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(samples) < minimum:
        start = time.perf_counter()
        body()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), len(samples)


def check_png(data, who):
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise SystemExit(f"{who} did not return a PNG")
    return data


# --- Python Pango/Cairo ------------------------------------------------------------------------


def python_renderer():
    """A function from the bubble's JSON bytes to PNG bytes: Amity's incoming text cell (avatar,
    name, grey bubble with the text, time), laid out with Pango and drawn with Cairo."""
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    import cairo
    from gi.repository import Pango, PangoCairo

    def render(data):
        document = json.loads(data)
        message = document["message"]
        sender = document["users"][message["from"]]["displayName"]
        width = document["width"]
        scale = document["scale"]
        text_width = width - 140
        measure = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))

        def layout(cr, text, size, weight=Pango.Weight.NORMAL, wrap_width=None):
            pango = PangoCairo.create_layout(cr)
            font = Pango.FontDescription()
            font.set_family("Feedshot Inter")
            font.set_weight(weight)
            font.set_absolute_size(size * Pango.SCALE)
            pango.set_font_description(font)
            if wrap_width:
                pango.set_width(int(wrap_width * Pango.SCALE))
                pango.set_wrap(Pango.WrapMode.WORD_CHAR)
            pango.set_text(text, -1)
            return pango

        body = layout(measure, message["text"], 15, wrap_width=text_width - 24)
        _, logical = body.get_pixel_extents()
        bubble_height = logical.height + 20
        stamp = message["sentAt"][11:16]
        height = 16 + 20 + bubble_height + 12 + 18
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, int(width * scale), int(height * scale))
        cr = cairo.Context(surface)
        cr.scale(scale, scale)
        cr.set_source_rgb(1, 1, 1)
        cr.paint()
        cr.arc(36, 32, 20, 0, 6.2832)
        cr.set_source_rgb(0.84, 0.87, 0.91)
        cr.fill()
        cr.set_source_rgb(0.16, 0.17, 0.2)
        cr.move_to(68, 16)
        PangoCairo.show_layout(cr, layout(cr, sender, 13, Pango.Weight.SEMIBOLD))
        x, y, w, h, r = 68, 36, logical.width + 24, bubble_height, 12
        cr.new_sub_path()
        cr.arc(x + w - r, y + r, r, -1.5708, 0)
        cr.arc(x + w - r, y + h - r, r, 0, 1.5708)
        cr.arc(x + r, y + h - r, r, 1.5708, 3.1416)
        cr.arc(x + r, y + r, r, 3.1416, 4.7124)
        cr.close_path()
        cr.set_source_rgb(0.92, 0.93, 0.94)
        cr.fill()
        cr.set_source_rgb(0.16, 0.17, 0.2)
        cr.move_to(x + 12, y + 10)
        PangoCairo.show_layout(cr, layout(cr, message["text"], 15, wrap_width=text_width - 24))
        cr.set_source_rgb(0.54, 0.56, 0.6)
        cr.move_to(x + w + 4, y + h - 14)
        PangoCairo.show_layout(cr, layout(cr, stamp, 11))
        out = io.BytesIO()
        surface.write_to_png(out)
        return out.getvalue()

    return render


# --- Chromium over the DevTools protocol ---------------------------------------------------------

PAGE = """<!doctype html><html><head><style>
body { margin: 0; font-family: 'Feedshot Inter', sans-serif; background: #fff; }
#cell { position: relative; width: 375px; }
.avatar { position: absolute; left: 16px; top: 12px; width: 40px; height: 40px; border-radius: 20px; background: #d6dee8; }
.name { position: absolute; left: 68px; top: 16px; font: 600 13px 'Feedshot Inter'; color: #292b32; }
.row { position: absolute; left: 68px; top: 36px; display: flex; align-items: flex-end; }
.bubble { max-width: 211px; padding: 10px 12px; border-radius: 12px; background: #ebedef; font: 15px 'Feedshot Inter';
          color: #292b32; overflow-wrap: anywhere; }
.time { margin-left: 4px; font: 11px 'Feedshot Inter'; color: #898e99; white-space: nowrap; }
</style></head><body><div id="cell"></div><script>
function render(document_) {
  const message = document_.message, cell = document.getElementById('cell');
  cell.style.width = document_.width + 'px';
  cell.innerHTML = '';
  const add = (parent, cls, text) => { const e = document.createElement('div'); e.className = cls;
    if (text !== undefined) e.textContent = text; parent.appendChild(e); return e; };
  add(cell, 'avatar');
  add(cell, 'name', document_.users[message.from].displayName);
  const row = add(cell, 'row');
  const bubble = add(row, 'bubble', message.text);
  add(row, 'time', message.sentAt.slice(11, 16));
  const height = 36 + row.getBoundingClientRect().height + 30;
  cell.style.height = height + 'px';
  return height;
}
</script></body></html>"""


class Chromium:
    """A headless Chromium driven over --remote-debugging-pipe (JSON messages ending in NUL on
    file descriptors 3 and 4), with one page kept open: warm."""

    def __init__(self, executable, fontconfig, scale):
        to_chrome_read, self._write = os.pipe()
        self._read, from_chrome_write = os.pipe()
        # The child's ends, moved to 10 and up so that putting them at 3 and 4 overwrites neither.
        def above_ten(fd):
            moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
            os.close(fd)
            return moved

        to_chrome_read, from_chrome_write = above_ten(to_chrome_read), above_ten(from_chrome_write)

        def child_fds():
            os.dup2(to_chrome_read, 3)
            os.dup2(from_chrome_write, 4)

        self._profile = tempfile.TemporaryDirectory()
        env = dict(os.environ, FONTCONFIG_FILE=fontconfig)
        self._process = subprocess.Popen(
            [executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--hide-scrollbars", "--no-first-run", f"--user-data-dir={self._profile.name}",
             f"--force-device-scale-factor={scale}", "about:blank"],
            pass_fds=(3, 4, to_chrome_read, from_chrome_write), preexec_fn=child_fds, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_read)
        os.close(from_chrome_write)
        self._next_id = 0
        self._buffer = b""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=375, height=800, deviceScaleFactor=scale,
                  mobile=False, session=True)
        self.call("Page.enable", session=True)
        frame = self.call("Page.getFrameTree", session=True)["frameTree"]["frame"]["id"]
        self.call("Page.setDocumentContent", frameId=frame, html=PAGE, session=True)
        self.call("Runtime.evaluate", expression="document.fonts.ready.then(() => 1)", awaitPromise=True,
                  session=True)

    def call(self, method, session=False, **params):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self._session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self._buffer:
                chunk = os.read(self._read, 1 << 20)
                if not chunk:
                    raise SystemExit("Chromium closed the DevTools pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise SystemExit(f"Chromium: {method}: {reply['error']}")
                return reply["result"]

    def render(self, data):
        """The bubble of `data` (the JSON document's bytes) as PNG bytes: the page builds it from
        the JSON, then a screenshot of its box."""
        result = self.call("Runtime.evaluate", expression=f"render({data.decode()})", returnByValue=True,
                           session=True)
        height = result["result"]["value"]
        shot = self.call("Page.captureScreenshot", format="png", session=True,
                         clip={"x": 0, "y": 0, "width": 375, "height": height, "scale": 1})
        return base64.b64decode(shot["data"])

    def close(self):
        self._process.terminate()
        self._process.wait()
        self._profile.cleanup()


# --- Feedshot ---------------------------------------------------------------------------------------


def feedshot_bubble(executable, seconds):
    """`feedshot bench --only bubble`: the bubble's median and its split, in seconds."""
    output = subprocess.run(
        [executable, "bench", "--only", "bubble", "--seconds", str(seconds), "--json",
         "--inputs", os.path.join(ROOT, "bench")], check=True, capture_output=True, cwd=ROOT).stdout
    report = json.loads(output)
    return report["render"]["median"], report["splitMedianSeconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--feedshot", default=os.path.join(ROOT, ".build/release/feedshot"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    with open(os.path.join(ROOT, "bench/bubble.json"), "rb") as file:
        bubble = file.read()
    scale = json.loads(bubble)["scale"]
    with tempfile.TemporaryDirectory() as directory:
        fonts = fontconfig_file(directory)
        os.environ["FONTCONFIG_FILE"] = fonts
        python = python_renderer()
        check_png(python(bubble), "Python Pango/Cairo")
        chromium = Chromium(arguments.chromium, fonts, scale)
        try:
            check_png(chromium.render(bubble), "Chromium")
            rounds = []
            for index in range(arguments.rounds):
                feedshot, split = feedshot_bubble(arguments.feedshot, arguments.seconds)
                browser, browser_count = timed(arguments.seconds, lambda: chromium.render(bubble))
                cairo, cairo_count = timed(arguments.seconds, lambda: python(bubble))
                rounds.append({"feedshot": feedshot, "split": split, "chromium": browser, "python": cairo,
                               "chromiumSamples": browser_count, "pythonSamples": cairo_count,
                               "overChromium": browser / feedshot, "overPython": cairo / feedshot})
                if not arguments.json:
                    print(f"round {index + 1}: feedshot {feedshot * 1e3:.3f} ms "
                          f"(parse {split['parse'] * 1e3:.3f} · layout {split['layout'] * 1e3:.3f} · "
                          f"draw {split['draw'] * 1e3:.3f} · encode {split['encode'] * 1e3:.3f}) · "
                          f"Chromium {browser * 1e3:.1f} ms ({browser / feedshot:.0f}×) · "
                          f"Python Pango/Cairo {cairo * 1e3:.2f} ms ({cairo / feedshot:.1f}×)", flush=True)
        finally:
            chromium.close()
    summary = {key: statistics.median(r[key] for r in rounds)
               for key in ("feedshot", "chromium", "python", "overChromium", "overPython")}
    if arguments.json:
        print(json.dumps({"rounds": rounds, "medians": summary, "cores": os.cpu_count()}, indent=2))
    else:
        print(f"medians of {len(rounds)} rounds on {os.cpu_count()} cores: feedshot {summary['feedshot'] * 1e3:.3f} ms · "
              f"{summary['overChromium']:.0f}× faster than warm Chromium ({summary['chromium'] * 1e3:.1f} ms) · "
              f"{summary['overPython']:.1f}× faster than Python Pango/Cairo ({summary['python'] * 1e3:.2f} ms)")


if __name__ == "__main__":
    sys.exit(main())

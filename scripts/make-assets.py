#!/usr/bin/env python3
"""Generates the example and golden images in examples/assets/ with Pillow: two avatars (Ann as
JPEG and GIF, Bob as PNG and WebP, each pair the same picture, for the decoder tests; Bob also as
an animated WebP and Ann as a CMYK JPEG) and two
photos (a beach, 800 x 600 JPEG; a sunset, 600 x 800 PNG) and a bubble image for MessageKit's
`.customImageTail` (thought-bubble@2x.png). Drawn here, so they carry no one
else's rights (examples/assets/LICENSE).

They are made to look like an app's content, not placeholders: avatars are head-and-shoulders
portraits on a saturated background that fills the whole square, so the circle an app clips them
to stands out from a white or dark list and nothing in them is white; photos are mid to dark in
their middle, so the white "+ N" the Amity gallery draws over its fourth tile (without an
overlay) stays readable.

Deterministic: the same Pillow gives the same bytes (fixed seeds, no timestamps).

Usage: scripts/make-assets.py [examples/assets]"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

AVATAR = 160


def portrait(background, shirt, skin, hair, collar):
    """A head-and-shoulders portrait on `background`, 4x supersampled."""
    s = AVATAR * 4
    im = Image.new('RGB', (s, s), background)
    d = ImageDraw.Draw(im)
    # A soft light from the top left on the background.
    glow = Image.new('L', (s, s), 0)
    ImageDraw.Draw(glow).ellipse((-s * 0.4, -s * 0.5, s * 0.8, s * 0.7), fill=70)
    glow = glow.filter(ImageFilter.GaussianBlur(s / 8))
    im = Image.composite(Image.new('RGB', (s, s), tuple(min(255, c + 40) for c in background)), im, glow)
    d = ImageDraw.Draw(im)
    # Shoulders: a wide rounded shirt reaching past the bottom edge.
    d.ellipse((s * 0.10, s * 0.70, s * 0.90, s * 1.45), fill=shirt)
    d.polygon([(s * 0.40, s * 0.72), (s * 0.50, s * 0.86), (s * 0.60, s * 0.72)], fill=collar)
    # Neck, head, hair.
    d.rectangle((s * 0.43, s * 0.55, s * 0.57, s * 0.76), fill=tuple(max(0, c - 25) for c in skin))
    d.ellipse((s * 0.31, s * 0.22, s * 0.69, s * 0.66), fill=skin)
    d.chord((s * 0.29, s * 0.16, s * 0.71, s * 0.58), 180, 360, fill=hair)
    d.ellipse((s * 0.29, s * 0.24, s * 0.38, s * 0.50), fill=hair)
    d.ellipse((s * 0.62, s * 0.24, s * 0.71, s * 0.50), fill=hair)
    return im.resize((AVATAR, AVATAR), Image.LANCZOS)


def grain(im, seed, amount):
    """Film grain, so a flat illustration reads as a photograph."""
    rnd = random.Random(seed)
    noise = Image.new('L', im.size)
    noise.putdata([128 + int(rnd.gauss(0, amount)) for _ in range(im.size[0] * im.size[1])])
    noise = noise.filter(ImageFilter.GaussianBlur(0.6))
    return Image.blend(im, Image.merge('RGB', (noise, noise, noise)), 0.06)


def gradient(size, top, bottom):
    w, h = size
    im = Image.new('RGB', size)
    d = ImageDraw.Draw(im)
    for y in range(h):
        t = y / max(1, h - 1)
        d.line([(0, y), (w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    return im


def beach():
    """A beach at late afternoon: deep blue sky, dark sea, warm sand, a palm in silhouette."""
    w, h = 800, 600
    im = gradient((w, h), (34, 78, 140), (120, 160, 200))
    d = ImageDraw.Draw(im)
    d.ellipse((560, 70, 660, 170), fill=(255, 214, 140))
    sea = gradient((w, 150), (24, 86, 120), (12, 58, 84))
    im.paste(sea, (0, 300))
    for i in range(14):
        y = 310 + i * 10
        d.line([(40 + (i * 53) % 300, y), (260 + (i * 97) % 500, y)], fill=(90, 150, 180), width=2)
    sand = gradient((w, 150), (196, 160, 110), (150, 116, 76))
    im.paste(sand, (0, 450))
    d = ImageDraw.Draw(im)
    # A palm: a curved trunk and fronds, dark against the sky.
    trunk = [(180 + 30 * (t / 20) ** 2, 520 - 16 * t) for t in range(21)]
    d.line(trunk, fill=(40, 32, 26), width=16)
    top = trunk[-1]
    for dx, dy in [(-150, 40), (-120, -30), (-40, -70), (60, -60), (140, 10), (120, 60), (-90, 80)]:
        d.line([top, (top[0] + dx * 0.5, top[1] + dy * 0.5 - 20), (top[0] + dx, top[1] + dy)], fill=(28, 64, 40), width=14)
    return grain(im, 1, 18)


def sunset():
    """A lake at dusk: violet to amber sky, dark hills, a dark lake with the sun's reflection."""
    w, h = 600, 800
    im = gradient((w, h), (58, 42, 110), (236, 140, 70))
    d = ImageDraw.Draw(im)
    d.ellipse((240, 380, 360, 500), fill=(255, 190, 110))
    d.polygon([(0, 470), (120, 380), (230, 450), (360, 360), (480, 430), (600, 390), (600, 520), (0, 520)], fill=(52, 38, 70))
    d.polygon([(0, 500), (150, 440), (300, 490), (450, 450), (600, 480), (600, 540), (0, 540)], fill=(34, 26, 48))
    lake = gradient((w, 260), (60, 44, 80), (20, 18, 34))
    im.paste(lake, (0, 540))
    d = ImageDraw.Draw(im)
    for i in range(9):
        y = 556 + i * 22
        half = 70 - i * 6
        d.line([(300 - half, y), (300 + half, y)], fill=(230, 160, 100), width=4)
    return grain(im, 2, 18)


def thought_bubble():
    """A chat bubble image for MessageKit's `.customImageTail` (as the Example app's "bobbly"): a
    black pill-ended body with a tail of two small circles at the bottom right, on clear, at 2x
    (112 x 68 pixels, 56 x 34 points). Only its alpha counts: MessageKit masks the container with
    it, so the bubble takes the container's colour. The centre row and column are in the body, so
    stretching it from its centre keeps the ends and the tail."""
    s = 8
    w, h = 112, 68
    im = Image.new('L', (w * s, h * s), 0)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, 104 * s, 60 * s), radius=24 * s, fill=255)
    d.ellipse(((100 - 8) * s, (57 - 8) * s, (100 + 8) * s, (57 + 8) * s), fill=255)
    d.ellipse(((108 - 3.5) * s, (64 - 3.5) * s, (108 + 3.5) * s, (64 + 3.5) * s), fill=255)
    alpha = im.resize((w, h), Image.LANCZOS)
    bubble = Image.new('RGBA', (w, h), (0, 0, 0, 0))
    bubble.putalpha(alpha)
    return bubble


def main(out):
    os.makedirs(out, exist_ok=True)
    ann = portrait(background=(214, 92, 74), shirt=(38, 70, 83), skin=(236, 190, 160), hair=(60, 36, 28), collar=(200, 210, 220))
    bob = portrait(background=(42, 122, 140), shirt=(233, 196, 106), skin=(198, 140, 100), hair=(30, 28, 30), collar=(120, 90, 40))
    ann.save(os.path.join(out, 'ann.jpg'), quality=90, optimize=False, progressive=False)
    ann.convert('P', palette=Image.ADAPTIVE, colors=128).save(os.path.join(out, 'ann.gif'))
    bob.save(os.path.join(out, 'bob.png'), optimize=False)
    bob.save(os.path.join(out, 'bob.webp'), quality=90, method=4)
    beach().save(os.path.join(out, 'beach.jpg'), quality=88, optimize=False, progressive=False)
    sunset().save(os.path.join(out, 'sunset.png'), optimize=True)
    thought_bubble().save(os.path.join(out, 'thought-bubble@2x.png'), optimize=True)
    extra_forms(out, ann, bob)


def extra_forms(out, ann, bob):
    """The portraits as apps also receive them, for the decoder tests: an animated WebP (Bob, then
    Ann; a still render shows its first frame) and a CMYK JPEG (Ann, as print workflows save photos)."""
    bob.save(os.path.join(out, 'bob-animated.webp'), save_all=True, append_images=[ann], duration=500, loop=0, lossless=True)
    ann.convert('CMYK').save(os.path.join(out, 'ann-cmyk.jpg'), quality=90, optimize=False, progressive=False)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else 'examples/assets')

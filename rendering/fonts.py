"""Text drawn with Pillow's bundled font, rasterized once per (text, size) and reused.

The bundled font (Aileron) lacks some characters the engine's event texts use (arrows,
dashes), which would show as boxes; `clean` swaps them for plain ones. Rasterizing text is
the slowest part of drawing a board, and most strings repeat from render to render (labels,
card names, counts), so each is drawn once into a mask and pasted after that.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from .palette import RGB

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_REPLACE = {
    "→": "->", "←": "<-", "—": "-", "–": "-", "×": "x", "•": "·", "✓": "ok", "’": "'",
    "‘": "'", "“": '"', "”": '"', "≥": ">=", "≤": "<=",
}


@cache
def font(size: int) -> Font:
    """The bundled font at `size` pixels."""
    return ImageFont.load_default(size=size)


@cache
def _tofu() -> bytes:
    f = font(20)
    return bytes(f.getmask("\ue000"))


@lru_cache(maxsize=4096)
def _char_ok(ch: str) -> bool:
    if ch.isascii():
        return True
    return bytes(font(20).getmask(ch)) != _tofu()


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """`text` with every character the bundled font lacks replaced by a plain one."""
    out = []
    for ch in text:
        if _char_ok(ch):
            out.append(ch)
        else:
            out.append(_REPLACE.get(ch, "?"))
    return "".join(out)


@lru_cache(maxsize=8192)
def width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of `text` in pixels."""
    w = font(size).getlength(clean(text))
    return round(w) + (2 if bold else 0)


@lru_cache(maxsize=8192)
def mask(text: str, size: int, bold: bool = False) -> Image.Image:
    """An "L" mask of `text`; its box is the font's line box (ascent + descent) so strings of
    one size line up on a common baseline when pasted at the same y.

    The bundled font has no bold face: large bold text gets a 1-pixel stroke, small bold text
    is drawn twice one pixel apart (a stroke would clog its counters).
    """
    f = font(size)
    t = clean(text)
    stroke = 1 if bold and size >= 26 else 0
    ascent, descent = f.getmetrics()  # type: ignore[union-attr]
    w = max(1, width(text, size, bold) + 2 * stroke)
    h = ascent + descent + 2 * stroke
    im = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(im)
    if stroke:
        d.text((stroke, stroke), t, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    else:
        d.text((0, 0), t, font=f, fill=255)
        if bold:
            d.text((1, 0), t, font=f, fill=255)
    return im


def line_height(size: int) -> int:
    ascent, descent = font(size).getmetrics()  # type: ignore[union-attr]
    return int(ascent + descent)


def draw_text(
    im: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
) -> tuple[int, int, int, int]:
    """Paste `text` at `xy`; anchor is two letters: l/m/r horizontally, t/m/b vertically.

    Returns the pixel box it covers.
    """
    if not text:
        return (xy[0], xy[1], xy[0], xy[1])
    m = mask(text, size, bold)
    w, h = m.size
    x, y = xy
    if anchor[0] == "m":
        x -= w // 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h // 2
    elif anchor[1] == "b":
        y -= h
    im.paste(fill, (x, y, x + w, y + h), m)
    return (x, y, x + w, y + h)


def fit(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """`text`, shortened with an ellipsis if it would be wider than `max_width`."""
    if width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


@lru_cache(maxsize=2048)
def wrap(text: str, size: int, max_width: int, max_lines: int = 99) -> tuple[str, ...]:
    """Greedy word wrap to `max_width`; the last allowed line ends with an ellipsis if cut."""
    words = clean(text).split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if width(trial, size) <= max_width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], fit(" ".join(lines[max_lines - 1:]), size, max_width)]
    return tuple(fit(line, size, max_width) for line in lines)


def draw_lines(
    im: Image.Image,
    xy: tuple[int, int],
    lines: tuple[str, ...] | list[str],
    size: int,
    fill: RGB,
    *,
    leading: int = 0,
    anchor: str = "lt",
) -> int:
    """Paste lines top to bottom; returns the y below the last line."""
    x, y = xy
    step = line_height(size) + leading
    for line in lines:
        draw_text(im, (x, y), line, size, fill, anchor=anchor)
        y += step
    return y

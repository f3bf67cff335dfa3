"""Small pictures drawn once from Pillow primitives and reused: dice, block tiles, the Shark,
confrontation tokens, card backs.

Each is drawn at SS× size and scaled down, because Pillow's polygon and ellipse primitives
are not antialiased; caching them (lru_cache) keeps that cost out of every render. Every
glyph pairs its colour with a letter, a word or a shape, so nothing depends on colour
vision alone.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from . import fonts
from . import palette as P
from .layout import die_width

SS = 4  # supersampling factor

# where each die face has pips, on a 3×3 grid (column, row)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def _down(im: Image.Image, size: tuple[int, int]) -> Image.Image:
    return im.resize(size, Image.Resampling.LANCZOS)


def _paste_text_ss(im: Image.Image, xy: tuple[int, int], text: str, size: int, fill: P.RGB,
                   anchor: str = "mm", bold: bool = True) -> None:
    """Text on a supersampled canvas (drawn at SS× the final size)."""
    fonts.draw_text(im, xy, text, size * SS, fill, anchor=anchor, bold=bold)


@lru_cache(maxsize=512)
def die(face: str, size: int) -> Image.Image:
    """A die such as "5B": a letter strip (B/Y/R) and a pip square of `size` pixels."""
    value, colour = int(face[:-1]), face[-1]
    w, h = die_width(size), size
    W, H = w * SS, h * SS
    im = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = P.DIE_FILL.get(colour, P.MUTED)
    ink = P.DIE_INK.get(colour, P.WHITE)
    r = max(2, size // 6) * SS
    d.rounded_rectangle((0, 0, W - 1, H - 1), r, fill=fill, outline=P.INK,
                        width=max(1, size // 14) * SS)
    strip = (w - size) * SS
    d.line((strip, SS * 2, strip, H - SS * 2), fill=ink, width=max(1, size // 18) * SS)
    _paste_text_ss(im, (strip // 2 + SS // 2, H // 2), colour, max(8, (size * 11) // 20), ink)
    pad = size * 0.2 * SS
    span = (size * SS - 2 * pad) / 2
    pr = max(1.5, size / 11) * SS
    for cx, cy in PIPS.get(value, ()):
        x = strip + pad + cx * span
        y = pad + cy * span
        d.ellipse((x - pr, y - pr, x + pr, y + pr), fill=ink)
    return _down(im, (w, h))


@lru_cache(maxsize=64)
def die_chip(colour: str, size: int) -> Image.Image:
    """A die with no value: a coloured square with its letter (bag contents, card dice)."""
    W = size * SS
    im = Image.new("RGBA", (W, W), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, W - 1, W - 1), max(2, size // 5) * SS,
                        fill=P.DIE_FILL.get(colour, P.MUTED), outline=P.INK,
                        width=max(1, size // 14) * SS)
    _paste_text_ss(im, (W // 2, W // 2), colour, max(8, (size * 13) // 20),
                   P.DIE_INK.get(colour, P.WHITE))
    return _down(im, (size, size))


@lru_cache(maxsize=32)
def token(colour: str, size: int, state: str = "left") -> Image.Image:
    """A confrontation card token: a disc in its colour with R/Y/T. `state`: left (still in
    hand), gone (trashed: a hollow ring), chosen (ringed: the viewer's locked choice)."""
    W = size * SS
    im = Image.new("RGBA", (W, W), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    letter = P.CONF_LETTER.get(colour, "?")
    if state == "gone":
        d.ellipse((SS * 3, SS * 3, W - SS * 3, W - SS * 3), outline=P.FAINT, width=SS * 2)
        _paste_text_ss(im, (W // 2, W // 2), letter, size // 2, P.FAINT)
    else:
        d.ellipse((SS * 2, SS * 2, W - SS * 2, W - SS * 2), fill=P.CONF_FILL[colour],
                  outline=P.INK, width=SS * 2)
        if state == "chosen":
            d.ellipse((0, 0, W - 1, W - 1), outline=P.INK, width=SS * 3)
        _paste_text_ss(im, (W // 2, W // 2), letter, size // 2, P.CONF_INK[colour])
    return _down(im, (size, size))


# -- block tiles ----------


def family(kind: str) -> tuple[P.RGB, P.RGB, P.RGB]:
    """(tile fill, icon colour, label colour) for a block kind."""
    from rules.data import data

    d = data()
    if kind == "octopus":
        return P.OCTOPUS_FILL, P.OCTOPUS_DARK, P.INK
    if kind in ("shell", "double_shell"):
        return P.SHELL_FILL, P.SHELL_DARK, P.INK
    if kind in d.foods:
        return P.FOOD_FILL, P.FOOD_DARK, P.INK
    if kind in d.traps or _module_trap(kind):
        return P.TRAP_FILL, P.TRAP_INK, P.WHITE
    return P.FAINT, P.INK, P.INK


def _module_trap(kind: str) -> str | None:
    """An Offshore Offspring trap's name ("Deal Wound"), None for any other kind."""
    from rules.names import block_name

    word = block_name(kind)
    return word.removesuffix(" trap") if word.endswith(" trap") else None


def block_label(kind: str) -> str:
    """Short name printed on a tile."""
    from rules.data import data

    d = data()
    if kind in d.foods:
        return str(d.foods[kind]["name"])
    if kind in d.traps:
        return str(d.traps[kind]["name"])
    return {"octopus": "Octopus", "shell": "Shell", "double_shell": "Double Shell"}.get(
        kind, _module_trap(kind) or kind.replace("_", " ").title())


def _scallop(d: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float,
             fill: P.RGB, line: P.RGB) -> None:
    w, h = x1 - x0, y1 - y0
    cx, cy = x0 + w / 2, y0 + h * 0.92
    r = min(w / 2, h * 0.9)
    d.pieslice((cx - r, cy - r, cx + r, cy + r), 198, 342, fill=line)
    r2 = r * 0.9
    d.pieslice((cx - r2, cy - r2, cx + r2, cy + r2), 201, 339, fill=fill)
    for a in range(210, 335, 16):
        t = math.radians(a)
        d.line((cx, cy, cx + r2 * math.cos(t), cy + r2 * math.sin(t)), fill=line,
               width=max(2, int(w / 22)))
    hw = w * 0.16
    d.polygon(((cx - hw, cy + h * 0.02), (cx + hw, cy + h * 0.02), (cx, cy - h * 0.16)), fill=line)


def _icon(d: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float],
          col: P.RGB, fill: P.RGB) -> None:
    """Draw the icon of a block kind inside `box` (supersampled coordinates)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def X(f: float) -> float:
        return x0 + f * w

    def Y(f: float) -> float:
        return y0 + f * h

    lw = max(2, int(w / 16))
    if kind == "octopus":
        for i, fx in enumerate((0.12, 0.3, 0.5, 0.7, 0.88)):
            curl = 0.08 if i % 2 else -0.08
            pts = [(X(0.5 + (fx - 0.5) * 0.4), Y(0.5)), (X(fx), Y(0.72)),
                   (X(fx + curl), Y(0.88)), (X(fx - curl), Y(0.98))]
            d.line(pts, fill=col, width=lw + 2, joint="curve")
        d.ellipse((X(0.2), Y(0.0), X(0.8), Y(0.66)), fill=col)
        for ex in (0.38, 0.62):
            d.ellipse((X(ex - 0.08), Y(0.3), X(ex + 0.08), Y(0.46)), fill=P.WHITE)
            d.ellipse((X(ex - 0.035), Y(0.35), X(ex + 0.035), Y(0.43)), fill=P.INK)
    elif kind == "shell":
        _scallop(d, X(0.08), Y(0.05), X(0.92), Y(0.95), fill, col)
    elif kind == "double_shell":
        _scallop(d, X(0.0), Y(0.25), X(0.56), Y(0.95), fill, col)
        _scallop(d, X(0.44), Y(0.05), X(1.0), Y(0.75), fill, col)
    elif kind == "crab":
        for s in (-1, 1):
            for k in range(3):
                fy = 0.55 + k * 0.12
                d.line((X(0.5 + s * 0.2), Y(fy), X(0.5 + s * 0.46), Y(fy + 0.12)), fill=col,
                       width=lw)
            d.line((X(0.5 + s * 0.22), Y(0.5), X(0.5 + s * 0.34), Y(0.28)), fill=col, width=lw)
            cx = 0.5 + s * 0.34
            d.pieslice((X(cx - 0.13), Y(0.02), X(cx + 0.13), Y(0.34)),
                       290 if s > 0 else 250, 220 if s > 0 else 170, fill=col)
        d.ellipse((X(0.2), Y(0.38), X(0.8), Y(0.8)), fill=col)
        for ex in (0.42, 0.58):
            d.ellipse((X(ex - 0.04), Y(0.44), X(ex + 0.04), Y(0.52)), fill=P.WHITE)
    elif kind == "sea_snail":
        d.ellipse((X(0.05), Y(0.72), X(0.95), Y(0.98)), fill=col)
        d.line((X(0.12), Y(0.8), X(0.02), Y(0.55)), fill=col, width=lw)
        d.line((X(0.18), Y(0.8), X(0.14), Y(0.52)), fill=col, width=lw)
        cx, cy, r = X(0.56), Y(0.48), min(w, h) * 0.38
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=col)
        for k, f in enumerate((0.8, 0.58, 0.36)):
            rr = r * f
            ox = (r - rr) * (0.35 if k % 2 else -0.35)
            d.ellipse((cx + ox - rr, cy - rr, cx + ox + rr, cy + rr),
                      fill=fill if k % 2 == 0 else col)
    elif kind == "shrimp":
        cx, cy, r = X(0.5), Y(0.5), min(w, h) * 0.42
        for k in range(6):
            a0 = 200 + k * 40
            d.arc((cx - r, cy - r, cx + r, cy + r), a0, a0 + 34, fill=col, width=int(r * 0.45))
        tail = (cx + r * math.cos(math.radians(170)), cy + r * math.sin(math.radians(170)))
        d.polygon((tail, (tail[0] - w * 0.14, tail[1] + h * 0.2),
                   (tail[0] + w * 0.1, tail[1] + h * 0.2)), fill=col)
        hx, hy = cx + r * math.cos(math.radians(60)), cy + r * math.sin(math.radians(60))
        d.line((hx, hy, X(0.98), Y(0.62)), fill=col, width=max(1, lw // 2))
        d.line((hx, hy, X(0.9), Y(0.98)), fill=col, width=max(1, lw // 2))
    elif kind == "clam":
        d.chord((X(0.05), Y(0.1), X(0.95), Y(0.95)), 180, 360, fill=col)
        d.chord((X(0.05), Y(0.3), X(0.95), Y(0.85)), 0, 180, fill=col)
        d.line((X(0.08), Y(0.56), X(0.92), Y(0.56)), fill=fill, width=lw)
        for f in (0.3, 0.5, 0.7):
            d.line((X(0.5), Y(0.5), X(f), Y(0.2)), fill=fill, width=max(1, lw // 2))
    elif kind == "stinger":
        d.chord((X(0.12), Y(0.02), X(0.88), Y(0.7)), 180, 360, fill=col)
        for fx in (0.2, 0.35, 0.5, 0.65, 0.8):
            pts = [(X(fx), Y(0.36)), (X(fx - 0.05), Y(0.55)), (X(fx + 0.05), Y(0.75)),
                   (X(fx), Y(0.98))]
            d.line(pts, fill=col, width=lw, joint="curve")
    elif kind == "ink_burst":
        d.ellipse((X(0.22), Y(0.2), X(0.78), Y(0.76)), fill=col)
        for a in range(0, 360, 45):
            t = math.radians(a + 10)
            rx, ry = 0.5 + 0.38 * math.cos(t), 0.48 + 0.38 * math.sin(t)
            s = 0.07 if a % 90 else 0.1
            d.ellipse((X(rx - s), Y(ry - s), X(rx + s), Y(ry + s)), fill=col)
    elif kind == "tangle":
        for k in range(3):
            off = (k - 1) * 0.22
            d.arc((X(0.05), Y(0.2 + off), X(0.95), Y(0.8 + off)), 190, 350, fill=col, width=lw)
            d.arc((X(0.05 + off / 2), Y(0.05), X(0.65 + off / 2), Y(0.95)), 300, 60, fill=col,
                  width=lw)
    elif kind == "scare":
        pts = []
        for k in range(16):
            r = 0.5 if k % 2 == 0 else 0.3
            t = math.radians(k * 22.5 - 90)
            pts.append((X(0.5 + r * math.cos(t)), Y(0.5 + r * math.sin(t))))
        d.polygon(pts, fill=col)
        d.rectangle((X(0.45), Y(0.24), X(0.55), Y(0.58)), fill=P.TRAP_FILL)
        d.ellipse((X(0.44), Y(0.64), X(0.56), Y(0.76)), fill=P.TRAP_FILL)
    elif not _module_trap_icon(d, kind, box, col):
        d.ellipse((X(0.2), Y(0.2), X(0.8), Y(0.8)), outline=col, width=lw)


def _module_trap_icon(d: ImageDraw.ImageDraw, kind: str,
                      box: tuple[float, float, float, float], col: P.RGB) -> bool:
    from .oo_glyphs import trap_icon

    return trap_icon(d, kind, box, col)


TILE_STATES = ("face", "hidden_own", "known", "was_hidden", "back")
STATE_TAG = {"hidden_own": "HIDDEN", "known": "KNOWN", "was_hidden": "WAS HIDDEN"}


@lru_cache(maxsize=256)
def tile(kind: str | None, size: int, state: str = "face", label: bool = True) -> Image.Image:
    """A block tile. States: face (revealed), hidden_own (the Octopus's view of its own hidden
    block), known (hidden, identity public), was_hidden (the reveal at game end), back."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    radius = max(3, size // 8) * SS
    if state == "back" or kind is None:
        d.rounded_rectangle((0, 0, S - 1, S - 1), radius, fill=P.BACK, outline=P.INK,
                            width=max(1, size // 40) * SS)
        # a quiet wave pattern, so a back never reads as an empty zone
        for k in range(1, 4):
            y = S * k / 4
            d.arc((S * 0.1, y - S * 0.12, S * 0.5, y + S * 0.08), 200, 340, fill=(78, 96, 130),
                  width=SS * 2)
            d.arc((S * 0.5, y - S * 0.12, S * 0.9, y + S * 0.08), 200, 340, fill=(78, 96, 130),
                  width=SS * 2)
        qy = S // 2 - (size // 10) * SS if label and size >= 60 else S // 2
        _paste_text_ss(im, (S // 2, qy), "?", size // 2, P.BACK_INK)
        if label and size >= 60:
            _paste_text_ss(im, (S // 2, S - 14 * SS), "hidden", 14, P.BACK_INK, bold=False)
        return _down(im, (size, size))
    fill, col, ink = family(kind)
    marked = state in STATE_TAG
    border = P.BACK if state in ("hidden_own", "known") else P.INK
    bw = (max(4, size // 16) if state in ("hidden_own", "known") else max(1, size // 40)) * SS
    d.rounded_rectangle((0, 0, S - 1, S - 1), radius, fill=border)
    d.rounded_rectangle((bw, bw, S - 1 - bw, S - 1 - bw), max(1, radius - bw), fill=fill)
    top = bw + 2 * SS
    if marked:
        tag_h = max(12, size // 6) * SS
        tag_fill = P.MUTED if state == "was_hidden" else P.BACK
        d.rectangle((bw, bw, S - 1 - bw, bw + tag_h), fill=tag_fill)
        _paste_text_ss(im, (S // 2, bw + tag_h // 2), STATE_TAG[state], max(9, size // 9),
                       P.WHITE)
        top = bw + tag_h + 2 * SS
    bottom = S - bw - (int(size * 0.2) * SS if label and size >= 60 else 2 * SS)
    side = bw + int(size * 0.14) * SS
    _icon(d, kind, (side, top + SS * 2, S - side, bottom - SS * 2), col, fill)
    if label and size >= 60:
        text = block_label(kind)
        ts = 15 if size >= 90 else 12
        text = fonts.fit(text, ts, size - 8)
        _paste_text_ss(im, (S // 2, S - bw - int(size * 0.1) * SS), text, ts, ink, bold=False)
    return _down(im, (size, size))


@lru_cache(maxsize=16)
def shark(facing: str, size: int) -> Image.Image:
    """The Shark seen from the side, nose toward its facing (N, S, E or W)."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    body = (84, 100, 118)
    belly = (222, 228, 234)
    out = P.INK

    def pt(fx: float, fy: float) -> tuple[float, float]:
        return (fx * S, fy * S)

    outline_pts = [pt(0.98, 0.52), pt(0.84, 0.38), pt(0.62, 0.32), pt(0.52, 0.08), pt(0.44, 0.31),
                   pt(0.24, 0.38), pt(0.12, 0.44), pt(0.02, 0.22), pt(0.06, 0.52), pt(0.02, 0.8),
                   pt(0.12, 0.6), pt(0.3, 0.68), pt(0.5, 0.7), pt(0.56, 0.84), pt(0.62, 0.68),
                   pt(0.84, 0.64)]
    d.polygon(outline_pts, fill=out)
    inner = [(x + (S / 2 - x) * 0.06, y + (S / 2 - y) * 0.08) for x, y in outline_pts]
    d.polygon(inner, fill=body)
    d.polygon([pt(0.92, 0.56), pt(0.8, 0.62), pt(0.4, 0.66), pt(0.3, 0.6), pt(0.6, 0.56)],
              fill=belly)
    d.ellipse((*pt(0.8, 0.43), *pt(0.86, 0.49)), fill=P.WHITE)
    d.ellipse((*pt(0.815, 0.445), *pt(0.85, 0.48)), fill=P.INK)
    for gx in (0.66, 0.7, 0.74):
        d.line((*pt(gx, 0.45), *pt(gx - 0.02, 0.56)), fill=out, width=SS * 2)
    img = _down(im, (size, size))
    turn = {"N": Image.Transpose.ROTATE_90, "S": Image.Transpose.ROTATE_270,
            "W": Image.Transpose.FLIP_LEFT_RIGHT}
    return img.transpose(turn[facing]) if facing in turn else img


@lru_cache(maxsize=4)
def free_shark(on_horizontal: bool, size: int) -> Image.Image:
    """A free Shark (B-5): ringed, lying across its space, committed to neither end."""
    S = size * SS
    ring = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    rd = ImageDraw.Draw(ring)
    rd.ellipse((SS * 2, SS * 2, S - SS * 2, S - SS * 2), fill=(255, 255, 255, 200),
               outline=P.INK, width=SS * 3)
    out = _down(ring, (size, size))
    inner = int(size * 0.8)
    body = shark("N" if on_horizontal else "E", inner)
    o = (size - inner) // 2
    out.alpha_composite(body, (o, o))
    return out


@lru_cache(maxsize=8)
def arrow(direction: str, size: int) -> Image.Image:
    """A solid arrowhead pointing N/S/E/W: the end point the Shark will leave through."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.polygon([(S * 0.1, S * 0.08), (S * 0.96, S * 0.5), (S * 0.1, S * 0.92)], fill=P.WHITE)
    d.polygon([(S * 0.2, S * 0.24), (S * 0.8, S * 0.5), (S * 0.2, S * 0.76)], fill=P.INK)
    img = _down(im, (size, size))
    turn = {"N": Image.Transpose.ROTATE_90, "S": Image.Transpose.ROTATE_270,
            "W": Image.Transpose.ROTATE_180}
    return img.transpose(turn[direction]) if direction in turn else img


@lru_cache(maxsize=8)
def card_back(w: int, h: int) -> Image.Image:
    """The back of an Octopus card (a hand the viewer may not see)."""
    im = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 6 * SS, fill=P.OCTOPUS_DARK,
                        outline=P.INK, width=SS * 2)
    d.rounded_rectangle((5 * SS, 5 * SS, (w - 5) * SS, (h - 5) * SS), 4 * SS,
                        outline=P.OCTOPUS_FILL, width=SS * 2)
    _icon(d, "octopus", (w * SS * 0.22, h * SS * 0.25, w * SS * 0.78, h * SS * 0.75),
          P.OCTOPUS_FILL, P.OCTOPUS_DARK)
    return _down(im, (w, h))

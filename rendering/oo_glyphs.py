"""Offshore Offspring's small pictures: coloured Octopus tiles in two stages, Juvenile
Sharks, wound tokens, the Cave, Rock and "6" tokens and Hunger tokens.

Drawn supersampled and cached like `glyphs`; every one pairs its colour with a letter or a
word (a tile's colour letter and label, a Juvenile Shark's "J1", a token's name), so the
module reads without colour vision as the base board does.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import fonts, glyphs
from . import oo_palette as OP
from . import palette as P
from .glyphs import SS, _down, _paste_text_ss

COLOURS = tuple(OP.OCTO_FILL)


def octopus_parts(kind: str) -> tuple[str, str] | None:
    """(stage, colour) of an Octopus block kind, None for any other block.

    Mirrors the engine's naming (`octopus`, `octopus_<colour>`, `juvenile`,
    `juvenile_<colour>`, the bare ones red), which the view also reports as stage/colour.
    """
    if kind == "octopus" or kind.startswith("octopus_"):
        stage = "adult"
    elif kind.startswith("juvenile"):
        stage = "juvenile"
    else:
        return None
    _, _, colour = kind.partition("_")
    return stage, colour or "red"


def octopus_label(stage: str, colour: str) -> str:
    """"Red adult", "Purple Juv." (fits a tile)."""
    word = "adult" if stage == "adult" else "Juv."
    return f"{colour.capitalize()} {word}"


@lru_cache(maxsize=128)
def octo_tile(stage: str, colour: str, size: int, state: str = "face") -> Image.Image:
    """An Octopus block of the module: its colour as the fill with the colour letter in a
    corner badge; an adult's icon fills the tile, a Juvenile's is small with a "J" beside it.
    States as `glyphs.tile` (face, hidden_own, known, was_hidden)."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    fill = OP.OCTO_FILL.get(colour, P.FAINT)
    icon = OP.OCTO_ICON.get(colour, P.INK)
    ink = OP.OCTO_INK.get(colour, P.INK)
    radius = max(3, size // 8) * SS
    hidden = state in ("hidden_own", "known")
    border = P.BACK if hidden else P.INK
    bw = (max(4, size // 16) if hidden else max(1, size // 40)) * SS
    d.rounded_rectangle((0, 0, S - 1, S - 1), radius, fill=border)
    d.rounded_rectangle((bw, bw, S - 1 - bw, S - 1 - bw), max(1, radius - bw), fill=fill)
    top = bw + 2 * SS
    if state in glyphs.STATE_TAG:
        tag_h = max(12, size // 6) * SS
        d.rectangle((bw, bw, S - 1 - bw, bw + tag_h), fill=P.MUTED if state == "was_hidden"
                    else P.BACK)
        _paste_text_ss(im, (S // 2, bw + tag_h // 2), glyphs.STATE_TAG[state],
                       max(9, size // 9), P.WHITE)
        top = bw + tag_h + 2 * SS
    label = size >= 60
    bottom = S - bw - (int(size * 0.2) * SS if label else 2 * SS)
    side = bw + int(size * 0.14) * SS
    if stage == "adult":
        box = (side, top + SS * 2, S - side, bottom - SS * 2)
    else:
        w = (S - 2 * side) * 0.55
        cx = S // 2 + (S - 2 * side) * 0.12
        box = (cx - w / 2, bottom - SS * 2 - w, cx + w / 2, bottom - SS * 2)
        _paste_text_ss(im, (side + int(size * 0.08) * SS, (top + bottom) // 2), "J",
                       max(10, size // 5), ink)
    glyphs._icon(d, "octopus", box, icon, fill)
    # the colour letter in a round badge, top left under any state tag
    r = max(7, size // 9) * SS
    bx, by = bw + r + SS, top + r
    d.ellipse((bx - r, by - r, bx + r, by + r), fill=P.WHITE, outline=P.INK, width=SS * 2)
    _paste_text_ss(im, (bx, by), OP.OCTO_LETTER.get(colour, "?"), max(8, size // 8), P.INK)
    if label:
        ts = 15 if size >= 90 else 12
        text = fonts.fit(octopus_label(stage, colour), ts, size - 8)
        _paste_text_ss(im, (S // 2, S - bw - int(size * 0.1) * SS), text, ts, ink, bold=False)
    return _down(im, (size, size))


@lru_cache(maxsize=16)
def juvenile_shark(facing: str, size: int, name: str) -> Image.Image:
    """A Juvenile Shark: the Shark's outline, lighter, with its name ("J1") in a badge; free
    ones (just entered, B-5) ringed like the Mother."""
    free = facing not in ("N", "S", "E", "W")
    base = glyphs.free_shark(True, size) if free else glyphs.shark(facing, size)
    im = base.copy()
    # lighten the body: blend the glyph's grey body towards the Juvenile colour
    px = im.load()
    body = (84, 100, 118)
    for y in range(size):
        for x in range(size):
            r, g, b, a = px[x, y]
            if a and abs(r - body[0]) < 14 and abs(g - body[1]) < 14 and abs(b - body[2]) < 14:
                px[x, y] = (*OP.JUV_BODY, a)
    d = ImageDraw.Draw(im)
    bw = fonts.width(name.upper(), 13, True) + 8
    d.rounded_rectangle((0, 0, bw, 17), 6, fill=OP.BADGE_BG)
    fonts.draw_text(im, (bw // 2 + 1, 9), name.upper(), 13, P.WHITE, anchor="mm", bold=True)
    return im


@lru_cache(maxsize=8)
def wound_token(size: int, flipped: bool) -> Image.Image:
    """A wound token: flipped (a wound taken) is a filled disc with an X, unflipped a ring."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if flipped:
        d.ellipse((SS, SS, S - SS, S - SS), fill=OP.WOUND, outline=P.INK, width=SS * 2)
        m = S * 0.3
        d.line((m, m, S - m, S - m), fill=P.WHITE, width=SS * 3)
        d.line((m, S - m, S - m, m), fill=P.WHITE, width=SS * 3)
    else:
        d.ellipse((SS * 2, SS * 2, S - SS * 2, S - SS * 2), outline=P.SLOT_LINE, width=SS * 2)
    return _down(im, (size, size))


@lru_cache(maxsize=8)
def zone_token(token: str, size: int) -> Image.Image:
    """The Cave (a dark arch, "C") or the Rock (a grey boulder, "R") lying in a zone."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, S - 1, S - 1), 6 * SS, fill=P.WHITE, outline=P.INK, width=SS * 2)
    if token == "cave":
        d.chord((S * 0.12, S * 0.14, S * 0.88, S * 1.3), 180, 360, fill=OP.CAVE_FILL)
        d.chord((S * 0.3, S * 0.42, S * 0.7, S * 1.2), 180, 360, fill=P.INK)
        letter = "CAVE"
    else:
        d.polygon([(S * 0.12, S * 0.8), (S * 0.2, S * 0.4), (S * 0.45, S * 0.18),
                   (S * 0.75, S * 0.26), (S * 0.9, S * 0.6), (S * 0.86, S * 0.8)],
                  fill=OP.ROCK_FILL, outline=P.INK)
        letter = "ROCK"
    d.rectangle((SS * 2, S * 0.72, S - SS * 2, S - SS * 2), fill=P.WHITE)
    _paste_text_ss(im, (S // 2, int(S * 0.86)), letter, max(8, size // 4), P.INK)
    return _down(im, (size, size))


@lru_cache(maxsize=4)
def six_token(size: int) -> Image.Image:
    """The "6" value token (Focused Hunter): an orange disc covering a zone's value."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((0, 0, S - 1, S - 1), fill=OP.SIX_FILL, outline=P.INK, width=SS * 3)
    _paste_text_ss(im, (S // 2, S // 2), "6+", size // 2, P.INK)
    return _down(im, (size, size))


HUNGER_TOKEN_MARK: dict[str, str] = {"bump": "+1", "gain_juvenile": "J", "gain_die": "R"}


@lru_cache(maxsize=16)
def hunger_token(mark: str, size: int) -> Image.Image:
    """A Hunger token waiting on its Hunger space: an orange hexagon with what it gives
    ("+1" a die, "J" a Juvenile Shark, "R" a Strike die)."""
    S = size * SS
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    h = S / 2
    pts = [(h + (h - SS) * c, h + (h - SS) * s) for c, s in
           ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))]
    d.polygon(pts, fill=P.OI_ORANGE, outline=P.INK)
    _paste_text_ss(im, (S // 2, S // 2), mark, max(8, size // 2), P.INK)
    return _down(im, (size, size))


def trap_icon(d: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float],
              col: P.RGB) -> bool:
    """Draw the icon of one of the module's traps inside `box` (supersampled coordinates);
    False for any other kind. Deal Wound is a bite (a row of teeth), Draw Card adds a card,
    Swap 2 Blocks is two opposed arrows, Trash a Card a crossed-out card."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    lw = max(2, int(w / 14))

    def teeth(top: float, bottom: float, left: float, right: float) -> None:
        n = 4
        step = (right - left) / n
        for k in range(n):
            a = left + k * step
            d.polygon([(a, top), (a + step, top), (a + step / 2, top + (bottom - top) / 2)],
                      fill=col)
            d.polygon([(a + step / 2, bottom), (a + step * 1.5 if k < n - 1 else right, bottom),
                       (a + step, bottom - (bottom - top) / 2)], fill=col)

    def card(cx: float, cy: float, cw: float, ch: float) -> None:
        d.rounded_rectangle((cx - cw / 2, cy - ch / 2, cx + cw / 2, cy + ch / 2), int(cw / 6),
                            outline=col, width=lw)

    if kind == "deal_wound":
        teeth(y0 + h * 0.15, y0 + h * 0.85, x0 + w * 0.1, x0 + w * 0.9)
    elif kind == "deal_wound_draw_card":
        teeth(y0 + h * 0.15, y0 + h * 0.75, x0, x0 + w * 0.62)
        card(x0 + w * 0.82, y0 + h * 0.55, w * 0.3, h * 0.5)
    elif kind == "swap_2_blocks":
        for y, s in ((y0 + h * 0.32, 1), (y0 + h * 0.68, -1)):
            a, b = (x0 + w * 0.1, x0 + w * 0.9)[::s]
            d.line((a, y, b, y), fill=col, width=lw * 2)
            d.polygon([(b, y), (b - s * w * 0.2, y - h * 0.13), (b - s * w * 0.2, y + h * 0.13)],
                      fill=col)
    elif kind == "trash_a_card":
        card(x0 + w * 0.5, y0 + h * 0.5, w * 0.5, h * 0.8)
        d.line((x0 + w * 0.15, y0 + h * 0.1, x0 + w * 0.85, y0 + h * 0.9), fill=col,
               width=lw * 2)
    else:
        return False
    return True

"""Every colour the renderer uses, and the letter or shape that stands beside each one.

The hues are the Okabe–Ito set, which stays distinguishable for the common forms of colour
blindness; even so no information is carried by colour alone: dice carry a B/Y/R letter,
confrontation tokens an R/Y/T letter, blocks a name and an icon. Keeping the colours in one
module also gives the PNG quantizer a fixed list of colours that must survive exactly.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

RGB = tuple[int, int, int]

# Okabe–Ito
OI_BLACK: RGB = (0, 0, 0)
OI_ORANGE: RGB = (230, 159, 0)
OI_SKY: RGB = (86, 180, 233)
OI_GREEN: RGB = (0, 158, 115)
OI_YELLOW: RGB = (240, 228, 66)
OI_BLUE: RGB = (0, 114, 178)
OI_VERMILLION: RGB = (213, 94, 0)
OI_PURPLE: RGB = (204, 121, 167)

# neutrals and surfaces
INK: RGB = (22, 27, 38)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (248, 245, 236)
MUTED: RGB = (92, 98, 110)
FAINT: RGB = (196, 200, 206)
SEA: RGB = (14, 44, 72)
SEA_LINE: RGB = (36, 78, 112)
HEADER_BG: RGB = (14, 44, 72)
SHARK_BG: RGB = (226, 235, 244)
OCTO_BG: RGB = (246, 234, 240)
SLOT_BG: RGB = (255, 255, 255)
SLOT_LINE: RGB = (150, 158, 170)
CAPTION_BG: RGB = (30, 36, 48)

# the Current: spaces are strips of water between the zones
SPACE: RGB = (86, 180, 233)
SPACE_DEN: RGB = (44, 120, 170)
SPACE_TEXT: RGB = (10, 40, 70)

# kelp depth: a zone's value is how hard it is to search or strike there (B-2); deeper
# (higher-value) kelp is darker so the hard zones read at a glance
KELP_BY_VALUE: dict[int, RGB] = {
    1: (214, 236, 200),
    2: (194, 226, 178),
    3: (166, 212, 150),
    4: (92, 156, 96),
    5: (28, 92, 58),
    6: (12, 60, 36),
}


def kelp(value: int) -> RGB:
    """The zone colour for a zone value (clamped to the known depths)."""
    return KELP_BY_VALUE[max(1, min(6, value))]


def on_kelp(value: int) -> RGB:
    """Readable text colour over a zone of that value."""
    return WHITE if value >= 4 else INK


# the highlight of the last move: an outline (a shape, not a fill), so it never competes
# with the heat tint, which is a fill
HIGHLIGHT: RGB = OI_PURPLE
HIGHLIGHT_DARK: RGB = (150, 40, 110)

# how likely the Octopus is in a hidden zone: five steps from none to certain
HEAT_STEPS: tuple[RGB, ...] = (
    (255, 240, 200),
    (252, 214, 140),
    (240, 170, 70),
    (230, 120, 20),
    (213, 94, 0),
)


def heat(odds: float) -> RGB | None:
    """The heat tint for an Octopus probability, None for zero (no tint at all)."""
    if odds <= 0.0:
        return None
    i = min(len(HEAT_STEPS) - 1, int(odds * len(HEAT_STEPS)))
    return HEAT_STEPS[i]


# dice (C-1): B Current, Y Search, R Strike
DIE_FILL: dict[str, RGB] = {"B": OI_BLUE, "Y": OI_YELLOW, "R": OI_VERMILLION}
DIE_INK: dict[str, RGB] = {"B": WHITE, "Y": INK, "R": WHITE}
DIE_WORD: dict[str, str] = {"B": "blue", "Y": "yellow", "R": "red"}

# confrontation colours, each with the letter printed on its token
CONF_FILL: dict[str, RGB] = {"red": OI_VERMILLION, "yellow": OI_YELLOW, "turquoise": OI_GREEN}
CONF_INK: dict[str, RGB] = {"red": WHITE, "yellow": INK, "turquoise": WHITE}
CONF_LETTER: dict[str, str] = {"red": "R", "yellow": "Y", "turquoise": "T"}

# blocks: a tile colour per family, an icon and a name per kind
BACK: RGB = (58, 74, 104)
BACK_INK: RGB = (214, 222, 236)
OCTOPUS_FILL: RGB = OI_PURPLE
OCTOPUS_DARK: RGB = (120, 40, 96)
SHELL_FILL: RGB = (240, 226, 192)
SHELL_DARK: RGB = (150, 110, 50)
FOOD_FILL: RGB = (200, 232, 214)
FOOD_DARK: RGB = (0, 110, 80)
TRAP_FILL: RGB = (44, 44, 52)
TRAP_INK: RGB = OI_ORANGE

# Octopus card types
CARD_TYPE_FILL: dict[str, RGB] = {
    "move": OI_SKY,
    "hide": (170, 170, 190),
    "learn": OI_ORANGE,
    "eat": OI_GREEN,
}
CARD_TYPE_LETTER: dict[str, str] = {"move": "M", "hide": "H", "learn": "L", "eat": "E"}

# colours that must come out of quantization exactly (probes sample them)
EXACT: tuple[RGB, ...] = (
    INK, WHITE, PAPER, MUTED, FAINT, SEA, SEA_LINE, SHARK_BG, OCTO_BG, SLOT_LINE, CAPTION_BG,
    SPACE, SPACE_DEN, SPACE_TEXT, HIGHLIGHT, HIGHLIGHT_DARK, BACK, BACK_INK,
    OCTOPUS_FILL, OCTOPUS_DARK, SHELL_FILL, SHELL_DARK, FOOD_FILL, FOOD_DARK, TRAP_FILL,
    OI_BLACK, OI_ORANGE, OI_SKY, OI_GREEN, OI_YELLOW, OI_BLUE, OI_VERMILLION, OI_PURPLE,
    *KELP_BY_VALUE.values(), *HEAT_STEPS, (170, 170, 190),
)


@cache
def exact_colours() -> tuple[RGB, ...]:
    """EXACT without duplicates, in a fixed order (the quantizer's palette must be stable)."""
    seen: dict[RGB, None] = {}
    for c in EXACT:
        seen.setdefault(c, None)
    return tuple(seen)


def palette_image(extra: list[int], exact: tuple[RGB, ...] | None = None) -> Image.Image:
    """A "P" image whose palette is the exact colours (`exact`, default the base list)
    followed by `extra` (flat RGB list)."""
    flat: list[int] = [v for c in (exact_colours() if exact is None else exact) for v in c]
    flat += extra
    flat = flat[: 256 * 3]
    flat += [0] * (256 * 3 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal

"""Where Offshore Offspring's pieces go: a taller canvas and the boxes on it.

A module game needs room the 1280×800 base board doesn't have (two Camouflage tracks, the
Wound boards, several Sharks' wounds, Hunger tokens, Event cards, the Escape Route), so its
image is 1280×1000: the base image unchanged at the top (every base box in `layout` keeps
its meaning, so the base probes hold for module images too) and a module strip below it.
Pieces that live on the board itself (Juvenile Sharks, the Cave, Rock and "6" tokens, the
Escape Route) use boxes inside the base forest, placed clear of what the base draws there.
"""

from __future__ import annotations

from . import layout as L
from .layout import Box

HEIGHT = 1000
STRIP: Box = (0, L.HEIGHT, L.WIDTH, HEIGHT)

# the strip's three columns: Sharks and wounds, Camouflage, the Octopus's module cards
SHARKS_COL: Box = (0, STRIP[1], 430, HEIGHT)
CAMO_COL: Box = (430, STRIP[1], 880, HEIGHT)
MISC_COL: Box = (880, STRIP[1], L.WIDTH, HEIGHT)
COL_PAD = 12
TITLE_H = 30

# -- Sharks and wounds ----------
SHARK_ROW_H = 30
WOUND_TOKEN = 24


def shark_row_y(i: int) -> int:
    """Top of the row of Shark i (0 the Mother, then Juveniles in order)."""
    return SHARKS_COL[1] + TITLE_H + 6 + i * SHARK_ROW_H


def mother_wound_box(i: int) -> Box:
    """Wound token i (0-based) of the Mother's three, in her row."""
    x = SHARKS_COL[0] + 200 + i * (WOUND_TOKEN + 6)
    y = shark_row_y(0) + (SHARK_ROW_H - WOUND_TOKEN) // 2
    return (x, y, x + WOUND_TOKEN, y + WOUND_TOKEN)


WOUND_BOARD_W = 196
WOUND_BOARD_H = 62


def wound_board_box(i: int) -> Box:
    """Wound board i (0 or 1) along the bottom of the Sharks column."""
    x = SHARKS_COL[0] + COL_PAD + i * (WOUND_BOARD_W + 10)
    y = HEIGHT - WOUND_BOARD_H - 10
    return (x, y, x + WOUND_BOARD_W, y + WOUND_BOARD_H)


# -- Camouflage tracks ----------
TRACK_ROW_H = 76
TRACK_SLOT = 44
TRACK_CHIP = 44


def track_row_y(t: int) -> int:
    return CAMO_COL[1] + TITLE_H + 6 + t * (TRACK_ROW_H + 6)


def track_chip_box(t: int) -> Box:
    """The colour chip (fill and letter) at the head of track t."""
    x = CAMO_COL[0] + COL_PAD
    y = track_row_y(t) + 4
    return (x, y, x + TRACK_CHIP, y + TRACK_CHIP)


def track_slot_box(t: int, i: int) -> Box:
    """Shell slot i (0-based) of Camouflage track t."""
    x = CAMO_COL[0] + COL_PAD + TRACK_CHIP + 12 + i * (TRACK_SLOT + 6)
    y = track_row_y(t) + 4
    return (x, y, x + TRACK_SLOT, y + TRACK_SLOT)


def track_text_x() -> int:
    return track_slot_box(0, 3)[2] + 12


# -- the Octopus's and the Shark's module extras ----------
MISC_LINE_H = 27

# -- on the board ----------
JUVENILE_SIZE = 54
ZONE_TOKEN = 32


def juvenile_box(space: int) -> Box:
    """A Juvenile Shark's square on its space (smaller than the Mother's)."""
    cx, cy = L.space_centre(space)
    if L.horizontal(space):
        cx += 10
    else:
        cy += 10
    h = JUVENILE_SIZE // 2
    cx = max(L.BOARD[0] + h + 2, min(L.BOARD[2] - h - 2, cx))
    cy = max(L.BOARD[1] + h + 2, min(L.BOARD[3] - h - 2, cy))
    return (cx - h, cy - h, cx + h, cy + h)


def zone_token_box(zone: str, i: int = 0) -> Box:
    """Token i (Cave, Rock) in a zone: on the right edge, under the zone's value badge, clear
    of the tile, the dice (top centre or left) and the note line."""
    _, y0, x1, _ = L.zone_box(zone)
    x = x1 - ZONE_TOKEN - 1
    y = y0 + 46 + i * (ZONE_TOKEN + 4)
    return (x, y, x + ZONE_TOKEN, y + ZONE_TOKEN)


def six_box(zone: str) -> Box:
    """The "6" value token: it covers the zone's value badge."""
    return L.inset(L.zone_value_box(zone), -2)


WOUND_MARK = 20


def mother_wound_mark_box(space: int, i: int) -> Box:
    """Wound mark i on the Mother Shark's glyph, along its bottom-left edge."""
    x0, _, _, y1 = L.shark_box(space)
    x = x0 + i * (WOUND_MARK + 2)
    return (x, y1 - WOUND_MARK, x + WOUND_MARK, y1)

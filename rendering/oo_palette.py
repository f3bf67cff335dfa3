"""Offshore Offspring's colours, each with the letter or word that stands beside it.

Octopus blocks come in four colours (red, purple, white, black, OO-1a) and two stages
(adult, Juvenile). Colour is never the only cue: a tile carries its colour's letter in a
badge and spells colour and stage out in its label, and a Juvenile is drawn smaller with a
"J" so stage reads without colour too. The module's extra colours are kept apart from
`palette.EXACT` because that list fixes the base image's PNG palette, which must not change.
"""

from __future__ import annotations

from . import palette as P

RGB = P.RGB

OCTO_FILL: dict[str, RGB] = {
    "red": P.OI_VERMILLION,
    "purple": P.OI_PURPLE,
    "white": (238, 238, 232),
    "black": P.OI_BLACK,
}
OCTO_ICON: dict[str, RGB] = {
    "red": (110, 40, 0),
    "purple": P.OCTOPUS_DARK,
    "white": P.MUTED,
    "black": (170, 174, 184),
}
OCTO_INK: dict[str, RGB] = {"red": P.WHITE, "purple": P.INK, "white": P.INK, "black": P.WHITE}
OCTO_LETTER: dict[str, str] = {"red": "R", "purple": "P", "white": "W", "black": "K"}
STAGE_WORD: dict[str, str] = {"adult": "adult", "juvenile": "Juvenile"}

# Sharks: the Mother keeps the base glyph; Juveniles are lighter and badged "J1", "J2"
JUV_BODY: RGB = (132, 150, 170)
BADGE_BG: RGB = P.INK
WOUND: RGB = P.OI_VERMILLION
WOUND_EMPTY: RGB = P.FAINT

# tokens in zones and the module's panel accents
CAVE_FILL: RGB = (70, 52, 40)
ROCK_FILL: RGB = (128, 128, 120)
SIX_FILL: RGB = P.OI_ORANGE
UNLOCKED: RGB = P.OI_GREEN
LOCKED: RGB = (222, 224, 228)
STRIP_BG: RGB = (236, 240, 232)
ROUTE: RGB = P.OI_ORANGE

EXTRA_EXACT: tuple[RGB, ...] = (
    OCTO_FILL["white"], *OCTO_ICON.values(), JUV_BODY, CAVE_FILL, ROCK_FILL, LOCKED, STRIP_BG,
)


def exact_colours() -> tuple[RGB, ...]:
    """The base exact colours followed by the module's (a module image's fixed palette)."""
    seen: dict[RGB, None] = dict.fromkeys(P.exact_colours())
    for c in EXTRA_EXACT:
        seen.setdefault(c, None)
    return tuple(seen)

"""Where everything goes on the 1280×800 board image, as pixel boxes.

One module owns the geometry so drawing and tests agree on it: the tests sample pixels
inside these boxes to check that a rendered image shows what the view says (a block's face
in its zone, a die on its space, the Hunger count). Boxes are (left, top, right, bottom),
right/bottom exclusive, as Pillow uses them.
"""

from __future__ import annotations

Box = tuple[int, int, int, int]

WIDTH = 1280
HEIGHT = 800

# left column: header, then the forest
HEADER: Box = (0, 0, 692, 82)
CELL = 204  # distance between lattice points
MARGIN = 30  # room outside the outer lattice lines for the outer spaces
STRIP = 34  # thickness of a Current space
BOARD_X = 10
BOARD_Y = 84
BOARD: Box = (BOARD_X, BOARD_Y, BOARD_X + 2 * MARGIN + 3 * CELL, BOARD_Y + 2 * MARGIN + 3 * CELL)

# bottom: the caption of the last move, full width
CAPTION: Box = (0, 758, WIDTH, HEIGHT)

# right column: the two sides
SHARK_PANEL: Box = (692, 0, WIDTH, 398)
OCTO_PANEL: Box = (692, 398, WIDTH, 758)

TILE = 100  # a block tile on the board
ZONE_NAMES = tuple(f"{c}{r}" for r in "123" for c in "ABC")


def point(x: int, y: int) -> tuple[int, int]:
    """Pixel centre of lattice point P(x, y) (kelp-spec B-3)."""
    return (BOARD_X + MARGIN + x * CELL, BOARD_Y + MARGIN + y * CELL)


def zone_rc(zone: str) -> tuple[int, int]:
    """"B3" → (column 1, row 2)."""
    return "ABC".index(zone[0]), int(zone[1]) - 1


def zone_box(zone: str) -> Box:
    """The kelp area of a zone, between the strips of its four spaces."""
    c, r = zone_rc(zone)
    x0, y0 = point(c, r)
    x1, y1 = point(c + 1, r + 1)
    h = STRIP // 2
    return (x0 + h, y0 + h, x1 - h, y1 - h)


def block_box(zone: str) -> Box:
    """The block tile in a zone."""
    x0, y0, x1, _ = zone_box(zone)
    cx = (x0 + x1) // 2
    top = y0 + 37
    return (cx - TILE // 2, top, cx - TILE // 2 + TILE, top + TILE)


def zone_value_box(zone: str) -> Box:
    """The round badge with the zone's value, top right of the zone."""
    _, y0, x1, _ = zone_box(zone)
    return (x1 - 40, y0 + 4, x1 - 4, y0 + 40)


def zone_note_box(zone: str) -> Box:
    """The line under the tile: Octopus odds, "known", candidates or a peek."""
    x0, _, x1, y1 = zone_box(zone)
    return (x0 + 4, y1 - 30, x1 - 4, y1 - 6)


ZONE_DIE = 24


def top_space(zone: str) -> int:
    """The space along a zone's top edge (kelp-spec B-4)."""
    c, r = zone_rc(zone)
    return 3 * r + c + 1


def zone_die_box(zone: str, i: int = 0, n: int = 1, shark_space: int | None = None) -> Box:
    """Where die i of n assigned to (or resolving on) this zone is drawn: top centre, between
    the zone's name and its value; left of the tile when the Shark lies on the zone's top
    edge (the Shark is always next to the zones it assigns dice to, so it must not hide
    them)."""
    x0, y0, x1, y1 = zone_box(zone)
    w = die_width(ZONE_DIE)
    if shark_space == top_space(zone):
        y = (y0 + y1) // 2 - (n * ZONE_DIE + (n - 1) * 4) // 2 + i * (ZONE_DIE + 4)
        return (x0 + 1, y, x0 + 1 + w, y + ZONE_DIE)
    left = (x0 + x1) // 2 + 8 - (n * w + (n - 1) * 3) // 2
    x = left + i * (w + 3)
    return (x, y0 + 7, x + w, y0 + 7 + ZONE_DIE)


def space_ends(space: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two lattice points of a space, numbered as kelp-spec B-4."""
    if 1 <= space <= 12:
        y, c = divmod(space - 1, 3)
        return (c, y), (c + 1, y)
    if 13 <= space <= 24:
        r, x = divmod(space - 13, 4)
        return (x, r), (x, r + 1)
    raise ValueError(f"no space {space}")


def horizontal(space: int) -> bool:
    return 1 <= space <= 12


def space_box(space: int) -> Box:
    """The strip of water a space is drawn as (its end points left out)."""
    (ax, ay), (bx, by) = space_ends(space)
    p0, p1 = point(ax, ay), point(bx, by)
    h = STRIP // 2
    gap = h + 3
    if horizontal(space):
        return (p0[0] + gap, p0[1] - h, p1[0] - gap, p0[1] + h)
    return (p0[0] - h, p0[1] + gap, p0[0] + h, p1[1] - gap)


def space_centre(space: int) -> tuple[int, int]:
    x0, y0, x1, y1 = space_box(space)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


def space_number_xy(space: int) -> tuple[int, int]:
    """Centre of the space's number: near its first end, clear of a die or Shark."""
    x0, y0, x1, y1 = space_box(space)
    if horizontal(space):
        return (x0 + 22, (y0 + y1) // 2)
    return ((x0 + x1) // 2, y0 + 18)


DIE_ON_SPACE = 30  # pip-square size of a Current die on a space


def die_width(size: int) -> int:
    """A die glyph is its pip square plus a letter strip on the left."""
    return size + max(10, (size * 9) // 20)


def space_die_box(space: int) -> Box:
    cx, cy = space_centre(space)
    w = die_width(DIE_ON_SPACE)
    if horizontal(space):
        cx += 14
    else:
        cy += 14
    top = cy - DIE_ON_SPACE // 2
    return (cx - w // 2, top, cx - w // 2 + w, top + DIE_ON_SPACE)


SHARK_SIZE = 74  # the Shark glyph's square


def shark_box(space: int) -> Box:
    """The Shark glyph's square: on its space, pulled inside the board at the outer edges."""
    cx, cy = space_centre(space)
    if horizontal(space):
        cx += 10
    else:
        cy += 10
    h = SHARK_SIZE // 2
    cx = max(BOARD[0] + h + 2, min(BOARD[2] - h - 2, cx))
    cy = max(BOARD[1] + h + 2, min(BOARD[3] - h - 2, cy))
    return (cx - h, cy - h, cx + h, cy + h)


def facing_point(space: int, facing: str) -> tuple[int, int] | None:
    """Pixel of the end point a Shark on `space` faces (None when free)."""
    (ax, ay), (bx, by) = space_ends(space)
    far = {"E": (bx, by), "S": (bx, by), "W": (ax, ay), "N": (ax, ay)}.get(facing)
    return None if far is None else point(*far)


# -- the Shark panel ----------
PANEL_PAD = 12
LABEL_W = 92  # the column of row labels (HUNGER, GROWTH, …)


def _sx(dx: int) -> int:
    return SHARK_PANEL[0] + dx


def _sy(dy: int) -> int:
    return SHARK_PANEL[1] + dy


SHARK_TITLE: Box = (_sx(PANEL_PAD), _sy(6), _sx(300), _sy(44))
HUNGER_ROW_Y = _sy(52)
HUNGER_DIE = 30
HUNGER_SLOT_W = 52
HUNGER_SLOT_H = 42


def hunger_slot_box(i: int) -> Box:
    """Slot i (0-based, 0 = first die placed) of the 7-space Hunger Track."""
    x = _sx(LABEL_W) + i * (HUNGER_SLOT_W + 4)
    return (x, HUNGER_ROW_Y, x + HUNGER_SLOT_W, HUNGER_ROW_Y + HUNGER_SLOT_H)


HUNGER_COUNT_XY = (_sx(LABEL_W) + 7 * (HUNGER_SLOT_W + 4) + 4, HUNGER_ROW_Y + HUNGER_SLOT_H // 2)

GROWTH_ROW_Y = _sy(102)
GROWTH_W = 119
GROWTH_H = 104
GROWTH_DIE = 22


def growth_tile_box(tile: int) -> Box:
    """Growth tile 1…4."""
    x = _sx(LABEL_W) + (tile - 1) * (GROWTH_W + 4)
    return (x, GROWTH_ROW_Y, x + GROWTH_W, GROWTH_ROW_Y + GROWTH_H)


def growth_slot_box(tile: int, slot: int) -> Box:
    """Die slot 0…2 of Growth tile 1…4."""
    x0, y0, _, _ = growth_tile_box(tile)
    w = die_width(GROWTH_DIE)
    x = x0 + 4 + slot * (w + 3)
    return (x, y0 + 4, x + w, y0 + 4 + GROWTH_DIE)


ENERGY_ROW_Y = _sy(212)
ENERGY_DIE = 28


def energy_slot_box(i: int) -> Box:
    w = die_width(ENERGY_DIE) + 6
    x = _sx(LABEL_W) + i * (w + 4)
    return (x, ENERGY_ROW_Y, x + w, ENERGY_ROW_Y + ENERGY_DIE + 6)


BAG_X = _sx(326)
POOL_ROW_Y = _sy(252)
POOL_DIE = 28

DISPLAY_ROW_Y = _sy(292)
CARD_W = 119
CARD_H = 80


def display_card_box(i: int) -> Box:
    x = _sx(LABEL_W) + i * (CARD_W + 4)
    return (x, DISPLAY_ROW_Y, x + CARD_W, DISPLAY_ROW_Y + CARD_H)


KEPT_ROW_Y = _sy(376)


def shark_token_box(i: int) -> Box:
    """Confrontation token i (0 red, 1 yellow, 2 turquoise) in the Shark title row."""
    x = SHARK_PANEL[2] - PANEL_PAD - (3 - i) * 40
    return (x, _sy(8), x + 34, _sy(42))


# -- the Octopus panel ----------
def _ox(dx: int) -> int:
    return OCTO_PANEL[0] + dx


def _oy(dy: int) -> int:
    return OCTO_PANEL[1] + dy


OCTO_TITLE: Box = (_ox(PANEL_PAD), _oy(6), _ox(300), _oy(44))
FOOD_ROW_Y = _oy(50)
FOOD_SLOT = 48


def food_slot_box(i: int) -> Box:
    x = _ox(LABEL_W) + i * (FOOD_SLOT + 6)
    return (x, FOOD_ROW_Y, x + FOOD_SLOT, FOOD_ROW_Y + FOOD_SLOT)


FOOD_COUNT_XY = (_ox(LABEL_W) + 4 * (FOOD_SLOT + 6) + 4, FOOD_ROW_Y + FOOD_SLOT // 2)
BANKED_X = _ox(LABEL_W) + 4 * (FOOD_SLOT + 6) + 84

HAND_ROW_Y = _oy(106)
HAND_CARD_W = 68
HAND_CARD_H = 84


def hand_card_box(i: int, n: int) -> Box:
    """Card i of a hand of n (cards overlap when the hand is long)."""
    room = OCTO_PANEL[2] - PANEL_PAD - _ox(LABEL_W)
    step = HAND_CARD_W + 4 if n <= 1 else min(HAND_CARD_W + 4, (room - HAND_CARD_W) // (n - 1))
    x = _ox(LABEL_W) + i * step
    return (x, HAND_ROW_Y, x + HAND_CARD_W, HAND_ROW_Y + HAND_CARD_H)


PILES_ROW_Y = _oy(198)
PILE_W = 119
PILE_H = 58


def pile_box(i: int) -> Box:
    """Face-up pile i (move, hide, learn, eat)."""
    x = _ox(LABEL_W) + i * (PILE_W + 4)
    return (x, PILES_ROW_Y, x + PILE_W, PILES_ROW_Y + PILE_H)


DECK_ROW_Y = _oy(264)
SUPPLY_ROW_Y = _oy(300)
SUPPLY_TILE = 40


def octo_token_box(i: int) -> Box:
    x = OCTO_PANEL[2] - PANEL_PAD - (3 - i) * 40
    return (x, _oy(8), x + 34, _oy(42))


def inset(box: Box, n: int) -> Box:
    """`box` shrunk by n pixels on every side."""
    return (box[0] + n, box[1] + n, box[2] - n, box[3] - n)

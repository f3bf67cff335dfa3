"""Several Sharks (kelp-spec.md OO-8): where each one is, which one is moving, and Juvenile
Sharks entering play.

The Mother Shark keeps the base game's fields (`game.shark_at`, `game.facing`), so the base
engine and `rules/ai/` read her as before; Juvenile Sharks live in `game.juv_sharks` as
`[name, space, facing]`, named `j1`, `j2` in the order they enter. The move code in
rules/shark.py works on "the mover": the Shark named by `game.tf["mover"]`, the Mother
when none is named (always so in a base game).
"""

from __future__ import annotations

from typing import Any

from .actions import act
from .core import Chooser, ev, to_bag
from .data import board
from .expansion_data import offshore_offspring
from .state import Game

MOTHER = "mother"


def sharks(g: Game) -> list[tuple[str, int, int | None]]:
    """Every Shark in play as (name, space, facing): the Mother first, then the Juveniles."""
    out: list[tuple[str, int, int | None]] = []
    if g.shark_at is not None:
        out.append((MOTHER, g.shark_at, g.facing))
    out.extend((str(n), int(s), f) for n, s, f in g.juv_sharks)
    return out


def names(g: Game) -> list[str]:
    return [n for n, _, _ in sharks(g)]


def pos(g: Game, name: str) -> tuple[int | None, int | None]:
    if name == MOTHER:
        return g.shark_at, g.facing
    for n, s, f in g.juv_sharks:
        if n == name:
            return int(s), f
    return None, None


def set_pos(g: Game, name: str, s: int, f: int | None) -> None:
    if name == MOTHER:
        g.shark_at, g.facing = s, f
        return
    g.juv_sharks = [[n, s, f] if n == name else [n, x, y] for n, x, y in g.juv_sharks]


def mover(g: Game) -> str:
    """The Shark moving now: the one named, else the only one still to move."""
    if not g.oo:
        return MOTHER
    m = g.tf.get("mover")
    if m:
        return str(m)
    left = unmoved(g)
    return left[0] if left else MOTHER


def mover_pos(g: Game) -> tuple[int | None, int | None]:
    return pos(g, mover(g))


def others(g: Game, name: str) -> set[int]:
    """Spaces of every Shark but `name`."""
    return {s for n, s, _ in sharks(g) if n != name}


def unmoved(g: Game) -> list[str]:
    moved = set(g.tf.get("moved", []))
    return [n for n in names(g) if n not in moved]


def adjacent(g: Game, z: int) -> list[str]:
    """The Sharks in play adjacent to zone z (OO-8: each assigns to its own zones)."""
    b = board(g.board_side)
    return [n for n, s, _ in sharks(g) if z in b.borders[s]]


def all_adjacent_zones(g: Game) -> tuple[int, ...]:
    b = board(g.board_side)
    return tuple(sorted({z for _, s, _ in sharks(g) for z in b.borders[s]}))


# -- Juvenile Sharks entering (OO-8) ----------
def entry_dens(g: Game) -> list[int]:
    """OO-8: a free den (no Shark, no Escape Route); one holding a Current die as the data says."""
    dens = board(g.board_side).dens
    taken = {s for _, s, _ in sharks(g)}
    ok = [s for s in dens if s not in taken and s != g.oo.get("route")]
    free = [s for s in ok if s not in g.dice_on]
    if offshore_offspring().sharks.juvenile_den_with_die == "always" or not free:
        return ok
    return free


def can_gain_juvenile(g: Game) -> bool:
    return bool(g.oo) and g.oo["juv_left"] > 0 and bool(entry_dens(g))


def gain_juvenile(g: Game, ch: Chooser, safe: bool) -> None:
    """A Juvenile Shark enters on a den of the Shark's choice, free (B-5)."""
    if not can_gain_juvenile(g):
        return
    s = int(ch.pick([act("at", d) for d in entry_dens(g)], safe).args[0])
    if s in g.dice_on:
        d = g.dice_on.pop(s)
        to_bag(g, d)
        ev(g, "return", f"The Current die {d} on den {s} returns to the bag", seat="shark",
           spaces=(s,))
    name = f"j{g.oo['juv_next']}"
    g.oo["juv_next"] += 1
    g.oo["juv_left"] -= 1
    g.juv_sharks = [*g.juv_sharks, [name, s, None]]
    if g.phase != "shark" or g.step not in ("start", "return", "drawn", "roll", "place",
                                            "moving"):
        # OO-8 [P]: entering after the Move step, it takes part only in later steps.
        g.tf["moved"] = [*g.tf.get("moved", []), name]
    ev(g, "juvenile_shark", f"Juvenile Shark {name} enters on den {s}", seat="shark",
       spaces=(s,), shark=name)


def gain_juvenile_effect(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
                         safe: bool, optional: bool) -> bool:
    gain_juvenile(g, ch, safe)
    return True


PRIMITIVES = {"gain_juvenile": gain_juvenile_effect}

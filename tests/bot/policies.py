"""Test players for end-to-end games. The hunter cheats (it reads the true state) so
that Shark wins happen in a few games; it is a test device, never offered to users."""

from __future__ import annotations

import random

import rules
from rules import Action
from rules.data import ZONES, board, data


def hunter(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """Random for the Octopus; for the Shark, chase and strike the Octopus it can 'see'."""
    acts = [a for a in legal if a.verb != "cancel"]
    if seat == "octopus":
        return rng.choice(acts)
    oz = ZONES[g.zones.index("octopus")]
    b = board(g.board_side)

    def pick(pred) -> Action | None:  # type: ignore[no-untyped-def]
        good = [a for a in acts if pred(a)]
        return rng.choice(good) if good else None

    red_cards = {c for c, d in data().shark_cards.items() if d.die == "R"}
    return (
        pick(lambda a: a.verb == "colour" and a.args[0] == g.locked["octopus"])
        or pick(lambda a: a.verb == "assign" and a.args[0][1] == "R" and a.args[1] == oz)
        or pick(lambda a: a.verb == "go" and bool(g.partial["shark"]))
        or pick(lambda a: a.verb == "resolve" and a.args[0] == oz)
        or pick(lambda a: a.verb == "buy" and any(c in red_cards for c in a.args))
        or pick(lambda a: a.verb == "step" and oz in [ZONES[z] for z in
                                                      b.borders[int(a.args[0])]])
        or pick(lambda a: a.verb not in ("assign", "buy"))
        or rng.choice(acts)
    )


def passive_shark(g: rules.Game, seat: str, legal: list[Action],
                  rng: random.Random) -> Action:
    """The Shark never strikes and spends Energy whenever it can: the Octopus wins."""
    acts = [a for a in legal if a.verb not in ("cancel", "assign")]
    if seat == "shark":
        for verb in ("go", "buy", "feed", "done"):
            good = [a for a in acts if a.verb == verb]
            if good:
                return rng.choice(good)
    return rng.choice(acts or legal)


def octopus_zones(g: rules.Game) -> list[str]:
    """Zones holding any Octopus block (Offshore Offspring: adults and Juveniles)."""
    return [ZONES[i] for i, k in enumerate(g.zones) if k.startswith(("octopus", "juvenile"))]


def oo_hunter(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """`hunter` for Offshore Offspring games: every Shark chases every Octopus block."""
    acts = [a for a in legal if a.verb != "cancel"]
    if seat == "octopus":
        return rng.choice(acts)
    targets = set(octopus_zones(g))
    b = board(g.board_side)

    def pick(pred) -> Action | None:  # type: ignore[no-untyped-def]
        good = [a for a in acts if pred(a)]
        return rng.choice(good) if good else None

    return (
        pick(lambda a: a.verb == "colour" and a.args[0] == g.locked["octopus"])
        or pick(lambda a: a.verb == "assign" and a.args[0][1] == "R" and a.args[1] in targets)
        or pick(lambda a: a.verb == "go" and bool(g.partial["shark"]))
        or pick(lambda a: a.verb == "resolve" and a.args[0] in targets)
        or pick(lambda a: a.verb in ("step", "burst", "at") and targets & {
            ZONES[z] for z in b.borders[int(a.args[0])]})
        or pick(lambda a: a.verb not in ("assign", "buy", "decisive"))
        or rng.choice(acts)
    )

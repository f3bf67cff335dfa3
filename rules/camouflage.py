"""Camouflage tracks (kelp-spec.md OO-4, OO-5): where removed shells go and what they unlock.

Every shell that leaves the board goes onto a track of the Octopus's choice; the 2nd shell on
a track unlocks its colour and ability, the 4th its token, for good. A shell that returns to
the board comes off the right end of a track of the Octopus's choice (or is a new face).
The choices are asked before anything changes, as every effect primitive does
(rules/effects.py), so the same code lists options, checks feasibility and applies.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, act
from .core import Chooser, ev
from .data import ZONE_INDEX, ZONES
from .expansion_data import offshore_offspring
from .state import Game

ShellOff = tuple[str | None, int | None]


def _cam() -> Any:
    return offshore_offspring().camouflage


def tracks_with_room(g: Game) -> list[str]:
    return [c for c, n in g.oo["tracks"].items() if n < _cam().slots]


def _token_zone_options(g: Game, colour: str) -> list[Action] | None:
    """Zones a token unlocked on `colour`'s track may go to, or None if it isn't placed."""
    tok = _cam().tracks[colour].token
    if tok.placed != "zone":
        return None
    taken = {v for k, v in g.oo["tokens"].items() if isinstance(v, int)}
    return [act("put", tok.id, ZONES[z]) for z in range(9) if z not in taken]


def shell_off_choice(g: Game, ch: Chooser, safe: bool) -> ShellOff:
    """Ask where a removed shell goes: (track or None for the supply, token zone or None)."""
    room = tracks_with_room(g)
    if not room:
        return None, None
    track = room[0] if len(room) == 1 else ch.pick([act("track", c) for c in room],
                                                    safe).args[0]
    zone = None
    if g.oo["tracks"][track] + 1 == _cam().token_unlocks_at:
        opts = _token_zone_options(g, track)
        if opts:
            zone = ZONE_INDEX[ch.pick(opts, safe).args[1]]
    return track, zone


def shell_off(g: Game, choice: ShellOff) -> None:
    """A shell left the board: onto the chosen track (unlocking at 2 and 4), else the supply."""
    track, zone = choice
    if track is None:
        g.supply["shell"] = g.supply.get("shell", 0) + 1
        ev(g, "shell_supply", "The shell goes to the supply: both Camouflage tracks are full",
           seat="octopus")
        return
    n = g.oo["tracks"][track] + 1
    g.oo["tracks"][track] = n
    ev(g, "camouflage", f"A shell goes onto the {track} Camouflage track ({n})", seat="octopus",
       track=track, shells=n)
    t = _cam().tracks[track]
    if n == _cam().colour_unlocks_at and track not in g.oo["unlocked"]:
        g.oo["unlocked"] = [*g.oo["unlocked"], track]
        ev(g, "unlock", f"The {track} colour and {t.ability.name} are unlocked", seat="octopus",
           track=track, ability=t.ability.id)
    if n == _cam().token_unlocks_at and t.token.id not in g.oo["tokens"]:
        if t.token.placed == "zone":
            if zone is None:
                return
            g.oo["tokens"][t.token.id] = zone
            ev(g, "unlock", f"The {t.token.name} is unlocked and placed in {ZONES[zone]}",
               seat="octopus", zones=(zone,), token=t.token.id)
        else:
            g.oo["tokens"][t.token.id] = "active"
            ev(g, "unlock", f"The {t.token.name} is unlocked", seat="octopus", token=t.token.id)


def shell_back(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
               optional: bool) -> bool:
    """A shell returns to the board: off the right end of a track of the Octopus's choice.

    The shell face is already on the board when this runs (the zone must never be empty);
    this only takes it off a track, or uses a new face when no track holds one (OO-1a).
    """
    full = [c for c, n in g.oo["tracks"].items() if n > 0]
    if not full:
        return True
    track = full[0] if len(full) == 1 else ch.pick([act("from", c) for c in full],
                                                    safe).args[0]
    g.oo["tracks"][track] -= 1
    ev(g, "camouflage", f"A shell comes off the {track} Camouflage track", seat="octopus",
       track=track, shells=g.oo["tracks"][track])
    return True


PRIMITIVES = {"shell_back": shell_back}

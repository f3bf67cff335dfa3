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


# -- abilities and tokens in the Shark's turn (OO-5) ----------
def token_zone(g: Game, effect: str) -> int | None:
    """The zone of a placed token with this effect (Cave, Rock), if unlocked."""
    for t in _cam().tracks.values():
        if t.token.effect == effect:
            v = g.oo["tokens"].get(t.token.id)
            return v if isinstance(v, int) else None
    return None


def ability_on(g: Game, effect: str) -> bool:
    """OO-4: an unlocked ability works while an Octopus block of its colour is on the board."""
    from .offspring import colour, is_octopus

    for c, t in _cam().tracks.items():
        if t.ability.effect == effect and c in g.oo["unlocked"]:
            return any(is_octopus(k) and colour(k) == c for k in g.zones)
    return False


def decoy_ready(g: Game) -> bool:
    for t in _cam().tracks.values():
        if t.token.effect == "cancel_search":
            return g.oo["tokens"].get(t.token.id) == "active"
    return False


def use_decoy(g: Game, z: int, d: str) -> None:
    """OO-5 Ink Decoy: the search is cancelled, the die returns to the bag, the token is used."""
    from .core import to_bag

    if g.queue and g.queue[0][0] == "resolve":
        g.queue.pop(0)
    for i, (_, x) in enumerate(g.limbo):
        if x == d:
            del g.limbo[i]
            break
    to_bag(g, d)
    for t in _cam().tracks.values():
        if t.token.effect == "cancel_search":
            g.oo["tokens"][t.token.id] = "used"
            ev(g, "ink_decoy", f"The Octopus uses the {t.token.name}: the Search on {ZONES[z]}"
               f" is cancelled and {d} returns to the bag", seat="octopus", zones=(z,))


def fierce(g: Game, kind: str) -> bool:
    """OO-5 Fierce Fighter: a white Octopus revealed by a Search die (ability unlocked)."""
    from .offspring import colour, is_octopus

    if not is_octopus(kind):
        return False
    for c, t in _cam().tracks.items():
        if t.ability.effect == "wound_searcher" and c in g.oo["unlocked"] and colour(kind) == c:
            return True
    return False


def fierce_ops(g: Game, z: int, who: str) -> list[list[Any]]:
    ev(g, "fierce_fighter", f"The Octopus in {ZONES[z]} is a Fierce Fighter: the searching"
       " Shark takes a wound", zones=(z,))
    ctx = {"why": "Fierce Fighter", "zone": ZONES[z], "shark": who}
    return [["eff", "shark", [{"op": "wound"}], ctx, False, "wound"]]


def no_search_zone(g: Game) -> int | None:
    """OO-5 Rock: Search dice may not be assigned to its zone."""
    return token_zone(g, "no_search") if g.oo else None


# -- in the Octopus's turn: colour changes, Deimatic Display and the Cave (OO-4, OO-5) -------
def _colours(g: Game) -> list[str]:
    return [offshore_offspring().faces.start_colour, *g.oo["unlocked"]]


def camo_options(g: Game) -> list[Action]:
    """OO-4: a revealed Octopus may change to any unlocked colour, or back to red (free)."""
    from .offspring import colour, stage

    out = []
    for z in range(9):
        k = g.zones[z]
        if g.hidden[z] or stage(k) is None:
            continue
        out.extend(act("camo", ZONES[z], c) for c in _colours(g) if c != colour(k))
    return out


def h_camo(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    from .core import Infeasible
    from .offspring import _set_kind, colour, octo_kind, stage

    if root not in camo_options(g):
        raise Infeasible
    z, c = ZONE_INDEX[root.args[0]], root.args[1]
    k = g.zones[z]
    new = octo_kind(stage(k) or "adult", c)
    _set_kind(g, z, new, f"camouflage: {colour(k)} to {c}")


def camo_after_paying(g: Game, ch: Chooser, paid: list[int]) -> None:
    """OO-4: an Octopus revealed to pay a cost may change colour before the effect
    (once each within the card; `go` goes on to the effect)."""
    done: set[str] = set()
    while True:
        opts = [a for a in camo_options(g)
                if ZONE_INDEX[a.args[0]] in paid and a.args[0] not in done]
        if not opts:
            return
        c = ch.pick([*opts, Action("go")])
        if c.verb == "go":
            return
        h_camo(g, "octopus", c, ch)
        done.add(c.args[0])


def _purple(g: Game) -> str | None:
    for c, t in _cam().tracks.items():
        if t.ability.effect == "push_sharks":
            return c
    return None


def deimatic_options(g: Game) -> list[Action]:
    """OO-5: the purple Octopus, if some Shark borders its zone (else nothing would happen)."""
    from .offspring import colour, is_octopus
    from .sharks import adjacent

    c = _purple(g)
    if c is None or c not in g.oo["unlocked"]:
        return []
    return [act("deimatic", ZONES[z]) for z in range(9)
            if is_octopus(g.zones[z]) and colour(g.zones[z]) == c and adjacent(g, z)]


FACINGS = ("free", "a", "b")


def push_targets(g: Game, name: str, z: int, claimed: tuple[int, ...] = ()) -> list[int]:
    """Empty spaces next to the Shark's space that don't border zone z (OO-5); `claimed`
    are spaces other Sharks are being pushed to by the same Display."""
    from .data import board
    from .sharks import pos, sharks

    b = board(g.board_side)
    s, _ = pos(g, name)
    assert s is not None
    taken = {x for _, x, _ in sharks(g)}
    return sorted(t for t in b.next_to[s] if z not in b.borders[t] and t not in g.dice_on
                  and t not in taken and t != g.oo["route"] and t not in claimed)


def _facing_word(g: Game, t: int, f: int | None) -> str:
    from .views import facing_text

    return facing_text(g, t, f).lower() if f is not None else "free"


def h_deimatic(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """Deimatic Display: reveal the purple Octopus, push every Shark next to it away;
    then, with the Cave unlocked, it may swap with the Cave zone's block."""
    from .core import Infeasible, reveal, swap_blocks
    from .sharks import adjacent, set_pos

    if root not in deimatic_options(g):
        raise Infeasible
    z = ZONE_INDEX[root.args[0]]
    pushes = []
    for name in adjacent(g, z):
        ts = push_targets(g, name, z, tuple(t for _, t, _ in pushes))
        if not ts:
            continue
        opts = [act("push", _space_of(g, name), t, _facing_word(g, t, f))
                for t in ts for f in (None, 0, 1)]
        c = ch.pick(opts, True)
        t = int(c.args[1])
        f = None if c.args[2] == "free" else next(
            x for x in (0, 1) if _facing_word(g, t, x) == c.args[2])
        pushes.append((name, t, f))
    cave = token_zone(g, "cave_swap")
    swap = False
    if cave is not None and cave != z:
        swap = ch.pick([Action("cave"), Action("skip")], True).verb == "cave"
    reveal(g, z, "Deimatic Display")
    ev(g, "deimatic", f"Deimatic Display: the purple Octopus in {ZONES[z]} scares the Sharks",
       seat="octopus", zones=(z,))
    for name, t, f in pushes:
        old = _space_of(g, name)
        set_pos(g, name, t, f)
        ev(g, "push", f"The Shark on {old} is pushed to {t}", seat="octopus", spaces=(old, t),
           shark=name)
    if swap and cave is not None:
        swap_blocks(g, z, cave, "the Cave")


def _space_of(g: Game, name: str) -> int:
    from .sharks import pos

    s, _ = pos(g, name)
    assert s is not None
    return s


def free_roots(g: Game) -> list[tuple[Action, bool]]:
    """The module's free commands in the Octopus's turn, outside actions."""
    return [(a, True) for a in [*camo_options(g), *deimatic_options(g)]]


def kelp_pairs(g: Game) -> list[tuple[int, int]]:
    """OO-5 Shadow Sneak: with a black Octopus on the board, any two Kelp zones may swap."""
    from .data import board

    if not ability_on(g, "kelp_swap"):
        return []
    kelp = sorted(board(g.board_side).kelp)
    return [(a, b) for i, a in enumerate(kelp) for b in kelp[i + 1:]]


HANDLERS = {"camo": h_camo, "deimatic": h_deimatic}

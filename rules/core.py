"""Atomic changes to a game and the bookkeeping that must follow each one.

Every block move, die move and card move goes through a function here so that the
public knowledge trackers (what the Shark and spectators can deduce), the events and the
win checks (G-1: checked after every atomic change) can never be forgotten by a caller.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from .actions import Action
from .data import ZONES, OctoCard, SharkCard, base_id, board, data
from .names import WIN_TEXT, block_name, card_name
from .state import Game

SEATS = ("octopus", "shark")


# -- choosing ----------
class NeedChoice(Exception):
    """A command needs one more step; `options` are the raw choices at that step.

    `sure` says every option is known to lead to a complete command, so callers can skip
    the look-ahead that otherwise prunes dead ends.
    """

    def __init__(self, options: list[Action], sure: bool) -> None:
        super().__init__()
        self.options = options
        self.sure = sure


class Infeasible(Exception):
    """The command, as chosen so far, cannot be completed (O-3: its whole effect must happen)."""


class Chooser:
    """Feeds a command its choices one step at a time, or asks for the next one."""

    __slots__ = ("choices", "i")

    def __init__(self, choices: list[Action]) -> None:
        self.choices = choices
        self.i = 0

    def pick(self, options: list[Action], sure: bool = False) -> Action:
        if not options:
            raise Infeasible
        if self.i < len(self.choices):
            c = self.choices[self.i]
            self.i += 1
            if c not in options:
                raise Infeasible
            return c
        raise NeedChoice(options, sure)

    def exhausted(self) -> bool:
        return self.i >= len(self.choices)


# -- dice ----------
def die(value: int, colour: str) -> str:
    return f"{value}{colour}"


def dval(d: str) -> int:
    return int(d[0])


def dcol(d: str) -> str:
    return d[1]


def sort_dice(dice: list[str]) -> list[str]:
    order = {"B": 0, "Y": 1, "R": 2}
    return sorted(dice, key=lambda d: (order[d[1]], -int(d[0])))


def bag_draw(g: Game) -> str | None:
    """Draw one die's colour from the bag at random (C-1: the bag's contents are public)."""
    total = g.bag["B"] + g.bag["Y"] + g.bag["R"]
    if total == 0:
        return None
    r = g.rng.randrange(total)
    for c in ("B", "Y", "R"):
        if r < g.bag[c]:
            g.bag[c] -= 1
            return c
        r -= g.bag[c]
    raise AssertionError("unreachable")


def roll(g: Game, colour: str) -> str:
    return die(g.rng.randint(1, 6), colour)


def to_bag(g: Game, d: str) -> None:
    g.bag[dcol(d)] += 1


def to_growth(g: Game, d: str) -> None:
    """S-6: first empty slot, tiles 1→4; a 3rd die flips the tile and returns its dice."""
    slots = int(data().comp["shark"]["growth_slots"])
    for i, tile in enumerate(g.growth):
        if g.flipped[i]:
            continue
        tile.append(d)
        if len(tile) >= slots:
            for x in tile:
                to_bag(g, x)
            g.growth[i] = []
            g.flipped[i] = True
            ev(g, "growth_flip", f"Growth tile {i + 1} flips: {growth_text(i, g)}", tile=i + 1)
        return
    to_bag(g, d)


def growth_tiles(g: Game) -> tuple[dict[str, Any], ...]:
    """The game's Growth tiles in order: the base tiles, or OO-9's tiles 1–2 in their place."""
    if not g.oo:
        return data().growth
    return _oo_growth()


@cache
def _oo_growth() -> tuple[dict[str, Any], ...]:
    from .expansion_data import offshore_offspring

    tiles = list(data().growth)
    for n, t in offshore_offspring().growth.items():
        tiles[n - 1] = {"tile": n, "effect": t.effect, "text": t.text, **t.params}
    return tuple(tiles)


def growth_text(i: int, g: Game | None = None) -> str:
    return str((data().growth if g is None else growth_tiles(g))[i]["text"])


def growth_effect(g: Game, effect: str) -> list[dict[str, Any]]:
    return [t for i, t in enumerate(growth_tiles(g)) if g.flipped[i] and t["effect"] == effect]


def octo_card(cid: str) -> OctoCard:
    """An Octopus card's data, base or Offshore Offspring's Escape to Safety (OO-6)."""
    c = data().octo_cards.get(cid)
    if c is not None:
        return c
    from .expansion_data import offshore_offspring

    esc = offshore_offspring().eat_pile.escape
    if cid == esc.id:
        return esc
    raise KeyError(cid)


def shark_card(cid: str) -> SharkCard:
    """A Shark card's data, base or Offshore Offspring (OO-15): their ids never clash."""
    c = data().shark_cards.get(cid)
    if c is not None:
        return c
    from .expansion_data import offshore_offspring

    return offshore_offspring().shark_cards[cid]


@cache
def trap_data(kind: str) -> dict[str, Any]:
    """A trap's name, text and effects, base (T-1) or Offshore Offspring (OO-7)."""
    t = data().traps.get(kind)
    if t is not None:
        return t
    from .expansion_data import offshore_offspring

    x = offshore_offspring().traps[kind]
    return {"id": x.id, "name": x.name, "text": x.text, "effects": list(x.effects)}


def to_hunger(g: Game, d: str, why: str) -> None:
    """A die lands on the Hunger Track; G-2(b) and G-4 can end the game here."""
    g.hunger.append(d)
    ev(g, "hunger", f"{d} goes to the Hunger Track ({why}): {len(g.hunger)}/7", die=d)
    if g.oo:
        from .shark_tools import gain_tokens

        gain_tokens(g)  # OO-10
    track = int(data().comp["shark"]["hunger_track"])
    if len(g.hunger) >= track:
        end_game(g, "octopus", "hunger")
    elif len(g.hunger) == track - 1 and no_strike_left(g):
        end_game(g, "octopus", "no_strike")


def no_strike_left(g: Game) -> bool:
    """G-4: no red die in bag, pool or Energy and nothing kept that could help."""
    if g.bag["R"] > 0:
        return False
    if any(dcol(d) == "R" for d in g.pool) or any(
        dcol(a[1]) == "R" for a in [*g.assigned, *g.limbo]
    ):
        return False
    if any(dcol(d) == "R" for d in g.energy):
        return False
    if any(shark_card(c).effect == "unhunger" for c in g.kept):
        return False
    return not (g.oo and _oo_strike_help(g))


def _oo_strike_help(g: Game) -> bool:
    """G-4 with Offshore Offspring: an unused Gain a Strike Die token can still help."""
    from .offspring import strike_token_usable

    return strike_token_usable(g)


def end_game(g: Game, winner: str, reason: str) -> None:
    if g.phase == "over":
        return
    g.phase = "over"
    g.winner = winner
    g.win_reason = reason
    g.pend = []
    g.queue = []
    g.partial = {"octopus": [], "shark": []}
    ev(g, "game_over", f"The {winner.capitalize()} wins ({WIN_TEXT.get(reason, reason)}).",
       winner=winner, reason=reason)




# -- events ----------
def ev(
    g: Game,
    kind: str,
    text: str,
    *,
    seat: str | None = None,
    zones: tuple[int, ...] | list[int] = (),
    spaces: tuple[int, ...] | list[int] = (),
    secret: dict[str, dict[str, Any]] | None = None,
    **public: Any,
) -> None:
    """Record an event. Top-level fields are public; `secret[viewer]` is for one viewer only."""
    e: dict[str, Any] = {
        "type": kind,
        "seat": seat,
        "text": text,
        "zones": [ZONES[z] for z in zones],
        "spaces": list(spaces),
        **public,
    }
    if secret:
        e["secret"] = secret
    g._ev.append(e)


# -- blocks and what the public can know about them ----------
def _known(kind: str) -> tuple[str, ...]:
    return (kind,)


def reveal(g: Game, z: int, why: str) -> None:
    if not g.hidden[z]:
        return
    g.hidden[z] = False
    k = g.zones[z]
    g.know_pub[z] = _known(k)
    g.know_shark[z] = _known(k)
    ev(g, "reveal", f"{ZONES[z]} is revealed ({why}): {block_name(k)}", zones=(z,), block=k,
       why=why)


def hide(g: Game, z: int) -> None:
    if g.hidden[z]:
        return
    g.hidden[z] = True
    ev(g, "hide", f"{ZONES[z]} is hidden", zones=(z,))


def swap_blocks(g: Game, a: int, b: int, why: str) -> None:
    g.zones[a], g.zones[b] = g.zones[b], g.zones[a]
    g.hidden[a], g.hidden[b] = g.hidden[b], g.hidden[a]
    g.know_pub[a], g.know_pub[b] = g.know_pub[b], g.know_pub[a]
    g.know_shark[a], g.know_shark[b] = g.know_shark[b], g.know_shark[a]

    def swapped(m: list[list[int]]) -> list[list[int]]:
        m = list(m)
        m[a], m[b] = m[b], m[a]
        return m

    _moved(g, swapped)
    ev(g, "swap", f"{ZONES[a]} and {ZONES[b]} swap ({why})", zones=(a, b))


def shuffle_blocks(g: Game, zs: list[int], why: str) -> None:
    """O-6: hidden blocks redistributed among their own zones uniformly at random."""
    kinds = [g.zones[z] for z in zs]
    g.rng.shuffle(kinds)
    for z, k in zip(zs, kinds, strict=True):
        g.zones[z] = k
        g.hidden[z] = True
    for tracker in (g.know_pub, g.know_shark):
        union = tuple(sorted({k for z in zs for k in tracker[z]}))
        for z in zs:
            tracker[z] = union

    def mixed(m: list[list[int]]) -> list[list[int]]:
        came = sorted({o for z in zs for o in m[z]})
        return [came if z in zs else m[z] for z in range(len(m))]

    _moved(g, mixed)
    ev(g, "shuffle", f"{', '.join(ZONES[z] for z in zs)} are shuffled ({why})", zones=tuple(zs))


def note_origins(g: Game, start: dict[str, Any]) -> None:
    """A Shark turn begins with the Shark as `start` notes (`shark.draw_and_roll`): from
    here each zone's block is followed as swaps and shuffles move it, and the previous
    turn's record is kept. A computer Shark reads it to weigh where the Octopus chose to
    hide last turn (`rules.ai.opponent`); every swap and shuffle is public (I-2)."""
    old = g.origins
    g.origins = {"starts": [old["starts"][-1] if old else None, start],
                 "from": [old["from"][-1] if old else None, [[z] for z in range(9)]]}


def _moved(g: Game, move: Callable[[list[list[int]]], list[list[int]]]) -> None:
    """Blocks changed zones: where each zone's block came from, in every record kept."""
    if g.origins:
        g.origins = {**g.origins,
                     "from": [None if m is None else move(m) for m in g.origins["from"]]}


def replace_block(g: Game, z: int, kind: str, why: str) -> str:
    """Put `kind` on zone z, revealed; returns the block it replaced."""
    old = g.zones[z]
    g.zones[z] = kind
    g.hidden[z] = False
    g.know_pub[z] = _known(kind)
    g.know_shark[z] = _known(kind)
    ev(g, "replace", f"{block_name(kind)} replaces {block_name(old)} in {ZONES[z]} ({why})",
       zones=(z,), block=kind, replaced=old)
    return old


def peek(g: Game, z: int, why: str) -> None:
    """The Shark alone looks at a hidden block (Keen Senses): private knowledge."""
    k = g.zones[z]
    g.know_shark[z] = _known(k)
    g.peeks = [*g.peeks, {"zone": ZONES[z], "block": k, "version": g.version, "round": g.round}]
    ev(g, "peek", f"The Shark looks at {ZONES[z]} ({why})", zones=(z,),
       secret={"shark": {"block": k, "text": f"You see {block_name(k)} in {ZONES[z]}"}})


def octopus_zone(g: Game) -> int:
    return g.zones.index("octopus")


def is_trap(kind: str) -> bool:
    return kind in data().traps or kind in _oo_traps()


@cache
def _oo_traps() -> frozenset[str]:
    from .expansion_data import offshore_offspring

    return frozenset(offshore_offspring().traps)


def is_octopus(kind: str) -> bool:
    """OO-0: any Octopus block, adult or Juvenile, of any colour ("octopus" in base games)."""
    return kind == "octopus" or kind.startswith(("octopus_", "juvenile"))


def is_food(kind: str) -> bool:
    return kind in data().foods


def replaceable(g: Game) -> list[int]:
    """O-7: revealed blocks that are neither an Octopus nor a food."""
    return [
        z
        for z in range(9)
        if not g.hidden[z] and not is_octopus(g.zones[z]) and not is_food(g.zones[z])
    ]


# -- Octopus cards ----------
def leave_hand(g: Game, cid: str) -> None:
    """A card leaves the hand publicly (played or discarded): update what is known."""
    g.hand.remove(cid)
    if cid in g.hand_known:
        g.hand_known.remove(cid)
    else:
        g.unknown_cards.remove(cid)


def to_hand_public(g: Game, cid: str) -> None:
    g.hand.append(cid)
    g.hand_known.append(cid)


def draw_cards(g: Game, n: int, why: str) -> int:
    """Draw n cards (G-6: reshuffle the discard pile when the draw pile is empty)."""
    drawn: list[str] = []
    while len(drawn) < n:
        if not g.draw:
            if not g.discard:
                break
            # The draw pile is empty, so every card not publicly placed is now in hand.
            g.hand_known.extend(g.unknown_cards)
            g.unknown_cards = list(g.discard)
            g.draw_cands = list(g.discard)
            g.draw = list(g.discard)
            g.discard = []
            g.rng.shuffle(g.draw)
            ev(g, "reshuffle", "The Octopus shuffles its discard pile into a new draw pile")
        cid = g.draw.pop()
        if g.oo and _event_found(g, cid):
            continue
        g.hand.append(cid)
        drawn.append(cid)
    if drawn or n:
        ev(g, "draw", f"The Octopus draws {len(drawn)} card{'s' * (len(drawn) != 1)} ({why})",
           seat="octopus", count=len(drawn),
           secret={"octopus": {"cards": drawn,
                               "text": "You draw " + (", ".join(map(card_name, drawn)) or
                                                      "nothing")}})
    return len(drawn)


def _event_found(g: Game, cid: str) -> bool:
    """OO-2: an Event card drawn never enters the hand; the draw goes on without it."""
    from .offspring import found_event, is_event

    if not is_event(cid):
        return False
    found_event(g, cid, "draws")
    return True


def refill_display(g: Game) -> None:
    for i, c in enumerate(g.display):
        if c is None and g.deck:
            g.display[i] = g.deck.pop()
            ev(g, "display", f"{card_name(g.display[i])} joins the Shark display",  # type: ignore[arg-type]
               card=g.display[i])


def zone_value(g: Game, z: int) -> int:
    if g.oo and g.oo.get("six") == z:
        from .wounds import six_value

        v = six_value(g, z)
        if v is not None:
            return v
    return board(g.board_side).values[z]


def adjacent_zones(g: Game) -> tuple[int, ...]:
    """Zones next to the Shark (OO-8: next to any Shark in play)."""
    if g.oo:
        from .sharks import all_adjacent_zones

        return all_adjacent_zones(g)
    if g.shark_at is None:
        return ()
    return board(g.board_side).borders[g.shark_at]


def kept_with(g: Game, effect: str) -> list[str]:
    """Kept Shark cards with a given effect, one per design (copies are interchangeable)."""
    seen: dict[str, str] = {}
    for c in g.kept:
        if shark_card(c).effect == effect:
            seen.setdefault(base_id(c), c)
    return list(seen.values())


def use_kept(g: Game, cid: str) -> None:
    """S-8: a kept card's one-time effect is used, then the card is trashed."""
    g.kept.remove(cid)
    g.s_trash.append(cid)
    ev(g, "card_used", f"The Shark uses {card_name(cid)}", seat="shark", card=cid)

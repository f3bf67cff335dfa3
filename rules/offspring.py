"""Offshore Offspring (kelp-spec.md §10): setup, Octopus blocks, Event cards, eating Octopuses.

The module keeps the base engine's shape: blocks stay strings in `game.zones` so the public
knowledge trackers and the placement count (rules/knowledge.py) cover the new kinds with no
change — an Octopus block is `octopus` (the red adult), `octopus_<colour>`, `juvenile` (red)
or `juvenile_<colour>`, and colour and stage only ever change while the block is revealed or
in a publicly named zone, so the multiset of hidden kinds stays public as in the base game.
Everything else the module adds lives in `game.oo` (plain JSON data, see `setup`) and
`game.juv_sharks`; both are empty in a base game, which is how every rule here tests for
the module (`active`).
"""

from __future__ import annotations

from typing import Any

from .actions import Action, act
from .core import (
    Chooser,
    block_name,
    card_name,
    end_game,
    ev,
    hide,
    is_octopus,
    is_trap,
    reveal,
    shuffle_blocks,
)
from .data import ZONE_INDEX, ZONES, data
from .expansion_data import offshore_offspring
from .state import Game

OO = "offshore_offspring"
SKIP = Action("skip")


def active(g: Game) -> bool:
    return bool(g.oo)


def xd() -> Any:
    return offshore_offspring()


# -- Octopus blocks ----------
def stage(kind: str) -> str | None:
    """`adult`, `juvenile` or None (not an Octopus block)."""
    if kind == "octopus" or kind.startswith("octopus_"):
        return "adult"
    if kind.startswith("juvenile"):
        return "juvenile"
    return None


def colour(kind: str) -> str:
    """An Octopus block's colour: the faces' start colour (red) unless it says otherwise."""
    _, _, c = kind.partition("_")
    return c or xd().faces.start_colour


def octo_kind(stg: str, col: str) -> str:
    head = "octopus" if stg == "adult" else "juvenile"
    return head if col == xd().faces.start_colour else f"{head}_{col}"


def octopus_zones(g: Game) -> list[int]:
    return [z for z in range(9) if is_octopus(g.zones[z])]


def is_event(cid: str) -> bool:
    return cid in xd().events


def event_cards() -> list[str]:
    return sorted(xd().events)


# -- setup (OO-1) ----------
def setup(g: Game) -> None:
    """OO-1 on a freshly set-up base game (its hand already drawn): every change of the module.

    Draws from the game's own RNG after the base setup, so a game is still fully determined
    by its seed; base games never come here, so their draws are unchanged.
    """
    x = xd()
    d = data()
    kinds = [k for k, n in x.setup.board.items() for _ in range(n)]
    g.rng.shuffle(kinds)
    g.zones = kinds
    g.hidden = [True] * 9
    start = tuple(sorted(set(kinds)))
    g.know_pub = [start] * 9
    g.know_shark = [start] * 9
    g.supply = {t: 1 for t in x.faces.supply_traps}
    g.supply["shell"] = 0
    # OO-1: Offspring Arriving goes under the draw pile after the starting hand is drawn.
    under = [e.id for e in x.events.values() if e.start == "under_draw_pile"]
    aside = [e.id for e in x.events.values() if e.start == "aside"]
    g.draw = [*under, *g.draw]
    # OO-1: the Eat cards shuffled face down, Escape to Safety at the bottom, the top face up.
    eat = sorted(c.id for c in x.eat_pile.cards)
    g.rng.shuffle(eat)
    g.piles["eat"] = [x.eat_pile.escape.id, *eat]
    # OO-1: the module's Shark cards shuffled into the deck; the display dealt again.
    deck = sorted([*(c for c in g.display if c), *g.deck, *x.shark_cards])
    g.rng.shuffle(deck)
    g.display = [deck.pop() for _ in range(int(d.comp["shark"]["display"]))]
    g.deck = deck
    tracks = sorted(x.camouflage.tracks)
    g.rng.shuffle(tracks)
    boards = sorted(x.wound_boards)
    g.rng.shuffle(boards)
    boards = sorted(boards[: x.setup.wound_boards])
    g.juv_sharks = []
    g.oo = {
        "tracks": {c: 0 for c in sorted(tracks[: x.setup.camouflage_tracks])},
        "unlocked": [],            # colours whose ability is unlocked (OO-4), permanent
        "tokens": {},              # unlocked tokens: cave/rock → zone index, ink_decoy → state
        "aside": aside,            # Event cards out of play (the Juvenile card)
        "events": [],              # Event cards drawn, waiting for the current effect to end
        "resolving": [],           # Event cards whose steps are queued
        "oa_bottom": bool(under),  # Offspring Arriving is known to be under the draw pile
        "eat_up": True,            # the Eat pile's top card is face up (OO-6)
        "route": None,             # the Escape Route's space (OO-6)
        "boards": boards,          # the Wound boards in play (OO-12)
        "wounds": {"mother": 0, **{b: 0 for b in boards}},   # flipped wound tokens
        "peeks": 0,                # usable Peek tokens (Focused Hunter)
        "six": None,               # zone covered by the "6" value token
        "hunger_gained": 0,        # Hunger tokens gained so far (OO-10)
        "held": [],                # Hunger tokens gained and not yet used
        "juv_left": x.setup.juvenile_sharks,   # Juvenile Shark miniatures beside the board
        "juv_next": 1,             # the number the next Juvenile Shark is called by
        "drawn": [],               # dice colours drawn, not yet rolled (Decisive, OO-15)
    }


def oo_cards() -> list[str]:
    """Every Octopus card of an Offshore Offspring game (conservation tests)."""
    x = xd()
    return sorted([*data().octo_cards, *x.events, x.eat_pile.escape.id])


# -- Sharks ----------
def sharks(g: Game) -> list[tuple[str, int, int | None]]:
    from .sharks import sharks as _sharks

    return _sharks(g)


def shark_spaces(g: Game) -> set[int]:
    return {s for _, s, _ in sharks(g)}


# -- Event cards (OO-2) ----------
def found_event(g: Game, cid: str, how: str) -> None:
    """An Event card was drawn or taken: set it aside; it resolves when the effect ends."""
    if cid in g.unknown_cards:
        g.unknown_cards.remove(cid)
    if cid in g.draw_cands:
        g.draw_cands.remove(cid)
    if cid == "offspring_arriving":
        g.oo["oa_bottom"] = False
    g.oo["events"] = [*g.oo["events"], cid]
    ev(g, "event_card", f"The Octopus {how} the Event card {card_name(cid)}", seat="octopus",
       card=cid)


def flush_events(g: Game) -> None:
    """Queue the steps of Event cards found by the effect that just completed (OO-2)."""
    if not g.oo or not g.oo["events"]:
        return
    ops = []
    for cid in g.oo["events"]:
        e = xd().events[cid]
        # One decision per step: a step's shuffle is random, so the next step's choices
        # must be asked only once it has applied.
        ops.extend(["eff", "octopus", [dict(s)], {"why": e.name, "card": cid}, False, "event"]
                   for s in e.steps)
    g.oo["resolving"] = [*g.oo["resolving"], *g.oo["events"]]
    g.oo["events"] = []
    g.queue[0:0] = ops


def _shuffle_choice(g: Game, ch: Chooser, z: int, n: int, safe: bool) -> int | None:
    """"You may shuffle it with a hidden block": the block to shuffle with, or None."""
    if n <= 0:
        return None
    opts = [act("with", ZONES[w]) for w in range(9) if w != z and g.hidden[w]]
    if not opts:
        return None
    c = ch.pick([*opts, SKIP], safe)
    return None if c == SKIP else ZONE_INDEX[c.args[0]]


def _shuffle_pair(g: Game, z: int, w: int | None, why: str) -> None:
    if w is None:
        return
    hide(g, z)
    hide(g, w)
    shuffle_blocks(g, sorted([z, w]), why)


def _set_kind(g: Game, z: int, kind: str, why: str) -> None:
    """A block changes its face in a publicly named zone: everyone learns the new face."""
    old = g.zones[z]
    g.zones[z] = kind
    g.know_pub[z] = (kind,)
    g.know_shark[z] = (kind,)
    ev(g, "replace", f"{block_name(kind)} replaces {block_name(old)} in {ZONES[z]} ({why})",
       zones=(z,), block=kind, replaced=old)


def mother_to_juvenile(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
                       safe: bool, optional: bool) -> bool:
    """Offspring Arriving: the Mother Octopus is revealed and becomes a (red) Juvenile."""
    adults = [z for z in octopus_zones(g) if stage(g.zones[z]) == "adult"]
    if not adults:
        return True
    z = adults[0]
    w = _shuffle_choice(g, ch, z, int(eff["may_shuffle_with"]), safe)
    reveal(g, z, ctx["why"])
    _set_kind(g, z, octo_kind("juvenile", xd().faces.juvenile_colour), ctx["why"])
    _shuffle_pair(g, z, w, ctx["why"])
    return True


def juvenile_targets(g: Game, order: list[str] | tuple[str, ...]) -> list[int]:
    """OO-2: a revealed shell if any, else a hidden shell, else a trap."""
    for what in order:
        if what == "revealed_shell":
            zs = [z for z in range(9) if g.zones[z] == "shell" and not g.hidden[z]]
        elif what == "hidden_shell":
            zs = [z for z in range(9) if g.zones[z] == "shell" and g.hidden[z]]
        else:
            zs = [z for z in range(9) if is_trap(g.zones[z])]
        if zs:
            return zs
    return []


def place_juvenile(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
                   safe: bool, optional: bool) -> bool:
    """OO-2: a Juvenile replaces a shell (or trap), keeping its hidden/revealed state."""
    from .camouflage import shell_off, shell_off_choice

    zs = juvenile_targets(g, list(eff["replace"]))
    if not zs:
        return True
    z = ZONE_INDEX[ch.pick([act("replace", ZONES[z]) for z in zs], safe).args[0]]
    old = g.zones[z]
    track = shell_off_choice(g, ch, safe) if old == "shell" else None
    w = _shuffle_choice(g, ch, z, int(eff["may_shuffle_with"]), safe)
    _set_kind(g, z, octo_kind("juvenile", xd().faces.juvenile_colour), ctx["why"])
    if old == "shell":
        shell_off(g, track)
    else:
        g.supply[old] = g.supply.get(old, 0) + 1
    _shuffle_pair(g, z, w, ctx["why"])
    return True


def card_to_discard(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
                    safe: bool, optional: bool) -> bool:
    cid = eff["card"]
    if cid in g.oo["aside"]:
        g.oo["aside"] = [c for c in g.oo["aside"] if c != cid]
        g.discard.append(cid)
        ev(g, "event_discard", f"{card_name(cid)} goes to the Octopus's discard pile",
           seat="octopus", card=cid)
    return True


def trash_self(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
               safe: bool, optional: bool) -> bool:
    """'Event cards may never be trashed' by other effects: each trashes itself (OO-2)."""
    cid = ctx["card"]
    res = list(g.oo["resolving"])
    if cid in res:
        res.remove(cid)
        g.oo["resolving"] = res
        g.o_trash.append(cid)
        ev(g, "event_trash", f"{card_name(cid)} is trashed", seat="octopus", card=cid)
    return True


# -- eating Octopuses (OO-3, OO-13) ----------
def eat_octopus(g: Game, z: int, d: str) -> None:
    """OO-13: the struck Octopus is eaten; with none left the Shark wins (OO-14)."""
    kind = g.zones[z]
    ev(g, "octopus_eaten", f"The Shark eats {block_name(kind)} in {ZONES[z]}", zones=(z,),
       block=kind)
    _land(g, d)
    g.supply_dice[d[1]] += 1
    if len(octopus_zones(g)) <= 1:
        end_game(g, "shark", "no_octopus")
        return
    _set_kind(g, z, "shell", "an Octopus was eaten")
    g.hidden[z] = False
    g.queue[0:0] = [["eff", "octopus", [{"op": "shell_back"}], {"why": "an Octopus was eaten"},
                     False, "shell_back"]]


def _land(g: Game, d: str) -> None:
    for i, (_, x) in enumerate(g.limbo):
        if x == d:
            del g.limbo[i]
            return


# -- end conditions (OO-14) ----------
def strike_token_usable(g: Game) -> bool:
    """G-4 with the module: an unused Gain a Strike Die token while the supply has one."""
    for t in xd().hunger_tokens:
        if (t.id in g.oo.get("held", []) and t.effect == "gain_die"
                and g.supply_dice.get(t.params["colour"], 0) > 0):
            return True
    return False


PRIMITIVES = {
    "mother_to_juvenile": mother_to_juvenile,
    "place_juvenile": place_juvenile,
    "card_to_discard": card_to_discard,
    "trash_self": trash_self,
}

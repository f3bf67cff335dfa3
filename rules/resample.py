"""Worlds consistent with what one viewer has seen (for a fair AI, and as the leak test).

`resample(g, viewer, seed)` keeps everything the viewer knows and draws everything else
afresh from `seed` alone: where hidden blocks are (uniformly among placements consistent
with the viewer's knowledge), which unseen cards are in the Octopus's hand or draw pile,
the order of every face-down pile, the other player's locked choice and future randomness.
The true hidden state, the original seed and the RNG state never reach the result.
"""

from __future__ import annotations

from collections import Counter

from .core import SEATS
from .knowledge import placements
from .rng import Rng
from .state import Game


def _shuffle_below_top(pile: list[str], rng: Rng) -> list[str]:
    if len(pile) < 2:
        return list(pile)
    rest = pile[:-1]
    rng.shuffle(rest)
    return [*rest, pile[-1]]


def _shuffle_eat_pile(pile: list[str], top_up: bool, rng: Rng) -> list[str]:
    """OO-1/OO-6: Escape to Safety is known at the bottom, the top only while face up."""
    if len(pile) < 2:
        return list(pile)
    keep_top = 1 if top_up else 0
    mid = pile[1 : len(pile) - keep_top]
    rng.shuffle(mid)
    return [pile[0], *mid, *pile[len(pile) - keep_top :]]


def resample(g: Game, viewer: str, seed: int) -> Game:
    if viewer not in ("octopus", "shark", "spectator", "omniscient"):
        raise ValueError(f"unknown viewer {viewer!r}")
    rng = Rng(int(seed) ^ 0x2545F4914F6CDD1D)
    r = g.clone()
    r.seed = int(seed)
    r.resampled = True
    r.history = []
    r.rng = Rng(rng.next64())
    # Unknown to everyone: the Shark deck and the piles under their top cards.
    rng.shuffle(r.deck)
    r.piles = {p: _shuffle_below_top(pile, rng) for p, pile in r.piles.items()}
    if r.oo:
        r.piles["eat"] = _shuffle_eat_pile(g.piles["eat"], bool(r.oo["eat_up"]), rng)
    others = [s for s in SEATS if s != viewer] if viewer in SEATS else list(SEATS)
    if viewer == "omniscient":
        others = []
    for s in others:
        r.partial[s] = []
        if r.locked[s] is not None:
            r.locked[s] = rng.choice(r.conf[s])
    if viewer == "octopus":
        _shuffle_draw(r, rng)
    elif viewer in ("shark", "spectator"):
        if viewer == "spectator":
            r.know_shark = list(r.know_pub)
            r.peeks = []
        tracker = r.know_shark if viewer == "shark" else r.know_pub
        pl = placements(r, tracker)
        for z, k in zip(pl.zones, pl.sample(rng), strict=True):
            r.zones[z] = k
        _resample_cards(r, rng)
    r._cache = {}
    return r


def _resample_cards(r: Game, rng: Rng) -> None:
    """Split the unseen cards between hand and draw pile as the public record allows."""
    if r.oo:
        _resample_oo_cards(r, rng)
        return
    draw, rest = _split_unseen(list(r.unknown_cards), Counter(r.draw_cands), len(r.draw), rng)
    rng.shuffle(draw)
    r.draw = draw
    r.hand = sorted(r.hand_known) + sorted(rest)


def _split_unseen(pool: list[str], cands: Counter[str], n: int,
                  rng: Rng) -> tuple[list[str], list[str]]:
    """`n` of the unseen cards for the draw pile, drawn among those the public record lets
    lie there (`cands`), and the rest for the hand."""
    eligible: list[str] = []
    for c in sorted(pool):
        if cands[c] > 0:
            cands[c] -= 1
            eligible.append(c)
    rng.shuffle(eligible)
    draw = eligible[:n]
    rest = list(pool)
    for c in draw:
        rest.remove(c)
    return draw, rest


def _shuffle_draw(r: Game, rng: Rng) -> None:
    """The draw pile's order is unknown, except a card known to lie at the bottom (OO-1)."""
    if r.oo and r.oo["oa_bottom"] and r.draw:
        rest = r.draw[1:]
        rng.shuffle(rest)
        r.draw = [r.draw[0], *rest]
        return
    rng.shuffle(r.draw)


def _resample_oo_cards(r: Game, rng: Rng) -> None:
    """OO-2: Event cards never enter the hand, and where each one is is public; the other
    unseen cards split between hand and draw pile as in the base game."""
    from .offspring import is_event

    events = [c for c in r.draw if is_event(c)]
    draw, rest = _split_unseen([c for c in r.unknown_cards if not is_event(c)],
                               Counter(c for c in r.draw_cands if not is_event(c)),
                               len(r.draw) - len(events), rng)
    bottom = [c for c in events if c == "offspring_arriving"] if r.oo["oa_bottom"] else []
    loose = [c for c in events if c not in bottom]
    draw = [*draw, *loose]
    rng.shuffle(draw)
    r.draw = [*bottom, *draw]
    r.hand = sorted(r.hand_known) + sorted(rest)

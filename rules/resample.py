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
    others = [s for s in SEATS if s != viewer] if viewer in SEATS else list(SEATS)
    if viewer == "omniscient":
        others = []
    for s in others:
        r.partial[s] = []
        if r.locked[s] is not None:
            r.locked[s] = rng.choice(r.conf[s])
    if viewer == "octopus":
        rng.shuffle(r.draw)
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
    pool = list(r.unknown_cards)
    cands = Counter(r.draw_cands)
    eligible: list[str] = []
    for c in sorted(pool):
        if cands[c] > 0:
            cands[c] -= 1
            eligible.append(c)
    rng.shuffle(eligible)
    draw = eligible[: len(r.draw)]
    rest = list(pool)
    for c in draw:
        rest.remove(c)
    rng.shuffle(draw)
    r.draw = draw
    r.hand = sorted(r.hand_known) + sorted(rest)

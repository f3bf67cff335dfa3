"""What a viewer can deduce about hidden blocks, and worlds consistent with it.

Public events are tracked per zone as a set of identities the block could have (a reveal
pins it down, a swap moves the set, a shuffle merges the sets of the zones involved). Those
sets, with the public count of each kind still hidden, admit a family of complete
placements. Counting them exactly (a small dynamic programme over zones) gives the
identities each block can still have, the odds that the Octopus is there, and a uniform
draw of one placement for `resample`.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from .rng import Rng
from .state import Game


def hidden_counts(g: Game) -> dict[str, int]:
    return dict(sorted(Counter(g.zones[z] for z in range(9) if g.hidden[z]).items()))


def _dec(rem: tuple[int, ...], k: int) -> tuple[int, ...]:
    return (*rem[:k], rem[k] - 1, *rem[k + 1 :])


class Placements:
    """All placements of the hidden kinds on the hidden zones allowed by per-zone sets."""

    def __init__(self, zones: list[int], cands: list[tuple[str, ...]],
                 counts: dict[str, int]) -> None:
        self.zones = zones
        self.kinds = tuple(sorted(counts))
        idx = {k: i for i, k in enumerate(self.kinds)}
        self.cands = [tuple(idx[k] for k in c if k in idx) for c in cands]
        self.start = tuple(counts[k] for k in self.kinds)

        @cache
        def ways(i: int, rem: tuple[int, ...]) -> int:
            if i == len(self.cands):
                return 1 if not any(rem) else 0
            total = 0
            for k in self.cands[i]:
                if rem[k]:
                    total += ways(i + 1, _dec(rem, k))
            return total

        self.ways = ways
        self.total = ways(0, self.start)

    def marginals(self) -> list[dict[str, float]]:
        """For each zone, the share of placements giving it each kind."""
        out: list[dict[str, float]] = [dict() for _ in self.zones]
        if not self.total:
            return out
        layer: dict[tuple[int, ...], int] = {self.start: 1}
        for i, cands in enumerate(self.cands):
            nxt: dict[tuple[int, ...], int] = {}
            for rem, n in layer.items():
                for k in cands:
                    if not rem[k]:
                        continue
                    r2 = _dec(rem, k)
                    w = n * self.ways(i + 1, r2)
                    if w:
                        name = self.kinds[k]
                        out[i][name] = out[i].get(name, 0.0) + w / self.total
                        nxt[r2] = nxt.get(r2, 0) + n
            layer = nxt
        return out

    def sample(self, rng: Rng) -> list[str]:
        """One placement, uniformly among all allowed ones."""
        if not self.total:
            raise ValueError("no placement is consistent with what was seen")
        rem = self.start
        out = []
        for i, cands in enumerate(self.cands):
            opts = []
            for k in cands:
                if rem[k]:
                    r2 = _dec(rem, k)
                    w = self.ways(i + 1, r2)
                    if w:
                        opts.append((k, r2, w))
            pick = rng.randrange(sum(w for _, _, w in opts))
            for k, r2, w in opts:
                if pick < w:
                    out.append(self.kinds[k])
                    rem = r2
                    break
                pick -= w
        return out


def placements(g: Game, tracker: list[tuple[str, ...]]) -> Placements:
    zones = [z for z in range(9) if g.hidden[z]]
    return Placements(zones, [tracker[z] for z in zones], hidden_counts(g))


def zone_marginals(g: Game, tracker: list[tuple[str, ...]]) -> dict[int, dict[str, float]]:
    """Hidden zone → the share of consistent placements giving it each kind.

    Memoised on what the count depends on — the hidden zones, their candidate sets and
    the hidden multiset, all known to the tracker's owner — because the computer players
    ask for the same beliefs thousands of times per decision.
    """
    zones = tuple(z for z in range(9) if g.hidden[z])
    counts = tuple(hidden_counts(g).items())
    return _marginals(zones, tuple(tracker[z] for z in zones), counts)


@lru_cache(maxsize=50_000)
def _marginals(zones: tuple[int, ...], cands: tuple[tuple[str, ...], ...],
               counts: tuple[tuple[str, int], ...]) -> dict[int, dict[str, float]]:
    pl = Placements(list(zones), list(cands), dict(counts))
    return dict(zip(zones, pl.marginals(), strict=True))

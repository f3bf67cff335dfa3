"""Information-set Monte Carlo tree search over the seat's own decisions.

Each iteration draws a world from the seat's information set (`world.world`: everything
the seat hasn't seen drawn afresh from a seed taken from the policy's rng) and plays it
forward:

- the seat's own decisions, step by step (every step of a multi-step command is a node),
  are chosen in a tree shared by all worlds, keyed by the steps taken (single-observer
  ISMCTS: a node stands for an information set, and UCB counts each child only in the
  iterations where it was available);
- below the tree, and for the other seat throughout, the greedy policies play — the
  other seat decides from its own knowledge inside the drawn world, so the search models
  a sensible opponent rather than one that sees through the Octopus's hiding;
- confrontation colours are chosen uniformly at random (the matching game's equilibrium);
- the play-out stops at a horizon (when the turn comes back to the seat, or when its own
  turn ends, see `HORIZON`) and the position is scored by `evaluate.value`.

The step played is the root child visited most. With an iteration budget the whole
search is a function of the seat's information and the rng, so it can't peek; a time
budget (the default, 2 s) trades that reproducibility for a bounded wait.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..actions import Action
from ..engine import apply, deciders, pending
from ..state import Game
from . import evaluate, greedy_octopus, greedy_shark
from .world import SEED_BITS, options, world

DEFAULT_SECONDS = 2.0
EXPLORE = 0.35  # UCB exploration constant, for values in [0, 1]
MAX_STEPS = 400  # a play-out never runs longer than this many steps
# Where a play-out stops: "back" — when the turn comes back to the seat (the other side's
# whole turn is played out); "own" — as soon as the seat's own turn is over.
HORIZON = {"octopus": "back", "shark": "own"}


@dataclass
class SearchStats:
    """Totals across searches (for the balance report)."""

    iterations: int = 0
    seconds: float = 0.0
    decisions: int = 0


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0

    def ucb(self, explore: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.total / self.visits + explore * math.sqrt(
            math.log(max(1, self.avail)) / self.visits)


def rollout_policy(w: Game, seat: str, rng: random.Random) -> Action:
    """How both seats play below the tree: the greedy heuristics, on the drawn world."""
    if pending(w)["kind"] == "confront":
        return rng.choice(options(w, seat))
    mod = greedy_shark if seat == "shark" else greedy_octopus
    return mod.choose(w, rng)


def _horizon(seat: str, w: Game, start_turn: str, left_own: bool, came_back: bool) -> bool:
    if HORIZON.get(seat) == "own":
        return left_own
    return came_back


def _iterate(root: Node, w: Game, seat: str, rng: random.Random) -> float:
    node = root
    path = [root]
    in_tree = True
    start_turn = w.turn
    left_own = start_turn != seat
    came_back = False
    prev = w.turn
    steps = 0
    while w.phase != "over" and steps < MAX_STEPS:
        if _horizon(seat, w, start_turn, left_own, came_back):
            break
        for s in deciders(w):
            if s == seat and in_tree and pending(w)["kind"] != "confront":
                acts = options(w, seat)
                a, node, fresh = _select(node, acts, rng)
                path.append(node)
                if fresh:
                    in_tree = False
            else:
                a = rollout_policy(w, s, rng)
            apply(w, s, a)
            steps += 1
            if w.phase == "over":
                break
        if w.turn != prev:
            if prev == seat:
                left_own = True
            if w.turn == seat:
                came_back = True
            prev = w.turn
    v = evaluate.value(w, seat)
    for n in path:
        n.visits += 1
        n.total += v
    return v


def _select(node: Node, acts: list[Action], rng: random.Random) -> tuple[Action, Node, bool]:
    """UCB over the children available in this world; a new child if any is untried."""
    untried = [a for a in acts if a.text not in node.children]
    for a in acts:
        child = node.children.get(a.text)
        if child is not None:
            child.avail += 1
    if untried:
        a = rng.choice(untried)
        child = Node()
        child.avail = 1
        node.children[a.text] = child
        return a, child, True
    best, best_v = acts[0], -math.inf
    for a in acts:
        v = node.children[a.text].ucb(EXPLORE) + rng.random() * 1e-9
        if v > best_v:
            best, best_v = a, v
    return best, node.children[best.text], False


def search(game: Game, seat: str, rng: random.Random, *, iterations: int | None = None,
           seconds: float | None = None, stats: SearchStats | None = None) -> Action:
    """The step ISMCTS recommends for `seat` (see the module docstring)."""
    opts = options(game, seat)
    if len(opts) == 1:
        return opts[0]
    if pending(game)["kind"] == "confront":
        return rng.choice(opts)
    if iterations is None and seconds is None:
        seconds = DEFAULT_SECONDS
    t0 = time.perf_counter()
    deadline = None if seconds is None else t0 + seconds
    root = Node()
    n = 0
    while True:
        if iterations is not None and n >= iterations:
            break
        if deadline is not None and n > 0 and time.perf_counter() >= deadline:
            break
        w = world(game, seat, rng.getrandbits(SEED_BITS))
        _iterate(root, w, seat, rng)
        n += 1
    if stats is not None:
        stats.iterations += n
        stats.seconds += time.perf_counter() - t0
        stats.decisions += 1
    legal = {a.text: a for a in opts}
    ranked = sorted(((c.visits, c.total / max(1, c.visits), t) for t, c in root.children.items()
                     if t in legal), reverse=True)
    if not ranked:
        return rng.choice(opts)
    return legal[ranked[0][2]]

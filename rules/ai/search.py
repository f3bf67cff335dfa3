"""Information-set Monte Carlo tree search over the seat's own decisions.

Each iteration draws a world from the seat's information set (`world.world`: everything
the seat hasn't seen drawn afresh from a seed taken from the policy's rng) and plays it
forward:

- the seat's own decisions — the first step of each command, and each pending decision —
  are chosen in a tree shared by all worlds, keyed by the steps taken (single-observer
  ISMCTS: a node stands for an information set, and UCB counts each child only in the
  iterations where it was available); the rest of a command (its cost, its targets) is
  finished by the greedy policy, in the play-outs and in play alike, so the search spends
  its budget on what to do rather than on how to pay for it;
- below the tree, and for the other seat throughout, the greedy policies play — the
  other seat decides from its own knowledge inside the drawn world, so the search models
  a sensible opponent rather than one that sees through the Octopus's hiding;
- confrontation colours follow the matching game's equilibrium with Fight priced in
  (`confront`); a confrontation inside the tree is scored in expectation;
- the Shark's worlds draw the Octopus's zone from a model of a hiding Octopus rather than
  uniformly (`opponent`, `MODELLED`), and its own greedy steps weigh the zone by the same
  model (`LEANT`); half the Octopus's play-outs expect that leant Shark, half the greedy
  one (`EXPECTS_LEANT`);
- the play-out stops at a horizon (when the turn comes back to the seat, or when its own
  turn ends, see `HORIZON`) and the position is scored by `evaluate.value`.

The step played is the root child visited most. With an iteration budget the whole
search is a function of the seat's information and the rng, so it can't peek; a time
budget (the default, 2 s) trades that reproducibility for a bounded wait.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..actions import Action
from ..engine import apply, deciders, pending
from ..state import Game
from . import confront, evaluate, greedy_octopus, greedy_shark, memo, opponent
from . import features as F
from .deadline import Expired, limit
from .deadline import check as check_time
from .logistic import sigmoid
from .world import SEED_BITS, options, world

DEFAULT_SECONDS = 2.0
EXPLORE = 0.35  # UCB exploration constant, for values in [0, 1]
# Progressive widening: a node visited n times may have 1 + WIDEN * n ** WIDEN_POWER
# children. The first child is the greedy policy's choice, so a small budget plays about
# as well as greedy, and other steps are tried only as the visits to justify them grow
# (Kelp's steps have up to 25 options, and a random sub-step — paying with the Octopus
# itself, say — would otherwise drag a good card's average down).
WIDEN = 1.0
WIDEN_POWER = 0.5
# Which steps after a command's first the tree decides: "none" — the greedy policy finishes
# every command; "targets" — every step but a card's payment (where the Octopus goes is
# decided by the targets, not by the card).
SUBSTEPS = {"octopus": "targets", "shark": "none"}
# Anchoring: the tree's first root child is the greedy step; a seat listed here plays
# another step only if its mean beats the greedy step's by this margin. The Shark's leaf
# (the fitted win model) is coarser than the greedy Shark's planner, and measured
# unanchored the search Shark lost to the greedy one (docs/balance.md): this keeps the
# hard level at least as strong as the normal one. The Octopus isn't anchored: at the same
# margin its search won only as many day games as the greedy Octopus, 29 of 60 against 33
# unanchored (docs/balance.md, session 36).
ANCHOR: dict[str, float] = {"shark": 0.03}
# The seats whose tree widens in their greedy policy's order, each with that ranking: the
# second child a node gets is the step greedy scores next best, and so on, instead of an
# untried step at random. With ~150 iterations a decision a root has room for about a dozen
# children out of up to 25 steps; ranked, the search agrees with a 1,000-iteration one on
# 24 of 36 night decisions instead of 16, for 7 % of its speed (docs/balance.md, session 7).
RANKED: dict[str, Callable[[Game, list[Action]], list[Action]]] = {
    "octopus": greedy_octopus.rank}
MAX_STEPS = 400  # a play-out never runs longer than this many steps
# Where a play-out stops: "back" — when the turn comes back to the seat (the other side's
# whole turn is played out); "own" — as soon as the seat's own turn is over.
HORIZON = {"octopus": "back", "shark": "own"}
# The seats whose worlds are drawn through an opponent model rather than uniformly: the
# Shark weighs where the Octopus may hide by how good each zone looks to the Octopus
# (`opponent`).
MODELLED = {"shark"}
# The seats whose own play-outs (and the tree's first child at every node) see the Octopus
# through the opponent model too: the greedy Shark's zone odds weighed by `MODELLED`'s lean
# (`opponent.leant`), so it searches and strikes where a hiding Octopus would be rather
# than where the placements alone allow. The greedy level keeps the plain odds.
LEANT = {"shark"}
# For the seats listed, the share of play-outs that expect the other seat to be the
# search's Shark rather than the greedy one: in those the Shark weighs the Octopus's zone by
# the lean its own search would use (`opponent.octopus_lean`), worked out once per Shark
# turn from the world as that turn began and the Shark's information in it. The Octopus
# can't tell which Shark it faces (on Discord, a player who may do either), and each
# model alone lost to the other Shark: expecting only the greedy Shark, the Octopus's
# search planned against a Shark ten points weaker than the search Shark; expecting only
# the leant one, it lost games to the greedy Shark that its plain odds would have won
# (docs/balance.md, session 31). So each play-out draws which Shark it plays against.
EXPECTS_LEANT: dict[str, float] = {"octopus": 0.5}
# The Octopus pays for a shuffle without revealing itself when it can
# (`greedy_octopus.shuffle_payments`), so the tree can weigh shuffling itself away.
SHUFFLE_SELF = True
# The seats whose tree grows a node for every step of their own turn an iteration takes,
# not just the first step below the tree: later steps (a card's targets, the turn's second
# command) then widen as soon as they are visited, so the tree can find the step that
# carries a departure through rather than leave it to the greedy policy. No seat is listed:
# the Octopus with it won 21 of 48 day deals at the stand-in, as many as the greedy Octopus,
# against 26 for the shipped search (docs/balance.md, session 37).
EXPAND_TURN: set[str] = set()


@dataclass
class SearchStats:
    """Totals across searches (for the balance report and the thinking benchmark).

    `overrides` counts the decisions where the tree played another step than its first
    child, the greedy step: a search that almost never overrides greedy can gain little
    over it however many iterations it gets (docs/balance.md, session 25)."""

    iterations: int = 0
    seconds: float = 0.0
    decisions: int = 0
    overrides: int = 0


class Node:
    __slots__ = ("avail", "children", "order", "ranked", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.order: list[str] = []  # children in the order they were added
        self.ranked: list[str] | None = None  # its steps, best first (see `RANKED`)

    @property
    def mean(self) -> float:
        """The average value of the iterations through this node (0 before any)."""
        return self.total / max(1, self.visits)

    def ucb(self, explore: float) -> float:
        if self.visits == 0:
            return math.inf
        return self.total / self.visits + explore * math.sqrt(
            math.log(max(1, self.avail)) / self.visits)


def rollout_policy(w: Game, seat: str, rng: random.Random,
                   lean: greedy_shark.Lean = None) -> Action:
    """How both seats play below the tree: the greedy heuristics, on the drawn world,
    except that a Shark with no Strike die buys towards one (`greedy_shark.buy_strikeless`),
    and the searching Shark looks where its opponent model (`lean`, see `LEANT`) expects
    the Octopus to hide."""
    if pending(w)["kind"] == "confront":
        return confront.choose(w, seat, options(w, seat), rng)
    if seat == "octopus" and SHUFFLE_SELF:
        opts = options(w, seat)
        keep = greedy_octopus.shuffle_payments(w, opts)
        if len(keep) < len(opts):
            return greedy_octopus.best_step(w, keep, 0, rng)
    if seat == "shark" and greedy_shark.strikeless_purchase(w):
        return greedy_shark.buy_strikeless(w, options(w, seat), rng, lean)
    if seat == "shark":
        return greedy_shark.choose(w, rng, lean)
    return greedy_octopus.choose(w, rng)


def _squash(x: float) -> float:
    return sigmoid(2.0 * x)


def leaf_value(w: Game, seat: str) -> float:
    """The searcher's chance at the horizon, in [0, 1].

    The Octopus looks a whole Shark turn ahead, so its horizon falls where the greedy
    Octopus's evaluation is at home (danger next turn, how sure the Shark is of its zone,
    food, cards). The Shark's horizon is the end of its own turn, where the fitted win
    model (`evaluate.value`) judges Hunger spent, pairs left, Strike dice and how exposed
    the Octopus is in the drawn world. Each was the better of the two leaves for its seat
    against the greedy players (docs/balance.md)."""
    if w.phase == "over":
        return 1.0 if w.winner == seat else 0.0
    if seat == "octopus":
        return _squash(greedy_octopus.evaluate(w))
    return evaluate.value(w, seat)


def confrontation_value(w: Game, seat: str) -> float:
    """A confrontation about to be decided, in expectation over both sides' colour mixes
    (`confront`): the Shark wins outright, or the Octopus escapes, the pair is trashed and
    the Strike die (and Fight's) goes to Hunger."""
    p = evaluate.confrontation_chance(w)
    return p if seat == "octopus" else 1.0 - p


def _searched(w: Game, seat: str) -> bool:
    """Is this step one the tree decides? See `SUBSTEPS`. Not a strikeless Shark's
    purchase either: the leaf, a turn ahead, sees only the Hunger die a purchase costs,
    never the Strike die it leads to, and a search Shark that always passed there let
    games run forever; `rollout_policy` plays it (`greedy_shark.buy_strikeless`)."""
    if seat == "shark" and greedy_shark.strikeless_purchase(w):
        return False
    part = w.partial[seat]
    if not part:
        return True
    if SUBSTEPS.get(seat) == "none":
        return False
    return not all(a.verb == "pay" for a in options(w, seat))


def thinks(game: Game, seat: str) -> bool:
    """Does `search` build a tree for `seat`'s step here? Not for a forced step, a
    confrontation colour (drawn from the equilibrium mix) or a step `SUBSTEPS` leaves to
    the greedy policy: those take milliseconds, and the thinking benchmark leaves them out."""
    return (len(options(game, seat)) > 1 and pending(game)["kind"] != "confront"
            and _searched(game, seat))


def _horizon(seat: str, left_own: bool, came_back: bool) -> bool:
    """Has the play-out reached the seat's horizon (see `HORIZON`)?"""
    if HORIZON.get(seat) == "own":
        return left_own
    return came_back


def _iterate(root: Node, w: Game, seat: str, rng: random.Random,
             lean: greedy_shark.Lean = None,
             leans: dict[tuple[object, ...], greedy_shark.Lean] | None = None) -> float:
    """One iteration in world `w`. `leans` (a play-out of `EXPECTS_LEANT`) keeps the
    opposing Shark's lean across the iterations of one decision, keyed by what settles the
    Shark's information as its turn begins (`_their_key`). Under a time limit
    (`deadline.limit`) it checks the clock before every step, as the greedy players' long
    computations do inside one, and raises `deadline.Expired` once the limit has passed,
    before anything is backed up."""
    node = root
    path = [root]
    in_tree = True
    start_turn = w.turn
    left_own = start_turn != seat
    came_back = False
    prev = w.turn
    steps = 0
    settled = None
    trail: list[str] = []
    their: greedy_shark.Lean = None
    their_turn: tuple[int, str] | None = None
    while w.phase != "over" and steps < MAX_STEPS:
        if _horizon(seat, left_own, came_back):
            break
        check_time()
        if (steps > 0 and pending(w)["kind"] == "confront"
                and not any(w.locked.values())):
            settled = confrontation_value(w, seat)
            break
        for s in deciders(w):
            if (s == seat and in_tree and _searched(w, seat)
                    and pending(w)["kind"] != "confront"):
                acts = options(w, seat)
                a, node, fresh = _select(node, acts, w, seat, rng, lean)
                path.append(node)
                if fresh and seat not in EXPAND_TURN:
                    in_tree = False
            elif s == seat:
                a = rollout_policy(w, s, rng, lean)
            else:
                if (leans is not None and s == w.turn == "shark"
                        and their_turn != (w.round, s)):
                    their = _their_lean(w, leans, _their_key(w, trail), rng)
                    their_turn = (w.round, s)
                a = rollout_policy(w, s, rng, their if their_turn == (w.round, s) else None)
            apply(w, s, a)
            trail.append(a.text)
            steps += 1
            if w.phase == "over":
                break
        if w.turn != prev:
            if prev == seat:
                left_own = True
            if w.turn == seat:
                came_back = True
            prev = w.turn
    v = settled if settled is not None else leaf_value(w, seat)
    for n in path:
        n.visits += 1
        n.total += v
    return v


def _their_key(w: Game, trail: list[str]) -> tuple[object, ...]:
    """What the Shark's information at the start of its turn in a play-out depends on,
    given the decision's root: the steps taken since (the Octopus's own steps say more than
    the Shark sees, which only costs cache hits) and what chance showed it since — the
    piles' new top cards and the display. Its dice, rolled as the turn began, don't count:
    the lean judges each zone from before the roll (`opponent.as_the_turn_began`)."""
    return (tuple(trail), tuple(p[-1] if p else "" for p in w.piles.values()),
            tuple(w.display))


def _their_lean(w: Game, leans: dict[tuple[object, ...], greedy_shark.Lean],
                key: tuple[object, ...], rng: random.Random) -> greedy_shark.Lean:
    """The lean the opposing Shark's search would use in `w` (see `EXPECTS_LEANT`),
    worked out the first time `key` leads here."""
    if key not in leans:
        found = opponent.octopus_lean(w, rng)
        leans[key] = None if found is None else found[1]
    return leans[key]


def _select(node: Node, acts: list[Action], w: Game, seat: str, rng: random.Random,
            lean: greedy_shark.Lean = None) -> tuple[Action, Node, bool]:
    """UCB over the children available in this world, widening progressively: a new
    child (the greedy choice first, then untried steps, see `_untried`) once the node's
    visits allow one more."""
    by_text = {a.text: a for a in acts}
    for t in by_text:
        child = node.children.get(t)
        if child is not None:
            child.avail += 1
    present = [t for t in node.order if t in by_text]
    room = 1 + int(WIDEN * node.visits ** WIDEN_POWER)
    if not present or (len(node.children) < room and len(present) < len(by_text)):
        # None of the children tried so far is available in this world: the greedy step
        # (legal here, so not among them) comes first; otherwise an untried step.
        a = (rollout_policy(w, seat, rng, lean) if not present
             else _untried(node, by_text, w, seat, rng))
        child = Node()
        child.avail = 1
        node.children[a.text] = child
        node.order.append(a.text)
        return a, child, True
    best, best_v = None, -math.inf
    for t in present:
        v = node.children[t].ucb(EXPLORE) + rng.random() * 1e-9
        if v > best_v:
            best, best_v = t, v
    assert best is not None
    return by_text[best], node.children[best], False


def _untried(node: Node, by_text: dict[str, Action], w: Game, seat: str,
             rng: random.Random) -> Action:
    """The next step to add below `node`: for a seat in `RANKED`, the best untried one by
    its greedy policy's own score (ranked once per node, in the first world that widens
    it); otherwise, or once the ranked steps are used up, an untried step at random."""
    rank = RANKED.get(seat)
    if rank is not None:
        if node.ranked is None:
            node.ranked = [a.text for a in rank(w, list(by_text.values()))]
        for t in node.ranked:
            if t not in node.children and t in by_text:
                return by_text[t]
    return rng.choice([a for t, a in by_text.items() if t not in node.children])


def search(game: Game, seat: str, rng: random.Random, *, iterations: int | None = None,
           seconds: float | None = None, stats: SearchStats | None = None) -> Action:
    """The step ISMCTS recommends for `seat` (see the module docstring)."""
    opts = options(game, seat)
    if len(opts) == 1:
        return opts[0]
    if pending(game)["kind"] == "confront":
        return confront.choose(game, seat, opts, rng)
    if not _searched(game, seat) or F.shark_beaten(game):
        # The rest of a command is played the way the play-outs play it, so what the
        # tree learnt about the command's first step holds for the command it finishes.
        # Against a beaten Shark every leaf reads a sure win for the Octopus, so the tree
        # can't tell eating from waiting; the greedy step eats.
        return playout_step(game, seat, rng)
    seconds = time_budget(iterations, seconds)
    t0 = time.perf_counter()
    root, n = grow(game, seat, rng, iterations=iterations, seconds=seconds)
    legal = {a.text: a for a in opts}
    best = pick(root, legal, seat)
    if best is None:
        best = rng.choice(opts).text
    anchor = root.order[0] if root.order else None
    if stats is not None:
        stats.iterations += n
        stats.seconds += time.perf_counter() - t0
        stats.decisions += 1
        stats.overrides += best != anchor
    return legal[best]


def time_budget(iterations: int | None, seconds: float | None) -> float | None:
    """The time a search on these budgets may take: `seconds`, or the 2 s default when
    neither budget is given (None: an iteration budget alone, no time limit)."""
    return DEFAULT_SECONDS if iterations is None and seconds is None else seconds


def model(game: Game, seat: str,
          rng: random.Random) -> tuple[list[float], dict[int, float]] | None:
    """The seat's opponent model for this decision (`MODELLED`): the Shark's odds on the
    Octopus's zone and the hiding Octopus's lean on each (`opponent.octopus_lean`); None
    for an unmodelled seat, or when the Shark knows the zone."""
    return opponent.octopus_lean(game, rng) if seat in MODELLED else None


def playout_step(game: Game, seat: str, rng: random.Random) -> Action:
    """The step the play-outs would take for `seat` in `game`, from the seat's information
    alone: `rollout_policy` on a world drawn for it, with the seat's lean (`LEANT`). The
    search plays it where its tree doesn't decide, and `rules.judge` below a judged step."""
    found = model(game, seat, rng)
    return rollout_policy(world(game, seat, rng.getrandbits(SEED_BITS)), seat, rng,
                          _lean(found, seat))


def _lean(found: tuple[list[float], dict[int, float]] | None, seat: str) -> greedy_shark.Lean:
    """The lean the seat's own play-outs use (`LEANT`), from `model`'s answer."""
    return found[1] if found is not None and seat in LEANT else None


def grow(game: Game, seat: str, rng: random.Random, *, iterations: int | None = None,
         seconds: float | None = None,
         clock: Callable[[], float] = time.perf_counter) -> tuple[Node, int]:
    """The search tree for `seat`'s step and how many iterations built it: one budget or
    both, whichever runs out first. Apart from `search`, `rules.judge` reads the root's
    children to weigh what the search chose against the greedy step.

    `seconds` is a bound, not a target: an iteration starts only if the slowest one so far
    would still end by the deadline, and one still running when the deadline passes is
    dropped at its next step, or inside one of a play-out's long computations
    (`deadline`), before anything is backed up. Checked only between iterations, the
    budget let a decision overrun by its last iteration, and an Octopus iteration (a long
    play-out, a first look at the opposing Shark's lean) takes up to 0.13 s: in whole
    games at the 2 s default the Octopus's p95 reached 2.09 s (docs/balance.md, session
    47). The start rule alone still let an iteration slower than any before it run on, to
    2.37 s (session 48). The first iteration always runs to its end, so there is always a
    tree. A timed search runs with the objects made before it frozen
    (`older_objects_frozen`), and a memo table that starts afresh during it leaves its
    old contents to be freed as the next search begins (`memo.deferred`): freeing the
    greedy Shark's caches took up to 0.35 s, and a full table met in a decision's last
    stretch carried it past the bound (session 49). Each search frees them first thing,
    inside its own budget and before its first iteration is timed. `clock` is for tests."""
    deadline = None if seconds is None else clock() + seconds
    root = Node()
    found = model(game, seat, rng)
    prior = None if found is None else opponent.prior_of(*found)
    lean = _lean(found, seat)
    bases: dict[int, Game] = {}
    leans: dict[tuple[object, ...], greedy_shark.Lean] = {}
    share = EXPECTS_LEANT.get(seat, 0.0)
    memo.free_retired()
    n = 0
    last = clock() if deadline is not None else 0.0
    longest = 0.0

    def expired() -> bool:
        return deadline is not None and clock() > deadline

    with older_objects_frozen(deadline is not None), memo.deferred(deadline is not None):
        while True:
            if iterations is not None and n >= iterations:
                break
            if deadline is not None and n > 0:
                now = clock()
                longest = max(longest, now - last)
                last = now
                if now + longest > deadline:
                    break
            w = (opponent.draw(game, prior, rng, bases) if prior is not None
                 else world(game, seat, rng.getrandbits(SEED_BITS)))
            expects = share >= 1.0 or (share > 0.0 and rng.random() < share)
            try:
                with limit(expired if deadline is not None and n > 0 else None):
                    _iterate(root, w, seat, rng, lean, leans if expects else None)
            except Expired:
                break
            n += 1
    return root, n


@contextmanager
def older_objects_frozen(on: bool) -> Iterator[None]:
    """Keep the garbage collector's full collections off the objects that existed before.

    A full collection walks every object the process tracks: in a game process that is
    some 50,000 (the card data, the game, the positions and caches around it) besides the
    search's own, and one took up to 75 ms; landing in a decision's last iteration, it
    carried the decision past its bound (docs/balance.md, sessions 47-48). Frozen
    (`gc.freeze`), those are skipped and a full collection walks only what the search
    made: 13-18 ms at most in the same games. The search's garbage is still collected as
    it goes, and the frozen objects go back to the oldest generation afterwards
    (`gc.unfreeze`), so nothing is kept that would have been freed, only collected a
    little later.

    Only timed searches need it; an iteration budget's search doesn't depend on time.
    If something has already frozen objects (a server that freezes its heap at start, or
    another timed search in a thread), this leaves the collector as it is: unfreezing
    would thaw their objects too."""
    if not on or gc.get_freeze_count() > 0:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def most_visited(root: Node, legal: Iterable[str]) -> str | None:
    """The legal root child visited most (the higher mean breaks a tie)."""
    ranked = sorted(((c.visits, c.mean, t) for t, c in root.children.items() if t in legal),
                    reverse=True)
    return ranked[0][2] if ranked else None


def pick(root: Node, legal: Iterable[str], seat: str) -> str | None:
    """The step the search plays: the most visited root child, unless the seat is anchored
    (`ANCHOR`) and that child's mean doesn't beat the greedy step's by the margin."""
    best = most_visited(root, legal)
    margin = ANCHOR.get(seat)
    anchor = root.order[0] if root.order else None
    if margin is not None and best is not None and anchor in legal and best != anchor:
        a, b = root.children[anchor], root.children[best]
        if b.mean < a.mean + margin:
            best = anchor
    return best

"""The engine's public operations: new_game, pending, legal_actions, apply, concede.

`apply` works on a copy of the game and adopts it only when the whole command succeeded,
so a refused or failing action always leaves the game exactly as it was. Multi-step
commands (X-5) are kept as a private partial list per seat until their last step.
"""

from __future__ import annotations

from typing import Any

from . import camouflage, octopus, offspring, shark, sharks, wounds
from .actions import CANCEL, Action, IllegalAction, act, as_action, parse_action
from .core import (
    SEATS,
    Chooser,
    Infeasible,
    NeedChoice,
    card_name,
    end_game,
    ev,
    is_octopus,
    is_trap,
    kept_with,
    reveal,
    to_bag,
    to_growth,
    to_hunger,
    trap_data,
    use_kept,
)
from .data import CONF_COLOURS, ZONES, board, data
from .effects import CHOOSER, SKIP, run_effects
from .rng import Rng
from .shark import die_fits
from .state import Game

# Offshore Offspring (kelp-spec.md §10) is offered once complete random games of it run to
# the end through the property tests (tests/rules/test_oo_properties.py).
SUPPORTED_EXPANSIONS: tuple[str, ...] = ("offshore_offspring",)


# -- setup ----------
def new_game(seed: int, *, board: str = "day", expansions: tuple[str, ...] = ()) -> Game:
    """C-6: blocks at random, the Octopus's hand, then the Octopus places the Shark (B-6).

    `expansions=("offshore_offspring",)` sets up the module (OO-1) on top.
    """
    from .data import board as load_board

    load_board(board)  # validates the side
    for x in expansions:
        if x not in SUPPORTED_EXPANSIONS:
            raise ValueError(f"expansion {x!r} is not supported yet")
    d = data()
    comp = d.comp
    g = Game()
    g.seed = int(seed)
    g.rng = Rng(int(seed))
    g.board_side = board
    g.expansions = tuple(expansions)
    g.options = {}
    g.version = 0
    g.moves = 0
    g.round = 0
    g.phase = "den"
    g.step = ""
    g.turn = "octopus"
    setup = comp["board_setup"]
    kinds = ["octopus"] * setup["octopus"] + [d.starting_trap] * setup["starting_trap"] + [
        "shell"
    ] * setup["shell"]
    g.rng.shuffle(kinds)
    g.zones = kinds
    g.hidden = [True] * 9
    g.dice_on = {}
    g.shark_at = None
    g.facing = None
    g.bag = {c: int(comp["bag"][c]) for c in "BYR"}
    g.supply_dice = {c: int(comp["dice"][c]) - g.bag[c] for c in "BYR"}
    g.pool = []
    g.assigned = []
    g.limbo = []
    g.resolved_zones = []
    g.protected = []
    g.growth = [[] for _ in range(comp["shark"]["growth_tiles"])]
    g.flipped = [False] * comp["shark"]["growth_tiles"]
    g.energy = []
    g.hunger = []
    deck = sorted(d.shark_cards)
    g.rng.shuffle(deck)
    g.display = [deck.pop() for _ in range(comp["shark"]["display"])]
    g.deck = deck
    g.kept = []
    g.s_trash = []
    g.conf = {s: list(CONF_COLOURS) for s in SEATS}
    g.locked = {s: None for s in SEATS}
    starter = sorted(c.id for c in d.octo_cards.values() if c.home == "starter")
    first = [c for c in starter if d.octo_cards[c].start_in_hand]
    rest = [c for c in starter if c not in first]
    g.rng.shuffle(rest)
    g.hand = list(first)
    g.draw = rest
    g.discard = []
    g.slots = []
    g.o_trash = []
    g.piles = {}
    for p in ("move", "hide", "learn", "eat"):
        pile = sorted(c.id for c in d.octo_cards.values() if c.home == p)
        g.rng.shuffle(pile)
        g.piles[p] = pile
    supply = {"shell": comp["blocks"]["shell"] - setup["shell"],
              "double_shell": comp["blocks"]["double_shell"]}
    supply.update({t: 1 for t in d.traps if t != d.starting_trap})
    g.supply = supply
    g.food_track = []
    g.banked = []
    g.hand_limit = int(comp["octopus"]["hand_limit"])
    g.actions = 0
    g.tf = {}
    g.pend = []
    g.queue = []
    g.partial = {s: [] for s in SEATS}
    g.winner = None
    g.win_reason = None
    start = tuple(sorted({"octopus", "shell", d.starting_trap}))
    g.know_pub = [start] * 9
    g.know_shark = [start] * 9
    g.peeks = []
    g.hand_known = list(first)
    g.unknown_cards = sorted(rest)
    g.draw_cands = sorted(rest)
    g.history = []
    g.last_events = []
    g.resampled = False
    g.juv_sharks = []
    g.oo = {}
    g.origins = {}
    for _ in range(int(comp["octopus"]["starting_draws"])):
        g.hand.append(g.draw.pop())
    if offspring.OO in g.expansions:
        offspring.setup(g)
    return g


# -- who decides what ----------
def deciders(g: Game) -> tuple[str, ...]:
    if g.phase == "over":
        return ()
    if g.pend:
        p = g.pend[0]
        if p["kind"] == "confront":
            return tuple(s for s in SEATS if g.locked[s] is None)
        return tuple(p["seats"])
    if g.phase in ("den", "octopus"):
        return ("octopus",)
    return ("shark",)


def pending(g: Game) -> dict[str, Any]:
    """Which seat(s) must decide now and what kind of decision it is (public)."""
    seats = list(deciders(g))
    if g.phase == "over":
        kind = "game_over"
    elif g.pend:
        kind = g.pend[0]["kind"]
        if kind == "effect":
            kind = g.pend[0]["label"]
    elif g.phase == "den":
        kind = "place_shark"
    elif g.phase == "octopus":
        kind = "octopus_turn"
    else:
        kind = f"shark_{g.step}"
    return {"seats": seats, "kind": kind, "text": DECISION_TEXT.get(kind, kind)}


DECISION_TEXT = {
    "game_over": "The game is over",
    "place_shark": "The Octopus places the Shark on a den",
    "octopus_turn": "The Octopus takes its two actions",
    "shark_return": "The Shark returns Current dice to its bag",
    "shark_roll": "The Shark adjusts its roll, places Current dice, then moves",
    "shark_drawn": "The Shark may draw again (Decisive) before rolling",
    "shark_moving": "The Shark moves its other Sharks",
    "shark_peek": "The Shark may peek at hidden blocks",
    "shark_place": "The Shark places Current dice, then moves",
    "shark_assign": "The Shark assigns Search and Strike dice",
    "shark_resolve": "The Shark resolves its dice",
    "shark_store": "The Shark chooses which dice to store as Energy",
    "shark_buy": "The Shark may buy cards with its Energy",
    "confront": "Confrontation: both players choose a colour in secret",
    "hostile": "The Shark may use Hostile before the confrontation",
    "escape_use": "The Octopus may use its escape effect",
    "trap": "The Octopus resolves a trap",
    "escape": "The Octopus resolves its escape effect",
    "hunger_choice": "The Shark chooses which die goes to the Hunger Track",
    "event": "The Octopus resolves an Event card",
    "shell_back": "The Octopus takes a shell off a Camouflage track",
    "wound": "The Shark places a wound",
    "decoy": "The Octopus may use the Ink Decoy",
}


def _roots(g: Game, seat: str) -> list[tuple[Action, bool]]:
    if g.phase == "den":
        return octopus.den_roots(g)
    if g.phase == "octopus":
        return octopus.turn_roots(g)
    return shark.roots(g)


def run_command(g: Game, seat: str, choices: list[Action]) -> None:
    """Run one whole command from its choices; raises NeedChoice or Infeasible."""
    if g.pend:
        _run_pending(g, seat, Chooser(choices))
        offspring.flush_events(g)
        return
    root = choices[0]
    table: dict[str, Any] = octopus.HANDLERS if g.phase in ("den", "octopus") else shark.HANDLERS
    h = table.get(root.verb)
    if h is None:
        raise Infeasible
    ch = Chooser(choices[1:])
    h(g, seat, root, ch)
    if not ch.exhausted():
        raise Infeasible
    offspring.flush_events(g)


def feasible(g: Game, seat: str, choices: list[Action]) -> bool:
    """Can this partial command still be completed? (depth-first, stops at the first way)"""
    c = g.clone()
    try:
        run_command(c, seat, choices)
    except NeedChoice as n:
        if n.sure:
            return True
        return any(feasible(g, seat, [*choices, o]) for o in n.options)
    except Infeasible:
        return False
    return True


def _next_options(g: Game, seat: str, choices: list[Action]) -> list[Action]:
    c = g.clone()
    try:
        run_command(c, seat, choices)
    except NeedChoice as n:
        if n.sure:
            return list(n.options)
        return [o for o in n.options if feasible(g, seat, [*choices, o])]
    except Infeasible:
        return []
    return []


def legal_actions(g: Game, seat: str) -> list[Action]:
    """Everything `seat` may do now, as one step; empty when it has nothing to decide.

    Conceding (G-5) is always possible for a seated player and is not listed.
    """
    key = ("legal", g.version, seat)
    hit = g._cache.get(key)
    if hit is not None:
        return list(hit)
    out: list[Action]
    if seat not in deciders(g):
        out = []
    else:
        partial = [parse_action(t) for t in g.partial[seat]]
        if partial:
            out = [*_next_options(g, seat, partial), CANCEL]
        elif g.pend:
            out = _next_options(g, seat, [])
        else:
            out = [a for a, sure in _roots(g, seat) if sure or feasible(g, seat, [a])]
    g._cache[key] = out
    return list(out)


# -- applying ----------
def apply(
    g: Game, seat: str, action: Action | str, *, expected_version: int | None = None
) -> list[dict[str, Any]]:
    """Apply one legal step for `seat`; returns the events (unredacted: see `event_view`)."""
    a = _check(g, seat, action, expected_version)
    if a.verb == "concede":
        return _concede(g, seat)
    if a == CANCEL:
        _bump(g, seat, a)
        g.partial[seat] = []
        return []
    done = _finish(g, seat, a)
    if done is None:
        _extend(g, seat, a)
        return []
    g.adopt(done)
    return done.last_events


def applied(g: Game, seat: str, action: Action | str) -> Game:
    """The game after one legal step for `seat`, as a new game; `g` is left as it was.

    The same as `apply` on a copy, one copy cheaper: `apply` works on a copy of its game
    and adopts it, so copying first and applying would copy twice. The computer players
    look one step ahead this way tens of thousands of times a decision."""
    a = _check(g, seat, action, None)
    if a.verb == "concede" or a == CANCEL:
        c = g.clone()
        apply(c, seat, a)
        return c
    done = _finish(g, seat, a)
    if done is None:
        done = g.clone()
        _extend(done, seat, a)
    return done


def _check(g: Game, seat: str, action: Action | str, expected_version: int | None) -> Action:
    """The step as an `Action`, or IllegalAction if `seat` may not take it now."""
    if seat not in SEATS:
        raise IllegalAction("malformed", f"unknown seat {seat!r}")
    a = as_action(action)
    if g.phase == "over":
        raise IllegalAction("game_over", "the game is over")
    if expected_version is not None and expected_version != g.version:
        raise IllegalAction("stale_version",
                            f"the game is at version {g.version}, not {expected_version}")
    if a.verb == "concede":
        return a
    if seat not in deciders(g):
        raise IllegalAction("not_your_turn", f"the {seat} has nothing to decide now")
    if a not in legal_actions(g, seat):
        raise IllegalAction("illegal", f"{a.text!r} is not legal now")
    return a


def _finish(g: Game, seat: str, a: Action) -> Game | None:
    """A copy of `g` with the command that `a` completes applied, or None when `a` is
    only one more choice of a command still being built (X-5)."""
    choices = [parse_action(t) for t in g.partial[seat]] + [a]
    done = g.clone()
    try:
        run_command(done, seat, choices)
    except NeedChoice:
        return None
    done.version = g.version + 1
    done.moves = g.moves + 1
    done.history = [*g.history, [seat, a.text]]
    done.partial[seat] = []
    advance(done)
    done.last_events = done._ev
    return done


def _extend(g: Game, seat: str, a: Action) -> None:
    """Add `a` to the seat's partial command: nothing public changes (X-5)."""
    _bump(g, seat, a)
    g.partial[seat] = [*g.partial[seat], a.text]


def _bump(g: Game, seat: str, a: Action) -> None:
    """Record a step that changes nothing but the seat's private partial command."""
    g.version += 1
    g.history.append([seat, a.text])
    g._cache = {}


def _concede(g: Game, seat: str) -> list[dict[str, Any]]:
    w = g.clone()
    w.version += 1
    w.moves += 1
    w.history.append([seat, "concede"])
    ev(w, "concede", f"The {seat.capitalize()} concedes", seat=seat)
    end_game(w, "shark" if seat == "octopus" else "octopus", "concede")
    events = w._ev
    w.last_events = events
    g.adopt(w)
    return events


# -- pending decisions (X-4) ----------
def _run_pending(g: Game, seat: str, ch: Chooser) -> None:
    p = g.pend[0]
    kind = p["kind"]
    if seat not in deciders(g):
        raise Infeasible
    if kind == "confront":
        colour = ch.pick([act("colour", c) for c in g.conf[seat]], True).args[0]
        g.locked[seat] = colour
        ev(g, "locked", f"The {seat.capitalize()} has locked in a colour", seat=seat,
           secret={seat: {"colour": colour, "text": f"You lock in {colour}"}})
        if all(g.locked[s] for s in SEATS):
            g.pend.pop(0)
            _confrontation_result(g, p["ctx"])
    elif kind == "hostile":
        c = ch.pick([*(act("hostile", x) for x in g.conf["shark"]), SKIP], True)
        g.pend.pop(0)
        if c != SKIP:
            use_kept(g, kept_with(g, "trash_pair")[0])
            _trash_pair(g, c.args[0])
    elif kind == "escape_use":
        c = ch.pick([Action("use"), SKIP], True)
        g.pend.pop(0)
        if c != SKIP:
            g.queue[0:0] = p["then"]
    elif kind == "decoy":
        c = ch.pick([Action("decoy"), Action("search")], True)
        g.pend.pop(0)
        if c.verb == "decoy":
            camouflage.use_decoy(g, p["ctx"]["zone"], p["ctx"]["die"])
    else:
        g.pend.pop(0)
        run_effects(g, p["effects"], ch, p["ctx"], optional=p["optional"])


def _confrontation_result(g: Game, ctx: dict[str, Any]) -> None:
    o, s = g.locked["octopus"], g.locked["shark"]
    assert o is not None and s is not None
    ev(g, "confront_reveal", f"Confrontation: the Octopus chose {o}, the Shark chose {s}",
       octopus=o, shark=s)
    g.locked = {x: None for x in SEATS}
    if o == s:
        if g.oo:
            # OO-11/OO-13: the Octopus is eaten; the cards stay unless it was the last one.
            offspring.eat_octopus(g, ctx["zone"], ctx["die"])
            return
        end_game(g, "shark", "confrontation")
        return
    if g.oo:
        # OO-12 Reckless Abandon: the Mother's boosted Strike was escaped: she is wounded.
        extra = wounds.reckless_wound_ops(g, ctx)
        g.queue[0:0] = [["escape", o, ctx["zone"], ctx["die"], ctx["shark"]], *extra,
                        ["trash_pair", o], ["hunger_die", ctx["die"], "the Octopus escaped"]]
        return
    g.queue[0:0] = [["escape", o, ctx["zone"], ctx["die"]], ["trash_pair", o],
                    ["hunger_die", ctx["die"], "the Octopus escaped"]]


def _trash_pair(g: Game, colour: str) -> None:
    for s in SEATS:
        g.conf[s].remove(colour)
    ev(g, "trash_pair", f"Both {colour} confrontation cards are trashed", colour=colour)


# -- the effect queue ----------
def _op_resolve(g: Game, z: int, d: str, card: str | None, who: str = "mother",
                asked: bool = False) -> None:
    """S-4 Resolve: re-check the die, then Search or Strike whatever block is there now.

    `who` names the Shark the die belongs to (OO-8); `asked` says the Octopus has already
    been offered the Ink Decoy for this Search die (OO-5).
    """
    b = board(g.board_side)
    at = sharks.pos(g, who)[0] if g.oo else g.shark_at
    if (at is None or z not in b.borders[at] or z in g.protected
            or not die_fits(g, d, z, card)):
        _land(g, d)
        to_bag(g, d)
        ev(g, "fizzle", f"{d} on {ZONES[z]} no longer fits and returns to the bag", seat="shark",
           zones=(z,))
        return
    if g.oo and d[1] == "Y" and not asked and camouflage.decoy_ready(g):
        # OO-5: the engine asks before every Search die while the Decoy is active.
        g.queue.insert(0, ["resolve", z, d, card, who, True])
        g.pend.append({"kind": "decoy", "seats": ["octopus"], "ctx": {"zone": z, "die": d}})
        return
    g.resolved_zones.append(z)
    if g.oo:
        wounds.six_resolved(g, z, d)
    kind = g.zones[z]
    trap_ops: list[list[Any]] = []
    if d[1] == "Y":
        was_hidden = g.hidden[z]
        reveal(g, z, "Search")
        if is_trap(kind):
            trap_ops = _trap_ops(g, z, kind, who)
        elif g.oo and was_hidden and camouflage.fierce(g, kind):
            trap_ops = camouflage.fierce_ops(g, z, who)
        g.queue[0:0] = [*trap_ops, ["growth", d]]
        return
    was_hidden = g.hidden[z]
    reveal(g, z, "Strike")
    if is_octopus(kind):
        if offspring.stage(kind) == "juvenile":
            offspring.eat_octopus(g, z, d)  # OO-3: no confrontation
            return
        g.queue[0:0] = [["confront", z, d, who, card] if g.oo else ["confront", z, d]]
        return
    if is_trap(kind) and was_hidden:
        trap_ops = _trap_ops(g, z, kind, who)
    else:
        ev(g, "miss", f"The Strike on {ZONES[z]} misses", seat="shark", zones=(z,))
    g.queue[0:0] = [*trap_ops, ["hunger_die", d, "Strike"]]


def _trap_ops(g: Game, z: int, kind: str, who: str = "mother") -> list[list[Any]]:
    t = trap_data(kind)
    ev(g, "trap", f"The {t['name']} trap in {ZONES[z]} triggers: {t['text']}", zones=(z,),
       trap=kind)
    ctx = {"why": f"{t['name']} trap", "zone": ZONES[z]}
    if g.oo:
        ctx["shark"] = who
    return [["eff", CHOOSER.get(e["op"], "octopus"), [e], ctx, False, "trap"]
            for e in t["effects"]]


def _op_eff(g: Game, seat: str, effects: list[dict[str, Any]], ctx: dict[str, Any],
            optional: bool, label: str) -> None:
    probe = g.clone()
    try:
        run_effects(probe, effects, Chooser([]), ctx, optional=optional)
    except NeedChoice:
        kind = "hunger_choice" if effects[0]["op"] == "hunger" else label
        g.pend.append({"kind": "effect", "label": kind, "seats": [seat], "effects": effects,
                       "ctx": ctx, "optional": optional})
        return
    run_effects(g, effects, Chooser([]), ctx, optional=optional)
    offspring.flush_events(g)


def _op_confront(g: Game, z: int, d: str, *who_card: Any) -> None:
    ev(g, "confront", f"The Strike hits the Octopus in {ZONES[z]}: confrontation!", zones=(z,))
    if len(g.conf["octopus"]) > 1 and kept_with(g, "trash_pair"):
        g.queue.insert(0, ["choose", z, d, *who_card])
        g.pend.append({"kind": "hostile", "seats": ["shark"], "ctx": {}})
        return
    _op_choose(g, z, d, *who_card)


def _op_choose(g: Game, z: int, d: str, who: str = "mother", card: str | None = None) -> None:
    """X-1: with one pair left the Strike simply wins; otherwise both choose in secret."""
    if len(g.conf["octopus"]) <= 1:
        ev(g, "confront_certain", "Only one pair of confrontation cards is left: the Shark wins")
        if g.oo:
            offspring.eat_octopus(g, z, d)
            return
        end_game(g, "shark", "confrontation")
        return
    g.locked = {s: None for s in SEATS}
    ctx: dict[str, Any] = {"zone": z, "die": d}
    if g.oo:
        ctx.update(shark=who, card=card)
    g.pend.append({"kind": "confront", "seats": list(SEATS), "ctx": ctx})


def _op_escape(g: Game, colour: str, z: int, d: str, who: str = "mother") -> None:
    if g.oo:
        x = offspring.xd().confrontation.octopus[colour]
        c = {"escape": x.escape, "effects": [dict(e) for e in x.effects]}
    else:
        c = data().colours[colour]
    ctx = {"why": f"{c['escape']} escape", "zone": ZONES[z], "shark": who}
    effects = list(c["effects"])
    seat = CHOOSER.get(effects[0]["op"], "octopus")
    if seat != "octopus":
        g.pend.append({"kind": "escape_use", "seats": ["octopus"],
                       "then": [["eff", seat, effects, ctx, False, "escape"]]})
        return
    _op_eff(g, "octopus", effects, ctx, True, "escape")


def _land(g: Game, d: str) -> None:
    """A resolved die leaves limbo for where it goes next."""
    for i, (_, x) in enumerate(g.limbo):
        if x == d:
            del g.limbo[i]
            return


def _op_growth(g: Game, d: str) -> None:
    _land(g, d)
    to_growth(g, d)


def _op_hunger_die(g: Game, d: str, why: str) -> None:
    _land(g, d)
    to_hunger(g, d, why)


OPS: dict[str, Any] = {
    "resolve": _op_resolve,
    "eff": _op_eff,
    "growth": _op_growth,
    "hunger_die": _op_hunger_die,
    "confront": _op_confront,
    "choose": _op_choose,
    "escape": _op_escape,
    "trash_pair": lambda g, colour: _trash_pair(g, colour),
}


# -- moving on by itself ----------
def advance(g: Game) -> None:
    """Run queued effects and every step the rules leave no choice about."""
    while g.phase != "over":
        if g.pend:
            return
        if g.queue:
            op = g.queue.pop(0)
            OPS[op[0]](g, *op[1:])
            continue
        if not _auto(g):
            return


def _food_usable(g: Game) -> bool:
    if g.oo and camouflage.free_roots(g):
        return True  # OO-4/OO-5: free commands are left; the Octopus ends its turn itself
    return any(feasible(g, "octopus", [act("food", f)]) for f in set(g.banked))


def _auto(g: Game) -> bool:
    if g.phase == "octopus":
        if g.actions >= int(data().comp["octopus"]["actions_per_turn"]) and (
            g.tf.get("ended") or not _food_usable(g)
        ):
            _end_octopus_turn(g)
            return True
        return False
    if g.phase != "shark":
        return False
    st = g.step
    if st in ("start", "return"):
        if shark.bag_size(g) < 2 and g.dice_on:
            if st == "start":
                g.step = "return"
                return True
            return False
        if g.oo and shark.tools.wants_drawn_moment(g):
            shark.tools.draw_only(g)  # OO-15 Decisive: a moment before rolling
            return True
        shark.draw_and_roll(g)
        return True
    if st == "assign":
        if shark.assign_possible(g):
            return False
        g.step = "energy"
        return True
    if st == "peek":
        from .shark_tools import peek_options

        if peek_options(g):
            return False
        g.step = "resolve"
        return True
    if st == "moving":
        return False
    if st == "resolve":
        if shark.relentless_options(g):
            return False
        if not g.assigned:
            g.step = "energy"
            return True
        if len(g.assigned) == 1:
            shark.start_resolving(g, g.assigned[0])
            return True
        return False
    if st in ("energy", "buy"):
        return shark.energy_auto(g)
    if st == "end":
        _end_shark_turn(g)
        return True
    return False


def _end_octopus_turn(g: Game) -> None:
    """O-2: played cards go from the action slots to the discard pile."""
    g.discard.extend(g.slots)
    g.slots = []
    g.actions = 0
    g.tf = {}
    if g.oo:
        from .food import flip_eat_top

        flip_eat_top(g)
    g.phase = "shark"
    g.turn = "shark"
    g.step = "start"
    ev(g, "turn", f"Round {g.round}: the Shark's turn", seat="shark")


def _end_shark_turn(g: Game) -> None:
    g.phase = "octopus"
    g.turn = "octopus"
    g.step = ""
    g.round += 1
    g.tf = {}
    g.resolved_zones = []
    g.protected = []
    ev(g, "turn", f"Round {g.round}: the Octopus's turn", seat="octopus")


__all__ = [
    "apply",
    "card_name",
    "deciders",
    "legal_actions",
    "new_game",
    "pending",
]

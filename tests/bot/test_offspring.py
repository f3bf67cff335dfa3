"""Offshore Offspring on Discord (issue "the expansion as a game option"): `/kelp challenge …
expansion:offshore_offspring` plays the module completely through the real panels, its new
steps have words and fit Discord, its pending decisions reach the right player, and the
public table says nothing more than the spectator view."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import rules
from bot.components import panel_view
from bot.labels import GROUP_TITLE, label
from bot.offline import (
    MatchLog,
    SeatPlayer,
    component_for,
    play_match,
    random_policy,
    start_match,
)
from bot.service import panel_versions
from rules import Action
from tests.bot.conftest import Table
from tests.bot.policies import oo_hunter, passive_shark
from tests.bot.test_leaks import shown, twin_game
from tests.bot.test_practice import play_my_seat

OO = "offshore_offspring"
GAME_ID = 123456789012345678  # a long game id, so custom_ids are as long as they get
ID = f"kelp:{GAME_ID}:"
RAW_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")  # a data id such as reckless_abandon
# The command words the module adds (docs/architecture.md, "Offshore Offspring in the engine").
OO_VERBS = frozenset({
    "track", "put", "from", "wound", "by", "route", "camo", "deimatic", "push", "cave",
    "decoy", "search", "peek", "token", "shark", "adrenaline", "double", "bloodlust",
    "decisive", "nursery", "powerful", "face",
})


def everything(h: Any) -> str:
    return " ".join(m.content + " ".join(str(e.get("title", "")) + str(e.get("description", ""))
                                         for e in m.embeds) for m in h.messages)


async def step_until(t: Table, gid: int, want: Any, *, seed: int = 1,
                     limit: int = 600) -> tuple[str, Any, rules.Game]:
    """Play random steps through the panels until `want(g, seat, legal)` holds for the
    player who must decide; returns that seat, its current panel message and the game."""
    rng = random.Random(seed)
    players = {"octopus": SeatPlayer(t.fake, t.bot, t.alice, "octopus", rng),
               "shark": SeatPlayer(t.fake, t.bot, t.bob, "shark", rng)}
    log = MatchLog(gid)
    for _ in range(limit):
        row, g = await t.bot.service.load(gid)
        assert g.phase != "over", "the game ended first"
        seats = rules.pending(g)["seats"]
        seat = "octopus" if "octopus" in seats else seats[0]
        p = players[seat]
        await p.ensure_panel(row)
        if want(g, seat, rules.legal_actions(g, seat)):
            return seat, t.fake.get_message(p.panel.id), g
        await p.step(gid, log, random_policy)
    raise AssertionError("never reached")


async def test_challenge_offers_and_shows_the_expansion(table: Table) -> None:
    t = table
    h = await t.fake.slash(t.alice, "kelp challenge", opponent=t.bob, role="octopus",
                           expansion=OO)
    lobby = h.reply
    assert "Offshore Offspring" in lobby.embeds[0]["description"]
    accept = next(c for c in lobby.custom_ids() if c.endswith(":accept"))
    await t.fake.click(t.bob, lobby, accept)
    assert "Offshore Offspring" in t.fake.get_message(lobby.id).content
    row = (await t.bot.storage.games_of(t.alice.id))[0]
    _, g = await t.bot.service.load(row.id)
    assert row.options["expansion"] == OO and g.expansions == (OO,) and g.oo
    thread = t.fake.threads_of(t.channel)[0]
    assert "Offshore Offspring" in thread.name
    table_msg = t.fake.get_message(row.table_message_id)
    assert "Offshore Offspring" in table_msg.embeds[0]["title"]
    assert "Camouflage" in table_msg.embeds[0]["description"]
    assert "Offshore Offspring" in everything(await t.fake.slash(t.carol, "kelp games"))
    board = await t.fake.slash(t.carol, "kelp board", game=row.id)
    assert "Offshore Offspring" in everything(board)
    assert "expansion:offshore_offspring" in everything(await t.fake.slash(t.carol,
                                                                           "kelp help"))
    h = await t.fake.slash(t.carol, "kelp rules", topic="OO-5")
    assert "Ink Decoy" in everything(h) and h.reply.ephemeral
    h = await t.fake.autocomplete(t.carol, "kelp rules", "topic", "deimatic")
    assert any(c["value"].startswith("OO-") for c in h.choices)
    # A base game says nothing about the expansion.
    h = await t.fake.slash(t.bob, "kelp challenge", opponent=t.carol)
    assert "Offshore" not in h.reply.embeds[0]["description"]


@pytest.mark.parametrize(("seed", "policy", "winner"), [
    (1, passive_shark, "octopus"),
    (2, passive_shark, "octopus"),
    (5, oo_hunter, "shark"),
    (9, oo_hunter, "shark"),
])
async def test_a_whole_expansion_match_through_the_panels(table: Table, seed: int,
                                                          policy: Any, winner: str) -> None:
    t = table
    for _ in range(seed):  # vary the game seed with the test seed
        t.seeds()
    log = await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                           seed=seed, choose=policy, expansion=OO)
    row, g = await t.bot.service.load(log.game_id)
    assert g.expansions == (OO,)
    assert g.phase == "over" and g.winner == winner
    assert row.status == "finished" and row.winner == winner
    logged = await t.bot.storage.actions(log.game_id)
    assert [a for _, _, a, _ in logged] == [a for _, a in g.history]
    assert rules.replay(rules.record(g)) == g
    assert {rules.parse_action(a).verb for _, a in g.history} & OO_VERBS
    thread = t.fake.threads_of(t.channel)[0]
    public = t.fake.messages_in(thread)
    assert any("is over" in m.content and m.attachments for m in public)
    tables = [m for m in public if m.embeds and m.attachments]
    assert all("Offshore Offspring" in m.embeds[0]["title"] for m in tables)
    assert all(a.description for m in tables for a in m.attachments)


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_what_the_shark_and_spectators_see_is_identical(table: Table, seed: int) -> None:
    """At several points of an expansion match, a twin game with the hidden information
    redrawn shows the spectator and the Shark exactly the same messages, images included."""
    t = table
    for _ in range(seed):
        t.seeds()
    gid, done, probes, varied = None, 0, 0, 0
    for steps in (12, 30, 30, 30):
        log = await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                               seed=seed + done, stop_after=steps, expansion=OO, game_id=gid)
        gid, done = log.game_id, done + log.steps
        _, g = await t.bot.service.load(gid)
        if g.phase == "over":
            break
        twin = await twin_game(t, gid, seed + done)
        _, gt = await t.bot.service.load(twin)
        varied += gt.zones != g.zones or sorted(gt.hand) != sorted(g.hand)
        assert await shown(t, gid) == await shown(t, twin)
        probes += 1
    assert probes >= 2 and varied >= 1


def decoy_seeker(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """Random, but the Octopus fills the black track (the Ink Decoy) and the Shark searches."""
    acts = [a for a in legal if a.verb != "cancel"]
    for verb, want in (("track", "black"), ("assign", "Y"), ("go", ""), ("resolve", "")):
        good = [a for a in acts if a.verb == verb and (
            not want or (want in a.args if verb == "track" else a.args[0][1] == want))]
        if good:
            return rng.choice(good)
    return rng.choice(acts)


def game_asking_the_decoy() -> rules.Game:
    """An expansion game stopped at the Ink Decoy question, about a zone whose block the
    Shark doesn't know (engine only, a few seconds)."""
    for seed in range(300):
        g = rules.new_game(seed, expansions=(OO,))
        rng = random.Random(seed)
        for _ in range(1500):
            p = rules.pending(g)
            if g.phase == "over":
                break
            if p["kind"] == "decoy":
                zone = g.pend[0]["ctx"]["zone"]
                if len({rules.resample(g, "shark", k).zones[zone] for k in range(30)}) > 1:
                    return g
            seat = "octopus" if "octopus" in p["seats"] else p["seats"][0]
            rules.apply(g, seat, decoy_seeker(g, seat, rules.legal_actions(g, seat), rng))
    raise AssertionError("no Ink Decoy question found")


async def seated(t: Table, g: rules.Game) -> int:
    """Put an engine game at a chosen position on the table of a real expansion match (in
    its thread, with a table message posted by the bot), as if it had been played there."""
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                            expansion=OO)
    row, _ = await t.bot.service.load(gid)
    nid = await t.bot.storage.create_game(
        guild_id=row.guild_id, channel_id=row.channel_id, octopus_id=row.octopus_id,
        shark_id=row.shark_id, options=row.options, state=rules.dump(g), version=g.version,
        panel_versions=panel_versions(g, {}))
    await t.bot.storage.set_places(nid, thread_id=row.thread_id)
    new_row, game = await t.bot.service.load(nid)
    await t.bot.presenter.show_table(new_row, game)
    return nid


async def test_the_ink_decoy_question_is_private_and_reveals_nothing(table: Table) -> None:
    t = table
    g = game_asking_the_decoy()
    zone = g.pend[0]["ctx"]["zone"]
    gid = await seated(t, g)
    # The public table and the Shark's panel are the same whatever block the Search die is
    # about to reveal (the question is asked before every Search die while the Decoy lasts).
    twin = await twin_game(t, gid, 7, differ=lambda a, b: a.zones[zone] != b.zones[zone])
    _, gt = await t.bot.service.load(twin)
    assert gt.zones[zone] != g.zones[zone]
    assert await shown(t, gid) == await shown(t, twin)
    row, _ = await t.bot.service.load(gid)
    words = t.fake.get_message(row.table_message_id).embeds[0]["description"]
    assert "Octopus** to decide: The Octopus may use the Ink Decoy" in words
    # Only the Octopus is asked, in its private panel, with clear words.
    tbl = t.fake.get_message(row.table_message_id)
    po = next(c for c in tbl.custom_ids() if ":po:" in c)
    panel = (await t.fake.click(t.alice, tbl, po)).reply
    assert panel.ephemeral
    shark_panel = await t.fake.slash(t.bob, "kelp panel", game=gid)
    assert "Nothing to decide now" in everything(shark_panel)
    buttons = {c.get("label") for c in panel.iter_components()}
    assert {"Use the Ink Decoy: cancel this Search", "Let the Search happen"} <= buttons
    legal = rules.legal_actions(g, "octopus")
    cid, _ = component_for(panel, legal, Action("search"))
    state = (await t.bot.service.load(gid))[0].state
    # The panel is ephemeral (nobody else can click it); anyone else asking the table for
    # the Octopus's panel gets a private refusal, and nothing changes.
    for who in (t.carol, t.bob):
        h = await t.fake.click(who, tbl, po)
        assert "isn't your seat" in everything(h) and all(m.ephemeral for m in h.messages)
        assert (await t.bot.service.load(gid))[0].state == state
    older = (await t.fake.click(t.alice, tbl, po)).reply  # the same panel, opened twice
    await t.fake.click(t.alice, panel, cid)
    _, after = await t.bot.service.load(gid)
    assert tuple(after.history[-1]) == ("octopus", "search")
    # A click on the same button in the other, now stale, copy changes nothing.
    state = (await t.bot.service.load(gid))[0].state
    h = await t.fake.click(t.alice, older, cid)
    assert "moved on" in everything(h)
    assert (await t.bot.service.load(gid))[0].state == state


TURN_KINDS = ("place_shark", "octopus_turn")


def step_handing_over(decider: str) -> tuple[rules.Game, str, Action, str]:
    """An expansion game just before a completed step of one player leaves `decider` a
    pending decision (X-4): for the Octopus outside its own turn (an Event card, a trap, the
    Ink Decoy, a shell…); for the Shark one the Octopus's step hands over (a wound after an
    escape, a trap's choice). Random play finds both within a few seconds."""
    for seed in range(200):
        g = rules.new_game(seed, expansions=(OO,))
        rng = random.Random(seed)
        for _ in range(1500):
            if g.phase == "over":
                break
            p = rules.pending(g)
            seat = "octopus" if "octopus" in p["seats"] else p["seats"][0]
            a = rng.choice([x for x in rules.legal_actions(g, seat) if x.verb != "cancel"])
            before = g.clone()
            rules.apply(g, seat, a)
            q = rules.pending(g)
            if (seat != decider and q["seats"] == [decider] and not g.partial[seat]
                    and decider not in p["seats"]
                    and q["kind"] not in TURN_KINDS and not q["kind"].startswith("shark_")
                    and (g.turn != decider or decider == "shark")):
                return before, seat, a, q["kind"]
    raise AssertionError(f"no decision handed to the {decider}")


@pytest.mark.parametrize("decider", ["octopus", "shark"])
async def test_pending_decisions_reach_the_deciding_player_privately(table: Table,
                                                                     decider: str) -> None:
    """A decision outside the decider's turn: a DM to the decider (with the Octopus's
    private board), its panel offers the choice, the table only says who decides."""
    t = table
    g, seat, action, kind = step_handing_over(decider)
    gid = await seated(t, g)
    row, _ = await t.bot.service.load(gid)
    actor, other = (t.alice, t.bob) if seat == "octopus" else (t.bob, t.alice)
    tbl = t.fake.get_message(row.table_message_id)
    verb = "po" if seat == "octopus" else "ps"
    panel = (await t.fake.click(actor, tbl, next(c for c in tbl.custom_ids()
                                                 if f":{verb}:" in c))).reply
    legal = rules.legal_actions(g, seat)
    cid, values = component_for(panel, legal, action)
    dms_before = len(t.fake.dms_to(other)), len(t.fake.dms_to(actor))
    if values or cid.split(":")[2].startswith(("s", "m")):
        await t.fake.select(actor, panel, cid, values)
    else:
        await t.fake.click(actor, panel, cid)
    row, now = await t.bot.service.load(gid)
    assert rules.pending(now)["seats"] == [decider] and rules.pending(now)["kind"] == kind
    new_dms = t.fake.dms_to(other)[dms_before[0]:]
    assert len(new_dms) == 1 and f"Your decision in game #{gid}" in new_dms[0].content
    assert bool(new_dms[0].attachments) == (decider == "octopus")
    assert len(t.fake.dms_to(actor)) == dms_before[1]  # nothing for the one who acted
    h = await t.fake.slash(other, "kelp panel", game=gid)
    assert h.reply.ephemeral and "Your move" in h.reply.content and h.reply.custom_ids()
    words = t.fake.get_message(row.table_message_id).embeds[0]["description"]
    assert f"**{decider.capitalize()}** to decide" in words


async def test_a_stale_expansion_button_changes_nothing(table: Table) -> None:
    t = table
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                            expansion=OO)
    seat, panel, g = await step_until(
        t, gid, lambda g, s, legal: any(a.verb in OO_VERBS for a in legal))
    user = t.alice if seat == "octopus" else t.bob
    legal = rules.legal_actions(g, seat)
    action = next(a for a in legal if a.verb in OO_VERBS)
    row, _ = await t.bot.service.load(gid)
    verb = "po" if seat == "octopus" else "ps"
    tbl = t.fake.get_message(row.table_message_id)
    second = (await t.fake.click(user, tbl, next(c for c in tbl.custom_ids()
                                                 if f":{verb}:" in c))).reply
    cid, values = component_for(panel, legal, action)
    select = cid.split(":")[2].startswith(("s", "m"))
    h = await (t.fake.select(user, panel, cid, values) if select
               else t.fake.click(user, panel, cid))
    assert not h.failed
    state = (await t.bot.service.load(gid))[0].state
    stale = t.fake.get_message(second.id)
    h = await (t.fake.select(user, stale, cid, values) if select
               else t.fake.click(user, stale, cid))
    assert "moved on" in everything(h)
    assert (await t.bot.service.load(gid))[0].state == state


async def test_practice_with_the_expansion(table: Table) -> None:
    t = table
    h = await t.fake.slash(t.alice, "kelp practice", role="shark", level="normal",
                           expansion=OO)
    assert h.reply.ephemeral and "level:easy" in h.reply.content
    assert await t.bot.storage.games_of(t.alice.id) == []
    h = await t.fake.slash(t.alice, "kelp practice", role="shark", level="easy",
                           expansion=OO)
    assert "Offshore Offspring" in h.reply.content
    row = (await t.bot.storage.games_of(t.alice.id))[0]
    _, g = await t.bot.service.load(row.id)
    assert g.expansions == (OO,) and g.phase == "shark"  # the bot placed the Shark and played
    await play_my_seat(t, row.id, "shark", t.alice, seed=3)
    row, g = await t.bot.service.load(row.id)
    assert g.phase == "over" and row.status == "finished"


async def test_every_expansion_step_has_words_and_fits_a_panel() -> None:
    """Every step of many random expansion games: a label of its own (not the raw command),
    a group title for its select, and a panel within Discord's limits."""
    seen: set[str] = set()
    for seed in range(40):
        g = rules.new_game(seed, expansions=(OO,))
        rng = random.Random(seed)
        while g.phase != "over":
            p = rules.pending(g)
            seat = "octopus" if "octopus" in p["seats"] else p["seats"][0]
            legal = rules.legal_actions(g, seat)
            for a in legal:
                assert not RAW_ID.search(label(a, p["kind"])), a.text  # words, not data ids
                if a.verb in OO_VERBS:
                    seen.add(a.verb)
                    text = label(a, p["kind"])
                    assert text != a.text and len(text) <= 80, a.text
                    assert a.verb in GROUP_TITLE or a.verb in ("cave", "decoy", "search",
                                                               "decisive", "nursery")
            rows = panel_view(GAME_ID, 9999, legal, p["kind"]).to_components()
            assert 1 <= len(rows) <= 5
            offered: set[str] = set()
            for r in rows:
                for c in r["components"]:
                    assert len(c["custom_id"]) <= 100 and len(c.get("label", "")) <= 80
                    if c["type"] == 3:
                        assert len(c["options"]) <= 25
                        assert all(len(o["label"]) <= 100 for o in c["options"])
                        offered |= {f"{c['custom_id']}={o['value']}" for o in c["options"]}
                    else:
                        offered.add(c["custom_id"])
            for i, a in enumerate(legal):  # every legal step can be sent from the panel
                assert (f"{ID}a{i}:9999" in offered
                        or any(o.startswith(f"{ID}s") and o.endswith(f"={i}") for o in offered)
                        or all(f"{ID}m{a.verb}:9999={x}" in offered for x in a.args)), a.text
            rules.apply(g, seat, rng.choice([a for a in legal if a.verb != "cancel"]))
    assert len(seen) >= 12, sorted(OO_VERBS - seen)

"""Offshore Offspring images: probes that the module's pieces are drawn where the view says.

Positions are real (seeded random module games); where random play rarely reaches a state
(the Cave, Rock, "6" and Escape Route tokens), the test puts the token into a real position
and compares the render with the same render without it, so the probe checks exactly the
token's pixels.
"""

from __future__ import annotations

import copy
import io
from pathlib import Path

from PIL import Image

import rendering
import rules
from rendering import canvas, fonts, glyphs, oo_glyphs, oo_panel
from rendering import layout as L
from rendering import oo_layout as OL
from rendering import oo_palette as OP
from rendering import palette as P
from tests.rendering.helpers import OO, crop, glyph_on, oo_find, oo_running, png_image, same

VIEWERS = ("octopus", "shark", "spectator", "omniscient")
INSET = 14


def _count(im: Image.Image, colour: tuple[int, int, int], tol: int = 0) -> int:
    """Pixels of `colour` (within `tol` per channel: small glyphs are antialiased)."""
    return sum(n for n, c in im.convert("RGB").getcolors(1 << 20) or []
               if all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True)))


def test_module_png_is_1280x1000_palette_small_and_keeps_its_colours() -> None:
    for g in oo_running(6, 91_000):
        for v in VIEWERS:
            view = rules.view(g, v)
            png = rendering.render(view)
            im = png_image(png)
            assert im.size == (L.WIDTH, OL.HEIGHT) and im.mode == "P"
            assert len(png) <= 300 * 1024
    view = rules.view(oo_find("unlocked"), "octopus")
    rgb = rendering.render_image(view)
    back = png_image(rendering.render(view)).convert("RGB")
    before = {c for _, c in rgb.getcolors(1 << 20) or []}
    after = {c for _, c in back.getcolors(1 << 20) or []}
    for colour in OP.exact_colours():
        if colour in before:
            assert colour in after, colour


def test_base_image_is_still_1280x800() -> None:
    g = rules.new_game(3)
    assert png_image(rendering.render(rules.view(g, "spectator"))).size == (L.WIDTH, L.HEIGHT)


def test_the_food_label_says_the_fourth_food_only_opens_the_escape() -> None:
    """OO-14: with the module a 4th food no longer wins, so the label under FOOD must not
    say "4 = win" there; the base board keeps it."""
    ox = L.OCTO_PANEL[0] + L.PANEL_PAD
    box = (ox, L.FOOD_ROW_Y + 22, ox + 100, L.FOOD_ROW_Y + 40)
    module = rendering.render_image(rules.view(rules.new_game(4, expansions=OO), "spectator"))
    base = rendering.render_image(rules.view(rules.new_game(4), "spectator"))
    assert not same(crop(module, box), crop(base, box))


def _tile(view: dict, z: dict, state: str) -> Image.Image:
    kind = z["block"] or z.get("known")
    stage, colour = oo_glyphs.octopus_parts(kind)  # type: ignore[misc]
    t = oo_glyphs.octo_tile(z.get("stage") or stage, z.get("colour") or colour, L.TILE, state)
    return t.convert("RGB").crop((INSET, INSET, L.TILE - INSET, L.TILE - INSET))


def test_octopus_sees_its_hidden_octopuses_in_colour_others_see_backs() -> None:
    g = oo_find("hidden_octopus")
    octo = rules.view(g, "octopus")
    im = rendering.render_image(octo)
    hidden = [z for z in octo["zones"] if z["hidden"] and z.get("stage")]
    assert len(hidden) >= 2
    for z in hidden:
        assert same(crop(im, L.block_box(z["zone"]), INSET), _tile(octo, z, "hidden_own")), z
    for v in ("shark", "spectator"):
        view = rules.view(g, v)
        sim = rendering.render_image(view)
        for z in hidden:
            vz = next(x for x in view["zones"] if x["zone"] == z["zone"])
            if vz.get("known"):
                continue
            back = glyphs.tile(None, L.TILE, "back").convert("RGB").crop(
                (INSET, INSET, L.TILE - INSET, L.TILE - INSET))
            assert same(crop(sim, L.block_box(z["zone"]), INSET), back), (v, z)


def test_coloured_octopus_tiles_show_colour_letter_and_stage_without_colour_vision() -> None:
    g = oo_find("coloured")
    view = rules.view(g, "omniscient")
    im = rendering.render_image(view)
    for z in view["zones"]:
        if z.get("stage"):
            assert same(crop(im, L.block_box(z["zone"]), INSET),
                        _tile(view, z, "hidden_own" if z["hidden"] else "face")), z
    # every (stage, colour) tile differs from every other one in grey levels alone
    grey = {(s, c): oo_glyphs.octo_tile(s, c, L.TILE).convert("L").tobytes()
            for s in ("adult", "juvenile") for c in OP.OCTO_FILL}
    assert len(set(grey.values())) == len(grey)
    assert len(set(OP.OCTO_LETTER.values())) == len(OP.OCTO_LETTER)


def test_a_juvenile_shark_is_drawn_at_its_space() -> None:
    g = oo_find("juvenile_shark")
    view = rules.view(g, "spectator")
    juv = [s for s in view["sharks"] if s["name"] != "mother"]
    assert juv
    im = rendering.render_image(view)
    bare = copy.deepcopy(view)
    bare["sharks"] = [s for s in view["sharks"] if s["name"] == "mother"]
    without = rendering.render_image(bare)
    for s in juv:
        box = OL.juvenile_box(int(s["space"]))
        assert _count(crop(im, box), OP.JUV_BODY) > 150, s
        assert not same(crop(im, box), crop(without, box))
        assert _count(crop(without, box), OP.JUV_BODY) == 0


def test_a_wounded_mother_shows_her_wounds_on_the_board_and_in_the_strip() -> None:
    g = oo_find("mother_wounded")
    view = rules.view(g, "spectator")
    n = view["offspring"]["mother_wounds"]
    im = rendering.render_image(view)
    space = int(view["shark"]["space"])
    healed = copy.deepcopy(view)
    healed["offspring"]["mother_wounds"] = 0
    clean = rendering.render_image(healed)
    for i in range(n):
        box = OL.mother_wound_mark_box(space, i)
        assert _count(crop(im, box), OP.WOUND, 40) > 40
        assert _count(crop(clean, box), OP.WOUND, 40) == 0
        sb = OL.mother_wound_box(i)  # the strip: a flipped token, not an empty ring
        assert _count(crop(im, sb), OP.WOUND, 40) > 60
        assert _count(crop(clean, sb), OP.WOUND, 40) == 0
    assert _count(crop(clean, OL.mother_wound_box(0)), OP.WOUND) == 0


def _with_tokens(g: rules.Game, **tokens: object) -> rules.Game:
    """`g` with module tokens placed (what unlocking them would do)."""
    g = rules.load(rules.dump(g))
    oo = g.oo
    for k, v in tokens.items():
        if k in ("cave", "rock"):
            oo["tokens"][k] = v
        elif k == "six":
            oo["six"] = v
        elif k == "route":
            oo["route"] = v
    return g


def _free_den(g: rules.Game) -> int:
    v = rules.view(g, "spectator")
    taken = {int(s["space"]) for s in v["sharks"]}
    return next(int(s["space"]) for s in v["spaces"] if s["den"] and not s["die"]
                and int(s["space"]) not in taken)


def test_cave_rock_and_six_tokens_appear_in_their_zones() -> None:
    g = oo_find("unlocked")
    base = rendering.render_image(rules.view(g, "spectator"))
    placed = _with_tokens(g, cave=0, rock=4, six=4)
    im = rendering.render_image(rules.view(placed, "spectator"))
    for zone, tok, i in (("A1", "cave", 0), ("B2", "rock", 0)):
        box = OL.zone_token_box(zone, i)
        want = glyph_on(base.crop(box), oo_glyphs.zone_token(tok, OL.ZONE_TOKEN), (0, 0))
        assert same(crop(im, box), want), tok
    sb = OL.six_box("B2")
    want = glyph_on(base.crop(sb), oo_glyphs.six_token(sb[2] - sb[0]), (0, 0))
    assert same(crop(im, sb), want)
    assert _count(crop(im, sb), OP.SIX_FILL) > 300
    assert _count(crop(base, sb), OP.SIX_FILL) == 0
    # the words say it too
    alt = rendering.describe(rules.view(placed, "spectator"))
    assert "Cave in A1" in alt and "Rock in B2" in alt and "\"6\" covers B2" in alt
    grid = rendering.text_board(rules.view(placed, "spectator"))
    assert "Cave" in grid and "Rock" in grid and '6+ ("6")' in grid


def test_the_escape_route_marks_its_den() -> None:
    g = oo_find("start")
    den = _free_den(g)
    im = rendering.render_image(rules.view(_with_tokens(g, route=den), "shark"))
    base = rendering.render_image(rules.view(g, "shark"))
    box = L.inset(L.space_box(den), 4)
    assert _count(crop(im, box), OP.ROUTE) > 0.5 * (box[2] - box[0]) * (box[3] - box[1])
    assert _count(crop(base, box), OP.ROUTE) == 0
    view = rules.view(_with_tokens(g, route=den), "spectator")
    assert f"Escape Route on den {den}" in rendering.describe(view)
    assert "ESC" in rendering.text_board(view)


def test_unlocked_track_slots_differ_from_locked_ones() -> None:
    g = oo_find("unlocked")
    view = rules.view(g, "spectator")
    im = rendering.render_image(view)
    tracks = view["offspring"]["tracks"]
    for t, track in enumerate(tracks):
        frame = crop(im, OL.track_slot_box(t, 1))
        green = _count(frame, OP.UNLOCKED)
        if track["unlocked"]:
            assert green > 200, track
        else:
            assert green == 0, track
        shells = int(track["shells"])
        for i in range(4):
            inner = crop(im, OL.track_slot_box(t, i), 8)
            assert (_count(inner, P.SHELL_FILL) > 0) == (i < shells), (track, i)
    on = next(i for i, tr in enumerate(tracks) if tr["unlocked"])
    off = next(i for i, tr in enumerate(tracks) if not tr["unlocked"])
    assert not same(crop(im, OL.track_slot_box(on, 1)), crop(im, OL.track_slot_box(off, 1)))


def test_hunger_tokens_wait_on_their_hunger_spaces_until_gained() -> None:
    g = oo_find("start")
    view = rules.view(g, "spectator")
    im = rendering.render_image(view)
    marks = oo_panel.hunger_token_marks(view["offspring"])
    assert marks == ["+1", "J", "R", "J"]
    for i, mark in enumerate(marks):
        box = oo_panel.hunger_token_box(i)
        slot = L.hunger_slot_box(i)
        bg = crop(rendering.render_image(_no_tokens(view)), box)
        assert same(crop(im, box), glyph_on(bg, oo_glyphs.hunger_token(mark, box[2] - box[0]),
                                            (0, 0))), i
        assert slot[0] <= box[0] and box[2] <= slot[2]
    gained = oo_find("juvenile_shark")
    gv = rules.view(gained, "spectator")
    k = gv["offspring"]["hunger_tokens_gained"]
    assert k >= 1
    gim = rendering.render_image(gv)
    for i in range(k):
        assert _count(crop(gim, oo_panel.hunger_token_box(i)), P.OI_ORANGE) < 20


def _no_tokens(view: dict) -> dict:
    v = copy.deepcopy(view)
    v["offspring"]["hunger_tokens_gained"] = len(v["offspring"]["hunger_tokens"])
    return v


def test_wound_boards_show_active_or_not() -> None:
    g = oo_find("mother_wounded")
    view = rules.view(g, "spectator")
    im = rendering.render_image(view)
    for i, b in enumerate(view["offspring"]["wound_boards"]):
        box = OL.wound_board_box(i)
        red = _count(crop(im, box), OP.WOUND)
        assert (red > 300) == b["flipped"], b
        assert fonts.fit(b["name"], 15, 150).rstrip("…")[:8] in b["name"]


def test_module_render_is_deterministic_across_cache_clears() -> None:
    views = [rules.view(g, v) for g in oo_running(3, 92_000) for v in ("shark", "octopus")]
    first = [rendering.render(v) for v in views]
    canvas.background.cache_clear()
    canvas.module_background.cache_clear()
    oo_glyphs.octo_tile.cache_clear()
    glyphs.tile.cache_clear()
    fonts.mask.cache_clear()
    assert [rendering.render(v) for v in views] == first


def test_module_alt_text_and_text_board_cover_the_module() -> None:
    for g in [*oo_running(8, 93_000), oo_find("over")]:
        for v in VIEWERS:
            view = rules.view(g, v)
            alt = rendering.describe(view)
            assert 0 < len(alt) <= 1024
            for s in view["sharks"]:
                name = "Mother Shark" if s["name"] == "mother" else s["name"].upper()
                assert f"{name} on space {s['space']}" in alt
            board = rendering.text_board(view)
            assert "OFFSPRING" in board and "Camouflage:" in board and "Wound boards" in board
            grid = "\n".join(board.splitlines()[1:17])
            for s in view["sharks"]:
                if s["name"] != "mother":
                    assert s["name"].upper() in grid, s
    g = oo_find("hidden_octopus")
    octo = rules.view(g, "octopus")
    words = rendering.describe(octo)
    for z in octo["zones"]:
        if z["hidden"] and z.get("stage"):
            stage = "Juvenile" if z["stage"] == "juvenile" else "adult"
            assert f"{z['zone']} {z['colour']} {stage} Octopus (hidden)" in words
    spectator = rendering.describe(rules.view(g, "spectator"))
    assert "Octopus (hidden)" not in spectator


def test_module_samples_command_writes_1280x1000_pngs(tmp_path: Path) -> None:
    from rendering.__main__ import main

    assert main(["samples", str(tmp_path), "--expansion"]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["oo-midgame.png", "oo-mother-dead.png", "oo-octopus.png"]
    for p in tmp_path.glob("*.png"):
        assert png_image(p.read_bytes()).size == (L.WIDTH, OL.HEIGHT)


def test_bench_reports_the_expansion_after_the_base_game() -> None:
    from rendering.bench import bench_render

    report = bench_render(2, expansion=True)
    assert report.index("render:") < report.index("render, Offshore Offspring:")
    assert "1280x1000" in report and "p50" in report


def test_module_replay_is_a_gif_of_module_frames() -> None:
    from tests.rules.games import random_game

    g = random_game(7, stop_after=60, oo=True)
    gif = rendering.render_replay(rules.record(g), "spectator", scale=0.25)
    im = Image.open(io.BytesIO(gif))
    assert im.format == "GIF" and im.size == (L.WIDTH // 4, OL.HEIGHT // 4)
    assert getattr(im, "n_frames", 1) >= 3


def test_a_die_a_juvenile_assigned_carries_its_name() -> None:
    from rendering import oo_board
    from rendering.randomplay import first

    g = first(lambda g: any(len(a) > 3 and a[3] != "mother" for a in g.assigned), range(0, 80),
              expansions=("offshore_offspring",))
    assert g is not None
    view = rules.view(g, "spectator")
    owners = oo_board.die_owners(view)
    assert owners
    im = rendering.render_image(view)
    plain = copy.deepcopy(view)
    for a in plain["shark_side"]["assigned"]:
        a.pop("shark", None)
    bare = rendering.render_image(plain)
    for box, name in owners:
        under = (box[0], box[3] + 1, box[2], box[3] + 14)
        assert _count(crop(im, under), P.INK) > 40, name
        assert not same(crop(im, under), crop(bare, under))
        assert "(" + name.upper() + ")" in rendering.text_board(view)

"""Board images: probes that the pixels show what the view says, size, speed, determinism.

Probes compare regions of real renders (random positions) with the glyph that must be
there, using the geometry in `rendering.layout`; the point of each is that it fails if the
wrong thing is drawn (a hidden block's face for a spectator, a die with the wrong pips, the
Shark facing the other way).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from PIL import Image

import rendering
import rules
from rendering import canvas, fonts, glyphs, panels
from rendering import layout as L
from rendering import palette as P
from tests.rendering.helpers import (
    crop,
    find,
    glyph_on,
    mean_diff,
    near,
    png_image,
    same,
    spread,
)

VIEWERS = ("octopus", "shark", "spectator", "omniscient")
INSET = 14  # inside a tile's rounded corners


def _tile_crop(kind: str | None, state: str) -> Image.Image:
    t = glyphs.tile(kind, L.TILE, state)
    return t.convert("RGB").crop((INSET, INSET, L.TILE - INSET, L.TILE - INSET))


def _block(im: Image.Image, zone: str) -> Image.Image:
    return crop(im, L.block_box(zone), INSET)


def _dominant(im: Image.Image) -> tuple[int, int, int]:
    counts = im.convert("RGB").getcolors(1 << 20) or []
    return max(counts)[1]  # type: ignore[no-any-return]


# -- the PNG itself ----------
def test_png_is_1280x800_palette_and_small() -> None:
    for g in spread()[:12]:
        for v in VIEWERS:
            png = rendering.render(rules.view(g, v))
            assert png[:8] == b"\x89PNG\r\n\x1a\n"
            im = png_image(png)
            assert im.size == (L.WIDTH, L.HEIGHT) and im.mode == "P"
            assert len(png) <= 300 * 1024, f"{len(png)} bytes"


def test_png_matches_the_rgb_drawing_and_keeps_exact_colours() -> None:
    """The palette conversion loses nothing a probe relies on."""
    for g in spread()[:6]:
        view = rules.view(g, "spectator")
        rgb = rendering.render_image(view)
        png = png_image(rendering.render(view)).convert("RGB")
        assert mean_diff(rgb, png) < 1.5
        before = {c for _, c in rgb.getcolors(1 << 20) or []}
        after = {c for _, c in png.getcolors(1 << 20) or []}
        for colour in P.exact_colours():
            if colour in before:
                assert colour in after, colour


# -- blocks ----------
def test_revealed_block_shows_its_face_in_its_zone_for_every_viewer() -> None:
    g = find("revealed")
    for v in VIEWERS:
        view = rules.view(g, v)
        im = rendering.render_image(view)
        shown = [z for z in view["zones"] if not z["hidden"]]
        assert shown
        for z in shown:
            got = _block(im, z["zone"])
            assert same(got, _tile_crop(z["block"], "face")), (v, z)
            assert not same(got, _tile_crop(None, "back"))


def test_hidden_block_is_a_back_for_shark_and_spectator_and_its_identity_for_octopus() -> None:
    g = find("revealed")
    truth = rules.view(g, "omniscient")
    hidden = [z for z in truth["zones"] if z["hidden"]]
    assert hidden
    octo = rendering.render_image(rules.view(g, "octopus"))
    for v in ("spectator", "shark"):
        view = rules.view(g, v)
        im = rendering.render_image(view)
        png = png_image(rendering.render(view)).convert("RGB")
        for z in view["zones"]:
            if not z["hidden"]:
                continue
            got = _block(im, z["zone"])
            real = next(t["block"] for t in hidden if t["zone"] == z["zone"])
            if z.get("known"):
                assert same(got, _tile_crop(z["known"], "known")), z
            else:
                assert same(got, _tile_crop(None, "back")), (v, z)
                assert not same(got, _tile_crop(real, "face"))
                assert not same(got, _tile_crop(real, "hidden_own"))
                assert _dominant(crop(png, L.block_box(z["zone"]), INSET)) == P.BACK
    for z in hidden:
        got = _block(octo, z["zone"])
        assert same(got, _tile_crop(z["block"], "hidden_own")), z
        assert not same(got, _tile_crop(None, "back"))


def test_game_over_reveals_every_block() -> None:
    g = find("over")
    view = rules.view(g, "spectator")
    im = rendering.render_image(view)
    for z in view["zones"]:
        state = "was_hidden" if z["hidden"] else "face"
        assert same(_block(im, z["zone"]), _tile_crop(z["block"], state)), z
    first, second = panels.header_lines(view)
    assert view["winner"].upper() in first and "WINS" in first and second


# -- dice ----------
def _count_pips(im: Image.Image, ink: tuple[int, int, int]) -> int:
    """4-connected blobs of pip-coloured pixels."""
    w, h = im.size
    px = im.load()
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or not near(px[x, y], ink, 70):
                continue
            stack = [(x, y)]
            seen.add((x, y))
            size = 0
            while stack:
                cx, cy = stack.pop()
                size += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if (0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen
                            and near(px[nx, ny], ink, 70)):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            if size >= 3:
                blobs += 1
    return blobs


def _pip_square(box: L.Box, size: int) -> L.Box:
    _, y0, x1, y1 = box
    return (x1 - size + 3, y0 + 3, x1 - 3, y1 - 3)


def test_current_dice_show_their_colour_letter_and_pips() -> None:
    g = find("die_on_space")
    view = rules.view(g, "spectator")
    im = rendering.render_image(view)
    png = png_image(rendering.render(view)).convert("RGB")
    dice = [(s["space"], s["die"]) for s in view["spaces"] if s["die"]]
    assert len(dice) >= 2
    for space, face in dice:
        box = L.space_die_box(space)
        glyph = glyphs.die(face, L.DIE_ON_SPACE)
        assert same(crop(im, box, 3), glyph.convert("RGB").crop(L.inset((0, 0, *glyph.size), 3)))
        colour = face[-1]
        pips = png.crop(_pip_square(box, L.DIE_ON_SPACE))
        assert _dominant(pips) == P.DIE_FILL[colour], (space, face)
        assert _count_pips(pips, P.DIE_INK[colour]) == int(face[:-1]), (space, face)


def test_a_die_with_other_pips_would_fail_the_probe() -> None:
    """The pip counter really counts: 1…6 on a bare glyph."""
    for value in range(1, 7):
        for colour in "BYR":
            g = glyphs.die(f"{value}{colour}", L.DIE_ON_SPACE)
            bg = Image.new("RGB", g.size, P.SPACE)
            bg.paste(g, (0, 0), g)
            box = (0, 0, *g.size)
            assert _count_pips(bg.crop(_pip_square(box, L.DIE_ON_SPACE)),
                               P.DIE_INK[colour]) == value


# -- the Shark ----------
@pytest.mark.parametrize("facing", ["N", "S", "E", "W", "*"])
def test_shark_is_on_its_space_facing_the_right_end(facing: str) -> None:
    g = find("free" if facing == "*" else f"facing_{facing}")
    view = rules.view(g, "spectator")
    space = view["shark"]["space"]
    assert view["shark"]["facing"] == facing
    im = rendering.render_image(view)
    bare = copy.deepcopy(view)
    bare["shark"] = None
    bg = rendering.render_image(bare)
    box = L.shark_box(space)
    glyph = (glyphs.free_shark(L.horizontal(space), L.SHARK_SIZE) if facing == "*"
             else glyphs.shark(facing, L.SHARK_SIZE))
    expect = glyph_on(bg, glyph, box[:2])
    assert same(crop(im, box, 0), crop(expect, box, 0))
    ends = ("W", "E") if L.horizontal(space) else ("N", "S")
    for end in ends:
        tip = L.facing_point(space, end)
        assert tip is not None
        marked = facing in ("*", end)
        pixel = im.getpixel(tip)
        assert (pixel == P.INK) == marked, (end, pixel)
        if not marked:
            assert pixel == bg.getpixel(tip)


# -- Hunger and Growth ----------
def test_hunger_track_and_growth_tiles_show_their_dice() -> None:
    g = find("growth")
    view = rules.view(g, "spectator")
    sh = view["shark_side"]
    png = png_image(rendering.render(view)).convert("RGB")
    hunger = sh["hunger"]
    assert len(hunger) >= 3
    filled = 0
    for i in range(sh["hunger_max"]):
        inner = png.crop(L.inset(L.hunger_slot_box(i), 10))
        if i < len(hunger):
            assert _dominant(inner) == P.DIE_FILL[hunger[i][-1]], i
            filled += 1
        else:
            assert _dominant(inner) == P.SLOT_BG, i
    assert filled == len(hunger)
    im = rendering.render_image(view)
    for t in sh["growth"]:
        for s in range(3):
            box = L.growth_slot_box(t["tile"], s)
            if s < len(t["dice"]):
                glyph = glyphs.die(t["dice"][s], L.GROWTH_DIE)
                ref = glyph.convert("RGB").crop(L.inset((0, 0, *glyph.size), 3))
                assert same(crop(im, box, 3), ref), (t, s)
            elif not t["flipped"]:
                assert _dominant(crop(im, box, 3)) == P.SLOT_BG, (t, s)


def test_flipped_growth_tile_is_marked_active() -> None:
    g = find("flipped")
    view = rules.view(g, "spectator")
    im = png_image(rendering.render(view)).convert("RGB")
    for t in view["shark_side"]["growth"]:
        x0, _, _, y1 = L.growth_tile_box(t["tile"])
        corner = im.getpixel((x0 + 8, y1 - 6))
        assert (corner == P.FOOD_FILL) == t["flipped"], t


# -- heat, highlight, confrontation ----------
def _beside_tile(zone: str) -> tuple[int, int]:
    x0, y0, _, y1 = L.block_box(zone)
    return (x0 - 3, (y0 + y1) // 2)


def test_heat_tint_for_spectators_and_optional_for_the_shark() -> None:
    g = find("heat")
    spectator = rules.view(g, "spectator")
    warm = [z for z in spectator["zones"]
            if z["hidden"] and not z.get("known") and z["octopus_odds"] > 0]
    assert warm
    images = {
        "spectator": rendering.render_image(spectator),
        "shark": rendering.render_image(rules.view(g, "shark")),
        "shark_off": rendering.render_image(rules.view(g, "shark"), heat=False),
        "octopus": rendering.render_image(rules.view(g, "octopus")),
    }
    for z in warm:
        tint = P.heat(z["octopus_odds"])
        xy = _beside_tile(z["zone"])
        assert images["spectator"].getpixel(xy) == tint
        assert images["shark"].getpixel(xy) == tint
        assert images["shark_off"].getpixel(xy) == P.kelp(z["value"])
        assert images["octopus"].getpixel(xy) == P.kelp(z["value"])


def test_last_move_outlines_the_zones_it_changed() -> None:
    g = find("highlight")
    view = rules.view(g, "spectator")
    changed = {z for e in view["last_events"] for z in e["zones"]}
    assert changed
    im = rendering.render_image(view)
    for z in view["zones"]:
        x0, y0, _, y1 = L.zone_box(z["zone"])
        pixel = im.getpixel((x0 + 5, (y0 + y1) // 2))
        assert (pixel == P.HIGHLIGHT) == (z["zone"] in changed), z["zone"]
    assert panels.caption_text(view) != "No move yet."


def test_confrontation_banner_appears_during_a_confrontation() -> None:
    g = find("confront")
    view = rules.view(g, "octopus")
    im = rendering.render_image(view)
    x0, _, _, y1 = L.BOARD
    assert im.getpixel((x0 + 25, y1 - 40)) == P.OI_YELLOW
    calm = rendering.render_image(rules.view(spread()[1], "octopus"))
    assert calm.getpixel((x0 + 25, y1 - 40)) != P.OI_YELLOW


# -- determinism, purity, speed ----------
def _reordered(obj: object) -> object:
    """The same data with every dict's keys in reverse order."""
    if isinstance(obj, dict):
        return {k: _reordered(obj[k]) for k in reversed(list(obj))}
    if isinstance(obj, list):
        return [_reordered(x) for x in obj]
    return obj


def test_render_is_deterministic_and_independent_of_key_order_and_caches() -> None:
    views = [rules.view(g, v) for g in spread()[:4] for v in ("shark", "octopus")]
    first = [rendering.render(v) for v in views]
    canvas.background.cache_clear()
    glyphs.tile.cache_clear()
    glyphs.die.cache_clear()
    fonts.mask.cache_clear()
    again = [rendering.render(_reordered(json.loads(json.dumps(v)))) for v in views]
    assert first == again


def test_rendering_imports_only_rules_public_api_and_pillow() -> None:
    root = Path(rendering.__file__).parent
    for path in root.glob("*.py"):
        for line in path.read_text().splitlines():
            s = line.strip()
            if s.startswith(("import ", "from ")):
                assert "bot" not in s.split()[1], (path.name, s)
                mod = s.split()[1]
                if mod.startswith("rules."):
                    assert mod in ("rules.data", "rules.names"), (path.name, s)
                assert "Game(" not in line


def test_png_size_on_real_positions() -> None:
    """Every board fits Discord's attachment comfortably (≤ 300 KB). Speed is not asserted
    here — a timed test flakes on a loaded machine; `kelp bench render` prints it."""
    views = [rules.view(g, v) for g in spread() for v in ("spectator", "octopus")]
    assert max(len(rendering.render(v)) for v in views) <= 300 * 1024


def test_bench_reports_percentiles() -> None:
    from rendering.bench import bench_render

    report = bench_render(2)
    assert "p50" in report and "p95" in report and "KB" in report


def test_samples_command_writes_pngs(tmp_path: Path) -> None:
    from rendering.__main__ import main

    assert main(["samples", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert {"start.png", "confrontation.png", "octopus-wins.png", "shark-wins.png"} <= set(names)
    for p in tmp_path.glob("*.png"):
        assert png_image(p.read_bytes()).size == (L.WIDTH, L.HEIGHT)


def test_escape_route_is_marked_when_the_view_has_one() -> None:
    """Offshore Offspring's Escape Route is not in base views yet; drawn only if present."""
    view = rules.view(spread()[2], "spectator")
    free = next(s["space"] for s in view["spaces"]
                if not s["die"] and (view["shark"] or {}).get("space") != s["space"])
    plain = rendering.render_image(view)
    marked = rendering.render_image({**view, "escape_route": free})
    x0, y0, _, y1 = L.space_box(free)
    assert marked.getpixel((x0 + 1, (y0 + y1) // 2)) == P.OI_ORANGE
    assert plain.getpixel((x0 + 1, (y0 + y1) // 2)) != P.OI_ORANGE

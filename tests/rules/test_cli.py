"""The engine's command line: self-play report, benchmark and the hot-seat game."""

from __future__ import annotations

import itertools
import re

import pytest

from bot.cli import main as kelp_main
from rules.__main__ import main
from rules.play import play


def test_selfplay_prints_throughput_and_win_rates(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["selfplay", "--games", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "decisions/s" in out and "octopus wins" in out
    assert "mean length" in out and "rounds" in out


def test_selfplay_and_bench_with_the_expansion(capsys) -> None:  # type: ignore[no-untyped-def]
    """The expansion's self-play figures come from the same commands as the base game's."""
    assert main(["selfplay", "--games", "3", "--expansion", "offshore_offspring"]) == 0
    out = capsys.readouterr().out
    assert "with offshore_offspring" in out and "unfinished: 0" in out
    assert main(["bench", "--games", "2", "--expansion", "offshore_offspring"]) == 0
    out = capsys.readouterr().out
    assert "with offshore_offspring" in out and "p99" in out
    with pytest.raises(ValueError, match="expansion"):
        main(["selfplay", "--games", "1", "--expansion", "nope"])


def test_kelp_command_delegates_to_the_engine(capsys) -> None:  # type: ignore[no-untyped-def]
    assert kelp_main(["selfplay", "--games", "2"]) == 0
    assert "games/s" in capsys.readouterr().out
    assert kelp_main(["balance", "--games", "2", "--octopus", "random", "--shark", "greedy"]) == 0
    assert "shark wins" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        kelp_main(["nonsense"])
    assert exit_.value.code == 2


def test_hot_seat_game_plays_to_the_end_and_hides_the_other_seat() -> None:
    """Always choosing option 1 finishes a game; the Shark's screens never show the hand."""
    holder = [""]
    screens: list[tuple[str, str]] = []
    answers = itertools.cycle(["1"])

    def read(prompt: str) -> str:
        if "Pass the keyboard" in prompt:
            holder[0] = "shark" if "SHARK" in prompt else "octopus"
            return ""
        return next(answers)

    play(4, "day", read=read, out=lambda text: screens.append((holder[0], text)))
    assert "wins" in screens[-1][1]
    shark_screens = [t for h, t in screens[:-2] if h == "shark" and "Octopus: hand" in t]
    octopus_screens = [t for h, t in screens[:-2] if h == "octopus" and "Octopus: hand" in t]
    assert shark_screens and octopus_screens
    assert all(re.search(r"Octopus: hand \d+ \(limit", t) for t in shark_screens)
    assert not any(re.search(r"Octopus: hand \d+ \(limit", t) for t in octopus_screens)


def test_think_times_every_level_on_positions_where_the_search_thinks(capsys) -> None:  # type: ignore[no-untyped-def]
    """`python -m rules think` times each level on the same real positions, only ones where
    the search builds a tree, and reports the search's iterations per decision."""
    from rules.ai.bench import positions
    from rules.ai.search import thinks
    from rules.engine import pending

    where = positions(1, 5, "day", 6)
    assert len(where["octopus"]) == 6 and len(where["shark"]) == 6
    for seat, games in where.items():
        assert all(thinks(g, seat) and pending(g)["kind"] != "confront" for g in games)
    assert main(["think", "--games", "1", "--positions", "2", "--iterations", "3",
                 "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "2 Octopus and 2 Shark positions" in out and "budget 3 iterations" in out
    for seat in ("octopus", "shark"):
        assert re.search(rf"{seat} greedy: p50 [\d.]+ ms", out)
        assert f"{seat} search:" in out
    assert out.count("3 iterations per decision (min 3, max 3)") == 2
    for cli in (main, kelp_main):  # `kelp think` is the same command
        with pytest.raises(SystemExit) as exit_:
            cli(["think", "--levels", "clever"])
        assert exit_.value.code == 2
    assert "unknown level 'clever'" in capsys.readouterr().err

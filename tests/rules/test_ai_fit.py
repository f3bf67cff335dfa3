"""`python -m rules.ai.fit`: the positions it fits the search's leaf (`evaluate.WEIGHTS`) on."""

from __future__ import annotations

from rules.ai import evaluate, fit


def test_board_option_plays_every_game_on_that_board() -> None:
    """`--board` exists so a leaf can be refitted on one board's data (session 41 compared
    a refit on today's day board): with it every seed is played there. Without it seed 1
    is a day game and seed 3 a night one (one seed in three is)."""
    day = fit.collect_game((1, "random", "random", "day"))
    assert day == fit.collect_game((1, "random", "random", None))
    night = fit.collect_game((1, "random", "random", "night"))
    assert night != day
    assert (fit.collect_game((3, "random", "random", "night"))
            == fit.collect_game((3, "random", "random", None))
            != fit.collect_game((3, "random", "random", "day")))
    for rows in (day, night):
        assert rows, "a game gives at least one position"
        for f, y in rows:
            assert set(f) == set(evaluate.FEATURES) and y in (0.0, 1.0)
        assert len({y for _, y in rows}) == 1, "every position of a game has its result"


def test_board_option_reaches_the_escape_fitter() -> None:
    """`--board` with `--escapes` plays the escapes' games on that board too, rather than
    being silently ignored: seed 901 is a day game by default, and its night game escapes
    elsewhere."""
    day = fit.collect_escapes(901, "day")
    assert day == fit.collect_escapes(901) and len(day) == 1
    night = fit.collect_escapes(901, "night")
    assert len(night) == 1 and night != day

"""pytest wiring for the fake Discord: the ``fake_discord`` fixture and the error-log guard.

discord.py *logs* exceptions raised in app commands, views, dynamic items and event handlers
(``"Ignoring exception in command …"``) instead of letting them propagate, so a broken handler
would otherwise leave a green test behind.  This plugin attaches a handler to the ``discord``
logger around every test and fails the test when any ``discord.*`` logger emitted a record at
ERROR or above – unless the test is marked ``@pytest.mark.discord_errors_expected`` (optionally
with ``match="regex"`` restricting which records are tolerated).

Enable it from the root ``tests/conftest.py`` with
``pytest_plugins = ["tests.fakediscord.pytest_plugin"]``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Generator, Sequence
from typing import TYPE_CHECKING, Any

import pytest
import pytest_asyncio

if TYPE_CHECKING:
    from .harness import FakeDiscord

# The pytester fixture lets the harness test the guard end to end.
pytest_plugins = ["pytester"]

MARKER = "discord_errors_expected"
DISCORD_LOGGER = "discord"


class DiscordErrorLogged(AssertionError):
    """A ``discord.*`` logger reported an error the test did not expect."""


class DiscordErrorCollector(logging.Handler):
    """Collects ERROR+ records of the ``discord`` logger hierarchy."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record (formatting happens only if the test fails)."""
        self.records.append(record)


_collector_key = pytest.StashKey[DiscordErrorCollector]()
_checked_key = pytest.StashKey[int]()


def format_record(record: logging.LogRecord) -> str:
    """Logger, level, message and traceback of a record, as shown in the failure."""
    text = f"{record.name} {record.levelname}: {record.getMessage()}"
    if record.exc_info:
        text += "\n" + logging.Formatter().formatException(record.exc_info)
    return text


def check_discord_errors(
    records: Sequence[logging.LogRecord], *, expected: bool = False, match: str | None = None
) -> None:
    """Raise :class:`DiscordErrorLogged` for records the test did not declare as expected.

    ``expected`` tolerates every record, or – with ``match`` – only records whose formatted
    text matches the regex.
    """
    __tracebackhide__ = True
    offending = list(records)
    if expected:
        if match is None:
            return
        offending = [r for r in offending if not re.search(match, format_record(r))]
    if not offending:
        return
    details = "\n\n".join(format_record(r) for r in offending)
    raise DiscordErrorLogged(
        f"discord.py logged {len(offending)} error(s) during the test (handlers swallow "
        f"exceptions and only log them). Mark the test @pytest.mark.{MARKER} if this is "
        f"intended.\n\n{details}"
    )


def _expectation(item: pytest.Item) -> tuple[bool, str | None]:
    marker = item.get_closest_marker(MARKER)
    if marker is None:
        return False, None
    match = marker.kwargs.get("match", marker.args[0] if marker.args else None)
    return True, match


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker so ``--strict-markers`` accepts it."""
    config.addinivalue_line(
        "markers",
        f"{MARKER}(match=None): the test expects discord.* loggers to report errors "
        "(optionally only records matching the regex `match`).",
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, Any, Any]:
    """Start collecting before fixtures run (bot start-up errors count too)."""
    collector = DiscordErrorCollector()
    logging.getLogger(DISCORD_LOGGER).addHandler(collector)
    item.stash[_collector_key] = collector
    item.stash[_checked_key] = 0
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Any, Any]:
    """Fail a passing test whose run made discord.py log an error."""
    __tracebackhide__ = True
    collector = item.stash.get(_collector_key, None)
    try:
        result = yield
    except BaseException as exc:
        if collector is not None and collector.records:
            exc.add_note(
                "discord.py also logged:\n" + "\n".join(format_record(r) for r in collector.records)
            )
        raise
    if collector is not None:
        item.stash[_checked_key] = len(collector.records)
        expected, match = _expectation(item)
        check_discord_errors(collector.records, expected=expected, match=match)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, Any, Any]:
    """Check records logged while fixtures shut bots down; then detach the collector."""
    __tracebackhide__ = True
    collector = item.stash.get(_collector_key, None)
    try:
        result = yield
    finally:
        if collector is not None:
            logging.getLogger(DISCORD_LOGGER).removeHandler(collector)
    if collector is not None:
        late = collector.records[item.stash.get(_checked_key, 0) :]
        expected, match = _expectation(item)
        check_discord_errors(late, expected=expected, match=match)
    return result


@pytest.fixture
def discord_error_records(request: pytest.FixtureRequest) -> list[logging.LogRecord]:
    """Live list of ERROR+ records from ``discord.*`` loggers in the current test."""
    collector = request.node.stash.get(_collector_key, None)
    return collector.records if collector is not None else []


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fresh :class:`FakeDiscord`; bots still running at the end are closed.

    Teardown also fails the test if the bot called routes the fake does not implement
    (``NotFound`` alone could be swallowed by bot code).
    """
    # Imported here so that test runs without bots (rules/, rendering/) never import discord.
    from .harness import FakeDiscord

    fake = FakeDiscord()
    try:
        yield fake
    finally:
        await fake.aclose()
    fake.assert_no_unhandled()

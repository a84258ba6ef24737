"""What a person types as the host's address, and the seats kept to come back to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.storage import net_seats, paths
from splendor.ui.online.join import parse_address


@pytest.mark.parametrize(("typed", "url"), [
    ("192.168.1.5:7437", "ws://192.168.1.5:7437"),
    ("  192.168.1.5  ", "ws://192.168.1.5:7437"),  # no port: the game's own
    ("ana-laptop.local:8000", "ws://ana-laptop.local:8000"),
    ("[fe80::1]:7437", "ws://[fe80::1]:7437"),
    ("[::1]", "ws://[::1]:7437"),
    ("wss://splendor.example.org:443/", "wss://splendor.example.org:443"),
])
def test_addresses_people_type_are_understood(typed: str, url: str) -> None:
    assert parse_address(typed, 7437) == url


@pytest.mark.parametrize("typed", [
    "", "   ", "host:", "host:port", "host:0", "host:70000", "fe80::1", "[fe80::1",
    "[::1]x", "a b:7437", "http://host/path", "user@host:7437", "x" * 300,
])
def test_what_is_no_address_is_refused(typed: str) -> None:
    assert parse_address(typed, 7437) is None


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(paths, "data_dir", lambda: tmp_path)
    return tmp_path


def seat(table: str, n: int = 0) -> net_seats.HeldSeat:
    return net_seats.HeldSeat("ws://10.0.0.2:7437", table, n, f"token-{table}-{n}", "Ana",
                              f"Bo's table {table}")


def test_a_held_seat_is_kept_newest_first_and_released_when_its_game_ends(
        data_home: Path) -> None:
    net_seats.hold_seat(seat("t1"))
    net_seats.hold_seat(seat("t2"))
    net_seats.hold_seat(seat("t1"))  # the same seat again: one entry, now the newest
    held, problem = net_seats.held_seats()
    assert problem is None and [h.table for h in held] == ["t1", "t2"]
    net_seats.release_seat("ws://10.0.0.2:7437", "t1")
    assert [h.table for h in net_seats.held_seats()[0]] == ["t2"]


def test_an_unreadable_seats_file_is_moved_aside_and_joining_goes_on(data_home: Path) -> None:
    path = paths.net_seats_path()
    path.write_text('{"format": 1, "seats": [{"url": 3}]}')
    held, problem = net_seats.held_seats()
    assert held == [] and problem is not None and problem.kept is not None
    assert json.loads(problem.kept.read_text())["seats"] == [{"url": 3}]  # nothing lost
    net_seats.hold_seat(seat("t3"))
    assert [h.table for h in net_seats.held_seats()[0]] == ["t3"]


def test_a_newer_versions_seats_file_is_left_alone(data_home: Path) -> None:
    path = paths.net_seats_path()
    path.write_text('{"format": 99, "seats": []}')
    held, problem = net_seats.held_seats()
    assert held == [] and problem is not None and problem.reason == "newer"
    net_seats.hold_seat(seat("t4"))
    assert json.loads(path.read_text())["format"] == 99  # never written over

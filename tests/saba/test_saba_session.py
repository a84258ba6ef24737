"""Saba as the people at the screen play it (splendor/saba/session.py): bots through the
bots' process without holding the frame loop, undo of the human's latest decision, a hint
(the hard bot's move), the log as data, saves that resume the same game, a damaged save
refused and kept, statistics apart from Splendor's."""

from __future__ import annotations

import json
import random
import time

import pytest

from splendor.games import find_game
from splendor.saba.engine import Buy, ChooseFace, EndTurn, Step
from splendor.saba.session import SabaSession
from splendor.session import saving
from splendor.session.bot_process import BotProcess, InlineBots
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from splendor.session.statistics import count_game
from splendor.storage import paths
from splendor.storage.saves import SaveError, list_saves, load_save, save_info
from splendor.storage.stats import describe, parse_key

SABA = find_game("saba")
DATA = SABA.data()
SPLENDOR_DATA = find_game("splendor").data()


def options(*kinds: str, competitive: bool = False) -> GameOptions:
    seats = tuple(SeatOption(k, f"{k.capitalize()} {i + 1}") for i, k in enumerate(kinds))
    return GameOptions(seats, first_player=0, seed=11, competitive=competitive, game="saba")


def drive(session: SabaSession, rng: random.Random, until: int = 10_000) -> None:
    """Play: bots through the session's poll, the human a random legal decision."""
    steps = 0
    while not session.is_over() and steps < until:
        steps += 1
        session.poll()
        if session.incoming is not None:
            session.commit_incoming()
        elif session.human_to_act():
            assert session.play(rng.choice(session.view().legal_actions)) is None


def test_a_game_against_bots_ends_and_its_log_is_every_decision_with_its_effects() -> None:
    session = SabaSession(DATA, options("human", "hard", "easy"), InlineBots("saba"))
    drive(session, random.Random(3))
    assert session.is_over() and session.finished_here
    state = session.state
    assert [e.action for e in session.log] == list(state.history)
    assert [e.index for e in session.log] == list(range(len(state.history)))
    builds = [e for e in session.log if isinstance(e.action, Buy) and e.out]
    assert builds, "someone built"
    for entry in builds:  # what a purchase paid is what the decider's stock lost
        assert tuple(-g for g in entry.gained) == entry.paid
    assert session.log[-1].game_over and session.log[-1].end_reason == state.end_reason
    assert all(e.seat == state.setup.first_player for e in session.log[:1])


def test_a_bot_decides_in_the_bots_process_and_polling_never_waits_for_it() -> None:
    bots = BotProcess("saba")
    try:
        session = SabaSession(DATA, options("hard", "human"), bots)
        started = time.perf_counter()
        session.poll()  # asks the child and returns at once
        asked = time.perf_counter() - started
        assert session.thinking and session.incoming is None
        deadline = time.monotonic() + 60
        while session.incoming is None and time.monotonic() < deadline:
            session.poll()
        assert session.incoming is not None and bots.pid is not None
        seat, action = session.incoming
        assert seat == 0 and action in session.state.legal_actions()
        assert asked < 5.0, "the first poll only sends the request"
    finally:
        bots.close()


def test_undo_takes_back_the_humans_latest_decision_and_the_game_goes_on_the_same() -> None:
    session = SabaSession(DATA, options("human", "medium"), InlineBots("saba"))
    rng = random.Random(5)
    # The human's whole first turn, then the bot's.
    while session.state.turns < 2:
        drive(session, rng, until=1)
    assert session.human_to_act()
    mine = [e for e in session.log if e.seat == 0]
    assert isinstance(mine[-1].action, EndTurn)
    played = len(session.state.history)
    assert session.undo() is None
    assert len(session.state.history) == mine[-1].index == len(session.log)
    assert session.state.step is Step.DRAWN and session.current == 0
    assert session.counters.undos == 1
    # The same decision again: the bot answers as before (its seed is the position's).
    assert session.play(mine[-1].action) is None
    while len(session.state.history) < played:
        drive(session, rng, until=1)
    assert [e.action for e in session.log] == list(session.state.history)


def test_undo_is_refused_with_a_reason_when_there_is_nothing_or_the_game_is_competitive() -> None:
    session = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    assert session.undo() is not None and session.undo().code == "undo_nothing"
    competitive = SabaSession(DATA, options("human", "easy", competitive=True), InlineBots("saba"))
    competitive.play(competitive.view().legal_actions[0])
    assert competitive.undo().code == "undo_competitive"
    assert competitive.request_hint().code == "hint_competitive"


def test_a_hint_is_the_hard_bots_move_from_the_humans_view_and_the_same_when_asked_again() -> None:
    session = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    assert session.request_hint() is None
    session.poll()
    hint = session.hint
    assert hint is not None and hint in session.view().legal_actions
    again = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    again.request_hint()
    again.poll()
    assert again.hint == hint and again.counters.hints == 1
    assert session.play(hint) is None and session.hint is None  # a move clears it


def test_a_hint_is_refused_when_a_bot_decides() -> None:
    session = SabaSession(DATA, options("easy", "human"), InlineBots("saba"))
    assert session.request_hint().code == "hint_not_your_turn"


def test_a_bot_seat_is_refused_a_humans_move_with_a_reason() -> None:
    session = SabaSession(DATA, options("easy", "human"), InlineBots("saba"))
    refusal = session.play(ChooseFace("hand"))
    assert refusal is not None and refusal.code == "not_your_turn"
    assert not session.state.history


def test_the_public_view_shows_no_hand_and_no_moves() -> None:
    session = SabaSession(DATA, options("human", "human"), InlineBots("saba"))
    session.play(ChooseFace("hand"))  # draws an action card
    seat = 0
    assert session.view(seat).players[seat].hand
    public = session.public_view(seat)
    assert public.players[seat].hand is None and public.players[seat].hand_size == 1
    assert public.legal_actions == ()
    assert session.screen_view() == public  # hot seat: nobody has taken the screen


def test_autosave_then_continue_resumes_the_same_game_and_the_same_seats() -> None:
    session = SabaSession(DATA, options("human", "hard", "medium"), InlineBots("saba"))
    drive(session, random.Random(8), until=60)
    session.counters.hints = 2
    assert not session.is_over()
    assert saving.autosave(session, SPLENDOR_DATA) == []
    info = save_info(paths.autosave_path())
    assert info.error is None and info.game == "saba"
    # A Splendor game's autosave after it keeps it as the backup: read, not moved aside.
    splendor = Session(
        SPLENDOR_DATA,
        GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Bot"))),
        InlineBots(),
    )
    assert saving.autosave(splendor, SPLENDOR_DATA) == []
    assert save_info(paths.autosave_path()).game == "splendor"
    resumed = saving.load(paths.autosave_backup_path(), SPLENDOR_DATA, InlineBots("saba"))
    assert isinstance(resumed, SabaSession)
    assert resumed.state == session.state
    assert resumed.options == session.options and resumed.counters.hints == 2
    assert [e.action for e in resumed.log] == [e.action for e in session.log]


def test_a_saba_save_is_another_games_where_only_splendor_is_read() -> None:
    session = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    session.play(session.view().legal_actions[0])
    saving.autosave(session, SPLENDOR_DATA)
    with pytest.raises(SaveError) as refused:
        load_save(paths.autosave_path(), SPLENDOR_DATA)  # a review, an analysis
    assert refused.value.kind == "other_game"


def test_a_damaged_saba_save_is_refused_with_the_reason_and_kept() -> None:
    session = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    session.play(session.view().legal_actions[0])
    saving.autosave(session, SPLENDOR_DATA)
    path = paths.autosave_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    document["record"]["actions"].append("buy pillar-8")  # not legal there
    damaged = json.dumps(document).encode()
    path.write_bytes(damaged)
    with pytest.raises(SaveError) as refused:
        saving.load(path, SPLENDOR_DATA, InlineBots("saba"))
    assert refused.value.kind == "illegal" and "buy pillar-8" in str(refused.value)
    assert path.read_bytes() == damaged  # nothing lost
    # The next autosave moves it aside (kept), never over it.
    problems = saving.autosave(session, SPLENDOR_DATA)
    assert len(problems) == 1 and problems[0].kept is not None
    assert problems[0].kept.read_bytes() == damaged
    assert problems[0].kept in [i.path for i in list_saves()]  # still listed, not deleted


def test_a_save_of_a_game_this_version_does_not_know_is_refused_as_a_newer_versions() -> None:
    session = SabaSession(DATA, options("human", "easy"), InlineBots("saba"))
    saving.autosave(session, SPLENDOR_DATA)
    path = paths.autosave_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**document, "game": "chess"}), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        saving.load(path, SPLENDOR_DATA, InlineBots("saba"))
    assert refused.value.kind == "newer"


def test_a_finished_game_counts_in_saba_statistics_apart_from_splendors() -> None:
    session = SabaSession(DATA, options("human", "hard", competitive=True), InlineBots("saba"))
    drive(session, random.Random(2))
    records: dict = {}  # type: ignore[type-arg]
    key = count_game(session, records)
    assert key == "hard/2/saba/competitive"
    assert parse_key(key).game == "saba" and parse_key(key).module is None
    assert records[key].played == 1
    assert records[key].best_score == session.state.scores()[0]
    assert "Saba" in describe(key, records[key])

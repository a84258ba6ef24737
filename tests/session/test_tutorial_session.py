"""The guided first game's session: only the step's move is accepted, the coach's scripted
reply is shown like a bot's move, steps follow one another to the end, and a tutorial
resumed at a step is the game as playing up to it leaves it."""

from __future__ import annotations

from splendor.engine import TakeTwo, color_index, parse_action
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.session.tutorial import TutorialSession, text_key
from splendor.session.tutorial_data import load_tutorial
from splendor.storage.tutorial_progress import progress_path, read_progress, save_progress
from tests.invariants import check_invariants

NAMES = ("You", "Coach")


def session_at(index: int = 0, seen: list[int] | None = None) -> TutorialSession:
    data = base_game()
    session = TutorialSession(data, load_tutorial(data), NAMES, index)
    if seen is not None:
        session.on_step = seen.append
    return session


def coach_moves(session: TutorialSession) -> None:
    """Show and commit the coach's moves until the player is to move (or the end)."""
    while not session.done and session.current == 1:
        session.poll()
        assert session.incoming is not None and session.incoming[0] == 1
        session.commit_incoming()


def test_an_illegal_move_gets_the_rule_and_another_legal_move_the_steps_sentence() -> None:
    session = session_at(1)  # take two: blue was taken at the first step, red was not
    assert session.step is not None and session.step.id == "take_two"
    history = list(session.state.history)
    reason = session.play(TakeTwo(color_index("blue")))
    assert reason is not None and reason.code != "tutorial"  # the four-token rule
    other = session.play(parse_action("take white red black"))
    assert other is not None and other.code == "tutorial"
    assert other.params["sentence"] == tr(text_key("take_two", "refusal"))
    assert session.refused == other
    assert list(session.state.history) == history and session.step.id == "take_two"
    assert session.play(parse_action("take2 red")) is None
    assert session.refused is None


def test_the_steps_follow_one_another_to_the_end() -> None:
    seen: list[int] = []
    session = session_at(0, seen)
    steps = session.tutorial.steps
    while not session.done:
        step = session.step
        assert step is not None and session.current == 0
        check_invariants(session.state)  # every position is one a game can reach
        assert session.play(step.expect[0]) is None
        while session.current == 0 and session.state.phase.value != "main":
            assert session.play(session.state.legal_actions()[0]) is None  # tokens back
        coach_moves(session)
    assert seen == list(range(1, len(steps) + 1))
    check_invariants(session.state)
    outcome = session.state.outcome()
    assert outcome.winners == (0,) and outcome.tie_break == "fewest_cards"


def test_every_lesson_position_keeps_the_rules_invariants() -> None:
    data = base_game()
    for module, lesson in load_tutorial(data).lessons.items():
        session = TutorialSession(data, lesson, NAMES)
        check_invariants(session.state)
        assert session.play(lesson.steps[0].expect[0]) is None, module
        check_invariants(session.state)


def test_a_tutorial_resumed_at_a_step_is_the_game_played_up_to_it() -> None:
    played = session_at(0)
    steps = played.tutorial.steps
    for index in range(len(steps)):
        resumed = session_at(index)
        assert resumed.index == played.index == index
        assert resumed.state.key() == played.state.key(), steps[index].id
        step = played.step
        assert step is not None
        played.play(step.expect[0])
        while played.current == 0 and played.state.phase.value != "main":
            played.play(played.state.legal_actions()[0])
        coach_moves(played)


def test_no_undo_nor_hint_in_the_tutorial() -> None:
    session = session_at(0)
    assert session.why_no_undo() is not None and session.why_no_hint() is not None


def test_progress_is_kept_and_a_damaged_file_means_starting_over() -> None:
    assert read_progress() is None
    save_progress("noble")
    assert read_progress() == "noble"
    progress_path().write_bytes(b"\x00\xff garbage")
    assert read_progress() is None

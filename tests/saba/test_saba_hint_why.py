"""Saba's hint says why, as Splendor's does: what the suggested move gains, from the view it
was chosen from (a balcony's point and the one it takes from another player, the treasury,
materials that pay for a card, a card crossed out before an opponent builds it...), in
every language, and the table shows it after the move."""

from __future__ import annotations

import functools
import random

import pytest

from splendor.i18n import LANGUAGES, fallbacks, tr
from splendor.saba.engine import (
    Buy,
    ChooseFace,
    Remove,
    SabaState,
    SabaView,
    Step,
    observe,
)
from splendor.saba.hint_why import hint_reason, why_text
from splendor.saba.session import SabaSession
from splendor.session.bot_process import InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.saba.panel_words import panel_words
from tests.saba.helpers import (
    DATA,
    at_build,
    build_on,
    game,
    set_display,
    set_harbour,
    set_stock,
)
from tests.ui.test_module_wording import speaking

NAMES = ("Ada", "Bob", "Cyd", "Dee")


def deciding(s: SabaState) -> SabaView:
    seat = s.current_player()
    assert seat is not None
    return observe(s, seat)


@functools.cache
def _decisions() -> tuple[SabaView, ...]:
    """The view at every decision of a few random games (2, 3 and 4 players)."""
    views = []
    for seed, players in ((3, 2), (14, 3), (5, 4)):
        rng = random.Random(seed)
        s = game(players, seed)
        while not s.is_over():
            views.append(deciding(s))
            s.apply(rng.choice(s.legal_actions()))
    return tuple(views)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_move_suggested_has_a_reason_in_every_language(code: str) -> None:
    codes = set()
    with speaking(code):
        for view in _decisions():
            for action in view.legal_actions:
                reason = hint_reason(view, DATA, action)
                codes.add(reason.code)
                words = why_text(reason, DATA, NAMES)
                assert words.strip() and "{" not in words, (action, reason, words)
    assert not {key for lang, key in fallbacks() if lang == code}
    assert {"build", "pays_for", "towards", "place", "go_on", "only_move"} <= codes, codes


def test_a_build_says_the_point_and_whom_it_costs_one() -> None:
    s = at_build(game(2, 1))
    set_display(s, ["fountain-5", "arch-2", "arch-3"])
    build_on(s, 5, 1, seat=1)
    set_stock(s, 0, "2A 2E")  # fountain-5 costs 2A 2E on space 1
    view = deciding(s)
    reason = hint_reason(view, DATA, Buy("fountain-5"))
    assert (reason.code, reason.garden, reason.seat) == ("build_push", 5, 1)
    words = why_text(reason, DATA, NAMES)
    assert words == "one point more for you, one less for Bob, whose figure leaves its balcony."


def test_a_harbour_section_that_pays_for_a_card_names_it() -> None:
    s = game(2, 1)
    set_display(s, ["arch-3", "arch-5", "arch-7"])
    set_harbour(s, "A2 G2 E3 S4")
    set_stock(s, 0, "1S")  # arch-3 costs 2A 1S: the hand section's 2 alabaster pay it
    reason = hint_reason(deciding(s), DATA, ChooseFace("hand"))
    assert (reason.code, reason.card) == ("pays_for", "arch-3")
    words = why_text(reason, DATA, NAMES)
    assert words == "2 alabaster, and then you can pay for the arch of garden space 3."


def test_crossing_out_the_card_an_opponent_could_build_says_so() -> None:
    s = game(2, 1)
    set_display(s, ["arch-3", "arch-5", "arch-7"])
    set_stock(s, 1, "2A 1S")  # Bob can pay for arch-3 on space 1
    s.step = Step.CROSS
    s._legal = None
    view = deciding(s)
    assert why_text(hint_reason(view, DATA, Remove("arch-3")), DATA, NAMES) == (
        "Bob could build it on their next turn."
    )
    assert hint_reason(view, DATA, Remove("arch-7")).code == "make_room"


def test_the_table_shows_the_hint_with_its_reason() -> None:
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Bob")), first_player=0)
    session = SabaSession(DATA, options, InlineBots("saba"))
    assert session.request_hint() is None
    session.poll()
    hint = session.hint
    assert hint is not None
    view = session.view()
    text = panel_words(
        session,
        view,
        DATA,
        you=0,
        acting=True,
        offered=(),
        choosing=False,
        refusal=None,
        notice="",
        assists=True,
        log=(),
    ).hint_text
    why = why_text(hint_reason(view, DATA, hint), DATA, options.names)
    assert text.startswith(tr("saba_table.hint", move="")) and text.endswith(why) and why

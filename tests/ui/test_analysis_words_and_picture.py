"""Issue 57, the review's words and picture. The move played is said in the past tense,
to the person looking at their own move ("You bought ...") and of the player otherwise
("Ana bought ...", "The Hard bot bought ..." for a bot that kept its given name), in
every language; "why" compares the two moves (what an opponent could then buy, what the
move played was for, the points now and the tokens of each). On the board, no tag
covers a card, a deck, a noble or a pile, at 1024x600 as at 1280x720 (in the legend
where no spot by its frames is clear). On the results, the curve's legend and a summary
line per seat analysed fit, the dots in their seat's colour."""

from __future__ import annotations

import re

import pygame
import pytest

from splendor import i18n
from splendor.engine import Buy, GameState, Take, build_position, new_game, observe
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES
from splendor.session.analysis import LABELS, GameAnalysis, MoveAnalysis
from splendor.session.analysis_job import AnalysisSource
from splendor.session.hints import HintReason
from splendor.session.results import final_result
from splendor.session.review import review_of
from splendor.ui.analysis_words import (
    judged_lines,
    move_words,
    played_words,
    subject_name,
)
from splendor.ui.app import App
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.score_chart import SEAT_INKS
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.textfit import audit
from splendor.ui.widgets import line_height
from splendor.ui.wording import describe
from tests.ui.test_module_wording import speaking
from tests.ui.test_review_fits_modules import JUDGED, OWN, _game
from tests.ui.test_review_reasons import _speaks_to_reader

DATA = base_game()
#: A level 1 white card of no points.
WHITE = "L1-04"

#: The purchase of WHITE said to the player, of Ana, and of a Hard bot, in each language.
BOUGHT = {
    "en": ("You bought a level 1 white card", "Ana bought a level 1 white card",
           "The Hard bot bought a level 1 white card"),
    "fr": ("Vous avez acheté une carte diamant de niveau 1",
           "Ana a acheté une carte diamant de niveau 1",
           "Le bot difficile a acheté une carte diamant de niveau 1"),
    "es": ("Compraste una carta de diamante de nivel 1",
           "Ana compró una carta de diamante de nivel 1",
           "El bot difícil compró una carta de diamante de nivel 1"),
    "pt": ("Você comprou uma carta de diamante de nível 1",
           "Ana comprou uma carta de diamante de nível 1",
           "O bot difícil comprou uma carta de diamante de nível 1"),
}
#: What says a sentence is spoken to the reader (the move played, to its player).
SPOKEN_TO = {"en": r"^You ", "fr": r"^Vous ", "es": r"^[A-ZÁÉÍÓÚ]\w+(aste|iste)\b",
             "pt": r"^Você "}


def _every_move() -> list[str]:
    """Every action of the judged position of each game type, and a few more (giving
    back, a noble, a pass)."""
    texts = set()
    for module in OWN:
        state = _game(module)
        before = GameState.from_setup(state.data, state.setup)
        for action in state.history[:JUDGED]:
            before.apply(action)
        texts |= {a.text() for a in before.legal_actions()}
    return [*sorted(texts), "return white blue", "noble N04", "pass"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_move_played_is_said_in_the_past_tense_to_and_of_the_player(code: str) -> None:
    yours, anas, bots = BOUGHT[code]
    with speaking(code):
        hard = subject_name(1, ("Ana", i18n.tr("bots.default_name.hard")), ("human", "hard"))
        assert played_words(f"buy {WHITE}", DATA, None) == yours
        assert played_words(f"buy {WHITE}", DATA, "Ana") == anas
        assert played_words(f"buy {WHITE}", DATA, hard) == bots
        # Not the hint's order ("Buy ...") nor the log's present ("Ana buys ...").
        assert anas != describe("Ana", Buy(WHITE), DATA)
        assert yours != move_words(f"buy {WHITE}", DATA)
        moves = _every_move()
        for text in moves:
            to_you, of_ana = played_words(text, DATA, None), played_words(text, DATA, "Ana")
            for words in (to_you, of_ana):
                assert "{" not in words and words != move_words(text, DATA), (text, words)
            assert re.search(SPOKEN_TO[code], to_you), (text, to_you)
            assert of_ana.startswith("Ana ") and not _speaks_to_reader(code, of_ana), of_ana


def test_a_bot_that_kept_its_given_name_is_named_as_a_bot_in_any_language() -> None:
    kinds = ("human", "hard", "medium", "hard")
    with speaking("fr"):  # names given in French, the game since shown in English
        names = ("Ana", "Bot difficile", "Gus", "Bot difficile 2")
    with speaking("en"):
        said = [subject_name(seat, names, kinds) for seat in range(4)]
        assert said == ["Ana", "The Hard bot", "Gus", "The Hard bot 2"]
        assert subject_name(1, ("Ana", "Hard bot"), ()) == "Hard bot", "no kinds: a name"
    with speaking("pt"):
        assert subject_name(1, names, kinds) == "O bot difícil"


def _buying_position() -> tuple[GameState, str, str, int]:
    """Ana holds tokens enough for a card with points: (the position, the purchase, a
    take of three, the tokens the purchase spends)."""
    bonuses = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15"]
    state = build_position(DATA, 2, names=("Ana", "Bob"), seats=[
        {"tokens": {"white": 2, "blue": 1, "green": 2, "red": 3, "black": 2},
         "purchased": bonuses}, {}])
    view = observe(state, 0)
    buys = [a for a in view.legal_actions if isinstance(a, Buy) and a.payment is None
            and DATA.card_by_id[a.card_id].points > 0]
    assert buys, "a card with points within reach"
    card = DATA.card_by_id[buys[0].card_id]
    take = next(a for a in view.legal_actions if isinstance(a, Take) and len(a.colors) == 3)
    spent = sum(max(0, n - view.me.bonuses[c]) for c, n in card.cost_items)
    return state, buys[0].text(), take.text(), spent


@pytest.mark.parametrize("code", LANGUAGES)
def test_why_compares_the_two_moves_points_tokens_and_what_the_opponent_then_threatens(
        code: str) -> None:
    state, buy, take, spent = _buying_position()
    view = observe(state, 0)
    points = DATA.card_by_id[buy.split()[1]].points
    names = ("Ana", "Bob")
    # Ana took tokens where the expert bought a card with points.
    move = MoveAnalysis(0, 0, 1, take, buy, 0.6, 0.3, "blunder",
                        HintReason("buy_points", card=buy.split()[1], points=points),
                        HintReason("towards", card=WHITE))
    # Ana took tokens where the expert reserved the card Bob could buy next turn.
    blocked = MoveAnalysis(0, 0, 1, take, "reserve L2-07", 0.6, 0.3, "mistake",
                           HintReason("block", card="L2-07", seat=1),
                           HintReason("towards", card=WHITE))
    with speaking(code):
        lines = judged_lines(move, names, DATA, viewer=0, kinds=("human", "hard"), view=view)
        figures = [i18n.tr("analysis.figures.points", played=0, best=points),
                   i18n.tr("analysis.figures.tokens", played="+3", best=f"\u2212{spent}")]
        assert lines[-2:] == figures, lines
        why = lines[3]
        assert why.startswith(i18n.tr("analysis.why", why="")), why
        assert i18n.tr("analysis.why_yours", why="") in why, "what the move played was for"
        threatened = judged_lines(blocked, names, DATA, viewer=0, view=view)[3]
        card = i18n.tr("log.card_points", 1, level=2, color=i18n.tr("common.color.blue"))
        assert threatened.startswith(i18n.tr("analysis.why", why=i18n.tr(
            "analysis.threat", name="Bob", card=card))), threatened
        # Bob's move, in a review Ana looks at: said of him, never to the reader.
        bobs = judged_lines(MoveAnalysis(0, 1, 1, take, buy, 0.6, 0.3, "blunder",
                                         move.reason, move.played_reason),
                            ("Ana", "Hard bot"), DATA, viewer=0, kinds=("human", "hard"))
        assert bobs[1].startswith(BOUGHT[code][2].split(" ")[0])
        assert not any(_speaks_to_reader(code, line) for line in bobs), bobs


# ------------------------------------------------------------------ the tags


def _judged_position(module: str | None) -> tuple[GameState, list[str]]:
    state = _game(module)
    before = GameState.from_setup(state.data, state.setup)
    for action in state.history[:JUDGED]:
        before.apply(action)
    return state, sorted({a.text() for a in before.legal_actions()})


@pytest.mark.parametrize("module", list(OWN), ids=lambda m: m or "base")
def test_no_tag_covers_a_card_a_noble_or_a_pile(app: App, module: str | None) -> None:
    """Every move of the judged position, as played beside the move actually played and
    as the expert's beside it, in every language: at 1024x600 (and 1280x720) no tag
    meets a piece shown (card, deck, noble, city, pile, post, reserved card) or another
    player's panel; a tag with no clear spot by its frames is in the legend, under the
    note that the board is the one before the move; the tags never meet."""
    state, moves = _judged_position(module)
    played = state.history[JUDGED].text()
    pairs = [(m, played) for m in moves] + [(played, m) for m in moves if m != played]
    in_legend = 0
    for code in LANGUAGES:
        i18n.set_language(code)
        for size in ((1024, 600), (1280, 720)):
            app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                size=size))
            review = review_of(state, ("human", "hard"), ("Ada", "Gus"))
            assert review is not None
            source = AnalysisSource(state.data, state, ("human", "hard"))
            first = MoveAnalysis(JUDGED, 0, 3, played, played, 0.6, 0.3, LABELS[0],
                                 HintReason("tokens"), HintReason("tokens"))
            source.show(GameAnalysis(60, (0, 1), (first,)))
            scene = ReviewScene(review, start=JUDGED + 1, analysis=source)
            app.stack.push(scene)
            lay = scene.picture.layout
            assert lay is not None
            empty = lay.nobles[len(scene.board_view.nobles):]
            solid = [r for r in lay.pieces if r not in empty] + list(lay.opponents)
            for shown, best in pairs:
                scene.judged = MoveAnalysis(JUDGED, 0, 3, shown, best, 0.6, 0.3, LABELS[0],
                                            HintReason("tokens"), HintReason("tokens"))
                scene._frame_moves()
                tags = [f.tag_rect for f in scene.frames]
                for frame in scene.frames:
                    where = (code, size, shown, best, frame.tag, frame.tag_rect)
                    assert frame.tag_rect.collidelist(solid) == -1, where
                    assert [t for t in tags if t.colliderect(frame.tag_rect)] == \
                        [frame.tag_rect], where
                    if frame.in_legend:
                        in_legend += 1
                        assert lay.legend.contains(frame.tag_rect), where
            app.stack.pop()
    assert in_legend, "some tags had no clear spot by their frames"


def test_the_note_and_the_tags_in_the_legend_are_drawn_whole(app: App) -> None:
    """A move on a card of the middle row (whose neighbours leave no room for a tag): its
    tag in the legend, under 'The board before the move', both drawn uncut at 1024x600
    in every language."""
    state, moves = _judged_position(None)
    played = state.history[JUDGED].text()
    view = observe(state, 0)
    middle = view.market[1][1]
    assert middle is not None
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=600, size=(1024, 600)))
    for code in LANGUAGES:
        i18n.set_language(code)
        review = review_of(state, ("human", "hard"), ("Ada", "Gus"))
        assert review is not None
        source = AnalysisSource(state.data, state, ("human", "hard"))
        move = MoveAnalysis(JUDGED, 0, 3, f"reserve {middle.id}", played, 0.6, 0.3, "mistake",
                            HintReason("tokens"), HintReason("tokens"))
        source.show(GameAnalysis(60, (0, 1), (move,)))
        scene = ReviewScene(review, start=JUDGED + 1, analysis=source)
        app.stack.push(scene)
        lay = scene.picture.layout
        assert lay is not None
        if f"reserve {middle.id}" in moves:
            [tag] = [f for f in scene.frames if f.tag == i18n.tr("analysis.played")]
            assert tag.in_legend and lay.legend.contains(tag.tag_rect), code
        with audit() as misfits:
            app.render()
        assert misfits == [], (code, misfits)
        app.stack.pop()


# ------------------------------------------------------------------ the results


def _analysed_results(players: int, seats: tuple[int, ...]) -> ResultsScene:
    """A finished game of bots with `seats` analysed (made up, a few moves marked of
    each), its results over the final board."""
    kinds = ["human", "hard", "medium", "easy"][:players]
    from splendor.devtools.screens_demo import bot_game_state
    from splendor.ui.options import default_name

    names = tuple("Ada" if k == "human" else default_name(k, s) for s, k in enumerate(kinds))
    state = bot_game_state(5, ["easy" if k == "human" else k for k in kinds], names)
    review = review_of(state, kinds, names)
    assert review is not None
    log = review.cursor().log
    moves = []
    for index, entry in enumerate(log):
        if entry.seat in seats:
            label = LABELS[index // 13 % 3] if index % 13 == 0 else ""
            before = 0.2 + 0.15 * (index % 5)  # the dots at several heights
            moves.append(MoveAnalysis(index, entry.seat, entry.round, entry.action.text(),
                                      entry.action.text(), before,
                                      before - 0.1 * (label != ""), label,
                                      HintReason("tokens"), HintReason("tokens")))
    source = AnalysisSource(state.data, state, tuple(kinds))
    source.show(GameAnalysis(60, seats, tuple(moves)))
    return ResultsScene(final_result(state), lambda: None, lambda: None,
                        board=BoardPicture(state.data, names, log),
                        final_view=review.cursor().view(None), scores=review.scores,
                        on_review=lambda: None, analysis=source, on_analyse=lambda: None,
                        on_review_move=lambda position: None)


@pytest.mark.parametrize(("players", "seats"), [(2, (0, 1)), (4, (0, 1, 2, 3)), (3, (0,))])
def test_the_results_legend_and_summaries_fit(app: App, players: int,
                                              seats: tuple[int, ...]) -> None:
    """In every language at 1024x600 and 1280x720: the curve's legend (a line per seat
    analysed, a dot per mark) lies in the curve's box under its round numbers, its
    entries apart; a summary line per seat analysed under the standings, inside the
    panel and above its buttons; the marked moves' dots in their seats' colours; nothing
    cut."""
    for code in LANGUAGES:
        i18n.set_language(code)
        for size in ((1024, 600), (1280, 720)):
            app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                size=size))
            scene = _analysed_results(players, seats)
            app.stack.push(scene)
            chart = scene._chance
            assert chart is not None
            where = (code, size, players)
            legend = chart.legend
            assert [i.seat for i in legend if i.seat is not None] == list(seats), where
            assert [i.label for i in legend if i.label] == list(reversed(LABELS)), where
            numbers = chart.plot.bottom + line_height(chart.text_px)
            boxes = [r for i in legend for r in (i.sample, i.words) if r.w]
            for box in boxes:
                assert chart.box.contains(box) and box.top >= numbers, (where, box)
                assert box.collidelist([b for b in boxes if b is not box]) == -1, (where, box)
            assert chart.plot.h >= 40, (where, chart.plot)
            assert [s for s, _, _ in scene._summaries] == list(seats), where
            buttons = min(b.rect.top for b in scene.form.widgets)  # type: ignore[attr-defined]
            rows = [box for _, _, box in scene._summaries]
            for box in rows:
                assert scene._box.contains(box) and box.bottom <= buttons, (where, box)
                assert box.right <= chart.box.left, (where, box)
                assert box.collidelist([b for b in rows if b is not box]) == -1, (where, box)
            with audit() as misfits:
                app.render()
            assert misfits == [], (where, [(m.text, m.problem) for m in misfits])
            for move, center in chart.dots:
                assert tuple(app.screen.get_at(center))[:3] == SEAT_INKS[move.seat], where
            app.stack.pop()


def test_a_new_game_reads_the_same_without_a_position() -> None:
    """Without the position (a kept analysis read alone), the words still come: the
    tokens of a purchase, which need the position, are left out."""
    state = new_game(DATA, 2, seed=1, names=("Ana", "Bob"))
    take = next(a for a in state.legal_actions() if isinstance(a, Take)).text()
    move = MoveAnalysis(0, 0, 1, take, "reserve deck 1", 0.6, 0.3, "mistake",
                        HintReason("reserve_deck", level=1), HintReason("tokens"))
    with speaking("en"):
        lines = judged_lines(move, ("Ana", "Bob"), DATA, viewer=0)
    assert lines[1].startswith("You took ") and len(lines) == 4, lines

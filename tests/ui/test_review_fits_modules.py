"""The words of a marked move fit the review's panel in every module, language and size:
the note, the mark, the move played, the expert's move (the longest a position offers)
and every reason the module's games can give, said to the player or of them by name.
The Trading Posts' panel is short (its buttons share one row there), the Orient's
narrow (its title may take two lines)."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.engine import GameState, Take, new_game
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES
from splendor.session.analysis import LABELS, GameAnalysis, MoveAnalysis
from splendor.session.analysis_job import AnalysisSource
from splendor.session.hints import HintReason
from splendor.session.review import review_of
from splendor.ui import theme
from splendor.ui.analysis_words import move_words
from splendor.ui.app import App
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.textfit import audit
from splendor.ui.widgets import lines_height
from tests.ui.test_menu_i18n import SIZES

DATA = base_game()
NAMES = ("Ada", "Gus")
#: The reasons any game can give, and those of one module only.
COMMON = ("only_move", "pass", "buy_points", "buy_noble", "buy_bonus", "block",
          "reserve_towards", "reserve_deck", "towards", "keep_towards", "tokens",
          "noble_choice", "decline")
OWN = {None: (), "cities": ("buy_city", "city_choice"),
       "trading-posts": ("buy_post", "post_choice"),
       "orient": ("buy_double_gold", "double_gold", "sacrifice", "buy_pair",
                  "buy_double_bonus", "buy_keep_noble", "buy_free", "pair", "free_points",
                  "free_bonus", "keep_noble", "free_token"),
       "strongholds": ("hold_block", "hold_conquest", "hold_claim", "hold_remove")}
#: The position judged: the fifth move of a game of takes.
JUDGED = 4


def _game(module: str | None) -> GameState:
    state = new_game(DATA, 2, seed=3, names=NAMES, first_player=0, module=module)
    for _ in range(JUDGED + 1):
        takes = [a for a in state.legal_actions() if isinstance(a, Take) and len(a.colors) == 3]
        state.apply(takes[len(state.history) * 3 % len(takes)])
    return state


def _reasons(module: str | None) -> list[HintReason]:
    reasons = [HintReason(code, card="L2-07", noble="N04", seat=1, points=3, level=2,
                          color=1, post=3, city="C04", count=count)
               for code in (*COMMON, *OWN[module]) for count in (1, 2)]
    if module == "trading-posts":
        reasons += [HintReason(code, card="L2-07", post=post.id)
                    for code in ("buy_post", "post_choice") for post in DATA.posts]
    return reasons


def _longest_moves(state: GameState) -> list[str]:
    """The three actions of the judged position whose words are widest, in the language
    in use."""
    before = GameState.from_setup(state.data, state.setup)
    for action in state.history[:JUDGED]:
        before.apply(action)
    font = theme.font(theme.MIN_TEXT_PX)
    texts = {a.text() for a in before.legal_actions()}
    return sorted(texts, key=lambda t: -font.size(move_words(t, state.data))[0])[:3]


def _scene(state: GameState, kinds: tuple[str, str], move: MoveAnalysis) -> ReviewScene:
    review = review_of(state, kinds, NAMES)
    assert review is not None
    source = AnalysisSource(state.data, state, kinds)
    source.show(GameAnalysis(60, (0, 1), (move,)))
    return ReviewScene(review, start=JUDGED + 1, analysis=source, on_analyse=lambda: None)


@pytest.mark.parametrize("module", list(OWN), ids=lambda m: m or "base")
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_marked_moves_words_fit_the_panel(app: App, module: str | None, code: str
                                                ) -> None:
    state = _game(module)
    played = state.history[JUDGED].text()
    i18n.set_language(code)
    for size in SIZES:
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                            size=size))
        worst: tuple[int, tuple[str, str], MoveAnalysis] | None = None
        for kinds in (("human", "medium"), ("medium", "human")):  # to Ada, of Ada
            first = MoveAnalysis(JUDGED, 0, 3, played, played, 0.6, 0.3, LABELS[0],
                                 HintReason("tokens"), HintReason("tokens"))
            scene = _scene(state, kinds, first)
            app.stack.push(scene)
            room, width, px = scene._describe.h, scene._describe.w, scene._text_px
            gap = scene.picture.layout.px(3) if scene.picture.layout else 0
            for best in _longest_moves(state):
                for label in LABELS:
                    for reason in _reasons(module):
                        scene.judged = MoveAnalysis(JUDGED, 0, 3, played, best, 0.6, 0.3,
                                                    label, reason, reason)
                        lines = scene.move_lines
                        need = sum(lines_height(t, px, width) for t in lines) \
                            + gap * (len(lines) - 1)
                        assert need <= room, (size, kinds, best, label, reason, lines)
                        if worst is None or need > worst[0]:
                            worst = (need, kinds, scene.judged)
            app.stack.pop()
        # The tallest words, drawn: nothing cut, nothing under the buttons.
        assert worst is not None
        _, kinds, move = worst
        scene = _scene(state, kinds, move)
        app.stack.push(scene)
        with audit() as misfits:
            app.render()
        assert misfits == [], (size, move, misfits)
        assert scene._describe.bottom <= min(b.rect.top for b in scene.steps.values())
        app.stack.pop()


@pytest.mark.parametrize("module", list(OWN), ids=lambda m: m or "base")
def test_the_buttons_lie_in_the_panel_apart_in_one_row_where_it_is_wide(
        app: App, module: str | None) -> None:
    state = _game(module)
    played = state.history[JUDGED].text()
    move = MoveAnalysis(JUDGED, 0, 3, played, played, 0.6, 0.3, LABELS[0],
                        HintReason("tokens"), HintReason("tokens"))
    for code in LANGUAGES:
        i18n.set_language(code)
        for size in SIZES:
            app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                                size=size))
            scene = _scene(state, ("human", "medium"), move)
            app.stack.push(scene)
            buttons = [*scene.steps.values(), scene.analyse_button, scene.close_button]
            rects = [b.rect for b in buttons]
            for i, button in enumerate(buttons):
                assert scene._panel.contains(button.rect), (code, size, button.label)
                assert button.rect.collidelist(rects[i + 1:]) == -1, (code, size, button.rect)
            for button in (scene.analyse_button, scene.close_button):
                assert button.width_for(button.rect.h) <= button.rect.w, (code, size)
            one_row = len({r.y for r in rects}) == 1
            assert one_row == (module == "trading-posts"), (code, size)
            app.stack.pop()

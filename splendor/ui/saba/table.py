"""Saba's table: the game played with the mouse.

A click on a part of the board makes the decision it stands for (`choices`): a harbour
section or one's harbour card takes that section, a card of the build spaces is bought
(or crossed out), a quarter gets the vizier, a figure, or a figure's use, an action card
is played (or discarded at the end-of-turn check), one's material given back. A part
with several decisions offers them as buttons; the decisions that belong to no part
(draw, end the turn, the harem's answer, the vizier's exchange) are buttons too. A card
dragged from the build spaces into one's own band is bought, one's figure dragged onto a
quarter is put there. A refused decision shows the engine's reason in words.

Everything shown comes from the session's view for the seat at the screen. The layout
happens on entering, on a resize (a change of language resizes too) and when the game or
a choice changes (on the event or the frame's update that changed it), never while
drawing; drawing changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.engine.errors import Refusal
from splendor.saba.engine import Action, SabaView
from splendor.saba.log_words import log_lines
from splendor.saba.session import SabaSession
from splendor.saba.turn_log import SabaLogEntry
from splendor.session.review import review_seat
from splendor.ui import theme
from splendor.ui.saba.board import (
    Marks,
    draw_deck,
    draw_harbour,
    draw_headings,
    draw_spaces,
)
from splendor.ui.saba.choices import Target, asked_at, legal_at, target_of
from splendor.ui.saba.layout import SabaLayout, saba_layout
from splendor.ui.saba.palace import draw_harem, draw_palace, draw_quarters, draw_treasury
from splendor.ui.saba.panel import PanelLayout, PanelText, draw_panel_content, layout_panel
from splendor.ui.saba.panel_words import offered_actions, panel_words
from splendor.ui.saba.pointer import SabaPointer
from splendor.ui.saba.seats import draw_own, draw_players, draw_supply
from splendor.ui.saba.targets import places, rect_of
from splendor.ui.saba.zoom import SabaZoom, draw_zoom
from splendor.ui.scene import Scene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.sound import Sounds
from splendor.ui.table.bot_failure import BotFailure
from splendor.ui.widgets import draw_background, draw_lines, draw_panel

#: Seconds a bot's move is shown (its part framed) before it is made, at speed 1.
SHOW_SECONDS = 0.45


class SabaTableScene(Scene):
    """Plays one game of Saba; see the module docstring."""

    def __init__(
        self,
        session: SabaSession,
        *,
        on_finished: Callable[[SabaSession], None],
        on_pause: Callable[[], None] | None = None,
        on_leave: Callable[[], None] | None = None,
        assists: bool = True,
        speed: float = 1.0,
        sounds: Sounds | None = None,
    ) -> None:
        """`assists`: whether Undo and Hint are offered (not in a competitive game, and
        only to one person playing against bots)."""
        super().__init__()
        self.session = session
        self.data = session.data
        self.on_finished = on_finished
        self.on_pause = on_pause
        self.assists = assists and not session.options.competitive and len(session.humans) == 1
        self.speed = max(0.1, speed)
        self.sounds = sounds
        session.on_commit = self._sound_for
        #: The seat of the one person at the screen (None: several, or nobody).
        self.you = review_seat([s.kind for s in session.options.seats])
        self.failure = BotFailure(session, self.tell, on_leave)
        self._notice: Callable[[], str] | None = None
        self.layout: SabaLayout | None = None
        self.panel: PanelLayout | None = None
        self._panel_key: tuple[object, ...] | None = None
        #: A refused decision's reason; a part whose several decisions are offered.
        self.refusal: Refusal | None = None
        self.choosing: tuple[Target, tuple[Action, ...]] | None = None
        #: The actions the panel's "act" buttons make, in order.
        self.offered: tuple[Action, ...] = ()
        #: The mouse: a gesture under way, the button lit, the tooltip.
        self.pointer = SabaPointer(self)
        #: The log worded so far (entries and lines), scrolled back by `log_back` lines.
        self._worded: list[SabaLogEntry] = []
        self._log_text: list[str] = []
        self.log_back = 0
        #: A bot's move being shown: seconds left before it is made.
        self._show_left = 0.0
        self._finished = False
        self._passing = False

    # --------------------------------------------------------------- lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = saba_layout(size, self.session.state.num_players)
        self._log_text, self._worded = [], []  # worded again, in the language in use
        self._panel_key = None
        self.pointer.forget()  # placed for the old size and words
        self._layout_panel()

    def tell(self, words: Callable[[], str] | None) -> None:
        """Show the notice `words()` in the panel (a failed autosave, a failed bot),
        worded again after a change of language; None: no notice."""
        self._notice = words
        self._panel_key = None
        self._layout_panel()

    def pause(self) -> None:
        self.pointer.forget()

    def resume(self) -> None:
        self.session.resume()
        self._passing = False
        self._panel_key = None
        self._layout_panel()

    @property
    def busy(self) -> bool:
        return (
            self._show_left > 0
            or self.session.thinking
            or self.session.hint_pending
            or self.pointer.dragging is not None
            or self.zoom.waiting
        )

    @property
    def zoom(self) -> SabaZoom:
        """The card shown large (or about to be)."""
        return self.pointer.zoom

    @property
    def version(self) -> int:
        """The game's version: it changes with every move (a card shown large follows)."""
        return int(self.session.version)

    # --------------------------------------------------------------- queries

    def view(self) -> SabaView:
        """What the screen may show now (in hot seat: nobody's secrets until the player
        to act is at the screen)."""
        return self.session.screen_view()

    def acting(self) -> bool:
        """Whether the player at the screen decides now (and no bot move is shown)."""
        view = self.view()
        return (
            self._show_left <= 0
            and self.session.human_to_act()
            and view.current_player == view.seat
            and bool(view.legal_actions)
        )

    def marks(self) -> Marks:
        """What the board marks: the parts a click decides now, a hint's part, the part
        whose options are offered (or a bot's move being shown)."""
        view = self.view()
        lit: set[Target] = set()
        if self.acting() and self.layout is not None:
            lit = {
                t for t, _ in places(self.layout, view, self.data) if legal_at(view, self.data, t)
            }
        hint = self.session.hint
        hinted = target_of(hint, view) if hint is not None and self.acting() else None
        chosen = self.choosing[0] if self.choosing is not None else None
        incoming = self.session.incoming
        if incoming is not None and self._show_left > 0:
            chosen = target_of(incoming[1], view)
        return Marks(lit, hinted, chosen, self.you)

    # --------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.pointer.close_zoom():
                return True  # Escape closes a card shown large before anything else
            return self._key(event.key, getattr(event, "mod", 0))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.pointer.zoomed(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer.down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer.up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            return self._scroll(event.y)
        else:
            return False
        self._layout_panel()
        return True

    def _key(self, key: int, mod: int) -> bool:
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_h and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.ask_hint()
        elif key == pygame.K_ESCAPE:
            if self.choosing is not None or self.refusal is not None:
                self.cancel()
            elif self.on_pause is not None:
                self.on_pause()
        else:
            return False
        self._layout_panel()
        return True

    def _scroll(self, notches: int) -> bool:
        panel = self.panel
        at = self.pointer.pos
        if panel is None or at is None or not panel.log.collidepoint(at):
            return False
        self.log_back = max(0, min(len(self._log_text) - 1, self.log_back + notches))
        self._panel_key = None
        self._layout_panel()
        return True

    def button_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the panel button under `pos`, or None."""
        buttons = self.panel.buttons if self.panel is not None else ()
        return next((i for i, b in enumerate(buttons) if b.rect.collidepoint(pos)), None)

    # --------------------------------------------------------------- decisions

    def click(self, target: Target) -> None:
        """The decision a click on `target` makes: at once when it is the only one, as
        buttons when there are several, or the reason it is refused."""
        if not self.acting():
            return
        view = self.view()
        legal = legal_at(view, self.data, target)
        if len(legal) == 1:
            self.play(legal[0])
        elif legal:
            self.choosing = (target, legal)
            self.refusal = None
        else:
            asked = asked_at(view, self.data, target)
            if asked is not None:
                reason = self.session.why_illegal(asked)
                if reason is not None:
                    self._refuse(reason)

    def press_button(self, index: int) -> None:
        panel = self.panel
        if panel is None or not panel.buttons[index].enabled:
            return
        key = panel.buttons[index].key
        if key[0] == "act" and len(key) == 2:
            self.play(self.offered[key[1]])
        elif key[0] == "cancel":
            self.cancel()
        elif key[0] == "undo":
            self.undo()
        elif key[0] == "hint":
            self.ask_hint()

    def play(self, action: Action) -> bool:
        """Make a decision through the session; its reason when refused."""
        reason = self.session.play(action)
        self.choosing = None
        if reason is not None:
            self._refuse(reason)
            return False
        self.refusal = None
        return True

    def cancel(self) -> None:
        self.choosing = None
        self.refusal = None

    def undo(self) -> None:
        """Take back the player's latest decision (and the bots' since), or say why not."""
        reason = self.session.undo()
        self.choosing = None
        if reason is not None:
            self._refuse(reason)
        else:
            self.refusal = None
            self._show_left = 0.0

    def ask_hint(self) -> None:
        reason = self.session.request_hint()
        if reason is not None:
            self._refuse(reason)
        else:
            self.refusal = None

    def _refuse(self, reason: Refusal) -> None:
        self.refusal = reason
        if self.sounds is not None:
            self.sounds.play("refuse")

    def _sound_for(self, entry: SabaLogEntry) -> None:
        if self.sounds is None:
            return
        kind = entry.action.kind
        sound = {
            "buy": "buy",
            "place": "reserve",
            "harbour": "take",
            "play": "take",
            "use": "take",
            "enter": "noble",
        }.get(kind)
        if entry.treasury:
            sound = "noble"
        if sound is not None:
            self.sounds.play(sound)

    # --------------------------------------------------------------- time

    def update(self, dt: float) -> None:
        self._word_log()
        if self.pointer.pass_time(dt) and self.app is not None:
            self.app.request_redraw()
        if self._finished:
            return
        session = self.session
        session.poll()
        self.failure.follow(self.app)
        if session.incoming is not None:
            if self._show_left <= 0:
                self._show_left = SHOW_SECONDS
            else:
                self._show_left -= dt * self.speed
                if self._show_left <= 0 and not session.paused:
                    self._show_left = 0.0
                    session.commit_incoming()
                    self.refusal = None
            if self.app is not None:
                self.app.request_redraw()
        elif session.is_over():
            self._finished = True
            self._layout_panel()
            if self.sounds is not None:
                self.sounds.play("end")
            self.on_finished(session)
            return
        self._pass_screen()
        self._layout_panel()

    def _pass_screen(self) -> None:
        """In hot seat, the next human takes the screen before their secrets show."""
        session = self.session
        seat = session.current
        if (
            self._passing
            or self.app is None
            or seat is None
            or not session.hot_seat
            or not session.human_to_act()
            or session.screen_seat() is not None
        ):
            return
        self._passing = True
        self.app.stack.push(
            PassScreenScene(session.options.names[seat], on_ready=lambda: session.reveal(seat))
        )

    def _word_log(self) -> None:
        """Word the moves that came since (on the update or the layout that sees them); an
        undo words the log afresh."""
        log = self.session.log
        if len(self._worded) > len(log) or any(
            a is not b for a, b in zip(self._worded, log, strict=False)
        ):
            self._worded, self._log_text = [], []
        names = self.session.options.names
        for entry in log[len(self._worded) :]:
            self._log_text += log_lines(entry, self.data, names, self.you)
            self._worded.append(entry)

    # --------------------------------------------------------------- layout

    def _layout_panel(self) -> None:
        """Lay the panel out again when what it shows changed (`_panel_state`)."""
        self._word_log()
        lay = self.layout
        if lay is None:
            return
        key = self._panel_state()
        if key == self._panel_key:
            return
        self._panel_key = key
        if self.choosing is not None and not self.acting():
            self.choosing = None
        self.panel = layout_panel(lay, self._panel_text(), self.log_back)
        if self.pointer.pos is not None:
            self.pointer.hover_button = self.button_at(self.pointer.pos)
        if self.app is not None:
            self.app.request_redraw()

    def _panel_state(self) -> tuple[object, ...]:
        session = self.session
        return (
            session.version,
            len(self._log_text),
            self.view().seat,
            self.acting(),
            self.choosing,
            self.refusal,
            self._notice,
            session.hint,
            session.hint_pending,
            session.thinking,
            self.log_back,
            session.is_over(),
        )

    def _panel_text(self) -> PanelText:
        view, acting = self.view(), self.acting()
        self.offered = offered_actions(view, acting, self.choosing)
        return panel_words(
            self.session,
            view,
            self.data,
            you=self.you,
            acting=acting,
            offered=self.offered,
            choosing=self.choosing is not None,
            refusal=self.refusal,
            notice=self._notice() if self._notice is not None else "",
            assists=self.assists,
            log=self._log_text,
        )

    # --------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay, panel = self.layout, self.panel
        assert lay is not None and panel is not None
        view = self.view()
        marks = self.marks()
        draw_background(surface)
        pygame.draw.rect(surface, theme.TABLE_DARK, lay.own, border_radius=lay.px(10))
        draw_headings(surface, lay, self.data)
        draw_harbour(surface, lay, view, self.data, marks)
        draw_spaces(surface, lay, view, self.data, marks)
        draw_deck(surface, lay, view)
        draw_treasury(surface, lay, view, self.data)
        draw_harem(surface, lay, view, self.data)
        draw_palace(surface, lay, view)
        draw_quarters(surface, lay, view, self.data, marks)
        draw_own(surface, lay, view, self.data, marks)
        draw_supply(surface, lay, view)
        draw_players(surface, lay, view, self.data, self.you)
        draw_panel_content(surface, lay, panel, self.pointer.hover_button)
        self._draw_drag(surface, lay, view)
        if self.pointer.zoom_picture is not None:
            draw_zoom(surface, lay, self.pointer.zoom_picture, view, self.data)
        if self.pointer.tip is not None:
            text, box = self.pointer.tip
            draw_panel(surface, box, lay.px(8), fill=theme.TABLE_DARK, edge=theme.ACCENT)
            pad = lay.px(8)
            draw_lines(surface, text, lay.text(15), theme.TEXT, box.inflate(-2 * pad, -2 * pad))

    def _draw_drag(self, surface: pygame.Surface, lay: SabaLayout, view: SabaView) -> None:
        """What is being dragged, under the pointer."""
        dragging, at = self.pointer.dragging, self.pointer.pos
        if dragging is None or at is None:
            return
        source = rect_of(lay, view, self.data, dragging)
        if source is None:
            return
        ghost = source.copy()
        ghost.center = at
        pygame.draw.rect(surface, theme.ACCENT, ghost, max(2, lay.px(3)), border_radius=lay.px(8))

"""Overlay: save the game under a name (from the pause menu), then say it was saved."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from splendor.i18n import tr
from splendor.storage.saves import SAVE_NAME_LENGTH, portable_characters
from splendor.ui import theme, widgets
from splendor.ui.scenes.message import Text, resolve
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.widgets import TextInput

#: How long "Saved as ..." stays before the box closes by itself, in seconds: time to
#: read a sentence holding a 60-character name. Any key or click closes it sooner.
SAVED_SECONDS = 4.0


def default_save_name(players: Sequence[str], round_: int) -> str:
    """The name offered for a new save: the players, then the round. Only characters a
    file name keeps (`portable_characters`), so the field, the file and the Load list
    show the same name; the players are shortened to fit SAVE_NAME_LENGTH, never the
    round, which tells saves of one game apart."""
    names = tr("saves.save_as.versus").join(players)

    def offered(names: str) -> str:
        text = tr("saves.save_as.default_name", players=names, round=round_)
        return " ".join(portable_characters(text).split())

    name = offered(names)
    while len(name) > SAVE_NAME_LENGTH and names:
        names = names[:-1].rstrip()
        name = offered(names)
    return name


class SaveAsScene(Overlay):
    """Type a name, then Save (Enter) or Cancel (Escape). `on_save(name)` returns an error
    message or None; once saved, the box says so under what name, and closes at the next
    key or click, or after SAVED_SECONDS.

    The offered name starts selected, so typing replaces it; the field shows how many
    characters it holds of the most a save name may have."""

    title_key = "saves.save_as.title"

    box_size = (560, 250)

    def __init__(self, default_name: str, on_save: Callable[[str], str | None]) -> None:
        super().__init__()
        self.field = TextInput(default_name, max_length=SAVE_NAME_LENGTH, px=18)
        self.field.focused = True
        self.field.select_all()
        self.on_save = on_save
        self._message: Text = ""
        self._save = pygame.Rect(0, 0, 0, 0)
        self._cancel = pygame.Rect(0, 0, 0, 0)
        self._ok = pygame.Rect(0, 0, 0, 0)
        #: Where the reason a name was refused goes, and the words once saved.
        self._note = pygame.Rect(0, 0, 0, 0)
        self._said = pygame.Rect(0, 0, 0, 0)
        self._pointer: tuple[int, int] | None = None
        #: The name the game was saved under (then the box only confirms), and for how
        #: long it has been shown.
        self.saved_name: str | None = None
        self._saved_for = 0.0

    @property
    def confirmation(self) -> str:
        """'Saved as ...' once the game was saved, or ''."""
        return tr("saves.save_as.saved", name=self.saved_name) if self.saved_name else ""

    @property
    def message(self) -> str:
        """What went wrong with the last try, or ''."""
        return resolve(self._message)

    def close(self) -> None:
        assert self.app is not None
        self.app.stack.remove(self)

    def save(self) -> None:
        name = self.field.text.strip()
        if not name:
            self._message = lambda: tr("saves.save_as.empty_name")
            self.follow_state()
            return
        problem = self.on_save(name)
        if problem:
            self._message = problem
        else:
            # The box stays to say so: closing at once left no sign the game was saved.
            self.saved_name = name
            self._message = ""
            self.field.focused = False
        self.follow_state()  # a problem, or the confirmation, sizes the box again

    def state(self) -> tuple[object, ...]:
        return (self.saved_name, self._message)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.saved_name is not None:
            # Read it, then any key or click goes on (a press's release would reach the
            # menu beneath, so the click counts when released).
            if event.type == pygame.KEYDOWN or (
                    event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                self.close()
            elif event.type == pygame.MOUSEMOTION:
                self._pointer = event.pos
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.save()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (
                self._save.collidepoint(event.pos) or self._cancel.collidepoint(event.pos)):
            if self._save.collidepoint(event.pos):
                self.save()
            else:
                self.close()
        else:
            if event.type == pygame.MOUSEMOTION:
                self._pointer = event.pos
            self.field.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        if self.saved_name is not None:
            self._saved_for += dt
            if self._saved_for >= SAVED_SECONDS:
                self.close()
            return
        if self.field.update(dt) and self.app is not None:
            self.app.request_redraw()  # the caret blinks, the counter's flash ends

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        if self.saved_name is not None:
            said = widgets.lines_height(self.confirmation, self.text_px(surface, 18),
                                        width - px(80))
            return px(70) + said + px(24) + px(42) + px(20)
        note = widgets.lines_height(self.message, self.text_px(surface, 15), width - px(80)) \
            if self.message else 0
        return px(124) + note + px(16) + px(42) + px(20)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The field, the note and the buttons; once saved, the words and OK."""
        px = self.scaler(surface)
        h = px(42)
        if self.saved_name is not None:
            w = min(px(170), box.width - px(60))
            # Save and Cancel are gone: a click closes the box wherever it is.
            self._save = self._cancel = pygame.Rect(0, 0, 0, 0)
            self._ok = pygame.Rect(box.centerx - w // 2, box.bottom - h - px(20), w, h)
            self._said = pygame.Rect(box.x + px(40), box.y + px(70), box.width - px(80),
                                     self._ok.top - px(24) - box.y - px(70))
            return
        self.field.place(pygame.Rect(box.x + px(40), box.y + px(70), box.width - px(80), px(44)),
                         self.text_px(surface, 18))
        w = min(px(170), (box.width - px(60)) // 2)
        self._cancel = pygame.Rect(box.centerx - w - px(10), box.bottom - h - px(20), w, h)
        self._save = pygame.Rect(box.centerx + px(10), box.bottom - h - px(20), w, h)
        self._ok = pygame.Rect(0, 0, 0, 0)
        self._note = pygame.Rect(box.x + px(40), box.y + px(124), box.width - px(80),
                                 self._cancel.top - px(8) - box.y - px(124))

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        if self.saved_name is not None:
            widgets.draw_lines(surface, self.confirmation, self.text_px(surface, 18),
                               theme.TEXT, self._said, align="center")
            buttons = [(self._ok, tr("common.button.ok"))]
        else:
            self.field.draw(surface)
            if self.message:
                widgets.draw_lines(surface, self.message, self.text_px(surface, 15),
                                   theme.DANGER, self._note, align="center")
            buttons = [(self._cancel, tr("common.button.cancel")),
                       (self._save, tr("saves.save_as.save"))]
        for rect, label in buttons:
            self.button(surface, rect, label)
            if self._pointer is not None and rect.collidepoint(self._pointer):
                widgets.draw_hover(surface, rect, px(8))

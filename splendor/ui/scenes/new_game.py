"""The new-game screen: seats (human or bot, and a name), first player, seed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from splendor.ui import theme
from splendor.ui.options import (
    DEFAULT_OPTIONS,
    HUMAN,
    MAX_NAME_LENGTH,
    MAX_SEATS,
    MIN_SEATS,
    GameOptions,
    SeatOption,
    default_name,
    kind_labels,
    options_problem,
)
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Button,
    Choice,
    Form,
    Scale,
    TextInput,
    Widget,
    blit_center,
    draw_background,
    draw_panel,
    fit_text,
)

if TYPE_CHECKING:
    from splendor.ui.app import App

#: Longest seed the field accepts (digits).
SEED_DIGITS = 9
#: Kind of a seat added with "Add seat".
ADDED_KIND = "medium"
SUBTITLE = "Two to four players. Any seat can be a bot \u2014 make them all bots to watch a game."
FULL_NOTE = "Four players is the most a game can seat."
WATCH_NOTE = "Every seat is a bot: you will watch the game."


class SeatRow:
    """The widgets of one seat: who plays it, its name and a Remove button."""

    def __init__(self, scene: NewGameScene, kind: str, name: str, auto: bool) -> None:
        self.kind = kind
        #: True while the name is the one the screen chose (it follows the kind).
        self.auto = auto
        kinds = list(kind_labels())
        self.choice = Choice(
            list(kind_labels().values()),
            kinds.index(kind) if kind in kinds else 0,
            lambda i: scene._kind_changed(self, kinds[i]),
        )
        self.name = TextInput(
            name,
            max_length=MAX_NAME_LENGTH,
            placeholder="Name",
            on_change=lambda text: scene._name_typed(self),
        )
        self.remove = Button(
            "Remove", lambda: scene.remove_seat(self), danger=True, style="ghost"
        )
        #: Where the seat number is drawn.
        self.badge = pygame.Rect(0, 0, 0, 0)

    @property
    def widgets(self) -> list[Widget]:
        return [self.choice, self.name, self.remove]


class NewGameScene(Scene):
    """Choose the seats and options, then Start calls `on_start(options)`; Back pops."""

    def __init__(
        self,
        on_start: Callable[[GameOptions], None],
        defaults: GameOptions | None = None,
    ) -> None:
        super().__init__()
        self.on_start = on_start
        defaults = defaults or DEFAULT_OPTIONS
        self.rows: list[SeatRow] = []
        for i, seat in enumerate(defaults.seats[:MAX_SEATS]):
            auto = not seat.name.strip() or seat.name == default_name(seat.kind, i)
            self.rows.append(SeatRow(self, seat.kind, seat.name, auto))
        while len(self.rows) < MIN_SEATS:
            self.rows.append(SeatRow(self, ADDED_KIND, "", True))
        first = defaults.first_player
        self.first = Choice(["Random"], 0 if first is None else first + 1, self._first_changed)
        self.seed = TextInput(
            "" if defaults.seed is None else str(defaults.seed),
            max_length=SEED_DIGITS,
            placeholder="random",
            allowed=str.isdigit,
            on_change=lambda text: self._changed(),
        )
        self.add = Button("+  Add seat", self.add_seat)
        self.start = Button("Start game", self.try_start, style="primary")
        self.back = Button("Back", self.go_back)
        self.form = Form()
        #: The inline message under the seats, and whether it is an error.
        self.message = ""
        self.message_error = False
        self._tried = False
        self._size: tuple[int, int] = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._headers: list[tuple[str, pygame.Rect]] = []
        self._option_labels: list[tuple[str, pygame.Rect]] = []
        self._divider_y = 0
        self._full_note = pygame.Rect(0, 0, 0, 0)
        self._refresh()

    # ----------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.layout(app.size)
        self.form.set_focus(None)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def resume(self) -> None:
        for w in self.form.widgets:
            if isinstance(w, Button):
                w.pressed = False

    # --------------------------------------------------------------------- model

    @property
    def seat_count(self) -> int:
        return len(self.rows)

    def options(self) -> GameOptions:
        """The options as the screen shows them (not validated)."""
        first = self.first.index - 1 if self.first.index > 0 else None
        seed = int(self.seed.text) if self.seed.text else None
        seats = tuple(SeatOption(r.kind, r.name.text.strip()) for r in self.rows)
        return GameOptions(seats=seats, first_player=first, seed=seed)

    def problem(self) -> str | None:
        names = tuple(r.name.text for r in self.rows)
        first = self.first.index - 1 if self.first.index > 0 else None
        return options_problem(names, len(self.rows), first)

    def add_seat(self) -> None:
        if len(self.rows) >= MAX_SEATS:
            return
        self.rows.append(SeatRow(self, ADDED_KIND, "", True))
        self._structure_changed()
        if self.form.focus is self.add and not self.add.interactive:
            self.form.set_focus(self.rows[-1].choice, visible=self.add.focus_visible)

    def remove_seat(self, row: SeatRow) -> None:
        if len(self.rows) <= MIN_SEATS or row not in self.rows:
            return
        i = self.rows.index(row)
        self.rows.remove(row)
        first = self.first.index - 1
        if first == i:
            self.first.index = 0
        elif first > i:
            self.first.index -= 1
        self._structure_changed()

    def set_kind(self, seat: int, kind: str) -> None:
        """Make seat `seat` a human ('human') or a bot (a bot name)."""
        kinds = list(kind_labels())
        row = self.rows[seat]
        row.choice.index = kinds.index(kind)
        self._kind_changed(row, kind)

    def _kind_changed(self, row: SeatRow, kind: str) -> None:
        row.kind = kind
        if not row.name.text.strip():
            row.auto = True
        self._changed()

    def _name_typed(self, row: SeatRow) -> None:
        row.auto = False
        self._changed()

    def _first_changed(self, index: int) -> None:
        self._changed()

    def _structure_changed(self) -> None:
        self._changed()
        if self._size != (0, 0):
            self.layout(self._size)

    def _changed(self) -> None:
        self._refresh()
        if self._tried:
            self._validate()
        else:
            self._set_info()

    def _refresh(self) -> None:
        """Follow the kinds with automatic names; relabel the first-player choice."""
        # Automatic names step aside for typed ones: 'Hard bot 2', or the next free
        # 'Player N' for a human.
        taken = {r.name.text.strip().casefold() for r in self.rows if not r.auto}
        for i, row in enumerate(self.rows):
            if not row.auto:
                continue
            base = default_name(row.kind, i)
            name, n = base, 2
            while name.casefold() in taken:
                name = default_name(HUMAN, n - 1) if row.kind == HUMAN else f"{base} {n}"
                n += 1
            row.name.set_text(name)
            taken.add(name.casefold())
        labels = ["Random"] + [
            r.name.text.strip() or f"Seat {i + 1}" for i, r in enumerate(self.rows)
        ]
        self.first.set_options(labels)
        for row in self.rows:
            row.remove.enabled = len(self.rows) > MIN_SEATS
        self.add.enabled = len(self.rows) < MAX_SEATS

    def _set_info(self) -> None:
        all_bots = all(r.kind != HUMAN for r in self.rows)
        self.message = WATCH_NOTE if all_bots else ""
        self.message_error = False
        for row in self.rows:
            row.name.error = False

    def _validate(self) -> bool:
        """Show the first problem inline and mark the fields at fault; True when valid."""
        problem = self.problem()
        if problem is None:
            self._set_info()
            return True
        self.message = problem
        self.message_error = True
        seen: dict[str, int] = {}
        for row in self.rows:
            row.name.error = False
        for i, row in enumerate(self.rows):
            key = row.name.text.strip().casefold()
            if not key:
                row.name.error = True
            elif key in seen:
                row.name.error = True
                self.rows[seen[key]].name.error = True
            else:
                seen[key] = i
        return False

    def try_start(self) -> bool:
        """Start the game when the options are valid, else show why; True if started."""
        self._tried = True
        if not self._validate():
            return False
        self.on_start(self.options())
        return True

    def go_back(self) -> None:
        if self.app is not None and self in self.app.stack.scenes:
            self.app.stack.remove(self)

    # -------------------------------------------------------------------- layout

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        sc = Scale(size)
        at = sc.at

        body = sc.text(19)
        self._panel = at(205, 128, 870, 424)
        px0 = 205 + 30
        col_badge, col_kind, col_name, col_remove = px0, px0 + 56, px0 + 296, px0 + 676
        row_y, row_h, pitch = 178, 46, 58
        self._headers = [
            ("Played by", at(col_kind, 142, 220, 26)),
            ("Name", at(col_name, 142, 360, 26)),
        ]
        for i, row in enumerate(self.rows):
            y = row_y + i * pitch
            row.badge = at(col_badge, y, row_h, row_h)
            row.choice.rect = at(col_kind, y, 220, row_h)
            row.name.rect = at(col_name, y, 360, row_h)
            row.remove.rect = at(col_remove, y + 4, 134, row_h - 8)
            for widget in (row.choice, row.name, row.remove):
                widget.px = body
            row.remove.px = sc.text(17)
        slot_y = row_y + len(self.rows) * pitch
        self.add.rect = at(col_kind, slot_y + 4, 220, row_h - 8)
        self.add.px = sc.text(17)
        self.add.visible = len(self.rows) < MAX_SEATS
        self._full_note = at(col_kind, row_y + MAX_SEATS * pitch, 810, row_h)
        self._divider_y = at(0, row_y + (MAX_SEATS + 1) * pitch - 2, 0, 0).y
        opt_y = row_y + (MAX_SEATS + 1) * pitch + 14
        label_font = theme.font(sc.text(18))
        first_label = at(col_badge, opt_y, 0, row_h)
        first_label.w = label_font.size("First player")[0]
        self.first.rect = at(0, opt_y, 260, row_h)
        self.first.rect.x = first_label.right + sc.px(16)
        self.first.px = body
        self.seed.rect = at(col_name + 190, opt_y, 170, row_h)
        self.seed.px = body
        seed_label = at(0, opt_y, 0, row_h)
        seed_label.w = label_font.size("Seed")[0]
        seed_label.right = self.seed.rect.x - sc.px(14)
        self._option_labels = [("First player", first_label), ("Seed", seed_label)]
        self.back.rect = at(430, 634, 190, 50)
        self.start.rect = at(660, 634, 190, 50)
        self.back.px = self.start.px = sc.text(21)
        widgets: list[Widget] = []
        for row in self.rows:
            widgets += row.widgets
        widgets += [self.add, self.first, self.seed, self.back, self.start]
        self.form.set_widgets(widgets)

    # -------------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        focus = self.form.focus
        if event.type == pygame.KEYDOWN:
            typing = isinstance(focus, TextInput)
            if event.key == pygame.K_ESCAPE:
                if typing:
                    self.form.set_focus(None)
                else:
                    self.go_back()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if isinstance(focus, Button) and focus.interactive:
                    focus.click()
                else:
                    self.try_start()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.form.move_focus(-1 if event.key == pygame.K_UP else 1)
                return True
        self.form.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        if self.form.update(dt) and self.app is not None:
            self.app.request_redraw()

    # ---------------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self.layout(surface.get_size())
        sc = Scale(self._size)
        w, _ = self._size
        draw_background(surface)
        title = theme.text("New game", sc.text(50), theme.ACCENT, serif=True)
        blit_center(surface, title, (w // 2, self._panel.y - sc.px(70)))
        sub = fit_text(SUBTITLE, sc.text(18), self._panel.w, theme.TEXT_DIM)
        blit_center(surface, sub, (w // 2, self._panel.y - sc.px(26)))
        draw_panel(surface, self._panel, sc.px(16), shadow=sc.px(8))
        small = sc.text(15)
        for text, rect in self._headers:
            img = theme.text(text.upper(), small, theme.TEXT_DIM, bold=True)
            surface.blit(img, img.get_rect(midleft=rect.midleft))
        for i, row in enumerate(self.rows):
            self._draw_badge(surface, row.badge, i + 1, row.kind == HUMAN)
        if not self.add.visible:
            note = theme.text(FULL_NOTE, small, theme.TEXT_DIM)
            surface.blit(note, note.get_rect(midleft=self._full_note.midleft))
        inset = sc.px(24)
        pygame.draw.line(
            surface,
            theme.PANEL_EDGE,
            (self._panel.x + inset, self._divider_y),
            (self._panel.right - inset, self._divider_y),
            max(1, sc.px(1)),
        )
        for text, rect in self._option_labels:
            img = theme.text(text, sc.text(18), theme.TEXT)
            surface.blit(img, img.get_rect(midleft=rect.midleft))
        self.form.draw(surface)
        if self.message:
            color = theme.DANGER if self.message_error else theme.TEXT_DIM
            msg = fit_text(self.message, sc.text(18), self._panel.w, color, bold=self.message_error)
            y = (self._panel.bottom + self.start.rect.y) // 2
            if self.message_error:
                self._draw_alert(surface, msg, (w // 2, y))
            else:
                blit_center(surface, msg, (w // 2, y))

    def _draw_badge(self, surface: pygame.Surface, rect: pygame.Rect, n: int, human: bool) -> None:
        sc = Scale(self._size)
        r = rect.h // 2 - sc.px(3)
        center = rect.center
        fill = theme.TABLE_DARK
        pygame.draw.circle(surface, fill, center, r)
        ring = theme.ACCENT if human else theme.PANEL_EDGE
        pygame.draw.circle(surface, ring, center, r, max(2, sc.px(2)))
        num = theme.text(str(n), sc.text(19), theme.ACCENT if human else theme.TEXT, bold=True)
        blit_center(surface, num, center)

    def _draw_alert(self, surface: pygame.Surface, msg: pygame.Surface, center: tuple[int, int]
                    ) -> None:
        sc = Scale(self._size)
        d = sc.px(8)
        box = msg.get_rect(center=center)
        icon_r = max(8, msg.get_height() // 2)
        box.x += icon_r + d // 2
        icon_c = (box.x - d - icon_r, box.centery)
        pygame.draw.circle(surface, theme.DANGER, icon_c, icon_r)
        bang = theme.text("!", max(theme.MIN_TEXT_PX, icon_r * 3 // 2), theme.TEXT, bold=True)
        blit_center(surface, bang, icon_c)
        surface.blit(msg, box)

"""The new-game screen: seats (human or bot, and a name), first player, seed, the Cities of
Splendor module played with the base game (or none), and the competitive mode (no
assists, no undo, no hints; statistics kept apart). For another game of the registry
(Saba) the seats are offered its bot levels, and no module."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from splendor.games import Game, default_game
from splendor.i18n import has, tr
from splendor.ui import theme
from splendor.ui.options import (
    HUMAN,
    MAX_NAME_LENGTH,
    MAX_SEATS,
    MIN_SEATS,
    REMOTE,
    GameOptions,
    SeatOption,
    default_name,
    default_options,
    is_default_name,
    kind_label,
    module_choices,
    numbered_name,
    offered_kinds,
    options_problem,
)
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Button,
    Choice,
    Form,
    Scale,
    TextInput,
    Toggle,
    Widget,
    blit_center,
    draw_background,
    draw_lines,
    draw_panel,
    draw_text,
    line_height,
    lines_height,
)
from splendor.ui.wording import module_about, module_name

if TYPE_CHECKING:
    from splendor.ui.app import App

#: Longest seed the field accepts (digits): more than any seed the game draws (under
#: 2**31, ten digits), so a seed copied from a game is never cut.
SEED_DIGITS = 12
#: Kind of a seat added with "Add seat".
ADDED_KIND = "medium"
#: What the module choice cycles through for Splendor: none (the base game alone), then
#: the modules.
MODULE_CHOICES: tuple[str | None, ...] = module_choices()


class SeatRow:
    """The widgets of one seat: who plays it, its name and a Remove button."""

    def __init__(self, scene: NewGameScene, kind: str, name: str, auto: bool) -> None:
        self.game = scene.game
        if (kind not in (HUMAN, REMOTE) and kind not in self.game.bot_levels()) \
                or (kind == REMOTE and not scene.hosting):
            kind = ADDED_KIND  # no bot of that name (files are checked): the usual one
        self.kind = kind
        self.hosting = scene.hosting
        #: True while the name is the one the screen chose (it follows the kind).
        self.auto = auto
        #: What the selector cycles through (`offered_kinds`; a host also offers seats
        #: for players at other computers).
        self.kinds = self._offered(kind)
        self.choice = Choice(
            self._labels(),
            self.kinds.index(kind),
            lambda i: scene._kind_changed(self, self.kinds[i]),
        )
        self.name = TextInput(
            name,
            max_length=MAX_NAME_LENGTH,
            placeholder=tr("new_game.name_placeholder"),
            on_change=lambda text: scene._name_typed(self),
        )
        self.name.enabled = kind != REMOTE  # a remote player brings their own name
        self.remove = Button(
            tr("new_game.remove"), lambda: scene.remove_seat(self), danger=True, style="ghost"
        )
        #: Where the seat number is drawn.
        self.badge = pygame.Rect(0, 0, 0, 0)

    @property
    def widgets(self) -> list[Widget]:
        return [self.choice, self.name, self.remove]

    def _labels(self) -> list[str]:
        return [kind_label(k) for k in self.kinds]

    def _offered(self, kind: str) -> tuple[str, ...]:
        kinds = offered_kinds(kind, self.game)
        return (kinds[0], REMOTE, *kinds[1:]) if self.hosting else kinds

    def show_kind(self, kind: str) -> None:
        """Point the selector at `kind` (a bot off the ladder joins the choices)."""
        if kind not in self.kinds:
            self.kinds = self._offered(kind)
            self.choice.set_options(self._labels())
        self.choice.index = self.kinds.index(kind)

    def retext(self) -> None:
        """Take the words of the language in use (it may change while the screen is up)."""
        self.choice.set_options(self._labels())
        self.name.placeholder = tr("new_game.name_placeholder")
        self.remove.label = tr("new_game.remove")


class NewGameScene(Scene):
    """Choose the seats and options, then Start calls `on_start(options)`; Back pops.

    With `hosting`, the seats may also be left to players at other computers, and Start
    opens the table for them (a network game is always competitive, its first player
    drawn)."""

    def __init__(
        self,
        on_start: Callable[[GameOptions], None],
        defaults: GameOptions | None = None,
        hosting: bool = False,
        on_module: Callable[[str], None] | None = None,
        game: Game | None = None,
        on_about: Callable[[], None] | None = None,
        note: Callable[[], str] | None = None,
    ) -> None:
        """`on_module` hears of each module the player chooses (its lesson may be offered).
        `game`: the game set up (by default Splendor); `on_about`: an About button that
        shows the game's notice (None: none); `note`: a line about the game's data under
        the panel, in the language in use ('' none: Saba's card data edited by you)."""
        super().__init__()
        self.game = game or default_game()
        #: What the module choice cycles through (only none for a game without modules).
        self.modules = module_choices(self.game)
        self.on_start = on_start
        self.on_module = on_module
        self.hosting = hosting
        defaults = defaults or default_options()
        self.rows: list[SeatRow] = []
        for seat in defaults.seats[:MAX_SEATS]:
            # A name the game gave (in any language) follows the kind and the language in
            # use; a name the player typed stays as typed.
            auto = not seat.name.strip() or is_default_name(seat.name, seat.kind)
            self.rows.append(SeatRow(self, seat.kind, seat.name, auto))
        while len(self.rows) < MIN_SEATS:
            self.rows.append(SeatRow(self, ADDED_KIND, "", True))
        first = defaults.first_player
        self.first = Choice([tr("new_game.first_random")], 0 if first is None else first + 1,
                            self._first_changed)
        if hosting:  # the server draws who plays first (its seats are in its own order)
            self.first.index, self.first.enabled = 0, False
        self.seed = TextInput(
            "" if defaults.seed is None else str(defaults.seed),
            max_length=SEED_DIGITS,
            placeholder=tr("new_game.seed_placeholder"),
            allowed=str.isdigit,
            on_change=lambda text: self._changed(),
            show_count=False,  # any seed the game draws fits: the limit shows when reached
        )
        module = defaults.module if defaults.module in self.modules else None
        self.module = Choice(self._module_labels(), self.modules.index(module),
                             self._module_changed)
        self.module.visible = len(self.modules) > 1  # a game without modules: no row
        self.competitive = Toggle(defaults.competitive or hosting, lambda on: self._changed())
        self.competitive.enabled = not hosting
        self.add = Button(tr("new_game.add_seat"), self.add_seat)
        self.start = Button(tr("new_game.start"), self.try_start, style="primary")
        self.back = Button(tr("common.button.back"), self.go_back)
        self.about = Button(tr("saba_table.about"), on_about, style="ghost")
        self.about.visible = on_about is not None
        self._note_of = note
        #: The note as last laid out, and where it goes.
        self.note = ""
        self._note_box = pygame.Rect(0, 0, 0, 0)
        self.form = Form()
        self._tried = False
        self._about = ""
        self._size: tuple[int, int] = (0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        #: Catalog keys of the column heads and the option labels, and their boxes.
        self._headers: list[tuple[str, pygame.Rect]] = []
        self._option_labels: list[tuple[str, pygame.Rect]] = []
        self._divider_y = 0
        self._full_note = pygame.Rect(0, 0, 0, 0)
        #: Where the competitive mode's and the module's one-line descriptions go, and
        #: their text size.
        self._competitive_about = pygame.Rect(0, 0, 0, 0)
        self._module_about = pygame.Rect(0, 0, 0, 0)
        self._about_px = 0
        self._refresh()

    # ----------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
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
        return GameOptions(seats=seats, first_player=first, seed=seed,
                           competitive=self.competitive.on, module=self.chosen_module,
                           game=self.game.id)

    @property
    def chosen_module(self) -> str | None:
        """The module the choice shows (None: the base game alone)."""
        return self.modules[self.module.index]

    def _module_labels(self) -> list[str]:
        return [module_name(m) for m in self.modules]

    def problem(self) -> str | None:
        names = tuple(r.name.text for r in self.rows)
        first = self.first.index - 1 if self.first.index > 0 else None
        remote = frozenset(i for i, r in enumerate(self.rows) if r.kind == REMOTE)
        problem = options_problem(names, len(self.rows), first, remote)
        if problem is None and self.hosting:
            kinds = [r.kind for r in self.rows]
            if REMOTE not in kinds:
                return tr("new_game.problem.no_remote")
            if HUMAN not in kinds:
                return tr("new_game.problem.no_host_seat")
        return problem

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

    @property
    def message(self) -> str:
        """The inline message under the seats: why the game cannot start (once Start was
        tried), or a note when every seat is a bot; '' when there is nothing to say."""
        if self._tried:
            problem = self.problem()
            if problem is not None:
                return problem
        if all(r.kind != HUMAN for r in self.rows):
            return tr("new_game.watch_note")
        return ""

    @property
    def message_error(self) -> bool:
        """True when `message` says why the game cannot start."""
        return self._tried and self.problem() is not None

    def set_kind(self, seat: int, kind: str) -> None:
        """Make seat `seat` a human ('human') or a bot (a bot name)."""
        row = self.rows[seat]
        row.show_kind(kind)
        self._kind_changed(row, kind)

    def level_note(self) -> str:
        """How the bot level last chosen plays (at first the strongest level seated), shown
        when there is no other message; '' with no bot."""
        levels = self.game.bot_levels()
        kinds = [r.kind for r in self.rows if r.kind in levels]
        kind = self._about if self._about in kinds else max(
            kinds, key=levels.index, default=None)
        if kind is None:
            return ""
        # A game whose levels play otherwise than Splendor's says how in its own words.
        own = f"saba_table.level.{kind}"
        about = tr(own) if self.game != default_game() and has(own) \
            else tr(f"bots.level.{kind}.about")
        return tr("new_game.level_about", level=kind_label(kind), about=about)

    def _kind_changed(self, row: SeatRow, kind: str) -> None:
        if kind in self.game.bot_levels():
            self._about = kind
        row.kind = kind
        # A remote player brings a name of their own: theirs is shown once they join.
        row.name.enabled = kind != REMOTE
        if kind == REMOTE:
            row.auto = True
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

    def _module_changed(self, index: int) -> None:
        self._changed()
        chosen = self.modules[index]
        if chosen is not None and self.on_module is not None:
            self.on_module(chosen)

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
                name = default_name(HUMAN, n - 1) if row.kind == HUMAN else numbered_name(base, n)
                n += 1
            if row.name.text != name:  # the same name: the caret and selection stay
                row.name.set_text(name)
            taken.add(name.casefold())
        labels = [tr("new_game.first_random")] + [
            r.name.text.strip() or tr("new_game.unnamed_seat", n=i + 1)
            for i, r in enumerate(self.rows)
        ]
        self.first.set_options(labels)
        for row in self.rows:
            row.remove.enabled = len(self.rows) > MIN_SEATS
        self.add.enabled = len(self.rows) < MAX_SEATS

    def _set_info(self) -> None:
        for row in self.rows:
            row.name.error = False

    def _validate(self) -> bool:
        """Show the first problem inline and mark the fields at fault; True when valid."""
        if self.problem() is None:
            self._set_info()
            return True
        seen: dict[str, int] = {}
        for row in self.rows:
            row.name.error = False
        for i, row in enumerate(self.rows):
            key = row.name.text.strip().casefold()
            if not key or len(key) > MAX_NAME_LENGTH:
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

    def _retext(self) -> None:
        """Put the words of the language in use on the widgets (it may change while the
        screen is up): labels, placeholders, automatic names, the first-player choice."""
        for row in self.rows:
            row.retext()
        self.seed.placeholder = tr("new_game.seed_placeholder")
        self.module.set_options(self._module_labels())
        self.add.label = tr("new_game.add_seat")
        self.start.label = tr("new_game.open_table" if self.hosting else "new_game.start")
        self.back.label = tr("common.button.back")
        self.about.label = tr("saba_table.about")
        self.note = self._note_of() if self._note_of is not None else ""
        self._refresh()

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything; widths follow the words of the language in use. On entering,
        a resize, a change of language (the game resizes every scene) and a seat added or
        removed, never while drawing."""
        self._size = size
        self._retext()
        sc = Scale(size)
        at = sc.at

        def y_at(design_y: float) -> int:
            return at(0, design_y, 0, 0).y

        body = sc.text(19)
        row_y, row_h, pitch = 160, 42, 48
        # Options under the seats: first player and seed, the module (a game with
        # modules only), competitive; the panel ends under the last.
        options = 3 if self.module.visible else 2
        panel_h = row_y + (MAX_SEATS + 1) * pitch + 12 + options * (row_h + 10) + 4 - 112
        self._panel = at(205, 112, 870, panel_h)
        inner = at(235, 112, 810, panel_h)
        h = sc.px(row_h)
        # Columns: seat badge, who plays it, the name, and Remove against the right edge
        # (as wide as its word needs: the name field gives up the room).
        remove_px = sc.text(17)
        remove_h = sc.px(row_h - 8)
        remove_w = min(sc.px(200), max(sc.px(134), self.rows[0].remove.width_for(remove_h,
                                                                                 remove_px)))
        kind_x, kind_w = at(291, 0, 0, 0).x, sc.px(240)
        name_x = kind_x + kind_w + sc.px(16)
        remove_x = inner.right - remove_w
        name_w = remove_x - sc.px(24) - name_x
        head_y, head_h = y_at(126), sc.px(26)
        self._headers = [
            ("new_game.column.kind", pygame.Rect(kind_x, head_y, kind_w, head_h)),
            ("new_game.column.name", pygame.Rect(name_x, head_y, name_w, head_h)),
        ]
        for i, row in enumerate(self.rows):
            y = row_y + i * pitch
            row.badge = at(235, y, row_h, row_h)
            row.choice.rect = pygame.Rect(kind_x, y_at(y), kind_w, h)
            row.name.place(pygame.Rect(name_x, y_at(y), name_w, h), body)
            row.remove.rect = pygame.Rect(remove_x, y_at(y + 4), remove_w, remove_h)
            row.choice.px = body
            row.remove.px = remove_px
        slot_y = row_y + len(self.rows) * pitch
        self.add.px = sc.text(17)
        add_w = max(kind_w, self.add.width_for(remove_h))
        self.add.rect = pygame.Rect(kind_x, y_at(slot_y + 4), min(add_w, name_x + name_w - kind_x),
                                    remove_h)
        self.add.visible = len(self.rows) < MAX_SEATS
        self._full_note = pygame.Rect(kind_x, y_at(row_y + MAX_SEATS * pitch),
                                      inner.right - kind_x, h)
        self._divider_y = y_at(row_y + (MAX_SEATS + 1) * pitch)
        # Options: "First player [choice]" from the left, "Seed [field]" against the right.
        opt_y = y_at(row_y + (MAX_SEATS + 1) * pitch + 12)
        label_font = theme.font(sc.text(18))
        first_text, seed_text = tr("new_game.first_player"), tr("new_game.seed")
        first_label = pygame.Rect(inner.x, opt_y, min(sc.px(230), label_font.size(first_text)[0]),
                                  h)
        self.seed.place(pygame.Rect(inner.right - sc.px(150), opt_y, sc.px(150), h), body)
        seed_label = pygame.Rect(0, opt_y, min(sc.px(160), label_font.size(seed_text)[0]), h)
        seed_label.right = self.seed.rect.x - sc.px(14)
        first_x = first_label.right + sc.px(16)
        self.first.rect = pygame.Rect(first_x, opt_y,
                                      min(sc.px(300), seed_label.x - sc.px(32) - first_x), h)
        self.first.px = body
        # Under them: "Module [choice]" and "Competitive [Off/On]", each with what it
        # does on one or two lines beside it.
        module_y = y_at(row_y + (MAX_SEATS + 1) * pitch + 12 + row_h + 10)
        module_label = pygame.Rect(inner.x, module_y, min(sc.px(230), label_font.size(
            tr("new_game.module"))[0]), h)
        comp_y = y_at(row_y + (MAX_SEATS + 1) * pitch + 12 + (options - 1) * (row_h + 10))
        comp_text = tr("new_game.competitive")
        comp_label = pygame.Rect(inner.x, comp_y,
                                 min(sc.px(230), label_font.size(comp_text)[0]), h)
        label_right = max(first_label.right, comp_label.right, module_label.right)
        first_x = label_right + sc.px(16)
        self.first.rect.x = first_x
        self.first.rect.w = min(sc.px(300), seed_label.x - sc.px(32) - first_x)
        # As wide as the longer of its two words needs, beside its arrows.
        words = (tr("settings.switch.turned_off"), tr("settings.switch.turned_on"))
        word_w = max(theme.font(body, bold=True).size(word)[0] for word in words)
        self.competitive.rect = pygame.Rect(first_x, comp_y,
                                            max(sc.px(150), word_w + 2 * h + sc.px(8)), h)
        self.competitive.px = body
        about_x = self.competitive.rect.right + sc.px(18)
        self._competitive_about = pygame.Rect(about_x, comp_y, inner.right - about_x, h)
        self._about_px = sc.text(15)
        # The module choice: as wide as its longest name needs beside its arrows, leaving
        # the line saying what the module changes at least a third of the row.
        name_w = max(theme.font(body, bold=True).size(label)[0]
                     for label in self._module_labels())
        arrows = 2 * max(24, h)
        module_w = max(sc.px(220), name_w + arrows + sc.px(12))
        module_w = min(module_w, (inner.right - first_x) * 2 // 3 - sc.px(18))
        self.module.rect = pygame.Rect(first_x, module_y, module_w, h)
        self.module.px = body
        about_x = self.module.rect.right + sc.px(18)
        self._module_about = pygame.Rect(about_x, module_y, inner.right - about_x, h)
        self._option_labels = [("new_game.first_player", first_label),
                               ("new_game.seed", seed_label),
                               *([("new_game.module", module_label)] if self.module.visible
                                 else []),
                               ("new_game.competitive", comp_label)]
        # The game's note right under the panel (what follows is placed below it).
        note_h = line_height(sc.text(16)) if self.note else 0
        self._note_box = pygame.Rect(self._panel.x, self._panel.bottom + sc.px(6),
                                     self._panel.w, note_h)
        # Back and Start, centred, as wide as the longer word needs.
        self.back.px = self.start.px = sc.text(21)
        button_h = sc.px(50)
        button_w = min(sc.px(320), max(sc.px(190),
                                       *(b.width_for(button_h) for b in (self.back, self.start))))
        button_y = y_at(642)
        gap = sc.px(40)
        self.back.rect = pygame.Rect(size[0] // 2 - gap // 2 - button_w, button_y, button_w,
                                     button_h)
        self.start.rect = pygame.Rect(size[0] // 2 + gap // 2, button_y, button_w, button_h)
        # About this version: top right, above the panel.
        self.about.px = sc.text(16)
        about_h = sc.px(34)
        about_w = min(sc.px(300), self.about.width_for(about_h, self.about.px))
        self.about.rect = pygame.Rect(self._panel.right - about_w,
                                      self._panel.y - sc.px(8) - about_h, about_w, about_h)
        widgets: list[Widget] = []
        for row in self.rows:
            widgets += row.widgets
        widgets += [self.add, self.first, self.seed, self.module, self.competitive, self.back,
                    self.start, self.about]
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
        sc = Scale(self._size)
        w, _ = self._size
        draw_background(surface)
        margin = sc.px(30)
        title_box = pygame.Rect(margin, self._panel.y - sc.px(106), w - 2 * margin, sc.px(72))
        head = "new_game.hosting_" if self.hosting else "new_game."
        draw_text(surface, tr(head + "title"), sc.text(50), theme.ACCENT, title_box,
                  serif=True)
        sub_box = pygame.Rect(margin, self._panel.y - sc.px(41), w - 2 * margin, sc.px(30))
        # Another game than Splendor is named under the title.
        subtitle = tr(head + "subtitle") if self.game == default_game() \
            else tr(self.game.name_key)
        draw_text(surface, subtitle, sc.text(18), theme.TEXT_DIM, sub_box)
        draw_panel(surface, self._panel, sc.px(16), shadow=sc.px(8))
        small = sc.text(15)
        for key, rect in self._headers:
            draw_text(surface, tr(key).upper(), small, theme.TEXT_DIM, rect, align="left",
                      bold=True)
        for i, row in enumerate(self.rows):
            self._draw_badge(surface, row.badge, i + 1, row.kind == HUMAN)
        if not self.add.visible:
            draw_text(surface, tr("new_game.full_note"), small, theme.TEXT_DIM, self._full_note,
                      align="left")
        inset = sc.px(24)
        pygame.draw.line(
            surface,
            theme.PANEL_EDGE,
            (self._panel.x + inset, self._divider_y),
            (self._panel.right - inset, self._divider_y),
            max(1, sc.px(1)),
        )
        for key, rect in self._option_labels:
            draw_text(surface, tr(key), sc.text(18), theme.TEXT, rect,
                      align="right" if key == "new_game.seed" else "left")
        self._draw_about(surface, tr("new_game.competitive_about"), self._competitive_about,
                         self.competitive.on)
        if self.module.visible:
            self._draw_about(surface, module_about(self.chosen_module), self._module_about,
                             self.chosen_module is not None)
        if self.note:
            draw_text(surface, self.note, sc.text(16), theme.ACCENT, self._note_box, bold=True)
        self.form.draw(surface)
        message = self.message
        if message:
            self._draw_message(surface, message, self.message_error)
        else:
            self._draw_level_note(surface)

    def _draw_about(self, surface: pygame.Surface, about: str, box: pygame.Rect,
                    lit: bool) -> None:
        """An option's one line (two at most) beside it, bright when the option is on."""
        height = min(box.h, lines_height(about, self._about_px, box.w))
        draw_lines(surface, about, self._about_px, theme.ACCENT if lit else theme.TEXT_DIM,
                   pygame.Rect(box.x, box.centery - height // 2, box.w, height))

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

    def _draw_level_note(self, surface: pygame.Surface) -> None:
        """The bot level's description, on up to two lines between panel and buttons."""
        sc = Scale(self._size)
        note = self.level_note()
        px = sc.text(16)
        top = self._note_box.bottom if self.note else self._panel.bottom
        room = pygame.Rect(self._panel.x, top + sc.px(4), self._panel.w,
                           self.start.rect.y - top - sc.px(8))
        height = min(room.h, lines_height(note, px, room.w))
        box = pygame.Rect(room.x, room.centery - height // 2, room.w, height)
        draw_lines(surface, note, px, theme.TEXT_DIM, box, align="center")

    def _draw_message(self, surface: pygame.Surface, message: str, error: bool) -> None:
        """The line between the panel and the buttons; an error gets a red '!' before it."""
        sc = Scale(self._size)
        px = sc.text(18)
        color = theme.DANGER if error else theme.TEXT_DIM
        height = line_height(px) + sc.px(4)
        cy = ((self._note_box.bottom if self.note else self._panel.bottom)
              + self.start.rect.y) // 2
        gap = sc.px(8)
        icon_r = max(8, height // 2 - sc.px(2))
        icon_w = 2 * icon_r + gap if error else 0
        # The message and its icon, centred together within the panel's width.
        natural = theme.font(px, bold=error).size(message)[0]
        text_w = min(natural, self._panel.w - icon_w)
        left = self._panel.centerx - (icon_w + text_w) // 2
        box = pygame.Rect(left + icon_w, cy - height // 2, text_w, height)
        drawn = draw_text(surface, message, px, color, box, align="left", bold=error)
        if error:
            icon_c = (drawn.x - gap - icon_r, drawn.centery)
            pygame.draw.circle(surface, theme.DANGER, icon_c, icon_r)
            bang = theme.text("!", max(theme.MIN_TEXT_PX, icon_r * 3 // 2), theme.TEXT, bold=True)
            blit_center(surface, bang, icon_c)

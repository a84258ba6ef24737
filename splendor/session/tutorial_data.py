"""The guided first game's script (`levels_data/tutorial.yaml`), read and checked.

The tutorial is one two-player game: the player (seat 0, who starts) against a coach
(seat 1) whose moves are scripted. It opens on a fixed `deal` (a position, see
`splendor.engine.position`) and goes in steps. Each step names the pieces to point at,
the actions that count as doing it (any one of `expect`; a purchase counts whatever the
payment) and the coach's `reply`. A step may begin from a `position` of its own ("a few
rounds later"), so that the game need not be played out to reach a noble or the end.

`lessons` holds a one-step lesson for each Cities of Splendor module (offered the first
time the module is chosen for a game): a position of a game with that module and the one
move that shows what it adds; the lesson ends with the player's turn.

Loading plays the whole script through the engine, so a wrong entry (an unknown card, an
expected move that is not legal there, a reply that leaves the player not to move, a
last step that does not end the game) is a `DataError` naming the file, the step and the
problem, like every data file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splendor.engine import (
    Action,
    ActionParseError,
    Buy,
    GameData,
    GameState,
    Phase,
    PositionError,
    build_position,
    color_index,
    parse_action,
)
from splendor.engine.modules import module_ids
from splendor.gamedata import SUPPORTED_VERSION, Checker, read_yaml
from splendor.resources import levels_data_dir

FILENAME = "tutorial.yaml"
#: The seats: the player starts, the coach answers.
PLAYER, COACH = 0, 1
#: The pieces a step may point at: kind -> what its key is.
PIECES = ("bank", "card", "deck", "noble", "city", "post", "opponent", "area")
#: The fields of a position (see `build_position`) a step may give.
POSITION_FIELDS = {"seats", "market", "decks", "nobles", "bank", "turns", "final_round",
                   "cities", "holds", "orient_market", "orient_decks"}
STEP_FIELDS = {"id", "point", "expect", "reply", "position"}


@dataclass(frozen=True)
class Piece:
    """A piece of the table a step points at: a bank pile (colour index), a face-up or
    reserved card (id), a deck (level), a noble (id), the opponent's panel or the
    player's own area (no key)."""

    kind: str
    key: str | int = ""


@dataclass(frozen=True)
class Step:
    id: str
    point: tuple[Piece, ...]
    expect: tuple[Action, ...]
    reply: tuple[Action, ...]
    #: The position the step begins from (build_position's fields), or None: the game
    #: as the previous step left it.
    position: Mapping[str, Any] | None = None

    def counts(self, action: Action) -> bool:
        """Whether `action` does what this step asks (a purchase: whatever the payment)."""
        for wanted in self.expect:
            if action == wanted:
                return True
            if isinstance(wanted, Buy) and wanted.payment is None and isinstance(action, Buy) \
                    and action.card_id == wanted.card_id:
                return True
        return False


@dataclass(frozen=True)
class Tutorial:
    deal: Mapping[str, Any]
    steps: tuple[Step, ...]
    #: The module played (a lesson), or None: the base game.
    module: str | None = None
    #: The module lessons by module id (in the main tutorial).
    lessons: Mapping[str, Tutorial] = field(default_factory=dict)

    @property
    def keys(self) -> str:
        """Where the steps' words are in the catalogs: '<keys>.<step id>.text'."""
        return "tutorial.step" if self.module is None else "tutorial.lesson"

    def step_index(self, step_id: str) -> int | None:
        return next((i for i, s in enumerate(self.steps) if s.id == step_id), None)

    def state_at(self, data: GameData, index: int,
                 names: Sequence[str] | None = None) -> GameState:
        """The game as it stands when step `index` begins: built from the nearest position
        before it (or the deal), the steps between played as expected."""
        start = max((i for i in range(index + 1) if self.steps[i].position is not None),
                    default=-1)
        spec = self.deal if start < 0 else self.steps[start].position
        assert spec is not None
        state = build(data, spec, names, self.module)
        for step in self.steps[max(start, 0):index]:
            play_step(state, step)
        return state


def build(data: GameData, spec: Mapping[str, Any], names: Sequence[str] | None,
          module: str | None = None) -> GameState:
    """The position `spec` (PositionError when it is wrong), the player to move."""
    return build_position(data, 2, current=PLAYER, first_player=PLAYER,
                          names=names, module=module, **dict(spec))


def finish_turn(state: GameState, seat: int) -> None:
    """Play `seat`'s decisions after its main action (tokens to give back, a noble to
    choose) the first legal way: the script leaves them to the player."""
    while not state.is_over() and state.current == seat and state.phase is not Phase.MAIN:
        state.apply(state.legal_actions()[0])


def play_reply(state: GameState, step: Step) -> None:
    for action in step.reply:
        state.apply(action)
        finish_turn(state, COACH)


def play_step(state: GameState, step: Step) -> None:
    """Play `step` as expected: the player's first expected move, then the coach's reply."""
    state.apply(step.expect[0])
    finish_turn(state, PLAYER)
    play_reply(state, step)


# ------------------------------------------------------------------ reading


def load_tutorial(data: GameData, folder: Path | None = None) -> Tutorial:
    """The tutorial of `folder` (by default the shipped levels_data), checked."""
    path = (folder or levels_data_dir()) / FILENAME
    return parse_tutorial(read_yaml(path), data)


def parse_tutorial(doc: object, data: GameData, filename: str = FILENAME) -> Tutorial:
    """The tutorial from the parsed file, played through once; DataError naming the
    file, the step and the problem."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    if top.get("version") != SUPPORTED_VERSION:
        raise ck.fail("version", f"expected {SUPPORTED_VERSION}, got {top.get('version')!r}")
    ck.known_fields(top, {"version", "deal", "steps", "lessons"}, "")
    deal = _position(ck, ck.field(top, "deal", ""), "deal")
    entries = ck.entries(top, "steps")
    if not entries:
        raise ck.fail("steps", "there must be at least one step")
    steps: list[Step] = []
    seen: set[Any] = set()
    for n, raw in enumerate(entries, 1):
        where = f"step {n}"
        entry = ck.mapping(raw, where)
        step_id = ck.entry_id(entry, where, seen)
        steps.append(_step(ck, entry, f"step {n} ({step_id})", step_id))
    tutorial = Tutorial(deal, tuple(steps))
    _walk(ck, tutorial, data)
    lessons: dict[str, Tutorial] = {}
    for module, raw in ck.mapping(top.get("lessons", {}), "lessons").items():
        where = f"lesson {module}"
        if module not in module_ids():
            raise ck.fail(where, f"no such module (known: {', '.join(module_ids())})")
        entry = dict(ck.mapping(raw, where))
        if "position" not in entry:
            raise ck.fail(where, "a lesson begins from a 'position'")
        if "reply" in entry or "id" in entry:
            raise ck.fail(where, "a lesson has no 'id' nor 'reply': it ends with your move")
        step = _step(ck, {**entry, "id": module}, where, module)
        lessons[module] = Tutorial(step.position or {}, (step,), module)
        _walk(ck, lessons[module], data)
    return Tutorial(deal, tuple(steps), lessons=lessons)


def _position(ck: Checker, value: object, where: str) -> Mapping[str, Any]:
    spec = ck.mapping(value, where)
    ck.known_fields(spec, POSITION_FIELDS, where)
    return spec


def _actions(ck: Checker, entry: Mapping[str, Any], name: str, where: str,
             required: bool) -> tuple[Action, ...]:
    texts = entry.get(name, [])
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ck.fail(where, f"'{name}' must be a list of action texts")
    if required and not texts:
        raise ck.fail(where, f"'{name}' must name at least one action")
    try:
        return tuple(parse_action(t) for t in texts)
    except ActionParseError as exc:
        raise ck.fail(where, f"{name}: {exc}") from None


def _piece(ck: Checker, text: object, where: str) -> Piece:
    words = text.split() if isinstance(text, str) else []
    if not words or words[0] not in PIECES:
        raise ck.fail(where, f"point: {text!r} is no piece (one of: {', '.join(PIECES)})")
    kind, rest = words[0], words[1:]
    if kind in ("opponent", "area"):
        if rest:
            raise ck.fail(where, f"point: {text!r}: '{kind}' takes nothing after it")
        return Piece(kind)
    if len(rest) != 1:
        raise ck.fail(where, f"point: {text!r}: '{kind}' takes one word after it")
    if kind == "bank":
        try:
            return Piece(kind, color_index(rest[0]))
        except ValueError as exc:
            raise ck.fail(where, f"point: {exc}") from None
    if kind in ("deck", "post"):
        if rest[0] not in (("1", "2", "3") if kind == "deck" else ("1", "2", "3", "4", "5")):
            raise ck.fail(where, f"point: {text!r}: no such {kind}")
        return Piece(kind, int(rest[0]))
    return Piece(kind, rest[0])


def _step(ck: Checker, entry: Mapping[str, Any], where: str, step_id: str) -> Step:
    ck.known_fields(entry, STEP_FIELDS, where)
    points = entry.get("point", [])
    if not isinstance(points, list) or not points:
        raise ck.fail(where, "'point' must list at least one piece")
    position = entry.get("position")
    return Step(step_id, tuple(_piece(ck, p, where) for p in points),
                _actions(ck, entry, "expect", where, True),
                _actions(ck, entry, "reply", where, False),
                None if position is None else _position(ck, position, f"{where}: position"))


def _walk(ck: Checker, tutorial: Tutorial, data: GameData) -> None:
    """Play the script through: every expected move legal, every reply the coach's and
    legal, the player to move at each step, the game over after the last."""
    state: GameState | None = None
    lesson = tutorial.module is not None
    for n, step in enumerate(tutorial.steps, 1):
        where = f"lesson {step.id}" if lesson else f"step {n} ({step.id})"
        spec = step.position if step.position is not None or state is not None \
            else tutorial.deal
        if spec is not None:
            try:
                state = build(data, spec, None, tutorial.module)
            except PositionError as exc:
                place = f"{where}: position" if step.position is not None else "deal"
                raise ck.fail(place, str(exc)) from None
        assert state is not None
        if state.is_over() or state.current != PLAYER or state.phase is not Phase.MAIN:
            raise ck.fail(where, "the player is not to move when the step begins")
        for piece in step.point:
            problem = _missing(state, piece)
            if problem:
                raise ck.fail(where, f"point: {problem}")
        for action in step.expect:
            reason = state.why_illegal(action)
            if reason is not None:
                raise ck.fail(where, f"expect: '{action.text()}' is not legal here: {reason}")
        state.apply(step.expect[0])
        finish_turn(state, PLAYER)
        for action in step.reply:
            if state.current != COACH:
                raise ck.fail(where, f"reply: '{action.text()}': it is not the coach's turn")
            reason = state.why_illegal(action)
            if reason is not None:
                raise ck.fail(where, f"reply: '{action.text()}' is not legal here: {reason}")
            state.apply(action)
            finish_turn(state, COACH)
        last = n == len(tutorial.steps)
        if lesson:
            continue  # a lesson ends with the player's turn
        if last and not state.is_over():
            raise ck.fail(where, "the game must be over after the last step")
        if not last and state.is_over():
            raise ck.fail(where, "the game is over before the last step")
        following = tutorial.steps[n] if not last else None
        if following is not None and following.position is None and (
                state.current != PLAYER or state.phase is not Phase.MAIN):
            raise ck.fail(where, "reply: after it the player must be to move")


def _missing(state: GameState, piece: Piece) -> str:
    """Why `piece` is not on the table for the player, or ''."""
    if piece.kind == "card":
        ids = {c.id for c in state.market_cards()} | \
            {c.id for c in state.players[PLAYER].reserved}
        return "" if piece.key in ids else f"card {piece.key} is not face up nor reserved"
    if piece.kind == "noble":
        return "" if any(n.id == piece.key for n in state.nobles) \
            else f"noble {piece.key} is not on the table"
    if piece.kind == "city":
        return "" if any(c.id == piece.key for c in getattr(state, "cities", ())) \
            else f"city {piece.key} is not on the table"
    if piece.kind == "post":
        return "" if "posts" in getattr(type(state), "seat_fields", ()) \
            else f"post {piece.key}: no trading post in this game"
    return ""

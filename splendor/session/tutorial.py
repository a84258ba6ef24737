"""The guided first game as a session: the real game, the step to do, the scripted coach.

`TutorialSession` is a `Session` (the table plays it like any game) that accepts from the
player only the move the current step asks for: any other legal move is refused with the
step's sentence, an illegal one with the engine's reason, and the step stays. Once the
player's turn is over the coach's scripted reply is offered in `incoming` (the table
shows it like a bot's move), then the next step begins, from its own position when it
has one. No bot process is needed; undo and hints are off (the options are competitive).

`on_step` is called with the index of each step begun (len(steps) once the game is
over), so that the caller can keep the player's progress (see `splendor.storage.tutorial`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from splendor.engine import Action, GameData, Phase, Refusal
from splendor.i18n import tr
from splendor.session.bot_process import AnalysisRequest, Answer, Request
from splendor.session.game import Session
from splendor.session.seats import GameOptions, SeatOption
from splendor.session.tutorial_data import COACH, PLAYER, Step, Tutorial, build

#: The level the coach's seat is named for (it never decides: its moves are scripted).
COACH_KIND = "easy"


class NoBots:
    """The tutorial's bots: none (the coach's moves are scripted)."""

    busy = False

    def submit(self, request: Request | AnalysisRequest) -> int:
        raise RuntimeError("the tutorial asks no bot")

    def poll(self) -> Answer | None:
        return None

    def cancel(self) -> None:
        pass

    def close(self, timeout: float = 1.0) -> None:
        pass


def text_key(step_id: str, part: str = "text", keys: str = "tutorial.step") -> str:
    """The catalog key of a step's words: 'text' (what to do and why) or 'refusal'
    (`keys`: 'tutorial.lesson' for a module's lesson)."""
    return f"{keys}.{step_id.replace('-', '_')}.{part}"


class TutorialSession(Session):
    """The tutorial's game from step `index` (see the module docstring)."""

    def __init__(self, data: GameData, tutorial: Tutorial, names: Sequence[str],
                 index: int = 0, on_step: Callable[[int], None] | None = None) -> None:
        self.tutorial = tutorial
        index = max(0, min(index, len(tutorial.steps) - 1))
        start = max((i for i in range(index + 1) if tutorial.steps[i].position is not None),
                    default=0)
        spec = tutorial.steps[start].position or tutorial.deal
        options = GameOptions((SeatOption("human", names[PLAYER]),
                               SeatOption(COACH_KIND, names[COACH])),
                              first_player=PLAYER, seed=0, competitive=True,
                              module=tutorial.module)
        super().__init__(data, options, NoBots(),
                         state=build(data, spec, names, tutorial.module))
        #: The step being taught (len(steps) once the game is over).
        self.index = start
        #: The coach's moves still to come in this step.
        self._replies: list[Action] = []
        #: The step whose refusal the screen shows (None: the last move was not refused).
        self.refused: Refusal | None = None
        self.on_step: Callable[[int], None] | None = None
        while self.index < index:  # the steps before it, played as the script plays them
            step = tutorial.steps[self.index]
            self._commit(step.expect[0])
            self._finish_turns()
            self._replies = list(step.reply)
            while self._replies or self._coach_deciding():
                self._commit(self._coach_move())
            self._next_step()
        self.on_step = on_step

    # ------------------------------------------------------------------ queries

    @property
    def step(self) -> Step | None:
        """The step being taught, or None once the game is over."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    def words(self, part: str = "text") -> str:
        """The step's words in the language in use ('text' or 'refusal'), or ''."""
        step = self.step
        return tr(text_key(step.id, part, self.tutorial.keys)) if step is not None else ""

    # ------------------------------------------------------------------ moves

    def play(self, action: Action) -> Refusal | None:
        """The player's move: refused unless it is what the step asks (the decisions
        after it, tokens to give back or a noble to choose, are the player's own)."""
        step = self.step
        if step is not None and self.human_to_act() and self._state.phase is Phase.MAIN \
                and not step.counts(action):
            reason: Refusal | None = self._state.why_illegal(action) or Refusal(
                "tutorial", "not this step's move", sentence=self.words("refusal"))
            self.refused = reason
            return reason
        reason = super().play(action)
        self.refused = reason
        if reason is None:
            self._after_player()
        return reason

    def _after_player(self) -> None:
        """The player's turn may be over: the coach's reply comes next."""
        if self.current == PLAYER:
            return  # a decision of theirs is still to make (tokens, a noble)
        step = self.step
        self._replies = list(step.reply) if step is not None else []
        if not self._replies:
            self._next_step()

    def poll(self) -> None:
        """Offer the coach's next scripted move for the screen to show."""
        if self.paused or self.incoming is not None or self.is_over() or self.done \
                or self.current != COACH:
            return
        self.incoming = (COACH, self._coach_move())

    def commit_incoming(self) -> None:
        if self.incoming is None or self.paused:
            return
        super().commit_incoming()
        if self.current == PLAYER or self.is_over():  # the coach's turn is over
            self._next_step()

    def _coach_deciding(self) -> bool:
        return self.current == COACH and self._state.phase is not Phase.MAIN

    def _coach_move(self) -> Action:
        if self._coach_deciding() or not self._replies:
            return self._state.legal_actions()[0]  # tokens to give back, a noble
        return self._replies.pop(0)

    def _finish_turns(self) -> None:
        while self.current == PLAYER and self._state.phase is not Phase.MAIN:
            self._commit(self._state.legal_actions()[0])

    def _next_step(self) -> None:
        """Begin the next step: from its position when it has one (the game's log stays:
        it is still the same game, a few rounds on)."""
        self.index += 1
        self._replies = []
        self.refused = None
        step = self.step
        if step is not None and step.position is not None:
            self._state = build(self.data, step.position, self.options.names,
                                self.tutorial.module)
            self._version += 1
        if self.on_step is not None:
            self.on_step(self.index)

    def skip(self) -> None:
        """End the tutorial here (the caller forgets the progress)."""
        self.index = len(self.tutorial.steps)
        self.close()

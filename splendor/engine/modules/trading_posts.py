"""Trading Posts (RULES_CITIES.md): at the end of a turn a player whose bonuses (and
nobles) meet a trading post puts a coat of arms on it (a choice when several qualify).
Post 1: a gem token after each purchase; post 2: a third gem with a take of two; post 3:
a gold pays two of one colour; post 4: five points; post 5: a point per coat of arms."""

from __future__ import annotations

from typing import Any, ClassVar

from splendor.engine.actions import Action, ChoosePost, TakeGem
from splendor.engine.colors import GEMS
from splendor.engine.components import GameData, TradingPost
from splendor.engine.errors import PositionError
from splendor.engine.module_rules import post_met, post_points
from splendor.engine.modules.base import (
    _POST,
    ModulePlayer,
    ModuleState,
    StepApply,
    StepOptions,
    _interned,
)
from splendor.engine.state import Phase


class TradingPostsState(ModuleState):
    """A game with Trading Posts (post 3's gold is paid by the shared buying code, which
    reads a seat's posts)."""

    __slots__ = ()

    module = "trading-posts"
    title = "Trading Posts"
    aliases = ("trading_posts", "posts")
    description = "Trading posts reward bonus sets with powers and prestige."
    has_posts = True
    seat_fields = ("posts",)
    position_phases = (Phase.POST,)

    @classmethod
    def playable(cls, data: GameData) -> bool:
        return bool(data.posts)

    # ------------------------------------------------------ the gem steps

    def _after_take_two(self, p: ModulePlayer, color: int) -> None:
        if 2 in p.posts:
            self._steps.append((Phase.GEM, color))

    def _after_purchase(self, p: ModulePlayer) -> None:
        if 1 in p.posts:
            self._steps.append((Phase.GEM, -1))

    def _gem_options(self, other_than: int) -> tuple[Action, ...]:
        return tuple(_interned(TakeGem, c) for c in GEMS if self.bank[c] and c != other_than)

    def _apply_gem(self, p: ModulePlayer, action: TakeGem, arg: Any) -> None:
        self.bank[action.color] -= 1
        p.tokens[action.color] += 1

    STEP_OPTIONS: ClassVar[StepOptions] = {Phase.GEM: _gem_options}
    STEP_APPLY: ClassVar[StepApply] = {TakeGem: _apply_gem}

    # ------------------------------------------------------ end of the turn

    def _end_claims(self, stage: int, p: ModulePlayer) -> bool:
        if stage != _POST:
            return False
        posts = [post for post in self.data.posts
                 if post.id not in p.posts and post_met(post, p.bonuses, len(p.nobles))]
        return self._offer(Phase.POST, posts, self._claim_post, p)

    def position_step(self, phase: Phase) -> None:
        if phase is not Phase.POST:
            super().position_step(phase)
            return
        seat = self.current
        p = self.players[seat]
        posts = [post for post in self.data.posts
                 if post.id not in p.posts and post_met(post, p.bonuses, len(p.nobles))]
        if len(posts) < 2:
            raise PositionError(f"a trading post decision needs two or more posts that seat "
                                f"{seat} qualifies for and does not hold, not {len(posts)}")
        self.restore_turn((_POST, (), ()))
        self._choices = list(posts)

    def _choose(self, p: ModulePlayer, action: Action) -> None:
        assert isinstance(action, ChoosePost)
        self._claim_post(p, self.data.post(action.post))

    def _claim_post(self, p: ModulePlayer, post: TradingPost) -> None:
        p.points += post_points(post, p.posts)
        p.posts.append(post.id)
        self._choices = []

"""Building a take token by token: which additions can still become a legal take, and
why the others cannot. The engine decides; this only compares against its legal actions.
"""

from __future__ import annotations

from collections.abc import Callable

from splendor.engine import Action, Refusal, Take, TakeTwo, View


def tokens_of(action: Action) -> list[int]:
    """The colours a take action takes, one entry per token (empty for other actions)."""
    if isinstance(action, Take):
        return list(action.colors)
    if isinstance(action, TakeTwo):
        return [action.color, action.color]
    return []


def _within(part: list[int], whole: list[int]) -> bool:
    return all(part.count(c) <= whole.count(c) for c in set(part))


def can_grow(legal: tuple[Action, ...], pending: list[int], color: int) -> bool:
    """Whether some of the `legal` takes contains the pending tokens plus one of `color`."""
    candidate = [*pending, color]
    return any(_within(candidate, whole) for a in legal if (whole := tokens_of(a)))


def refusal(view: View, why: Callable[[Action], Refusal | None], pending: list[int],
            color: int) -> Refusal:
    """Why one more `color` cannot join `pending` (`why` is the engine's `why_illegal` for
    the position `view` shows): the engine's reason where it has one."""
    if view.bank[color] - pending.count(color) <= 0:
        return why(Take((color,))) or Refusal("none_left", "no tokens left", color=color)
    if color in pending:
        if len(pending) == 1:
            return why(TakeTwo(color)) or Refusal("two_need_four", "two need a pile of four")
        return Refusal("two_single_color", "two tokens only of a single colour")
    if len(set(pending)) < len(pending):
        return Refusal("two_whole_take", "two tokens of one colour are a whole take")
    if len(pending) >= 3:
        return Refusal("three_at_most", "at most three tokens")
    return why(Take((*pending, color))) or Refusal("take_impossible", "that take is impossible")


def put_back(pending: list[int], action: Action) -> list[int]:
    """The pending tokens `action` does not take, one entry per token: all of them when
    it is no take (a hint that buys a card, say)."""
    left = tokens_of(action)
    back = []
    for color in pending:
        if color in left:
            left.remove(color)
        else:
            back.append(color)
    return back


def take_action(pending: list[int]) -> Action:
    """The action the pending tokens stand for: two of a colour, or different colours."""
    if len(pending) == 2 and pending[0] == pending[1]:
        return TakeTwo(pending[0])
    return Take(tuple(pending))

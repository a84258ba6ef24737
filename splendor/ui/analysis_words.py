"""The expert's review in the player's language: chances, marks, a seat's summary line,
a judged move's played and expert moves with the reason (worded as the hints are)."""

from __future__ import annotations

from splendor.engine import GameData, parse_action
from splendor.i18n import tr
from splendor.session.analysis import LABELS, MoveAnalysis, SeatSummary
from splendor.ui.wording import hint_move, hint_why, join


def percent(chance: float) -> str:
    """A chance to win (0..1) as a whole percentage."""
    return tr("analysis.percent", value=round(chance * 100))


def label_name(label: str) -> str:
    """'Mistake' for 'mistake' ('' for an unmarked move)."""
    return tr(f"analysis.label.{label}") if label else ""


def summary_line(summary: SeatSummary, name: str) -> str:
    """'Ada: 1 blunder and 3 mistakes; best stretch: rounds 8-14'."""
    counts = [tr(f"analysis.count.{label}", summary.counts[label])
              for label in LABELS if summary.counts[label]]
    marks = join(counts) if counts else tr("analysis.summary.clean")
    stretch = summary.best_stretch
    if stretch is None:
        words = tr("analysis.summary.no_stretch")
    elif stretch[0] == stretch[1]:
        words = tr("analysis.summary.stretch_one", first=stretch[0])
    else:
        words = tr("analysis.summary.stretch", first=stretch[0], last=stretch[1])
    return tr("analysis.summary.line", name=name, marks=marks, stretch=words)


def chances_line(move: MoveAnalysis) -> str:
    return tr("analysis.chances", before=percent(move.before), after=percent(move.after))


def move_words(text: str, data: GameData) -> str:
    """An action's text ('take white blue green') as a hint words it."""
    try:
        return hint_move(parse_action(text), data)
    except (ValueError, KeyError):
        return text  # a kept analysis names an action this version words differently


def judged_lines(move: MoveAnalysis, names: tuple[str, ...], data: GameData,
                 viewer: int | None) -> list[str]:
    """What the review says of a judged move: who and the mark with the chances (the
    chances alone for an unmarked move), the move played, the expert's and why. The
    reason speaks to the player when the move is `viewer`'s (the review's one person),
    and of the player by name otherwise (another seat's, or any seat's in a review
    shown to everyone at the screen)."""
    lines = [tr("analysis.marked", name=names[move.seat], label=label_name(move.label),
                before=percent(move.before), after=percent(move.after))
             if move.label else chances_line(move)]
    lines.append(tr("analysis.played_move", move=move_words(move.played, data)))
    lines.append(tr("analysis.expert_move", move=move_words(move.best, data)))
    player = None if move.seat == viewer else names[move.seat]
    lines.append(tr("analysis.why", why=hint_why(move.reason, names, data, player)))
    return lines

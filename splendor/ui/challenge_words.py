"""The challenges' words the screens add to the session's lines
(`session.challenge_lines`): the short goal strip of the table, a chapter's stars, a
best result, a challenge's measured difficulty, and what a won try's stars were measured
on; in the language in use."""

from __future__ import annotations

from splendor.i18n import tr
from splendor.session.challenge_data import Challenge
from splendor.session.challenges import ChapterEntry, Verdict
from splendor.storage.challenge_stats import ChallengeBest

#: The feats' short words on the strip that take no number.
_PLAIN_FEATS = ("noble", "city")


def strip_parts(challenge: Challenge) -> list[str]:
    """The goal strip's parts, most important first: the goal, the round limit, the
    feat, then each restriction ('Win', 'by round 18', 'no reserving')."""
    c = challenge
    parts = [tr("challenge_screen.strip.win") if c.goal == "win"
             else tr("challenge_screen.strip.points", c.points)]
    if c.by_round is not None:
        parts.append(tr("challenge_screen.strip.by_round", c.by_round))
    if c.feat is not None:
        kind, value = c.feat
        key = f"challenge_screen.strip.feat_{kind}"
        parts.append(tr(key) if kind in _PLAIN_FEATS else tr(key, int(value)))
    rules = c.restrictions
    for name in ("no_reserve", "no_take_two", "no_gold"):
        if getattr(rules, name):
            parts.append(tr(f"challenge_screen.strip.{name}"))
    if rules.levels is not None:
        parts.append(tr("challenge_screen.strip.levels",
                        levels=", ".join(map(str, rules.levels))))
    return parts


def chapter_stars(entry: ChapterEntry) -> tuple[int, int]:
    """The stars earned in a chapter, and the most it gives."""
    return sum(c.stars for c in entry.challenges), 3 * len(entry.challenges)


def row_status(best: ChallengeBest | None) -> str:
    """Under a challenge's title: never tried, tried and not won, or its best's date."""
    if best is None or (best.tries == 0 and not best.won):
        return tr("challenge_screen.row.new")
    if not best.won:
        return tr("challenge_screen.row.not_won", best.tries)
    return tr("challenge_screen.row.best", date=best.date or "")


def best_text(best: ChallengeBest | None) -> str:
    """A challenge card's best result: its date and the tries, or not won yet."""
    if best is None or not best.won:
        text = tr("challenge_screen.card.never")
    else:
        text = tr("challenge_screen.card.best", date=best.date or "")
    if best is not None and best.tries:
        text += " · " + tr("challenge_screen.card.tries", best.tries)
    return text


def difficulty_word(challenge: Challenge) -> str:
    """'Easy', 'Medium' or 'Hard' as measured ('' when not measured yet)."""
    m = challenge.measured
    return "" if m is None else tr(f"challenge_screen.difficulty.{m.level}")


def difficulty_text(challenge: Challenge) -> str:
    """A challenge card's difficulty and what it was measured on: the expert's tries won."""
    m = challenge.measured
    if m is None:
        return tr("challenge_screen.difficulty.unmeasured")
    return tr("challenge_screen.difficulty.card", m.tries, level=difficulty_word(challenge),
              wins=m.wins)


def measure_text(verdict: Verdict) -> str:
    """What a won try's stars were measured on ('You made it in round 24.')."""
    if verdict.measure == "margin" and verdict.value < 0:
        return tr("challenge_screen.result.behind", -verdict.value)
    return tr(f"challenge_screen.result.{verdict.measure}", verdict.value)

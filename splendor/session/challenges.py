"""Challenges as a person plays them: the campaign's chapters, open or locked by the stars
earned; a challenge started as a game session; its verdict; the best results kept.

    campaign = load_campaign(data)
    overview(campaign, records.challenges)   # chapters, open or not, with each challenge's
                                             # stars, lines and best result
    session = start(data, challenge, bots, names)    # a ChallengeSession, ready to play
    ... the table plays it; once `session.decided`:
    verdict = judge(session)                 # won? stars? which condition failed?
    record(verdict, records)                 # the best result, with the date
    session = retry(session, bots)           # again, with the same deal

A challenge is played without assists: undo and hints are off (the session is
competitive), since a puzzle helped is no longer the puzzle, and a set position cannot be
replayed from a deal to take a move back. Retrying starts again from the same deal. A
challenge's game is not counted among the statistics' games (`counts_in_statistics`)
nor saved (`saveable`: the screens leave it out of saves and the autosave); its best
result is kept apart (storage/challenge_stats.py).

The game stops as soon as the challenge is decided: the goal of points is reached, the
round limit is over, or the game ends; then `play` is refused and bots stop.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splendor.engine import (
    Action,
    Buy,
    GameData,
    GameState,
    Phase,
    Refusal,
)
from splendor.engine.actions import Conquer
from splendor.session import seeds
from splendor.session.challenge_data import (
    MEASURES,
    Campaign,
    Challenge,
    Chapter,
)
from splendor.session.challenge_lines import (
    Line,
    constraint_lines,
    feat_line,
    goal_lines,
    star_lines,
)
from splendor.session.challenge_start import PLAYER, build_start
from splendor.session.game import Bots, Session, SessionCounters
from splendor.session.seats import HUMAN, GameOptions, SeatOption
from splendor.storage.challenge_stats import ChallengeBest, improve


class ChallengeSession(Session):
    """A challenge's game: a `Session` that knows its challenge and stops once it is
    decided (see the module docstring)."""

    counts_in_statistics = False
    saveable = False

    def __init__(self, data: GameData, challenge: Challenge, bots: Bots, seed: int,
                 names: Sequence[str]) -> None:
        bots_seats = zip(challenge.opponents, names[1:], strict=True)
        seats = (SeatOption(HUMAN, names[0]), *(SeatOption(lv, n) for lv, n in bots_seats))
        options = GameOptions(seats, first_player=challenge.first, seed=seed,
                              competitive=True, module=challenge.module)
        super().__init__(data, options, bots, state=build_start(data, challenge, seed, names),
                         counters=SessionCounters(extra={"challenge": challenge.id}))
        self.challenge = challenge
        #: The deal's seed (also the bots' and the hidden cards' in a set position): a retry
        #: uses it again.
        self.seed = seed
        self.bot_seeds = {seat: seed * 10 + seat for seat in range(1, challenge.players)}

    def why_no_undo(self) -> Refusal | None:
        """Never: a challenge is played as it falls (said as such, not as a competitive
        game's rule, which the player did not choose here)."""
        return Refusal("undo_challenge", "there is no undo in a challenge")

    def why_no_hint(self) -> Refusal | None:
        """Never: a puzzle helped is no longer the puzzle."""
        return Refusal("hint_challenge", "there are no hints in a challenge")

    @property
    def decided(self) -> bool:
        """Whether the challenge can be judged: the game is over, the points are reached
        (with the feat, if one is asked) or the round limit is past."""
        state = self.state
        if state.is_over():
            return True
        c = self.challenge
        if c.goal == "points" and state.players[PLAYER].points >= c.points and (
                c.feat is None or feat_met(self, *c.feat)):
            return True
        return c.by_round is not None and state.round > c.by_round

    def play(self, action: Action) -> Refusal | None:
        if self.decided and not self.is_over():
            return Refusal("challenge_decided", "the challenge is decided")
        return super().play(action)

    def poll(self) -> None:
        if not self.decided:
            super().poll()

    def human_to_act(self) -> bool:
        # Once decided nothing more is played, though the rules' game may go on.
        return not self.decided and super().human_to_act()


def start(data: GameData, challenge: Challenge, bots: Bots,
          names: Sequence[str] | None = None, seed: int | None = None) -> ChallengeSession:
    """A ready session of `challenge`: its own seed, else `seed`, else a fresh deal.
    `names`: the player's then each opponent's (default 'Player 1', ...)."""
    if challenge.seed is not None:
        seed = challenge.seed
    elif seed is None:
        seed = seeds.new_seed()
    names = tuple(names) if names else tuple(f"Player {i + 1}"
                                             for i in range(challenge.players))
    return ChallengeSession(data, challenge, bots, seed, names)


def retry(session: ChallengeSession, bots: Bots) -> ChallengeSession:
    """The same challenge again from the same deal."""
    return start(session.data, session.challenge, bots, session.options.names, session.seed)


# ------------------------------------------------------------------ the verdict


def rounds_played(state: GameState) -> int:
    """The rounds begun and played so far: the round of the latest turn, which is the
    turn still going when a step of it waits (a noble, tokens to give back, a module's
    step), though `turns` counts only the turns completed."""
    if state.phase not in (Phase.MAIN, Phase.OVER):
        return state.round
    return -(-state.turns // state.num_players)


@dataclass(frozen=True)
class Verdict:
    challenge: str
    won: bool
    #: One to three when won, 0 otherwise.
    stars: int
    #: What failed, ready to be said (`challenge_lines.words`), None when won.
    failed: Line | None
    #: The stars' measure ('round', 'cards', 'points' or 'margin') and its value.
    measure: str
    value: int
    rounds: int
    points: int


def measure(session: Session, challenge: Challenge) -> int:
    state = session.state
    me = state.players[PLAYER]
    what = challenge.stars.measure
    if what == "round":
        return rounds_played(state)
    if what == "cards":
        return len(me.purchased)
    if what == "points":
        return me.points
    return me.points - max(p.points for s, p in enumerate(state.players) if s != PLAYER)


def feat_met(session: Session, kind: str, value: str | int) -> bool:
    """Whether the player did the feat `kind` in the session's game."""
    me = session.state.players[PLAYER]
    mine = [e.action for e in session.log if e.seat == PLAYER]
    if kind == "noble":
        return any(n.id == value for n in me.nobles)
    if kind == "nobles":
        return len(me.nobles) >= int(value)
    if kind == "city":
        city = getattr(me, "city", None)
        return city is not None and city.id == value
    if kind == "posts":
        return len(getattr(me, "posts", ())) >= int(value)
    if kind == "max_cards":
        return len(me.purchased) <= int(value)
    if kind == "orient_cards":
        cards = session.data.card_by_id
        return sum(isinstance(a, Buy) and cards[a.card_id].orient for a in mine) >= int(value)
    assert kind == "conquests"
    return sum(isinstance(a, Conquer) for a in mine) >= int(value)


def judge(session: ChallengeSession) -> Verdict:
    """The verdict on a decided challenge (see `ChallengeSession.decided`)."""
    c = session.challenge
    state = session.state
    me = state.players[PLAYER]
    rounds = rounds_played(state)
    over = state.is_over()
    if c.goal == "points":
        met = me.points >= c.points
        goal = Line("challenges.failed.points", c.points, {"points": me.points})
    else:
        met = over and PLAYER in state.outcome().winners
        goal = Line("challenges.failed.win")
    by_round = c.by_round if c.by_round is not None else 10**6
    limit = Line("challenges.failed.by_round", by_round)
    failed: Line | None = None
    if not met:
        # The round limit passed before the game's end: that is what failed.
        failed = limit if not over and state.round > by_round else goal
    elif rounds > by_round:  # met, but too late
        failed = limit
    elif c.feat is not None and not feat_met(session, *c.feat):
        feat = feat_line(c)
        failed = Line("challenges.failed.feat", feat.count, {**feat.params, "feat": feat.key})
    value = measure(session, c)
    won = failed is None
    return Verdict(c.id, won, c.stars.count(value) if won else 0, failed, c.stars.measure,
                   value, rounds, me.points)


# ------------------------------------------------------------------ progress


def record(verdict: Verdict, bests: dict[str, ChallengeBest],
           today: datetime.date | None = None) -> bool:
    """Count the try in `bests` (a statistics file's `Records.challenges`), keeping its
    result with the date when it beats the best; True when the best changed. The caller
    saves the file (`storage.stats.save_stats`)."""
    best = bests.setdefault(verdict.challenge, ChallengeBest())
    less = MEASURES[verdict.measure]
    better = best.value is None or (verdict.value < best.value if less
                                    else verdict.value > best.value)
    date = (today or datetime.date.today()).isoformat()
    return improve(best, verdict.won, verdict.stars, verdict.value, better, date)


def total_stars(bests: Mapping[str, ChallengeBest]) -> int:
    return sum(b.stars for b in bests.values())


@dataclass(frozen=True)
class ChallengeEntry:
    challenge: Challenge
    #: The stars earned so far (0: not won yet).
    stars: int
    best: ChallengeBest | None
    goal: tuple[Line, ...]
    constraints: tuple[Line, ...]
    star_rules: tuple[Line, ...]

    @property
    def title_key(self) -> str:
        return f"{self.challenge.key}.title"

    @property
    def story_key(self) -> str:
        return f"{self.challenge.key}.story"


@dataclass(frozen=True)
class ChapterEntry:
    chapter: Chapter
    #: Open: the player holds at least `chapter.unlock` stars.
    open: bool
    #: Stars still needed to open it (0 when open).
    missing: int
    challenges: tuple[ChallengeEntry, ...]

    @property
    def title_key(self) -> str:
        return f"{self.chapter.key}.title"


def overview(campaign: Campaign, bests: Mapping[str, ChallengeBest]) -> tuple[ChapterEntry, ...]:
    """The campaign as the player finds it: each chapter open or locked by the stars held,
    each challenge with its stars, best result and lines."""
    held = total_stars({k: v for k, v in bests.items() if campaign.find(k) is not None})
    chapters = []
    for chapter in campaign.chapters:
        entries = tuple(
            ChallengeEntry(c, bests[c.id].stars if c.id in bests else 0, bests.get(c.id),
                           goal_lines(c), constraint_lines(c), star_lines(c))
            for c in chapter.challenges)
        missing = max(0, chapter.unlock - held)
        chapters.append(ChapterEntry(chapter, missing == 0, missing, entries))
    return tuple(chapters)


def is_open(campaign: Campaign, challenge: Challenge,
            bests: Mapping[str, ChallengeBest]) -> bool:
    """Whether `challenge`'s chapter is open."""
    return next(e.open for e in overview(campaign, bests)
                if e.chapter.id == challenge.chapter)

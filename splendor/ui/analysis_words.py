"""The expert's review in the player's language: chances, marks, a seat's summary line,
a judged move's played and expert moves and why the expert's is better (the reasons
worded as the hints are, with what each move scores and does with tokens now).

The move played is said in the past tense: to the person looking at the review when it
is theirs ("You bought a level 1 white card"), of the player otherwise ("Ana bought ...",
"The Hard bot bought ..." for a bot that kept the name the game gave it).
"""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine import (
    GOLD,
    Action,
    Buy,
    ChooseNoble,
    GameData,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    View,
    parse_action,
)
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.i18n import LANGUAGES, has, tr
from splendor.session.analysis import LABELS, MoveAnalysis, SeatSummary
from splendor.session.hints import HintReason
from splendor.session.seats import HUMAN, MAX_SEATS, REMOTE
from splendor.ui.options import default_name, is_default_name, numbered_name
from splendor.ui.wording import (
    card_text,
    color_name,
    hint_move,
    hint_why,
    join,
    needs_text,
    said,
    subject,
    tokens_text,
)

#: The reasons that name an opponent who could buy the card on their next turn: the
#: expert's move keeps it from them, a move that does not leaves it to them.
THREATS = ("block", "hold_block")


def percent(chance: float) -> str:
    """A chance to win (0..1) as a whole percentage."""
    return tr("analysis.percent", value=round(chance * 100))


def fine_percent(chance: float) -> str:
    """A small share of the chance to win (0..1) as a percentage, with a tenth under 10%
    ('0.4%', '3%'; the language's decimal mark)."""
    tenths = round(chance * 1000)
    if tenths >= 100 or tenths % 10 == 0:
        return tr("analysis.percent", value=round(tenths / 10))
    value = f"{tenths // 10}{tr('analysis.decimal_mark')}{tenths % 10}"
    return tr("analysis.percent", value=value)


def label_name(label: str) -> str:
    """'Mistake' for 'mistake' ('' for an unmarked move)."""
    return tr(f"analysis.label.{label}") if label else ""


def summary_line(summary: SeatSummary, name: str) -> str:
    """'Ada: 1 blunder and 3 mistakes; gave away 3% a move on average; best stretch:
    rounds 8–14'."""
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
    given = tr("analysis.summary.given", value=fine_percent(summary.mean_drop))
    return tr("analysis.summary.line", name=name, marks=marks, given=given, stretch=words)


def chances_line(move: MoveAnalysis) -> str:
    return tr("analysis.chances", before=percent(move.before), after=percent(move.after))


def move_words(text: str, data: GameData) -> str:
    """An action's text ('take white blue green') as a hint words it."""
    try:
        return hint_move(parse_action(text), data)
    except (ValueError, KeyError):
        return text  # a kept analysis names an action this version words differently


def subject_name(seat: int, names: Sequence[str], kinds: Sequence[str] = ()) -> str:
    """A player as the subject of a sentence that starts with them: their name, or for a
    bot that kept the name the game gave it, the bot as a sentence names it ('The Hard
    bot', 'The Hard bot 2')."""
    name = names[seat] if 0 <= seat < len(names) else ""
    kind = kinds[seat] if 0 <= seat < len(kinds) else HUMAN
    if kind in (HUMAN, REMOTE) or not has(f"analysis.bot.{kind}") \
            or not is_default_name(name, kind):
        return name
    bot = tr(f"analysis.bot.{kind}")
    for language in LANGUAGES:
        base = default_name(kind, 0, language)
        for n in range(2, 2 * MAX_SEATS):
            if name.strip() == numbered_name(base, n, language):
                return tr("bots.default_name.numbered", name=bot, n=n)
    return bot


def _did(action: Action, data: GameData) -> tuple[str, int | None, dict[str, object]]:
    """The catalog key (under analysis.did / did_you), the count and the words of a
    move played."""
    if isinstance(action, Take):
        return "take", None, {"colors": join([color_name(c) for c in action.colors])}
    if isinstance(action, TakeTwo):
        return "take_two", None, {"color": color_name(action.color)}
    if isinstance(action, Reserve):
        return "reserve", None, {"card": card_text(data, action.card_id)}
    if isinstance(action, ReserveDeck):
        return ("reserve_orient" if action.orient else "reserve_deck"), None, \
            {"level": action.level}
    if isinstance(action, Buy):
        card: dict[str, object] = {"card": card_text(data, action.card_id)}
        if action.discard:
            return "buy_discard", len(action.discard), card
        if action.doubles:
            return "buy_doubles", action.doubles, card
        return "buy", None, card
    if isinstance(action, Return):
        return "return", None, {"tokens": tokens_text(action.tokens)}
    if isinstance(action, ChooseNoble | ReserveNoble):
        noble = data.noble_by_id.get(action.noble_id)
        needs = needs_text(noble.requires) if noble is not None else action.noble_id
        return ("noble" if isinstance(action, ChooseNoble) else "keep_noble"), None, \
            {"needs": needs}
    if isinstance(action, Pass):
        return "pass", None, {}
    return _did_module(action, data)


def _did_module(action: Action, data: GameData) -> tuple[str, int | None, dict[str, object]]:
    if isinstance(action, ChooseCity):
        city = data.city_by_id.get(action.city_id)
        return "city", None, {"points": city.points if city is not None else 0}
    if isinstance(action, ChoosePost):
        return "post", None, {"post": action.post}
    if isinstance(action, TakeGem):
        return "gem", None, {"color": color_name(action.color)}
    if isinstance(action, Pair | TakeFree | Conquer):
        key = {Pair: "pair", TakeFree: "free", Conquer: "conquer"}[type(action)]
        return key, None, {"card": card_text(data, action.card_id)}
    if isinstance(action, Stronghold):
        words: dict[str, object] = {"card": card_text(data, action.card_id)}
        if action.how == "move":
            words["source"] = card_text(data, action.source or "")
        return f"hold_{action.how}", None, words
    return "decline", None, {}


def played_words(text: str, data: GameData, subject: str | None) -> str:
    """The move played, in the past tense: said to the player who made it (`subject`
    None: 'You bought ...'), or of `subject` ('Ana bought ...')."""
    try:
        key, count, words = _did(parse_action(text), data)
    except (ValueError, KeyError):
        return tr("analysis.played_move", move=text)  # a move this version cannot read
    if subject is None:
        return tr(f"analysis.did_you.{key}", count, **words)
    return tr(f"analysis.did.{key}", count, name=subject, **words)


def points_now(text: str, reason: HintReason, data: GameData) -> int:
    """The points a move scores at once: its card's, and the noble's it brings (from the
    move's reason, as the hint finds it)."""
    try:
        action = parse_action(text)
    except ValueError:
        return 0
    points = 0
    if isinstance(action, Buy | Conquer | TakeFree):
        card = data.card_by_id.get(action.card_id)
        points += card.points if card is not None else 0
    if isinstance(action, ChooseNoble):
        noble = data.noble_by_id.get(action.noble_id)
        points += noble.points if noble is not None else 0
    elif reason.code == "buy_noble" and reason.noble is not None:
        noble = data.noble_by_id.get(reason.noble)
        points += noble.points if noble is not None else 0
    return points


def tokens_now(text: str, view: View | None, seat: int, data: GameData) -> int | None:
    """How many tokens a move gains (taken, a gold with a reservation) or loses (spent,
    given back) in the position `view` it was chosen in; None when it cannot be told
    without the position."""
    try:
        action = parse_action(text)
    except ValueError:
        return None
    if isinstance(action, Take):
        return len(action.colors)
    if isinstance(action, TakeTwo):
        return 2
    if isinstance(action, TakeGem):
        return 1
    if isinstance(action, Return):
        return -sum(action.tokens)
    if isinstance(action, Reserve | ReserveDeck):
        return None if view is None else int(view.bank[GOLD] > 0)
    if isinstance(action, Buy | Conquer):
        if action.payment is not None:
            return -sum(action.payment)
        if isinstance(action, Buy) and action.discard:
            return 0
        card = data.card_by_id.get(action.card_id)
        if view is None or card is None or not 0 <= seat < len(view.players):
            return None
        bonuses = view.players[seat].bonuses
        owed = sum(max(0, n - bonuses[c]) for c, n in card.cost_items)
        doubles = action.doubles if isinstance(action, Buy) else 0
        return -max(0, owed - 2 * doubles)
    return 0


def _signed(value: int) -> str:
    """'+3', '−2' (a true minus sign), '0'."""
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")


def figures_lines(move: MoveAnalysis, data: GameData, view: View | None) -> list[str]:
    """What the move played and the expert's give now, where they differ, named as
    their tags on the board: 'Points now: Played 0, Expert 3', 'Tokens: Played +3,
    Expert −4' (none when they are alike)."""
    lines = []
    best = points_now(move.best, move.reason, data)
    played = points_now(move.played, move.played_reason, data)
    if best != played:
        lines.append(tr("analysis.figures.points", best=best, played=played))
    best_tokens = tokens_now(move.best, view, move.seat, data)
    played_tokens = tokens_now(move.played, view, move.seat, data)
    if best_tokens is not None and played_tokens is not None and best_tokens != played_tokens:
        lines.append(tr("analysis.figures.tokens", best=_signed(best_tokens),
                        played=_signed(played_tokens)))
    return lines


def threat(move: MoveAnalysis, names: Sequence[str], data: GameData,
           you: int | None = None) -> str:
    """What an opponent could do after the move played, when the expert's move kept a
    card from them (it could be bought on their next turn) and the move played left it:
    'Gus could then buy a level 2 blue card.' (to `you`, the person looking: 'You could
    then buy ...'; '' otherwise)."""
    reason = move.reason
    if reason.code not in THREATS or reason.card is None or reason.seat is None \
            or not 0 <= reason.seat < len(names) or reason.seat == move.seat \
            or reason.card in move.played.split():
        return ""
    return said("analysis.threat", subject(reason.seat, names, you),
                card=card_text(data, reason.card))


def why_line(move: MoveAnalysis, names: tuple[str, ...], data: GameData,
             player: str | None, detail: bool = True, you: int | None = None) -> str:
    """Why the expert's move is better: what an opponent could do after the move played
    (a card left to them), else the expert's reason; then (with `detail`) what the move
    played was for, when its reason is another. Said to the player who moved (`player`
    None), or of `player` by name; an opponent who is `you`, the person looking, is
    spoken to."""
    best = threat(move, names, data, you) \
        or hint_why(move.reason, names, data, player, you)
    line = tr("analysis.why", why=best)
    played = hint_why(move.played_reason, names, data, player, you)
    if detail and move.played_reason != move.reason \
            and move.played_reason.code != "only_move" and played != best:
        key = "analysis.why_yours" if player is None else "analysis.why_theirs"
        line += " " + tr(key, why=played, player=player or "")
    return line


def judged_lines(move: MoveAnalysis, names: tuple[str, ...], data: GameData,
                 viewer: int | None, kinds: Sequence[str] = (),
                 view: View | None = None, detail: bool = True) -> list[str]:
    """What the review says of a judged move: the mark with the chances (the chances
    alone for an unmarked move), the move played (in the past tense, naming who made
    it), the expert's, why the expert's is better (with `detail`, what the move played
    was for) and, where they differ, what each scores and does with tokens now (`view`:
    the position the move was chosen in, for the tokens a purchase spends). Said to the
    player when the move is `viewer`'s (the review's one person), and of the player by
    name otherwise (another seat's, or any seat's in a review shown to everyone at the
    screen); `kinds`: each seat's, a bot named as one."""
    lines = [tr("analysis.marked", label=label_name(move.label),
                before=percent(move.before), after=percent(move.after))
             if move.label else chances_line(move)]
    own = move.seat == viewer
    lines.append(played_words(move.played, data,
                              None if own else subject_name(move.seat, names, kinds)))
    lines.append(tr("analysis.expert_move", move=move_words(move.best, data)))
    player = None if own else names[move.seat]
    lines.append(why_line(move, names, data, player, detail, viewer))
    return lines + figures_lines(move, data, view)

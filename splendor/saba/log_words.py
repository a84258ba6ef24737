"""Saba's game log in the player's language: a line for each decision and one for each
consequence it brought (`splendor.saba.log.SabaLogEntry`). `you` is the seat of the
person at the screen (None: nobody in particular): what concerns that seat is said to
them ("You take 3 ebony from the vizier section"), as Splendor's log does
(`splendor.i18n.said`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from splendor.i18n import said, tr
from splendor.saba.engine import (
    Action,
    Buy,
    ChooseFace,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Enter,
    MoveVizier,
    PalaceCard,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    SabaData,
    SpecialCard,
    Step,
    Swap,
    Use,
)
from splendor.saba.turn_log import SabaLogEntry
from splendor.saba.words import (
    capital,
    card_name,
    material_name,
    quarter_name,
    section_action,
    section_name,
    unit_text,
    units_text,
    use_words,
)


def log_lines(
    entry: SabaLogEntry, data: SabaData, names: Sequence[str], you: int | None = None
) -> list[str]:
    """The log's lines for one entry: the decision, then what it brought about. Said to
    the person at the screen where it concerns their seat (`you`)."""

    def who(seat: int) -> str | None:
        return None if seat == you else names[seat]

    name = who(entry.seat)
    lines = [] if isinstance(entry.action, Draw) else [_decision(entry, data, name)]
    if _crossed_nothing(entry, data):
        lines.append(said("saba_log.cross_none", name))
    lines += [said("saba_log.draw", name)] * entry.drew
    if entry.reshuffled:  # for the card just drawn (S50)
        lines.append(tr("saba_log.reshuffled"))
    for owner, garden in entry.displaced:
        lines.append(said("saba_log.displaced", who(owner), garden=garden))
    lines += [said("saba_log.harem_out", who(seat)) for seat in entry.harem_out]
    if not isinstance(entry.action, Recall):  # a recall's line says where the figure went
        lines += [said("saba_log.treasury", who(seat)) for seat in entry.treasury]
    lines += _nobody_in_treasury(entry, data, who)
    # The decision's own card leaves first (bought, crossed out, or the build or scoring
    # it settles); the others were no longer buildable (S34).
    lines += [tr("saba_log.dropped", card=card_name(data, c)) for c in entry.out[1:]]
    if entry.end_reason is not None:
        ended = "card" if entry.end_reason == "end_card" else "palace"
        lines.append(tr(f"saba_log.ended_{ended}"))
    return [capital(line) for line in lines]


def _nobody_in_treasury(
    entry: SabaLogEntry, data: SabaData, who: Callable[[int], str | None]
) -> list[str]:
    """Why a treasury scoring just bought gave nobody a figure (S56-S57): a tie the harem
    leaves, or a leader with no figure anywhere (one in a quarter is chosen next)."""
    action = entry.action
    if not isinstance(action, Buy) or entry.treasury or entry.after is Step.RECALL:
        return []
    card = data.card_by_id[action.card_id]
    if not isinstance(card, SpecialCard) or card.effect != "treasury_scoring":
        return []
    if entry.leader is None:
        return [tr("saba_log.treasury_tied")]
    return [said("saba_log.treasury_no_figure", who(entry.leader))]


def _crossed_nothing(entry: SabaLogEntry, data: SabaData) -> bool:
    """The cross section taken with no palace card on the build spaces to cross out."""
    action = entry.action
    return (
        isinstance(action, ChooseFace)
        and section_action(data, action.section) == "remove_palace_card"
        and entry.after is not Step.CROSS
    )


def _decision(entry: SabaLogEntry, data: SabaData, name: str | None) -> str:
    """The line of the decision itself."""
    action, gained = entry.action, entry.gained
    if isinstance(action, ChooseFace):
        section = section_name(data, action.section)
        if not any(gained):
            return said("saba_log.harbour_empty", name, section=section)
        return said("saba_log.harbour", name, units=units_text(gained), section=section)
    if isinstance(action, MoveVizier):
        where = quarter_name(data, action.quarter)
        produces = data.quarters[data.quarter_index(action.quarter)].material
        if any(gained):
            return said("saba_log.vizier_takes", name, units=units_text(gained), quarter=where)
        if produces is not None:  # the supply had none of it left (S54)
            material = material_name(produces)
            return said("saba_log.vizier_none", name, material=material, quarter=where)
        return said("saba_log.vizier", name, quarter=where)
    if isinstance(action, Decline):
        key = "swap_declined" if entry.step is Step.SWAP else "harem_declined"
        return said(f"saba_log.{key}", name)
    if isinstance(action, Buy):
        card = data.card_by_id[action.card_id]
        key = "build" if isinstance(card, PalaceCard) else "buy"
        paid = units_text(entry.paid)
        return said(f"saba_log.{key}", name, card=card_name(data, card.id), units=paid)
    if isinstance(action, Recall):
        quarter = quarter_name(data, action.quarter)
        if entry.garden is None:
            return said("saba_log.recall_treasury", name, quarter=quarter)
        return said("saba_log.recall_balcony", name, quarter=quarter, garden=entry.garden)
    if isinstance(action, Place):
        gold = -sum(gained)
        return said("saba_log.place", name, gold, quarter=quarter_name(data, action.quarter))
    if isinstance(action, Use):
        key = "use_exchange" if action.give is not None else "use"
        return said(f"saba_log.{key}", name, None, **use_words(data, action))
    return _simple(action, data, name)


def _simple(action: Action, data: SabaData, name: str | None) -> str:
    """The decisions whose words need nothing but the action."""
    if isinstance(action, Remove):
        return said("saba_log.remove", name, card=card_name(data, action.card_id))
    if isinstance(action, Swap):
        give, take = unit_text(action.give), unit_text(action.take)
        return said("saba_log.swap", name, give=give, take=take)
    if isinstance(action, Enter):
        return said("saba_log.enter", name)
    if isinstance(action, EndTurn):
        return said("saba_log.end_turn", name)
    if isinstance(action, Discard):
        return said("saba_log.discard", name, card=card_name(data, action.card_id))
    if isinstance(action, Return):
        return said("saba_log.return", name, units=unit_text(action.material))
    if isinstance(action, Play):
        card = card_name(data, action.card_id)
        return said("saba_log.play", name, card=card, units=unit_text(action.material))
    raise ValueError(f"no words for {action!r}")

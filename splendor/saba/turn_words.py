"""A turn of Saba in the player's language: what the seat deciding now is asked (`prompt`),
what the others read meanwhile (`status`), a suggested move (`advice`) and why a move is
refused (`refusal_text`). `you` is the seat of the person at the screen (None: nobody in
particular)."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine.errors import Refusal
from splendor.i18n import has, said, tr
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
    SabaView,
    Step,
    Swap,
    Use,
)
from splendor.saba.words import (
    capital,
    card_name,
    join,
    material_name,
    quarter_name,
    section_name,
    unit_text,
    use_words,
)


def prompt(view: SabaView, data: SabaData) -> str:
    """What the seat deciding now is asked to do, in the second person ('Choose a palace
    card on the build spaces to cross out.'); 'The game is over.' at the end."""
    step = view.step
    if step is Step.START:
        first, second = (section_name(data, f) for f in view.players[view.turn_player].faces)
        return tr("saba_turn.prompt.start", first=first, second=second)
    if step is Step.SWAP:
        return tr(
            "saba_turn.prompt.swap", quarter=quarter_name(data, data.quarters[view.vizier].id)
        )
    if step is Step.BUILD:
        return tr("saba_turn.prompt.build_built" if view.built else "saba_turn.prompt.build")
    if step in (Step.HAREM, Step.RECALL):
        card = data.card_by_id.get(view.pending or "")
        if not isinstance(card, PalaceCard):
            return tr("saba_turn.prompt.recall_treasury")
        key = "harem" if step is Step.HAREM else "recall_balcony"
        return tr(f"saba_turn.prompt.{key}", garden=card.garden)
    if step is Step.LIMIT:
        return _limit(view, data)
    return tr(f"saba_turn.prompt.{step.value}")


def _limit(view: SabaView, data: SabaData) -> str:
    """The end-of-turn check: what is still to discard and give back (S52)."""
    player = view.players[view.turn_player]
    parts = []
    cards = player.hand_size - data.hand_limit
    if cards > 0:
        parts.append(tr("saba_turn.prompt.limit_cards", cards))
    units = sum(player.stock) - data.stock_limit
    if units > 0:
        parts.append(tr("saba_turn.prompt.limit_units", units))
    return tr("saba_turn.prompt.limit", what=join(parts))


def status(view: SabaView, you: int | None = None) -> str:
    """What the seat deciding now is doing, for everyone at the table ('Ada takes a
    harbour section'; said to `you`: 'You take a harbour section')."""
    seat = view.current_player
    if seat is None:
        return tr("saba_turn.prompt.over")
    name = None if seat == you else view.players[seat].name
    return said(f"saba_turn.status.{view.step.value}", name)


def advice(action: Action, data: SabaData, step: Step | None = None) -> str:
    """A move suggested to the player, or the words of the button that makes it ('Take
    the vizier section'). `step` tells a Decline of the vizier's exchange (Step.SWAP) from
    one of the harem."""
    if isinstance(action, ChooseFace):
        return tr("saba_turn.advice.harbour", section=section_name(data, action.section))
    if isinstance(action, Remove | Discard):
        return tr(f"saba_turn.advice.{action.kind}", card=card_name(data, action.card_id))
    if isinstance(action, MoveVizier | Recall | Place):
        quarter = quarter_name(data, action.quarter)
        return tr(f"saba_turn.advice.{action.kind}", quarter=quarter)
    if isinstance(action, Swap):
        give, take = unit_text(action.give), unit_text(action.take)
        return tr("saba_turn.advice.swap", give=give, take=take)
    if isinstance(action, Decline):
        return tr(f"saba_turn.advice.{'swap' if step is Step.SWAP else 'harem'}_decline")
    if isinstance(action, Buy):
        key = "build" if isinstance(data.card_by_id.get(action.card_id), PalaceCard) else "buy"
        return tr(f"saba_turn.advice.{key}", card=card_name(data, action.card_id))
    if isinstance(action, Return):
        return tr("saba_turn.advice.return", units=unit_text(action.material))
    if isinstance(action, Play):
        card, units = card_name(data, action.card_id), unit_text(action.material)
        return tr("saba_turn.advice.play", card=card, units=units)
    if isinstance(action, Use):
        key = "use_exchange" if action.give is not None else "use"
        return tr(f"saba_turn.advice.{key}", None, **use_words(data, action))
    if isinstance(action, Enter | Draw | EndTurn):
        return tr(f"saba_turn.advice.{action.kind}")
    raise ValueError(f"no words for {action!r}")


def refusal_text(
    reason: str, data: SabaData, names: Sequence[str] = (), you: int | None = None
) -> str:
    """Why a move is refused, said to the player who tried it: a Refusal of Saba's rules
    (`saba_reason.<code>`) or of the session (pause, undo, hints: `reason.<code>`), with
    its parameters in words; any other text as it is."""
    if not isinstance(reason, Refusal):
        return reason
    params: dict[str, object] = dict(reason.params)
    count = params.pop("count", None)
    code = reason.code
    key = f"saba_reason.{code}"
    if code == "nothing_to_decide" and has(f"saba_reason.not_asked.{params.get('kind')}"):
        key = f"saba_reason.not_asked.{params['kind']}"
    if not has(key):
        key = f"reason.{code}"  # a session's refusal, shared with Splendor
    words = _refusal_words(params, data)
    seat = params.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        if seat == you:
            return capital(said(key, None, None, **words))
        words["name"] = names[seat]
    return capital(tr(key, int(count) if isinstance(count, int) else None, **words))


def _refusal_words(params: dict[str, object], data: SabaData) -> dict[str, object]:
    """A refusal's parameters as words: materials, cards, quarters and sections by name."""
    words = dict(params)
    material = params.get("material")
    if isinstance(material, int):
        words["material"] = material_name(material)
    if "card" in params:
        words["card"] = card_name(data, str(params["card"]))
    if "quarter" in params:
        words["quarter"] = quarter_name(data, str(params["quarter"]))
    if "section" in params:
        section = str(params["section"])
        known = any(s.id == section for s in data.sections)
        words["section"] = section_name(data, section) if known else section
    return words

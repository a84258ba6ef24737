"""What the panel of Saba's table says, in the language in use: the prompt to the player
deciding (or who is deciding), the buttons' words, a refusal, a notice, the hint with
its reason (hint_why.py), the log."""

from __future__ import annotations

from collections.abc import Sequence

from splendor.engine.errors import Refusal
from splendor.i18n import tr
from splendor.saba.engine import Action, SabaData, SabaView
from splendor.saba.hint_why import hint_reason, why_text
from splendor.saba.session import SabaSession
from splendor.saba.turn_words import advice, prompt, refusal_text, status
from splendor.ui.saba.choices import side_actions
from splendor.ui.saba.panel import PanelText


def offered_actions(
    view: SabaView, acting: bool, choosing: tuple[object, tuple[Action, ...]] | None
) -> tuple[Action, ...]:
    """The decisions the panel's buttons make: a part's options being chosen among, else
    the side decisions of the step when the player decides."""
    if choosing is not None:
        return choosing[1]
    return side_actions(view) if acting else ()


def panel_words(
    session: SabaSession,
    view: SabaView,
    data: SabaData,
    *,
    you: int | None,
    acting: bool,
    offered: tuple[Action, ...],
    choosing: bool,
    refusal: Refusal | None,
    notice: str,
    assists: bool,
    log: Sequence[str],
) -> PanelText:
    """The panel's words for `view` (the seat at the screen) and what the table holds."""
    names = session.options.names
    if session.is_over() or acting:
        words = prompt(view, data)
    elif session.thinking and view.current_player is not None:
        words = tr("table.status.thinking", name=names[view.current_player])
    else:
        words = status(view, you)
    hint = session.hint
    if hint is not None and acting:
        why = why_text(hint_reason(view, data, hint), data, names)
        move = tr("hint.sentence", move=advice(hint, data, view.step), why=why)
        hint_text = tr("saba_table.hint", move=move)
    else:
        hint_text = tr("hint.thinking") if session.hint_pending else ""
    return PanelText(
        prompt=words,
        actions=tuple(advice(a, data, view.step) for a in offered),
        cancel=choosing,
        refusal=refusal_text(refusal, data, names, you) if refusal is not None else "",
        notice=notice,
        assists=assists,
        undo=session.why_no_undo() is None,
        hint=session.why_no_hint() is None and not session.hint_pending,
        hint_text=hint_text,
        log=tuple(log),
    )

"""Saba in words, in every language: a sentence for every refusal of its rules, a log line
for every action and consequence (said to the person at the screen when it is theirs), a
prompt and a status for every step, a hint for every move, the final scores with the
harem's tie-break explained, and the honesty notice of RULES_SABA section 8."""

from __future__ import annotations

import ast
import functools
import random
import re
from pathlib import Path

import pytest

from splendor.i18n import LANGUAGES, load_catalog, tr, translate
from splendor.saba.engine import (
    ACTION_TYPES,
    MATERIALS,
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
    Refusal,
    Remove,
    Return,
    SabaState,
    Step,
    Swap,
    Use,
    observe,
)
from splendor.saba.engine.outcome import decide
from splendor.saba.engine.refusals import _NOT_NOW
from splendor.saba.log_words import log_lines
from splendor.saba.result_words import detail_text, end_text, headline, tie_lines
from splendor.saba.turn_log import SabaLogEntry, apply_logged
from splendor.saba.turn_words import advice, prompt, refusal_text, status
from splendor.saba.words import (
    card_name,
    material_name,
    notice,
    quarter_does,
    quarter_name,
    reconstructed_tip,
    section_does,
    section_name,
    surcharge_text,
    units_text,
)
from splendor.storage.paths import saba_data_path
from tests.saba.helpers import DATA, at_build, game, play
from tests.ui.test_module_wording import speaking

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ada", "Bob", "Cyd", "Dee")
#: The data's card ids and the quarters' ids, which no sentence may show as they are.
IDS = re.compile(r"\b(arch|fountain|pillar|action|treasury)-\d+\b|\b(stonemasons|goldsmiths)\b")


def _filled(text: str, code: str) -> None:
    """A sentence with every placeholder filled, no data id, a capital first letter."""
    assert text.strip() and "{" not in text and "}" not in text, text
    assert not (code == "en" and IDS.search(text)), text


def _chosen(rng: random.Random, actions: tuple[Action, ...]) -> Action:
    """A random legal move, leaning towards the rarer ones so that a few games meet
    every kind of action and consequence (and away from playing cards, so that hands grow
    past the limit)."""
    for kind in ("discard", "buy", "enter", "recall", "place", "use", "remove"):
        found = [a for a in actions if a.kind == kind]
        if found and rng.random() < 0.6:
            return rng.choice(found)
    kept = [a for a in actions if a.kind != "play"]
    return rng.choice(kept if kept and rng.random() < 0.8 else actions)


@functools.cache
def _played() -> tuple[tuple[SabaState, SabaLogEntry], ...]:
    """Every decision of a few games (2, 3 and 4 players) with the state before it."""
    out = []
    for seed, players in ((9, 2), (27, 3), (8, 4)):
        rng = random.Random(seed)
        s = game(players, seed)
        while not s.is_over():
            before = s.clone()
            out.append((before, apply_logged(s, _chosen(rng, s.legal_actions()))))
    return tuple(out)


def _kind(entry: SabaLogEntry) -> str:
    """An action's kind, a Decline told apart by what it declines."""
    if isinstance(entry.action, Decline):
        return f"decline {entry.step.value}"
    return entry.action.kind


# -------------------------------------------------------------------- pieces


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_piece_of_the_shipped_data_has_its_name(code: str) -> None:
    """Quarters, sections and special cards are named from the catalogs, never by the
    data's German titles or ids; each says what it does; a reconstructed value's tip
    names its ruling."""
    catalog = load_catalog(code)
    for quarter in DATA.quarters:
        assert f"saba.quarter.{quarter.id}.name" in catalog
        assert f"saba.quarter.{quarter.id}.short" in catalog
    for card in DATA.special_cards:
        assert f"saba.card.special.{card.id.replace('-', '_')}" in catalog
    with speaking(code):
        names = [quarter_name(DATA, q.id) for q in DATA.quarters]
        names += [section_name(DATA, s.id) for s in DATA.sections]
        names += [card_name(DATA, c.id) for c in DATA.palace_cards]
        names += [card_name(DATA, c.id) for c in DATA.special_cards]
        assert len(set(names)) == len(names), "two pieces are named alike"
        words = [quarter_does(DATA, q.id) for q in DATA.quarters]
        words += [section_does(DATA, s.id) for s in DATA.sections]
        words += [card_name(DATA, c.id) for c in DATA.action_cards]
        words += [surcharge_text(n) for n in DATA.surcharges]
        for word in names + words:
            _filled(word, code)
            assert not any(q.name_de in word for q in DATA.quarters), word
        tip = reconstructed_tip(DATA.build_spaces[1].provenance)
        assert "A6" in tip, "build space 2's gold: ruling A6"


# ------------------------------------------------------------------ refusals


def _refusal_codes() -> set[str]:
    codes = set()
    for path in (ROOT / "splendor" / "saba").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "Refusal"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(str(node.args[0].value))
    return codes


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_of_sabas_rules_has_a_sentence_in_every_language(code: str) -> None:
    catalog = load_catalog(code)
    codes = _refusal_codes()
    assert len(codes) > 35, "the scan found too few refusals: is it still right?"
    assert not sorted(c for c in codes if f"saba_reason.{c}" not in catalog)
    # A decision asked for out of its step: a sentence by the kind of decision.
    kinds = {cls.kind for cls in ACTION_TYPES if cls in _NOT_NOW} | {Decline.kind}
    assert not sorted(k for k in kinds if f"saba_reason.not_asked.{k}" not in catalog)


def _candidates() -> list[Action]:
    """Moves of every kind naming every card, quarter, section and material (a few)."""
    cards = [c.id for c in DATA.palace_cards[::5]] + [c.id for c in DATA.special_cards]
    quarters = [q.id for q in DATA.quarters] + ["harbour-town"]
    pairs = [(g, t) for g in MATERIALS for t in MATERIALS if g != t]
    out: list[Action] = [ChooseFace(s.id) for s in DATA.sections]
    out += [Decline(), Enter(), Draw(), EndTurn()]
    out += [Remove(c) for c in cards] + [Buy(c) for c in cards]
    out += [Discard("action-01"), *(Return(m) for m in MATERIALS)]
    out += [Play(c.id, m) for c in DATA.action_cards[::6] for m in MATERIALS]
    for q in quarters:
        out += [MoveVizier(q), Recall(q), Place(q), Use(q), Use(q, *pairs[0]), Use(q, 3, 0)]
    return out + [Swap(g, t) for g, t in pairs]


def test_the_refusals_met_in_play_are_said_in_every_language() -> None:
    """Moves of every kind tried at the decisions of a few games: each refusal met is
    worded in every language with its cards, quarters and materials named."""
    met: dict[tuple[str, object], Refusal] = {}
    candidates = _candidates()
    for before, _ in _played()[::4]:
        for action in candidates:
            reason = before.why_illegal(action)
            if reason is not None:
                met.setdefault((reason.code, reason.params.get("kind")), reason)
    s = at_build(game(2, 8))  # a palace card whose garden space is already that high
    card = next(c for c in s.display if c.id.startswith(("arch", "fountain")))
    assert isinstance(card, PalaceCard)
    s.levels[card.garden - 1] = 3
    s._legal = None
    higher = s.why_illegal(Buy(card.id))
    assert higher is not None
    met["garden_higher", None] = higher
    assert len(met) >= 40, sorted(met)
    for code in LANGUAGES:
        with speaking(code):
            for reason in met.values():
                text = refusal_text(reason, DATA, NAMES)
                _filled(text, code)
                assert text[0] == text[0].upper(), text
                if isinstance(reason.params.get("material"), int):
                    assert material_name(int(reason.params["material"])) in text, text
            garden = refusal_text(met["garden_higher", None], DATA, NAMES)
            assert card_name(DATA, card.id) in garden and str(card.garden) in garden


def test_a_refusal_naming_a_seat_speaks_to_that_seat() -> None:
    """The owner of a displaced figure decides on the harem first: named to the others,
    spoken to when they are the person at the screen."""
    for before, entry in _played():
        if entry.step is Step.HAREM and entry.seat != before.current:
            reason = before.why_illegal(Draw())
            break
    else:
        raise AssertionError("no harem decision by another seat in the games played")
    assert reason is not None
    seat = int(reason.params["seat"])
    assert refusal_text(reason, DATA, NAMES) == tr("saba_reason.harem_first", name=NAMES[seat])
    assert refusal_text(reason, DATA, NAMES, you=seat) == tr("saba_reason.you.harem_first")
    assert refusal_text(tr("reason.paused"), DATA) == "The game is paused."


# ----------------------------------------------------------------------- log


def test_every_action_and_consequence_is_logged_and_advised_in_every_language() -> None:
    entries = [entry for _, entry in _played()]
    kinds = {_kind(e) for e in entries}
    every = {cls.kind for cls in ACTION_TYPES if cls is not Decline}
    assert kinds == every | {"decline swap", "decline harem"}, "a kind was never played"
    facts = {
        "displaced": any(e.displaced for e in entries),
        "harem_out": any(e.harem_out for e in entries),
        "treasury": any(e.treasury for e in entries if not isinstance(e.action, Recall)),
        "dropped": any(e.out[1:] for e in entries),
        "treasury_tied": any(
            isinstance(e.action, Buy)
            and e.action.card_id.startswith("treasury")
            and not e.treasury
            and e.leader is None
            for e in entries
        ),
        "recall_balcony": any(e.garden for e in entries),
        "reshuffled": any(e.reshuffled for e in entries),
        "ended": any(e.end_reason for e in entries),
    }
    assert all(facts.values()), facts
    for code in LANGUAGES:
        with speaking(code):
            for entry in entries:
                lines = log_lines(entry, DATA, NAMES)
                assert lines and NAMES[entry.seat] in lines[0], (entry, lines)
                for line in lines:
                    _filled(line, code)
                    assert line[0] == line[0].upper(), line
                _filled(advice(entry.action, DATA, entry.step), code)


def test_each_line_says_what_happened() -> None:
    """The lines name what the entry holds: units taken, the price paid, the figure pushed
    off, the treasury's figure, the cards no longer buildable and the end."""
    for before, entry in _played():
        text = " ".join(log_lines(entry, DATA, NAMES))
        if isinstance(entry.action, ChooseFace) and any(entry.gained):
            assert units_text(entry.gained) in text
        if isinstance(entry.action, Buy):
            assert card_name(DATA, entry.action.card_id) in text
            assert units_text(entry.paid) in text
        for owner, garden in entry.displaced:
            assert tr("saba_log.displaced", name=NAMES[owner], garden=garden) in text
        for card in entry.out[1:]:
            assert tr("saba_log.dropped", card=card_name(DATA, card)) in text
        if entry.end_reason == "end_card":
            assert tr("saba_log.ended_card") in text
        if isinstance(entry.action, Place):
            cost = DATA.placement_costs[
                len(before.quarters[DATA.quarter_index(entry.action.quarter)])
            ]
            assert f"{cost} gold" in text


def test_what_the_person_at_the_screen_does_is_said_to_them() -> None:
    """'You take 3 ebony from the vizier section', never the seat's name nor a third
    person called 'You'; what befalls them in another's turn too ('Your figure leaves
    ...')."""
    s = game(2, 11)
    units = s.harbour_units[2], s.harbour_material[2]  # the vizier section, position 3
    entry = apply_logged(s, ChooseFace("vizier"))
    taken = f"{units[0]} {material_name(units[1])}"
    assert log_lines(entry, DATA, NAMES, you=0) == [f"You take {taken} from the vizier section"]
    assert log_lines(entry, DATA, NAMES) == [f"Ada takes {taken} from the vizier section"]
    with speaking("fr"):
        assert log_lines(entry, DATA, NAMES, you=0)[0].startswith("Vous prenez ")
    for code in LANGUAGES:
        you = translate(code, "tutorial.names.you")
        with speaking(code):
            for _, entry in _played():
                seat = entry.seat
                lines = log_lines(entry, DATA, NAMES, you=seat)
                assert not any(NAMES[seat] in line for line in lines), lines
                named = tuple(you if n == NAMES[seat] else n for n in NAMES)
                if code != "pt":  # Brazilian 'você' takes the third person's verb
                    as_named = [line for line in log_lines(entry, DATA, named) if you in line]
                    assert as_named and not set(lines) & set(as_named), lines
                for owner, garden in entry.displaced:
                    if owner != seat:
                        theirs = log_lines(entry, DATA, NAMES, you=owner)
                        assert tr("saba_log.you.displaced", garden=garden) in theirs


# --------------------------------------------------------------------- turns


def test_every_step_has_a_prompt_and_a_status_in_every_language() -> None:
    seen: dict[tuple[Step, object], SabaState] = {}
    for before, _ in _played():
        seen.setdefault((before.step, before.built), before)
    steps = {step for step, _ in seen}
    assert steps == set(Step) - {Step.OVER}, steps
    for code in LANGUAGES:
        with speaking(code):
            for s in seen.values():
                seat = s.current_player()
                assert seat is not None  # no step seen is the game's end
                view = observe(s, seat)
                _filled(prompt(view, DATA), code)
                _filled(status(view), code)
                assert NAMES[seat] not in status(view, you=seat)
                assert status(view) == tr(
                    f"saba_turn.status.{s.step.value}", name=s.setup.names[seat]
                )


def test_the_prompts_name_what_the_player_chooses_from() -> None:
    s = game(2, 2)
    view = observe(s, 0)
    assert prompt(view, DATA).startswith(
        "Take the hand section or the vizier section of the harbour."
    )
    play(s, "harbour vizier")
    assert (
        prompt(observe(s, 0), DATA)
        == "Move the vizier to another quarter: you get that quarter's effect once."
    )
    assert status(observe(s, 1)) == f"{s.setup.names[0]} moves the vizier"
    assert status(observe(s, 0), you=0) == "You move the vizier"


# ------------------------------------------------------------------- results


def test_the_harem_breaks_ties_and_says_how() -> None:
    names = NAMES[:3]
    # Ada and Bob tied on 3: Ada has two markers (spaces 2 and 3), Bob one (space 1).
    more = decide((3, 3, 1), (1, 0, 0), "end_card")
    assert headline(more, names) == "Ada wins!" and headline(more, names, you=0) == "You win!"
    assert tie_lines(more, names) == [
        "Tied on 3 points, the harem decides (more markers first, then the marker nearest to "
        "space 1): Ada has 2 markers, the nearest on space 2 and Bob has 1 marker, on space 1."
    ]
    assert "you have 2 markers, the nearest on space 2" in tie_lines(more, names, you=0)[0]
    # As many markers: the nearer to space 1 wins.
    nearer = decide((3, 3, 1), (1, 2, 0), "palace_cards")
    assert nearer.winners == (1,)
    assert (
        "Bob has 1 marker, on space 1 and Ada has 1 marker, on space 3"
        in tie_lines(nearer, names)[0]
    )
    # Nobody tied on markers: a shared victory, said to the one who shares it.
    shared = decide((4, 4, 1), (2,), "palace_cards")
    assert headline(shared, names) == "Ada and Bob share the victory!"
    assert headline(shared, names, you=1) == "You share the victory with Ada!"
    assert (
        tie_lines(shared, names)[-1]
        == "No harem marker tells Ada and Bob apart: they share the victory."
    )
    # A tie lower down is explained too.
    lower = decide((5, 2, 2, 2), (3,), "palace_cards")
    assert (
        tie_lines(lower, NAMES)[-1]
        == "No harem marker tells Bob and Cyd apart: they share place 3."
    )
    for code in LANGUAGES:
        with speaking(code):
            for outcome in (more, nearer, shared, lower):
                for you in (None, 0, 1):
                    _filled(headline(outcome, NAMES, you), code)
                    for line in tie_lines(outcome, NAMES, you):
                        _filled(line, code)


def test_the_end_is_explained_with_each_players_points() -> None:
    for before, entry in _played():
        if entry.end_reason is None:
            continue
        s = before.clone()
        s.apply(entry.action)
        view = observe(s, 0)
        for code in LANGUAGES:
            with speaking(code):
                _filled(end_text(view), code)
                _filled(end_text(view, you=s.current), code)
                for seat in range(s.num_players):
                    _filled(detail_text(view, seat), code)
        if entry.end_reason == "end_card":
            buyer = s.setup.names[s.current]
            assert end_text(view) == tr("saba_results.end.end_card", name=buyer, round=view.round)
        else:
            assert end_text(view) == tr("saba_results.end.palace_cards", round=view.round)


def test_the_notice_says_what_is_reconstructed_and_where_the_data_lies() -> None:
    """RULES_SABA.md section 8: a reconstruction, not the printed values, the advanced
    game missing, the data file named; the same in every language."""
    title, text = notice()
    assert title == "About this version of Saba"
    for phrase in (
        "is a reconstruction",
        "not the values printed",
        "advanced game",
        "not included",
        "Goldsieber 2007",
    ):
        assert phrase in text
    assert str(saba_data_path()) in text and "saba-data --copy" in text
    for code in LANGUAGES:
        with speaking(code):
            title, text = notice()
            _filled(title, code)
            assert str(saba_data_path()) in text and "21" in text and "Goldsieber" in text

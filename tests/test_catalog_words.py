"""The words each language uses, the same everywhere it is shown: one vocabulary for the
gems (French, Spanish and Portuguese name them as gems, 'diamant, saphir, émeraude';
English by colour, 'white, blue, green'), in the catalogs, the rules and the tutorial,
whose steps name the tokens to take as the bank and the log do; and one Portuguese,
Brazilian ('Seu nome', 'em uma mesa', 'Sua vez'), never European ('O seu nome', 'numa
mesa')."""

from __future__ import annotations

import functools
import re

import pytest

from splendor.engine import COLOR_NAMES, Take, TakeTwo
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, load_catalog, translate
from splendor.session.tutorial import text_key
from splendor.session.tutorial_data import Tutorial, load_tutorial
from splendor.ui.scenes.rules import load_rules

#: Each language's two ways of naming the five gems: by colour, and by gem.
COLOURS = {
    "en": r"white|blue|green|red|black",
    "fr": r"blanc|blanche|blancs|blanches|bleu|bleue|bleus|bleues|vert|verte|verts|vertes"
    r"|rouge|rouges|noir|noire|noirs|noires",
    "es": r"blanc[oa]s?|azul|azules|verdes?|roj[oa]s?|negr[oa]s?",
    "pt": r"branc[oa]s?|azul|azuis|verdes?|vermelh[oa]s?|pret[oa]s?",
}
GEMS = {
    "en": r"diamonds?|sapphires?|emeralds?|ruby|rubies|onyx",
    "fr": r"diamants?|saphirs?|émeraudes?|rubis|onyx",
    "es": r"diamantes?|zafiros?|esmeraldas?|rubí|rubíes|ónice",
    "pt": r"diamantes?|safiras?|esmeraldas?|rubis?|ônix",
}
#: Entries naming a colour the screen draws, not a gem: the red mark on a token picked.
DRAWN_COLOURS = {"turn.return.how"}


@functools.cache
def _tutorial() -> Tutorial:
    return load_tutorial(base_game())


@functools.cache
def _texts(code: str) -> dict[str, str]:
    """Every text a player of `code` can read: the catalog's entries (each plural form)
    and the rules' paragraphs, by where they are."""
    texts: dict[str, str] = {}
    for key, entry in load_catalog(code).items():
        forms = entry.items() if isinstance(entry, dict) else [("", entry)]
        texts |= {f"{key}.{form}".rstrip("."): text for form, text in forms}
    title, sections = load_rules(code)
    texts["rules"] = title
    for n, section in enumerate(sections):
        texts[f"rules {n}"] = " ".join((section.title, *section.paragraphs))
    return texts


def _other_words(code: str) -> re.Pattern[str]:
    """The vocabulary `code` does not use (its catalog names the white gem one way)."""
    white = translate(code, "common.color.white")
    by_gem = re.fullmatch(GEMS[code], white, re.IGNORECASE) is not None
    return re.compile(rf"\b({COLOURS[code] if by_gem else GEMS[code]})\b", re.IGNORECASE)


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_names_the_gems_one_way(code: str) -> None:
    other = _other_words(code)
    found = {
        where: m.group()
        for where, text in _texts(code).items()
        if where not in DRAWN_COLOURS and (m := other.search(text))
    }
    assert not found, f"{code} names gems the other way in {found}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tutorial_names_the_tokens_to_take_as_the_bank_does(code: str) -> None:
    """A step that takes tokens names each colour as `common.color` does, which the
    bank's piles, the log, the hints and the give-back panel say."""
    steps = [s for s in _tutorial().steps if isinstance(s.expect[0], Take | TakeTwo)]
    assert [s.id for s in steps] == ["take_three", "take_two", "return"]
    for step in steps:
        action = step.expect[0]
        assert isinstance(action, Take | TakeTwo)
        colors = action.colors if isinstance(action, Take) else (action.color,)
        for part in ("text", "refusal"):
            said = translate(code, text_key(step.id, part))
            for color in colors:
                name = translate(code, f"common.color.{COLOR_NAMES[color]}")
                assert re.search(rf"\b{re.escape(name)}", said, re.IGNORECASE), (
                    f"{code} {step.id} {part} does not name {name}: {said}"
                )


#: European Portuguese forms, each with its Brazilian one (the one the game uses).
EUROPEAN = {
    r"\b(numa|num|nuns|numas)\b": "em uma, em um",
    r"\b(o|a|os|as) (seu|sua|seus|suas) (?=\w)": "seu, sua (no article)",
    r"\b(tem|têm|ter) de\b": "tem que",
    r"\b(bónus|ronda|rondas|saltar)\b": "bônus, rodada, pular",
    r"\b(ecrã|ficheiros?|utilizador|registo|equipa)\b": "tela, arquivo, usuário, registro, equipe",
    r"\bpara si\b|\w+-lhe\b|\bvisita-o\b|\ba sério\b": "para você, de verdade",
}


def test_portuguese_is_brazilian_everywhere() -> None:
    found = []
    for where, text in _texts("pt").items():
        for form, brazilian in EUROPEAN.items():
            match = re.search(form, text, re.IGNORECASE)
            if match:
                found.append((where, match.group(), brazilian))
    assert not found, f"European Portuguese (where, form, the Brazilian one): {found}"

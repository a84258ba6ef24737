"""The translation catalogs: complete in every language, same placeholders, right plurals,
English fallback, and every key the code asks for exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from splendor import i18n
from splendor.i18n import (
    LANGUAGES,
    CatalogError,
    load_catalog,
    parse_catalog,
    placeholders,
    plural_category,
    read_catalog,
    translate,
)

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = load_catalog("en")
OTHERS = [code for code in LANGUAGES if code != "en"]


def _names(entry: i18n.Entry) -> frozenset[str]:
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return frozenset().union(*(placeholders(form) for form in forms))


@pytest.mark.parametrize("code", OTHERS)
def test_every_language_has_every_english_entry(code: str) -> None:
    """A missing entry would be shown in English: the suite reports each one."""
    missing = sorted(set(ENGLISH) - set(load_catalog(code)))
    assert not missing, f"{code} lacks {len(missing)} entries: {missing}"


@pytest.mark.parametrize("code", OTHERS)
def test_no_language_has_entries_english_lacks(code: str) -> None:
    extra = sorted(set(load_catalog(code)) - set(ENGLISH))
    assert not extra, f"{code} has entries the game never uses: {extra}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_match_english(code: str) -> None:
    catalog = load_catalog(code)
    wrong = {key: (sorted(_names(catalog[key])), sorted(_names(entry)))
             for key, entry in ENGLISH.items()
             if key in catalog and _names(catalog[key]) | {"count"} != _names(entry) | {"count"}}
    assert not wrong, f"{code}: placeholders differ from English (got, expected): {wrong}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_entries_stay_plural_with_the_forms_the_language_needs(code: str) -> None:
    catalog = load_catalog(code)
    for key, entry in ENGLISH.items():
        if key not in catalog:
            continue
        assert isinstance(catalog[key], dict) == isinstance(entry, dict), key
        if isinstance(entry, dict):
            needed = {plural_category(code, n) for n in range(0, 200)}
            assert needed <= set(catalog[key]), f"{code} {key}: needs forms {needed}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_formats_with_typical_values(code: str) -> None:
    values = {name: "x" for key in ENGLISH for name in _names(ENGLISH[key])}
    for key, entry in load_catalog(code).items():
        for n in (0, 1, 2, 5) if isinstance(entry, dict) else (None,):
            text = translate(code, key, n, **{k: v for k, v in values.items() if k != "count"})
            assert text.strip(), f"{code} {key} is empty"
            assert "{" not in text and "}" not in text, f"{code} {key}: {text!r}"


def test_plural_rules_follow_each_language() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("es", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [plural_category("pt", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert translate("en", "common.tokens", 1) == "1 token"
    assert translate("en", "common.tokens", 0) == "0 tokens"


def test_languages_name_themselves() -> None:
    names = {code: translate(code, "common.language.name") for code in LANGUAGES}
    assert names == {"en": "English", "pt": "Português", "es": "Español", "fr": "Français"}


def test_a_missing_entry_falls_back_to_english_and_is_recorded(monkeypatch) -> None:
    catalogs = {"en": {"menu.play": "Play", "menu.n": {"one": "{count} game",
                                                       "other": "{count} games"}},
                "fr": {"menu.play": "Jouer"}}
    monkeypatch.setattr(i18n, "load_catalog", lambda code: catalogs[code])
    monkeypatch.setattr(i18n, "_fallbacks", set())
    assert translate("fr", "menu.play") == "Jouer"
    assert translate("fr", "menu.n", 2) == "2 games"  # English, never the key
    assert i18n.fallbacks() == {("fr", "menu.n")}
    with pytest.raises(KeyError, match=r"menu\.nothing"):
        translate("en", "menu.nothing")


def test_a_broken_translation_file_falls_back_to_english(monkeypatch) -> None:
    def load(code: str) -> dict[str, i18n.Entry]:
        if code == "pt":
            raise CatalogError("pt/menu.yaml: not valid YAML")
        return {"menu.play": "Play"}

    monkeypatch.setattr(i18n, "load_catalog", load)
    monkeypatch.setattr(i18n, "_fallbacks", set())
    assert translate("pt", "menu.play") == "Play"


def test_a_wrong_catalog_file_names_the_file_and_the_entry(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match=r"fr/menu\.yaml: entry 'menu\.title\.play'"):
        parse_catalog("title:\n  play: [1, 2]\n", "fr/menu.yaml", "menu")
    with pytest.raises(CatalogError, match=r"x\.yaml: entry 'x\.a': bad placeholder"):
        parse_catalog("a: 'oops {name'\n", "x.yaml", "x")
    with pytest.raises(CatalogError, match="not valid YAML"):
        parse_catalog("a: [\n", "x.yaml", "x")
    with pytest.raises(CatalogError, match="no catalog files"):
        read_catalog(tmp_path)
    (tmp_path / "menu.yaml").write_text("play: Play\nwins:\n  one: '{count} win'\n"
                                        "  other: '{count} wins'\n", encoding="utf-8")
    assert read_catalog(tmp_path) == {"menu.play": "Play",
                                      "menu.wins": {"one": "{count} win",
                                                    "other": "{count} wins"}}


#: tr("key" ...) / translate(code, "key" ...) / title_key = "key", anywhere in the package.
_CALL = re.compile(
    r"""\b(?:tr|translate\([^,()]+,|title_key\s*=)\(?\s*["']([a-z_]+\.[a-z0-9_.]+)["']""")


def test_every_key_the_code_names_exists_in_english() -> None:
    used = set()
    for path in (ROOT / "splendor").rglob("*.py"):
        used |= {(path.name, key) for key in _CALL.findall(path.read_text(encoding="utf-8"))}
    assert len(used) > 50, "the scan found too few keys: is the pattern still right?"
    unknown = sorted((name, key) for name, key in used if key not in ENGLISH)
    assert not unknown, f"keys with no English text: {unknown}"


def _literal_args(path: Path, call: str, index: int) -> set[str]:
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == call \
                and len(node.args) > index and isinstance(node.args[index], ast.Constant):
            found.add(str(node.args[index].value))
    return found


def test_every_refusal_the_rules_give_has_a_sentence() -> None:
    """Splendor's refusals (and the session's) in reason.*, Saba's in saba_reason.*: each
    game words its own rules (the same code may mean another thing in the other game)."""
    saba = ROOT / "splendor" / "saba"
    codes, saba_codes = set(), set()
    for path in (ROOT / "splendor").rglob("*.py"):
        found = _literal_args(path, "Refusal", 0)
        if saba in path.parents:
            saba_codes |= found
        else:
            codes |= found
    assert len(codes) > 20 and len(saba_codes) > 20
    assert not sorted(c for c in codes if f"reason.{c}" not in ENGLISH)
    assert not sorted(c for c in saba_codes if f"saba_reason.{c}" not in ENGLISH)


def test_every_kind_of_unloadable_save_has_a_sentence() -> None:
    kinds = _literal_args(ROOT / "splendor" / "storage" / "saves.py", "SaveError", 1)
    kinds |= {"damaged", "unreadable"}  # the default kind, and a refused read
    assert len(kinds) >= 6
    assert not sorted(k for k in kinds if f"saves.problem.{k}" not in ENGLISH)


@pytest.mark.parametrize(("environ", "process", "expected"), [
    ({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}, None, "fr"),  # LANGUAGE comes first
    ({"LANGUAGE": "de:fr"}, None, "en"),  # the first real choice decides
    ({"LC_ALL": "C.UTF-8", "LANG": "es_MX.UTF-8"}, None, "es"),  # C is no choice
    ({"LANG": "pt_PT@euro"}, None, "pt"),
    ({}, "Portuguese_Brazil", "pt"),  # Windows names its locales in English
    ({}, "French_France", "fr"),
    ({}, "Spanish_Spain", "es"),
    ({}, "German_Germany", "en"),
    ({}, None, "en"),
])
def test_the_system_language_is_read_like_gettext_does(
        environ: dict[str, str], process: str | None, expected: str) -> None:
    assert i18n.system_language(environ, lambda: (process, "UTF-8")) == expected


def test_an_unparsable_process_locale_means_english() -> None:
    def broken() -> tuple[str | None, str | None]:
        raise ValueError("unknown locale: xx")

    assert i18n.system_language({}, broken) == "en"


def test_every_module_step_has_a_sentence_for_coming_first() -> None:
    # These refusal codes are built from the step's phase ('pair_first', ...), so the
    # scan of literal codes above does not see them.
    from splendor.engine.modules.base import _STEP_FIRST

    assert len(_STEP_FIRST) == 8
    assert not sorted(p.value for p in _STEP_FIRST if f"reason.{p.value}_first" not in ENGLISH)

"""Translations: the four languages' catalogs, plural forms, placeholders and fallback.

Catalogs are `assets/i18n/<code>/<part>.yaml`, loaded with `yaml.safe_load` (anchors and
aliases refused: `plain_yaml`) and checked. An entry
is text with `{name}` placeholders, or, when it depends on a number, a mapping of plural
categories (`one`, `other`) chosen by the language's own rule. A key missing from a
language falls back to English and is remembered in `fallbacks()` so the tests can report
it; a key missing from English is a programming error (KeyError).

No pygame here: the terminal, the tests and the UI all translate the same way.
"""

from __future__ import annotations

import contextlib
import functools
import locale
import os
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from splendor.plain_yaml import YamlFileError, load_plain, read_plain_text
from splendor.resources import assets_dir

#: The languages the game ships, English first (the fallback).
LANGUAGES = ("en", "pt", "es", "fr")
DEFAULT = "en"
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

Entry = str | dict[str, str]


def plural_category(language: str, count: int) -> str:
    """The CLDR plural category of a whole number: French and Brazilian Portuguese put 0
    with 1 ('0 jeton'), English and Spanish put 0 with the plural ('0 tokens')."""
    n = abs(count)
    if language in ("fr", "pt"):
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def placeholders(text: str) -> frozenset[str]:
    """The `{name}` placeholders used in `text`."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class CatalogError(ValueError):
    """A catalog file that cannot be used: the message names the file and the entry."""


def _flatten(node: Mapping[Any, Any], prefix: str, where: str, out: dict[str, Entry]) -> None:
    for raw_key, value in node.items():
        key = f"{prefix}{raw_key}"
        if not isinstance(raw_key, str | int) or isinstance(raw_key, bool):
            raise CatalogError(f"{where}: {prefix or 'top level'}: keys must be text")
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, dict) and value and set(value) <= PLURAL_CATEGORIES \
                and "other" in value:
            if not all(isinstance(v, str) for v in value.values()):
                raise CatalogError(f"{where}: entry '{key}': every plural form must be text")
            out[key] = {str(k): v for k, v in value.items()}
        elif isinstance(value, dict) and value:
            _flatten(value, f"{key}.", where, out)
        else:
            raise CatalogError(f"{where}: entry '{key}': expected text, plural forms or "
                               f"a section, found {type(value).__name__}")


def parse_catalog(text: str, where: str, prefix: str = "") -> dict[str, Entry]:
    """Flat `prefix.section.key -> entry` from one catalog file's YAML; CatalogError on any
    problem (naming `where` and the entry)."""
    try:
        doc = load_plain(text)
    except yaml.YAMLError as exc:
        raise CatalogError(f"{where}: not valid YAML: {exc}") from None
    if not isinstance(doc, dict):
        raise CatalogError(f"{where}: expected sections of entries")
    out: dict[str, Entry] = {}
    _flatten(doc, f"{prefix}." if prefix else "", where, out)
    for key, entry in out.items():
        for form in entry.values() if isinstance(entry, dict) else (entry,):
            try:
                placeholders(form)
            except ValueError as exc:
                raise CatalogError(f"{where}: entry '{key}': bad placeholder: {exc}") from None
    return out


def catalog_folder(language: str, root: Path | None = None) -> Path:
    """`assets/i18n/<language>/`: one YAML file per part of the game (menu, table, ...)."""
    return (root or assets_dir() / "i18n") / language


def read_catalog(folder: Path) -> dict[str, Entry]:
    """Every file of a language folder, keys prefixed by the file's name ('menu.play')."""
    out: dict[str, Entry] = {}
    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise CatalogError(f"{folder.name}/: no catalog files")
    for path in files:
        where = f"{folder.name}/{path.name}"
        try:
            text = read_plain_text(path)
        except YamlFileError as exc:
            raise CatalogError(f"{where}: cannot read: {exc}") from None
        out.update(parse_catalog(text, where, path.stem))
    return out


@functools.cache
def load_catalog(language: str) -> dict[str, Entry]:
    """The shipped catalog of `language` (cached); CatalogError when unusable."""
    return read_catalog(catalog_folder(language))


_fallbacks: set[tuple[str, str]] = set()
_language = DEFAULT


def fallbacks() -> set[tuple[str, str]]:
    """(language, key) pairs shown in English because the language lacks them."""
    return set(_fallbacks)


def set_language(language: str) -> str:
    """Use `language` from now on (an unknown code means English); return the one in use."""
    global _language
    _language = language if language in LANGUAGES else DEFAULT
    return _language


def language() -> str:
    """The language in use."""
    return _language


def _lookup(language: str, key: str) -> Entry:
    try:
        entries = load_catalog(language)
    except CatalogError:
        if language == DEFAULT:
            raise
        entries = {}  # a broken translation must not stop the game: English it is
    if key in entries:
        return entries[key]
    if language == DEFAULT:
        raise KeyError(f"no English text for '{key}' in assets/i18n/{DEFAULT}/")
    _fallbacks.add((language, key))
    return _lookup(DEFAULT, key)


def translate(language: str, key: str, /, count: int | None = None, **params: object) -> str:
    """The text of `key` in `language`, its placeholders filled from `params` (and
    `count`, which also picks the plural form)."""
    entry = _lookup(language, key)
    if isinstance(entry, dict):
        if count is None:
            raise TypeError(f"'{key}' has plural forms: pass count=")
        entry = entry.get(plural_category(language, count), entry["other"])
    if count is not None:
        params["count"] = count
    return entry.format_map(params)


def tr(key: str, /, count: int | None = None, **params: object) -> str:
    """`translate` in the language in use."""
    return translate(_language, key, count, **params)


def you_key(key: str) -> str:
    """The twin of the sentence `key` said to the person at the screen, in the second
    person: 'log.take' ('{name} takes ...') -> 'log.you.take' ('You take ...'). As the
    review's `analysis.did_you.*` twin `analysis.did.*`: each language words the person
    its own way, never as a third person named 'You'."""
    section, _, code = key.rpartition(".")
    return f"{section}.you.{code}"


def said(key: str, name: str | None, count: int | None = None, **words: object) -> str:
    """The sentence `key` with `name` as its subject, or (`name` None) its twin said to
    the person at the screen (`you_key`)."""
    if name is None:
        return tr(you_key(key), count, **words)
    return tr(key, count, name=name, **words)


def has(key: str) -> bool:
    """True when the English catalog has `key` (for keys built from data, like bot levels)."""
    return key in load_catalog(DEFAULT)


def system_language(
    environ: Mapping[str, str] | None = None,
    getlocale: Callable[[], tuple[str | None, str | None]] = lambda: locale.getlocale(),
) -> str:
    """The player's system language if the game has it, else English.

    The environment variables win (as with gettext), then the process locale, which on
    Windows and macOS reflects the user's setting.
    """
    env = os.environ if environ is None else environ
    candidates = [env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unparsable locale name is no choice
        candidates.append(getlocale()[0] or "")
    for value in candidates:
        for part in value.split(":"):
            code = _code(part)
            if code:
                return code if code in LANGUAGES else DEFAULT  # the first real choice wins
    return DEFAULT


#: Windows reports locales by English name ('Portuguese_Brazil').
_WINDOWS_NAMES = {"english": "en", "portuguese": "pt", "spanish": "es", "french": "fr"}


def _code(value: str) -> str:
    """'pt_BR.UTF-8' -> 'pt', 'French_France' -> 'fr', 'C' or '' -> ''."""
    value = value.strip()
    if not value or value.upper() in ("C", "POSIX") or value.upper().startswith("C."):
        return ""
    head = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return _WINDOWS_NAMES.get(head, head)

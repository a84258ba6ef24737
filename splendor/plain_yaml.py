"""YAML as the game's files need it: `yaml.safe_load` without anchors and aliases, of a
bounded size and depth, and the one reader of the YAML files shipped with the game
(game data, bot profiles, text catalogs, rules pages).

An alias makes the node it names appear again wherever it is used, so a few lines can
stand for millions of entries (the "billion laughs"), which the checks walking the
document would then take minutes and gigabytes to visit. No file of the game needs one,
so any anchor (`&name`) or alias (`*name`, merge keys included) is refused with a
`yaml.YAMLError` giving its line, before anything is built.

Where PyYAML has libyaml (its wheels do), the text is read by the C parser: once as a
stream of events for those checks, then into Python objects by `yaml.CSafeLoader`. That is
about ten times faster than the pure-Python loader, which start-up would otherwise spend
most of its time in (the text catalogs and game data are 240 KB of YAML).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.error import Mark
from yaml.nodes import Node

from splendor.storage.atomic import read_bytes_limited

#: The largest YAML file read, in bytes. The largest shipped file (the learned policies,
#: one network a game) is about 90 KB and grows by 44 KB with each game's network; libyaml
#: reads about 6 MB a second, so a damaged installation's 50 MB file is refused at once
#: while this leaves room for far more networks and longer texts.
MAX_YAML_BYTES = 4 * 1024 * 1024

#: The deepest nesting of lists and mappings allowed. The shipped files nest 5 levels;
#: PyYAML builds nested nodes by recursion, so a file nested thousands of levels deep
#: would end in a RecursionError instead of a message naming the file.
MAX_YAML_DEPTH = 50
_TOO_DEEP = f"nested more than {MAX_YAML_DEPTH} levels deep"
_ANCHORS = "anchors and aliases (&name, *name) are not allowed here"


class YamlFileError(ValueError):
    """A YAML file that cannot be used; the message says why (callers name the file)."""


class PlainLoader(yaml.SafeLoader):
    """`yaml.SafeLoader` that refuses anchors, aliases and nesting beyond MAX_YAML_DEPTH."""

    _depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise ComposerError(None, None, _ANCHORS, event.start_mark)
        if self._depth >= MAX_YAML_DEPTH:
            raise ComposerError(None, None, _TOO_DEEP, event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


_OPEN_EVENTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_NODE_EVENTS = (yaml.ScalarEvent, *_OPEN_EVENTS)
_CLOSE_EVENTS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


def _at(at: Any, text: str) -> Mark | None:
    """libyaml's place `at` in `text`, as PyYAML's errors take it (with the line's text,
    which libyaml's own Mark lacks)."""
    if at is None:
        return None
    return Mark("<unicode string>", at.index, at.line, at.column, text, at.index)


def _refuse_anchors_and_depth(text: str, loader: type) -> None:
    """PlainLoader's checks, made on the parser's events (so done in C by `loader`)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise ComposerError(None, None, _ANCHORS, _at(event.start_mark, text))
        if isinstance(event, _NODE_EVENTS) and depth >= MAX_YAML_DEPTH:
            raise ComposerError(None, None, _TOO_DEEP, _at(event.start_mark, text))
        if isinstance(event, _OPEN_EVENTS):
            depth += 1
        elif isinstance(event, _CLOSE_EVENTS):
            depth -= 1


def load_plain(text: str) -> Any:
    """The document in `text`, as `yaml.safe_load` gives it; yaml.YAMLError on any anchor
    or alias, on nesting beyond MAX_YAML_DEPTH, on a text longer than MAX_YAML_BYTES, as
    on any other problem."""
    if len(text) > MAX_YAML_BYTES:
        raise yaml.YAMLError(f"too large ({len(text):,} characters; at most "
                             f"{MAX_YAML_BYTES:,})")
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None:  # PyYAML built without libyaml
        return yaml.load(text, Loader=PlainLoader)  # PlainLoader is a SafeLoader
    try:
        _refuse_anchors_and_depth(text, fast)
    except yaml.MarkedYAMLError as exc:
        # libyaml stops at 1,000 levels itself when it reads a run of brackets ahead:
        # the same refusal, said the same way.
        if "maximum nesting depth" not in (exc.problem or ""):
            raise
        raise ComposerError(None, None, _TOO_DEEP, _at(exc.problem_mark, text)) from None
    return yaml.load(text, Loader=fast)  # CSafeLoader: SafeLoader in C


def read_plain_text(path: Path) -> str:
    """A YAML file's text (UTF-8, at most MAX_YAML_BYTES, a regular file); YamlFileError
    saying why not."""
    try:
        data = read_bytes_limited(path, MAX_YAML_BYTES)
    except OSError as exc:
        raise YamlFileError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlFileError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None


def read_plain(path: Path) -> Any:
    """The document in a YAML file (`read_plain_text`, `load_plain`); YamlFileError
    saying why it cannot be used."""
    text = read_plain_text(path)
    try:
        return load_plain(text)
    except yaml.YAMLError as exc:
        raise YamlFileError(f"not valid YAML: {exc}") from None

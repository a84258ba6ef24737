"""YAML as the game's files need it: `yaml.safe_load` without anchors and aliases.

An alias makes the node it names appear again wherever it is used, so a few lines can
stand for millions of entries (the "billion laughs"), which the checks walking the
document would then take minutes and gigabytes to visit. No file of the game needs one,
so any anchor (`&name`) or alias (`*name`, merge keys included) is refused with a
`yaml.YAMLError` giving its line, before anything is built.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import ComposerError
from yaml.nodes import Node


class PlainLoader(yaml.SafeLoader):
    """`yaml.SafeLoader` that refuses anchors and aliases."""

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise ComposerError(None, None, "anchors and aliases (&name, *name) are not "
                                "allowed here", event.start_mark)
        return super().compose_node(parent, index)


def load_plain(text: str) -> Any:
    """The document in `text`, as `yaml.safe_load` gives it; yaml.YAMLError on any anchor
    or alias as on any other problem."""
    return yaml.load(text, Loader=PlainLoader)  # PlainLoader is a SafeLoader

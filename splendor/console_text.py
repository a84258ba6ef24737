"""Text from files made safe for a terminal: names and messages that come from a record,
a save or an argument are printed with their control characters escaped, so a name
cannot move the cursor, clear the screen, change colours or reverse the line."""

from __future__ import annotations

import unicodedata

#: Format characters kept as they are: joiners shape emoji and several scripts.
_KEPT = frozenset("\u200c\u200d")
#: Escaped categories: controls (C0, C1, DEL), format characters (bidirectional
#: overrides among them), lone surrogates (which no encoder accepts), line separators.
_ESCAPED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: Longer messages are cut: a message is one line, whatever a file holds.
MESSAGE_LENGTH = 300


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every control character written as an escape (`\\x1b`, `\\u202e`)."""
    if text.isprintable():
        return text
    return "".join(
        _escape(c) if c not in _KEPT and unicodedata.category(c) in _ESCAPED else c
        for c in text
    )


def one_line(text: str, limit: int = MESSAGE_LENGTH) -> str:
    """`printable(text)` as a single line of at most `limit` characters (cut with '…')."""
    safe = printable(text)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"

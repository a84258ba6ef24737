"""No words are written into the drawing code: everything a player reads comes from the
catalogs. Scans the source of `splendor/ui` (and the picture tools, `splendor/devtools`)
for text-drawing calls given a literal (or an f-string with literal words) instead of a
translated string."""

from __future__ import annotations

import ast
from pathlib import Path

SPLENDOR = Path(__file__).resolve().parents[2] / "splendor"
UI = SPLENDOR / "ui"

#: Calls that put text on the screen, and which positional arguments are that text.
TEXT_ARGS = {
    "draw_text": (1,), "draw_lines": (1,), "fit_text": (0,), "text": (0,),
    "draw_flat_button": (2,), "button": (2,), "Button": (0,), "Label": (0,),
    "MessageScene": (0, 1), "ConfirmScene": (0, 1, 2), "PassScreenScene": (),
}
#: Keyword arguments that are shown text.
TEXT_KEYWORDS = {"label", "title", "message", "note", "placeholder", "question", "hint"}


def _words(node: ast.AST) -> str:
    """The literal letters in a string expression ('' when it has none)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if any(ch.isalpha() for ch in node.value) else ""
    if isinstance(node, ast.JoinedStr):
        return "".join(_words(part) for part in node.values)
    return ""


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def test_text_drawing_calls_never_get_literal_words() -> None:
    found = []
    for path in sorted([*UI.rglob("*.py"), *(SPLENDOR / "devtools").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            args = [node.args[i] for i in TEXT_ARGS.get(name, ()) if i < len(node.args)]
            if name in TEXT_ARGS:
                args += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
            for arg in args:
                words = _words(arg)
                if words:
                    found.append(f"{path.relative_to(SPLENDOR)}:{node.lineno} {name}({words!r})")
    assert not found, "text drawn from literals instead of the catalogs:\n" + "\n".join(found)


def test_the_scan_catches_a_literal() -> None:
    tree = ast.parse('draw_text(s, f"Pass to {name}", 20, c, box)\nfit_text("…", 1, 2)')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert _words(calls[0].args[1]) == "Pass to "
    assert _words(calls[1].args[0]) == ""

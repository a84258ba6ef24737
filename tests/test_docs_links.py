"""The documentation holds together: README.md stays a short front page, and every
relative link in it and in docs/*.md reaches a file of the repository and, with a
`#anchor`, a heading of that file (as GitHub names headings)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.MULTILINE)


def _without_fences(text: str) -> str:
    return FENCE.sub("", text)


def _prose(text: str) -> str:
    """The text a reader sees as prose: no code blocks, and code spans as plain words
    (a link's text may be code, but nothing inside code is a link)."""
    return INLINE_CODE.sub(
        lambda m: "code" if "](" in m.group(2) else m.group(2), _without_fences(text)
    )


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its rendered text in lower case, punctuation
    dropped, each space a hyphen."""
    text = INLINE_CODE.sub(lambda m: m.group(2), heading)
    text = LINK.sub(lambda m: m.group(1), text).replace("*", "")
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's anchor in `page`; a repeated one gets -1, -2... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(_without_fences(page.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(page: Path) -> list[str]:
    """The link targets of `page` that point inside the repository."""
    targets = [m.group(2) for m in LINK.finditer(_prose(page.read_text(encoding="utf-8")))]
    return [t for t in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", t)]


def test_the_slugs_are_githubs() -> None:
    assert slug("The expert's review of a game") == "the-experts-review-of-a-game"
    assert slug("Action text (stable: records and logs use it)") == (
        "action-text-stable-records-and-logs-use-it"
    )
    assert slug("`join`") == "join"
    assert slug("Saves, settings and statistics") == "saves-settings-and-statistics"


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    """The checks below would see a link to a missing file or heading."""
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n## Its part\n\nSee [there](missing.md), [here](#its-part),\n"
        "[gone](#no-such-part) and `[not a link](code.md)`.\n\n```\n"
        "[nor this](fenced.md)\n```\n",
        encoding="utf-8",
    )
    assert relative_links(page) == ["missing.md", "#its-part", "#no-such-part"]
    assert anchors(page) == {"title", "its-part"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_a_file_and_heading(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        path_part, _, anchor = target.partition("#")
        destination = (page.parent / path_part).resolve() if path_part else page
        if ROOT not in destination.parents and destination != ROOT:
            broken.append(f"{target}: outside the repository")
        elif not destination.exists():
            broken.append(f"{target}: no such file")
        elif anchor and destination.suffix == ".md" and anchor not in anchors(destination):
            broken.append(f"{target}: no heading #{anchor} in {destination.name}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_stays_a_short_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200, f"README.md has {len(lines)} lines: move detail into docs/"


def test_the_readme_keeps_the_play_and_test_commands() -> None:
    """CI runs the README's test command (.ci/run); a newcomer copies both."""
    blocks = [b.group(0) for b in FENCE.finditer(README.read_text(encoding="utf-8"))]
    commands = {line.strip() for block in blocks for line in block.splitlines()}
    assert {"python3 dev.py play", "python3 dev.py test"} <= commands


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda p: p.name)
def test_every_page_says_what_it_holds_and_links_back(page: Path) -> None:
    """A page opens with its title, a summary and a link back to the README."""
    text = page.read_text(encoding="utf-8")
    opening = text.split("\n## ", 1)[0]
    assert text.startswith("# "), f"{page.name} does not start with its title"
    assert "](../README.md)" in opening, f"{page.name} does not link back to the README"
    first = next(line for line in opening.splitlines()[1:] if line.strip())
    assert not first.startswith(("#", "[", "|", "-", "```")), f"{page.name}: no summary"


def test_the_index_lists_every_page() -> None:
    listed = set(relative_links(DOCS / "README.md"))
    pages = {p.name for p in DOCS.glob("*.md")} - {"README.md"}
    assert pages <= listed, f"docs/README.md does not list {sorted(pages - listed)}"

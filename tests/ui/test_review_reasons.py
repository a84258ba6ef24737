"""The expert's reason in the review of a game: said to the person looking when the move
is theirs ("you keep it for later..."), and of the player by name when it is another
seat's ("Ada keeps it for later..."), in every language, with no second person left."""

from __future__ import annotations

import re

import pytest

from splendor import i18n
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, load_catalog
from splendor.session.analysis import MoveAnalysis
from splendor.session.hints import REASONS, HintReason
from splendor.ui.analysis_words import judged_lines, played_words
from splendor.ui.wording import hint_why
from tests.ui.test_module_wording import speaking

DATA = base_game()
NAMES = ("Ada", "Bob")

#: Words that speak to the reader, by language (pronouns, possessives, and the Spanish
#: verbs the reasons conjugate in the second person).
SECOND_PERSON = {
    "en": r"\b(you|your|yours)\b",
    "fr": r"\b(vous|votre|vos)\b",
    "es": r"\b(tú|tu|tus|te|ti|guardas|tomas|conservas|puedes|apartas|podrás)\b",
    "pt": r"\b(você|vocês|seu|sua|seus|suas)\b",
}


def _speaks_to_reader(code: str, text: str) -> bool:
    return re.search(SECOND_PERSON[code], text, re.IGNORECASE) is not None


def _reasons() -> list[HintReason]:
    """Each reason with every field filled (the opponent is Bob), and the post reasons
    with each post."""
    out = [HintReason(code, card="L2-07", noble="N04", seat=1, points=3, level=2, color=1,
                      post=3, city="C04", count=count)
           for code in REASONS for count in (1, 2)]
    out += [HintReason(code, card="L2-07", post=post.id)
            for code in ("buy_post", "post_choice") for post in DATA.posts]
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_another_players_reason_is_said_of_them_by_name_never_to_the_reader(code: str
                                                                            ) -> None:
    catalog = load_catalog(code)
    twins = {key.removeprefix("hint.why_other.").split(".")[0] for key in catalog
             if key.startswith("hint.why_other.")}
    spoken_to = 0
    with speaking(code):
        for reason in _reasons():
            own = hint_why(reason, NAMES, DATA)
            other = hint_why(reason, NAMES, DATA, "Ada")
            spoken_to += _speaks_to_reader(code, own)
            assert not _speaks_to_reader(code, other), (reason.code, other)
            assert "{" not in other and other.strip(), other
            if reason.code in twins:
                assert "Ada" in other, (reason.code, other)
            elif reason.code != "post_choice":
                assert other == own, f"{reason.code}: no twin, the same words"
            if "Bob" in own:
                assert "Bob" in other, "the opponent is still named"
    # The check above bites: many of the reasons, as the hint says them, speak to "you".
    assert spoken_to >= 20, spoken_to


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_reasons_with_a_third_person_twin_are_those_that_speak_to_the_reader(
        code: str) -> None:
    """A reason has a twin when it speaks to the reader in some language (the choice of
    a post speaks through the post's power, which has its own twins)."""
    catalog = load_catalog(code)
    twins = {key.split(".")[2] for key in catalog if key.startswith("hint.why_other.")}
    speaking_somewhere = set()
    for language in LANGUAGES:
        with speaking(language):
            speaking_somewhere |= {r.code for r in _reasons() if r.code != "post_choice"
                                   and _speaks_to_reader(language, hint_why(r, NAMES, DATA))}
    assert twins == speaking_somewhere


def _move(seat: int, reason: HintReason) -> MoveAnalysis:
    return MoveAnalysis(index=4, seat=seat, round=3, played="take white blue green",
                        best="reserve L2-07", before=0.6, after=0.4, label="mistake",
                        reason=reason, played_reason=HintReason("tokens"))


KEEP = HintReason("reserve_towards", card="L2-07")

#: The reason of `KEEP` said to the player who moved, and of Bob.
WHY = {
    "en": ("you keep it for later and take a gold token.",
           "Bob keeps it for later and takes a gold token."),
    "fr": ("vous la gardez pour plus tard et prenez un jeton or.",
           "Bob la garde pour plus tard et prend un jeton or."),
    "es": ("la guardas para más tarde y tomas una ficha de oro.",
           "Bob la guarda para más tarde y toma una ficha de oro."),
    "pt": ("você a guarda para depois e ganha uma ficha de ouro.",
           "Bob a guarda para depois e ganha uma ficha de ouro."),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_review_speaks_to_its_viewer_of_their_own_move_and_names_the_others(
        code: str) -> None:
    own, bobs_words = WHY[code]
    with speaking(code):
        mine = judged_lines(_move(0, KEEP), NAMES, DATA, viewer=0)
        bobs = judged_lines(_move(1, KEEP), NAMES, DATA, viewer=0)
        # A review shown to everyone at the screen (hot seat, bots alone): no viewer.
        everyone = judged_lines(_move(0, KEEP), NAMES, DATA, viewer=None)
        said = {why: i18n.tr("analysis.why", why=why)
                for why in (own, bobs_words, bobs_words.replace("Bob", "Ada"))}
        taken = {who: played_words("take white blue green", DATA, who)
                 for who in (None, "Ada", "Bob")}
    # The why line: the expert's reason, then what the move played was for.
    assert mine[3].startswith(said[own] + " "), "the viewer's own move: as the hint says it"
    assert bobs[3].startswith(said[bobs_words] + " ")
    assert everyone[3].startswith(said[bobs_words.replace("Bob", "Ada")] + " ")
    # The move played: to the viewer, and of Bob and of Ada by name.
    assert (mine[1], bobs[1], everyone[1]) == (taken[None], taken["Bob"], taken["Ada"])
    assert bobs[1].startswith("Bob") and everyone[1].startswith("Ada")
    assert not any(_speaks_to_reader(code, line) for line in bobs + everyone), bobs
    assert mine[2] == bobs[2], "the expert's move is worded alike"

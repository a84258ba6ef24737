"""What the person at the screen does is said to them, in the second person, in every
language: the game log and the last move, the table's status, the final round's banner,
the results and the review's reasons; never as a third person who happens to be called
"You" ("You buys", "You is visited by a noble", "Vous achète", "Vous doit rendre des
jetons"). Each sentence that names a seat has a twin said to that person
(`wording.you_key`), as the review's "You bought ..." twins "Ana bought ..."."""

from __future__ import annotations

from fnmatch import fnmatch

import pytest

from splendor.engine import Buy, ChooseNoble, Phase, parse_action
from splendor.engine.actions import Stronghold
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, load_catalog, placeholders, tr, translate
from splendor.session.hints import HintReason
from splendor.session.log import LogEntry
from splendor.session.tutorial import TutorialSession
from splendor.session.tutorial_data import load_tutorial
from splendor.ui.app import App
from splendor.ui.scenes.results import headline, tie_sentence
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.view import header_text
from splendor.ui.wording import describe, describe_entry, hint_why, said, you_key
from tests.ui.test_module_wording import ACTIONS, speaking

DATA = base_game()

#: English sentences with a seat's name that never speak of the person at the screen,
#: each with why (every other one must have its twin said to them).
NEVER_OF_YOU = {
    "analysis.did.*": "the review's moves said of a player; to the player: analysis.did_you",
    "analysis.summary.line": "a seat's row heading ('Ada: 2 mistakes ...'), no sentence",
    "analysis.why_theirs": "another player's move in the review; the player's: why_yours",
    "hint.why_other.*": "said of another player's move; the player's own: hint.why",
    "saba_hint.why.*": "a Saba hint's reason, said to the player asking: a name is another's",
    "bots.default_name.numbered": "a name, not a sentence",
    "dialog.bot_failed.text": "a bot that failed",
    "table.bot_failed": "a bot that failed",
    "table.status.thinking": "a bot thinking",
    "table.status.their_turn": "another player's turn",
    "table.status.your_turn": "said to the player already, their name as a greeting",
    "turn.pass.*": "hot seat: the next person called by name, all of them at the screen",
    "files.*": "a file's name",
    "saves.*": "a save's name",
    "net_table.*": "a player at another screen (gone, back, waited for)",
    "online.*": "a player at another screen, or the host's table's name",
    "new_game.problem.same_name": "a name typed twice",
    "reason.occupied_by": "another player's stronghold (one's own never stops one)",
    "log.hold_remove_yours": "the twin of hold_remove_owned said to the stronghold's owner",
}


def _naming_keys() -> list[str]:
    """The English entries that put a seat's name ({name} or {player}) in a sentence."""
    keys = []
    for key, entry in load_catalog("en").items():
        if ".you." in key:
            continue
        forms = entry.values() if isinstance(entry, dict) else (entry,)
        if any(placeholders(f) & {"name", "player"} for f in forms):
            keys.append(key)
    return keys


def _names(entry: object) -> frozenset[str]:
    forms = entry.values() if isinstance(entry, dict) else (entry,)
    return frozenset().union(*(placeholders(str(f)) for f in forms))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_sentence_naming_a_seat_has_its_twin_said_to_the_person(code: str) -> None:
    catalog = load_catalog(code)
    keys = [k for k in _naming_keys() if not any(fnmatch(k, p) for p in NEVER_OF_YOU)]
    assert len(keys) > 30, "the scan found too few sentences: is it still right?"
    missing = [k for k in keys if you_key(k) not in catalog]
    assert not missing, f"{code}: no twin said to the person at the screen for {missing}"
    for key in keys:
        # The same words to fill, but the person's name: they are spoken to.
        assert _names(catalog[you_key(key)]) == _names(catalog[key]) - {"name"}, key


def _you(code: str) -> str:
    """What the tutorial calls the player in `code` ('You', 'Vous', 'Tú', 'Você')."""
    return translate(code, "tutorial.names.you")


#: Brazilian Portuguese's "você" takes the verb of the third person ("Você compra"): its
#: twins may read like the sentence said of a player named "Você", rightly.
THIRD_PERSON_YOU = {"pt"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_move_of_the_person_at_the_screen_is_said_to_them(code: str) -> None:
    names = ("Ada", "Bob")
    with speaking(code):
        for kind, action in ACTIONS.items():
            entry = LogEntry(0, 1, 0, action, nobles=("N04",) if kind == "buy" else ())
            lines = describe_entry("Ada", entry, DATA, names, you=0)
            as_named = describe_entry(_you(code), entry, DATA, names)
            assert not any("Ada" in line for line in lines), (kind, lines)
            if code not in THIRD_PERSON_YOU:
                assert not set(lines) & set(as_named), (kind, lines)
            # Another seat's moves are still said of them by name.
            assert describe_entry("Bob", LogEntry(0, 1, 1, action), DATA, names, you=0)[
                0
            ] == describe("Bob", action, DATA)
        # Bob sends back Ada's stronghold: hers, said to her.
        removed = LogEntry(0, 1, 1, Stronghold("remove", "L2-07"), owner=0)
        line = describe_entry("Bob", removed, DATA, names, you=0)[0]
        assert "Bob" in line and "Ada" not in line


def test_the_verbs_the_new_player_met_are_in_the_second_person() -> None:
    buy, noble = Buy("L1-14"), ChooseNoble("N04")
    give = parse_action("return white")
    assert describe(None, buy, DATA).startswith("You buy a level 1 ")
    assert describe(None, noble, DATA) == "A noble visits you (3 points)"
    assert describe(None, give, DATA) == "You give back white"
    with speaking("fr"):
        assert describe(None, buy, DATA).startswith("Vous achetez une carte ")
        assert describe(None, give, DATA) == "Vous rendez un jeton diamant"
        assert said("table.status.returning", None, limit=10).startswith("Vous devez rendre")
    with speaking("es"):
        assert describe(None, buy, DATA).startswith("Tú compras una carta ")


def _tutorial_at(step: str) -> TutorialSession:
    tutorial = load_tutorial(DATA)
    index = next(i for i, s in enumerate(tutorial.steps) if s.id == step)
    names = (tr("tutorial.names.you"), tr("tutorial.names.coach"))
    return TutorialSession(DATA, tutorial, names, index)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_speaks_to_the_tutorials_player(app: App, code: str) -> None:
    """The give-back step: the header, the log and the last move say "you"; the final
    step: the banner, then the results' sentences."""
    with speaking(code):
        session = _tutorial_at("return")
        table = TableScene(session, on_finished=lambda _: None)
        app.stack.push(table)
        assert table.ui.you == 0
        assert session.play(parse_action("take white red black")) is None
        assert session.state.phase is Phase.RETURN
        table.update(0.0)
        status = tr("table.status.you.returning", limit=10)
        assert status in header_text(table.view(), table.ui)
        assert table.log_lines()[-1].endswith(tr("log.you.take", colors=_colors(code)))
        assert tr("log.you.take", colors=_colors(code)) in table._assisting().last_move
        app.stack.pop()
        session.close()

        session = _tutorial_at("final_round")
        table = TableScene(session, on_finished=lambda _: None)
        app.stack.push(table)
        assert session.play(parse_action("buy L2-27")) is None
        table.update(0.0)
        assert table.banner.active and table.banner.name is None  # "You reached 15 ..."
        while not session.is_over():
            session.poll()
            session.commit_incoming()
        info = session.standings()
        assert headline(info, 0) == tr("results.headline.you.wins")
        assert tie_sentence(info, 0) == tr(
            "results.tie.you.fewer_cards", points=15, cards=14, others="19"
        )
        if code not in THIRD_PERSON_YOU:
            assert headline(info) != headline(info, 0)  # "You wins!" no more
        app.stack.pop()
        session.close()


def _colors(code: str) -> str:
    colors = [translate(code, f"common.color.{c}") for c in ("white", "red", "black")]
    return translate(
        code,
        "common.list_and",
        rest=translate(code, "common.list_comma").join(colors[:-1]),
        last=colors[-1],
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_reason_naming_the_person_looking_speaks_to_them(code: str) -> None:
    """The review of the other player's move: the card it left to the person looking."""
    names = ("Ada", "Gus")
    with speaking(code):
        for reason in ("block", "hold_block", "hold_remove"):
            why = HintReason(reason, card="L2-07", seat=0)
            words = hint_why(why, names, DATA, "Gus", you=0)
            assert "Ada" not in words
            assert words == tr(f"hint.why.you.{reason}", card="")
            assert hint_why(why, names, DATA, "Gus").count("Ada") == 1

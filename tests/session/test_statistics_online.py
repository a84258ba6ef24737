"""Network games in the statistics: counted at the online table of their size (and
module), won only when one of this window's seats won, whoever the others were; a game
only watched is not counted; the statistics screen names the table in every language."""

from __future__ import annotations

from splendor.bots import make_bot
from splendor.engine import GameState, new_game, observe
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, set_language, tr
from splendor.session.seats import HUMAN, REMOTE
from splendor.session.statistics import count_online_game
from splendor.storage.stats import Records, describe, parse_key
from splendor.ui.scenes.statistics import table_name

DATA = base_game()


def finished(seed: int, module: str | None = None) -> GameState:
    state = new_game(DATA, 2, seed, first_player=0, module=module)
    bots = [make_bot("easy", seed + i, data=DATA) for i in range(2)]
    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def test_a_network_game_counts_at_the_online_table_with_this_windows_result() -> None:
    state = finished(5)
    [winner] = state.outcome().winners
    records = Records()
    kinds = [HUMAN, REMOTE] if winner == 0 else [REMOTE, HUMAN]
    assert count_online_game(state, kinds, records) == "online/2"
    # The same game seen from the losing window: played, not won.
    count_online_game(state, [HUMAN, REMOTE] if winner == 1 else [REMOTE, HUMAN], records)
    record = records["online/2"]
    assert (record.played, record.won, record.assisted) == (2, 1, 0)
    assert record.best_score == state.players[winner].points
    # Against a bot the host seated, still the online table, not the bot's.
    assert count_online_game(state, [HUMAN, "hard"], records) == "online/2"


def test_a_module_game_online_is_kept_apart_and_a_watched_game_is_not_counted() -> None:
    state = finished(6, "orient")
    records = Records()
    assert count_online_game(state, [HUMAN, REMOTE], records) == "online/2/orient"
    assert parse_key("online/2/orient") == ("online", 2, "orient", False, None)
    assert count_online_game(state, [REMOTE, "hard"], records) is None
    assert list(records) == ["online/2/orient"]


def test_the_online_table_is_named_in_every_language() -> None:
    records = Records()
    count_online_game(finished(5), [HUMAN, REMOTE], records)
    for language in LANGUAGES:
        set_language(language)
        name = table_name("online", 2)
        assert name != tr("stats.table.other", level="Online", count=2), \
            f"{language}: its own words, not an unknown bot level's"
        assert "2" in name
        said = describe("online/2", records["online/2"])
        assert said.startswith(tr("results.record.table.online") + ","), said

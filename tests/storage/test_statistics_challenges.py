"""Challenge results in the statistics file: kept apart from the games, written back with
what a newer version added, and a wrong entry treated like any damaged statistics."""

from __future__ import annotations

import json

from splendor.storage import paths
from splendor.storage.challenge_stats import ChallengeBest, improve
from splendor.storage.stats import Record, load_stats, save_stats


def write(doc: object) -> None:
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text(json.dumps(doc), encoding="utf-8")


def test_challenge_results_round_trip_beside_the_games_with_a_newer_versions_fields() -> None:
    write({"version": 1, "records": {"hard/2": {"played": 2, "won": 1}},
           "challenges": {"first_win": {"stars": 2, "won": True, "value": 27,
                                        "date": "2026-11-20", "tries": 3, "replay": "x"}},
           "future": {"kept": True}})
    records, problem = load_stats()
    assert problem is None and records["hard/2"].played == 2
    best = records.challenges["first_win"]
    assert (best.stars, best.value, best.date, best.tries) == (2, 27, "2026-11-20", 3)
    records.challenges["lean_crown"] = ChallengeBest(stars=1, won=True, value=12,
                                                     date="2026-11-28", tries=1)
    save_stats(records)
    doc = json.loads(paths.stats_path().read_text(encoding="utf-8"))
    assert doc["challenges"]["first_win"]["replay"] == "x" and doc["future"] == {"kept": True}
    assert doc["challenges"]["lean_crown"]["stars"] == 1
    assert set(doc["records"]) == {"hard/2"}  # a challenge is no game


def test_a_file_without_challenges_reads_and_writes_as_before() -> None:
    write({"version": 1, "records": {"easy/2": {"played": 1}}})
    records, _ = load_stats()
    assert records.challenges == {}
    records["easy/2"] = Record(played=2)
    save_stats(records)
    assert "challenges" not in json.loads(paths.stats_path().read_text(encoding="utf-8"))


def test_a_wrong_challenge_entry_makes_the_file_unreadable_and_kept_aside() -> None:
    write({"version": 1, "records": {}, "challenges": {"first_win": {"stars": 5}}})
    records, problem = load_stats()
    assert records.challenges == {} and problem is not None and problem.kept is not None
    assert "stars" in problem.detail


def test_stars_without_a_win_make_the_file_unreadable_and_open_no_chapter() -> None:
    write({"version": 1, "records": {}, "challenges": {
        "first_win": {"stars": 3, "won": False, "tries": 1}}})
    records, problem = load_stats()
    assert records.challenges == {} and problem is not None and problem.kept is not None
    assert "stars without a win" in problem.detail


def test_a_best_is_replaced_only_by_more_stars_or_a_better_value() -> None:
    best = ChallengeBest()
    assert not improve(best, False, 0, 40, True, "2026-11-01")
    assert improve(best, True, 1, 30, True, "2026-11-02")
    assert not improve(best, True, 1, 32, False, "2026-11-03")
    assert improve(best, True, 1, 28, True, "2026-11-04")
    assert improve(best, True, 1, 20, True, "2026-11-05")
    assert improve(best, True, 3, 31, False, "2026-11-06")
    assert (best.stars, best.value, best.date, best.tries) == (3, 31, "2026-11-06", 6)

"""Whether a Saba record was played with the card data loaded now, and if not, which data
it needs, in words a player can act on: a replay never runs with different cards
(docs/RULES_SABA.md, section 8). The engine's replay refuses such a record too; this says
why before it is tried: the player's edited copy, the shipped data, or the data of
another version of the program; or, for a game played with an edited copy while the copy
there now is refused, that the copy has a mistake."""

from __future__ import annotations

from collections.abc import Mapping

from splendor.games.base import DataMismatch
from splendor.saba.data import shipped_saba_data
from splendor.saba.engine import SabaData
from splendor.storage import untrusted
from splendor.storage.paths import saba_data_path


def data_mismatch(record: object, data: SabaData) -> DataMismatch | None:
    """Why `record` cannot be played with `data` (None: it can, or it names no data, which
    its replay refuses with the reason)."""
    played = record.get("data") if isinstance(record, Mapping) else None
    if not isinstance(played, Mapping) or played.get("fingerprint") == data.fingerprint():
        return None
    fingerprint = untrusted.quoted(str(played.get("fingerprint")))
    copy = saba_data_path()
    params = {"fingerprint": fingerprint, "path": str(copy)}
    now = f"your copy, {data.fingerprint()}" if data.edited_from else "the shipped data"
    if played.get("edited") is True and data.refused is not None:
        # The copy is there but has a mistake: putting it back would not help.
        return DataMismatch(
            "edited_refused",
            f"this game was played with card data edited by you (fingerprint {fingerprint}), "
            f"and your copy is refused now: {data.refused}; correct it to play this game",
            params,
        )
    if played.get("edited") is True:
        return DataMismatch(
            "edited_data",
            f"this game was played with card data edited by you (fingerprint {fingerprint}; "
            f"in use now: {now}): put that copy back at {copy} to play it",
            params,
        )
    if played.get("fingerprint") == shipped_saba_data().fingerprint():
        return DataMismatch(
            "shipped_data",
            f"this game was played with the shipped card data (fingerprint {fingerprint}), "
            f"not your edited copy in use now: move {copy} away to play it",
            params,
        )
    return DataMismatch(
        "release_data",
        f"this game was played with the card data of another version of this program "
        f"(fingerprint {fingerprint}; in use now: {now}): it cannot be played with these cards",
        params,
    )

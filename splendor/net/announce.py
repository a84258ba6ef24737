"""The tables a server holds, announced on the local network (one `Advertiser` each),
kept in step with their lobbies: seats taken, games started, tables over."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from typing import Any

from splendor.net.game_table import Table

log = logging.getLogger(__name__)


def _advertiser(**fields: Any) -> Any:
    from splendor.net.discovery import Advertiser

    return Advertiser(**fields)


class Announcer:
    """Call `sync` whenever tables may have changed (cheap when nothing did)."""

    def __init__(self, port: int, make: Callable[..., Any] | None = None,
                 addresses: list[str] | None = None) -> None:
        """`addresses`: the only ones to announce (the server listens there alone)."""
        self.port = port
        self._where = {"addresses": addresses} if addresses else {}
        self._make = make or _advertiser
        self._ads: dict[str, tuple[Any, tuple[int, bool]]] = {}

    def sync(self, tables: Iterable[Table]) -> None:
        live = set()
        for table in tables:
            if table.over:
                continue
            live.add(table.id)
            summary = table.summary()
            state = (sum(1 for s in summary.seats if s.kind == "open"), summary.started)
            known = self._ads.get(table.id)
            try:
                if known is None:
                    ad = self._make(title=table.title, port=self.port, module=summary.module,
                                    players=summary.players, open_seats=state[0],
                                    started=state[1], **self._where)
                    self._ads[table.id] = (ad, state)
                elif known[1] != state:
                    known[0].update(open_seats=state[0], started=state[1])
                    self._ads[table.id] = (known[0], state)
            except Exception as exc:  # players can still type the address
                log.warning("table %s not announced: %s", table.id, exc)
        for gone in set(self._ads) - live:
            self._close(gone)

    async def follow(self, tables: Callable[[], Iterable[Table]], every: float = 2.0) -> None:
        """Keep the announcements in step with `tables()` (run on the server's loop, so
        the tables are read where they change) until cancelled; then withdraw them."""
        try:
            while True:
                self.sync(tables())
                await asyncio.sleep(every)
        finally:
            self.close()

    def _close(self, table_id: str) -> None:
        ad, _ = self._ads.pop(table_id)
        try:
            ad.close(timeout=1.0)
        except Exception as exc:
            log.warning("announcement not withdrawn: %s", exc)

    def close(self) -> None:
        for table_id in list(self._ads):
            self._close(table_id)

"""Issue 56, item 10: spoofed LAN announcements of `_splendor._tcp`. Hostile fields read at
the parsing layer (`table_from`), floods heard by a real Browser over the loopback
interface only (zeroconf bound as `tests/net/test_discovery.py` binds it), and what the
window's Join list makes of it all. A spoof never raises, never holds up the real tables,
is bounded in number and size, and shows as plain text; what it can still do (point at
another machine) is shown here as the list shows it; a copied title shows where it is."""

from __future__ import annotations

import secrets
import time
import unicodedata
from typing import Any

import pygame
import pytest
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf, const
from zeroconf._dns import DNSPointer
from zeroconf._protocol.outgoing import DNSOutgoing

from splendor.net import discovery
from splendor.net.discovery import (
    MAX_ADDRESSES,
    MAX_MODULE,
    MAX_TABLES,
    MAX_TITLE,
    SERVICE_TYPE,
    Browser,
    FoundTable,
    address_of,
    table_from,
)
from splendor.net.protocol import PROTOCOL_VERSION
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.flow import OnlineFlow
from splendor.ui.online.join import MAX_ROWS, JoinScene, parse_address
from tests.net.test_discovery import (
    LOOPBACK,
    advertise,
    loopback_only,
    titled,
    unique_title,
    wait_for,
)
from tests.ui.gestures import frame

__all__ = ["loopback_only"]  # autouse: zeroconf binds loopback and the mDNS group only

VERSION = str(PROTOCOL_VERSION).encode()


def good(**changes: bytes | None) -> dict[bytes, bytes | None]:
    """A compatible announcement's TXT, with `changes`."""
    props: dict[bytes, bytes | None] = {b"protocol": VERSION, b"title": b"Ana",
                                        b"players": b"3", b"open": b"2", b"started": b"0",
                                        b"module": b""}
    props.update({k.encode(): v for k, v in changes.items()})
    return props


def shown_plain(text: str) -> bool:
    """One line of characters that draw as themselves: no control, format (bidi
    overrides, zero-width), private, unassigned or line-breaking characters, no blank
    fillers, no doubled or outer spaces."""
    return (text == " ".join(text.split()) and text.isprintable()
            and not any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp")
                        for c in text)
            and not any(c in "\u115f\u1160\u3164\uffa0\u2800" for c in text))


# ------------------------------------------------------------ what one announcement says

HOSTILE_TITLES = {
    "huge": b"A" * 100_000,
    "bidi override": "Ana\u202e elbat s'oB".encode(),
    "zero width": "A\u200bn\u200da\u2060".encode(),
    "terminal escapes": b"\x1b[2J\x1b[31mred\x07\x00nul",
    "lines": "one\ntwo\r\nthree\u2028four\u2029five\x85six\ttab".encode(),
    "combining flood": ("Z" + "\u0301\u0336" * 3000).encode(),
    "invisible fillers": "\u3164\u3164\u115f\u2800\uffa0".encode(),
    "private and unassigned": "\ue000\U0010fffd\u0378x".encode(),
    "not utf-8": b"\xff\xfe\xfd\xc3(",
    "wide": "\ufdfd".encode() * 500,
}


@pytest.mark.parametrize("title", HOSTILE_TITLES.values(), ids=HOSTILE_TITLES.keys())
def test_a_hostile_title_reads_as_bounded_plain_text(title: bytes) -> None:
    table = table_from(f"spoof.{SERVICE_TYPE}", 7437, ["192.168.1.9"], good(title=title))
    assert table is not None and table.compatible  # the title alone is no reason to hide it
    assert 0 < len(table.title) <= MAX_TITLE and shown_plain(table.title), repr(table.title)


def test_an_invisible_title_falls_back_to_the_service_name() -> None:
    table = table_from(f"Real name.{SERVICE_TYPE}", 7437, ["192.168.1.9"],
                       good(title="\u3164\u3164".encode()))
    assert table is not None and table.title == "Real name"


def test_a_huge_or_garbled_service_name_is_cut_and_made_plain() -> None:
    name = "\x1b[31m" + "\u202e" + "N" * 5000 + "\n." + SERVICE_TYPE
    table = table_from(name, 7437, ["192.168.1.9"], good(title=None))
    assert table is not None
    assert len(table.name) <= 63 and shown_plain(table.name)
    assert len(table.title) <= MAX_TITLE and shown_plain(table.title)


@pytest.mark.parametrize(("changes", "players", "open_seats"), [
    ({"players": b"1000000", "open": b"1000000"}, 0, 0),
    ({"players": b"4", "open": b"1000000"}, 4, 0),
    ({"players": b"9" * 100_000}, 0, 2),
    ({"players": b"-3", "open": b"-1"}, 0, 0),
    ({"protocol": b"1" * 100_000}, 3, 2),
    ({"module": b"orient" * 10_000}, 3, 2),
])
def test_numbers_out_of_range_make_a_table_incompatible_and_bounded(
        changes: dict[str, bytes], players: int, open_seats: int) -> None:
    table = table_from(f"t.{SERVICE_TYPE}", 7437, ["192.168.1.9"], good(**changes))
    assert table is not None and not table.compatible
    assert (table.players, table.open_seats) == (players, open_seats)
    assert table.version is None or table.version <= 10**5
    assert table.module is None or (len(table.module) <= MAX_MODULE
                                    and shown_plain(table.module))


@pytest.mark.parametrize(("changes", "reads"), [
    ({"started": b"1" * 100_000}, ("started", True)),
    ({"module": "\u202eorient\u200b".encode()}, ("module", "orient")),
    ({"module": b"orient" + b" " * 1000 + b"x"}, ("module", "orient")),
])
def test_a_field_is_cut_to_its_length_and_made_plain_before_it_is_checked(
        changes: dict[str, bytes], reads: tuple[str, object]) -> None:
    """As docs/online.md says: each field is cut to length and made plain, then checked (a
    value that reads right after that is taken; harmless, as anything can be announced)."""
    table = table_from(f"t.{SERVICE_TYPE}", 7437, ["192.168.1.9"], good(**changes))
    assert table is not None and table.compatible
    assert getattr(table, reads[0]) == reads[1]


def test_thousands_of_addresses_keep_a_few() -> None:
    addresses = [f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}" for i in range(20_000)]
    table = table_from(f"t.{SERVICE_TYPE}", 7437, addresses, good())
    assert table is not None and len(table.addresses) == MAX_ADDRESSES


@pytest.mark.parametrize("address", [
    "0.0.0.0", "::", "224.0.0.251", "ff02::fb", "255.255.255.255", "240.0.0.1",
    "evil.example", "127.0.0.1:22", "http://192.168.1.5/", "", "1" * 70,
])
def test_an_address_no_host_can_have_is_dropped(address: str) -> None:
    # 0.0.0.0 would connect to the player's own machine; a name would be looked up.
    assert table_from(f"t.{SERVICE_TYPE}", 7437, [address], good()) is None
    table = table_from(f"t.{SERVICE_TYPE}", 7437, [address, "192.168.1.9"], good())
    assert table is not None and table.addresses == ("192.168.1.9",)


def test_an_address_that_is_not_the_senders_is_where_the_player_would_connect() -> None:
    """Nothing in mDNS says who sent a record: a table announced for another machine (or
    for this one's loopback) is listed, and joining it connects there. The list shows its
    title and seats; the address is only what the row joins."""
    for address in ("192.0.2.77", "127.0.0.1", "fe80::1%2"):
        table = table_from(f"t.{SERVICE_TYPE}", 22, [address], good(title=b"Ana"))
        assert table is not None and table.compatible
        assert address_of(table).startswith(f"[{address}]" if ":" in address else address)
        assert address_of(table).endswith(":22")


# ------------------------------------------------------------ floods, heard for real

def spoof(zc: Zeroconf, records: list[Any]) -> None:
    """Send `records` as mDNS answers (zeroconf splits them into packets)."""
    out = DNSOutgoing(const._FLAGS_QR_RESPONSE | const._FLAGS_AA)
    for record in records:
        out.add_answer_at_time(record, 0)
    zc.send(out)


def ghost(name: str) -> DNSPointer:
    """A service name announced without any detail (no port, address or TXT)."""
    return DNSPointer(SERVICE_TYPE, const._TYPE_PTR, const._CLASS_IN, 4500, name)


def test_thousands_of_names_without_details_do_not_hold_up_a_real_table() -> None:
    """Each name without details costs a wait for them (RESOLVE_MS); waited for on the
    browser's one thread, 2,000 of them held a real table back for hours (5 held it 15 s)."""
    browser = Browser(interfaces=[LOOPBACK])
    zc = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only)
    tag = secrets.token_hex(3)
    real = None
    try:
        spoof(zc, [ghost(f"ghost {tag} {i}.{SERVICE_TYPE}") for i in range(2000)])
        time.sleep(0.5)  # heard first
        title = unique_title("Real")
        start = time.monotonic()
        real = advertise(title)
        wait_for(titled(browser, title), "the real table is listed")
        assert time.monotonic() - start < 8.0, "the real table waited behind the ghosts"
        assert len(browser._asking) <= discovery.MAX_ASKING
        assert not [t for t in browser.tables() if tag in t.name]  # no ghost is listed
        assert len(browser.tables()) <= MAX_TABLES
    finally:
        if real is not None:
            real.close(timeout=10)
        zc.close()
        browser.close(timeout=10)


def test_a_flood_of_complete_fake_tables_is_bounded_and_plain() -> None:
    browser = Browser(interfaces=[LOOPBACK])
    zc = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only)
    tag = secrets.token_hex(3)
    try:
        records: list[Any] = []
        for i in range(MAX_TABLES * 3):
            info = ServiceInfo(SERVICE_TYPE, f"fake {tag} {i}.{SERVICE_TYPE}", port=7000 + i,
                               properties=good(title=f"\u202eFake {i}\x1b[0m".encode() * 9),
                               server=f"fake-{tag}.local.", parsed_addresses=["192.0.2.77"])
            records += [info.dns_pointer(), info.dns_service(), info.dns_text(),
                        *info.dns_addresses()]
        start = time.monotonic()
        spoof(zc, records)
        wait_for(lambda: len([t for t in browser.tables() if tag in t.name]) >= MAX_TABLES,
                 "the fakes are heard")
        time.sleep(1.0)  # the rest of the flood
        fakes = [t for t in browser.tables() if tag in t.name]
        assert len(browser.tables()) <= MAX_TABLES and len(fakes) <= MAX_TABLES
        assert time.monotonic() - start < 10.0
        for t in fakes:
            assert t.compatible and t.host == "192.0.2.77"
            assert len(t.title) <= MAX_TITLE and shown_plain(t.title)
        # A table changing or leaving is still heard: the browser is not stuck.
        t0 = fakes[0]
        browser._changed(browser._zeroconf, SERVICE_TYPE, f"{t0.name}.{SERVICE_TYPE}",
                         ServiceStateChange.Removed)
        assert t0.name not in {t.name for t in browser.tables()}
    finally:
        zc.close()
        browser.close(timeout=10)


def test_handling_an_announcement_never_waits_on_the_network() -> None:
    """The browser's thread hands each announcement on at once, thousands of them; the
    details of at most MAX_ASKING are being asked for at a time."""
    browser = Browser(interfaces=[LOOPBACK])
    try:
        start = time.monotonic()
        for i in range(5000):
            browser._changed(browser._zeroconf, SERVICE_TYPE,
                             f"burst {i}.{SERVICE_TYPE}", ServiceStateChange.Added)
        assert time.monotonic() - start < 5.0
        assert len(browser._asking) <= discovery.MAX_ASKING
        wait_for(lambda: not browser._asking, "the questions end (nobody answers)")
        assert not [t for t in browser.tables() if t.name.startswith("burst ")]
    finally:
        browser.close(timeout=10)


# ------------------------------------------------------------ what the window's list shows

class FakeBrowser:
    def __init__(self, tables: list[FoundTable]) -> None:
        self.found = tables

    def tables(self) -> list[FoundTable]:
        return sorted(self.found, key=discovery._sort_key)

    def close(self, timeout: float = 0.0) -> None:
        pass


def hostile_tables() -> list[FoundTable]:
    out = []
    for i, title in enumerate([*HOSTILE_TITLES.values(), b"Ana's table", b"Ana's table"]):
        address = "192.168.1.5" if i == len(HOSTILE_TITLES) else "192.0.2.77"
        table = table_from(f"spoof {i}.{SERVICE_TYPE}", 7437 + i, [address],
                           good(title=title, open=b"1000000" if i == 3 else b"2"))
        assert table is not None
        out.append(table)
    return out


def test_the_join_list_shows_spoofs_as_plain_bounded_rows_and_never_fails() -> None:
    app = App((1024, 600))
    app.running = True
    game = Game(app)
    flow = OnlineFlow(game, bind="127.0.0.1", port=0, discovery=True)
    flow._browser = FakeBrowser(hostile_tables())
    try:
        listings = flow.listings()
        assert len(listings) == len(HOSTILE_TITLES) + 2
        for listing in listings:
            assert shown_plain(listing.label) and len(listing.label) <= 120
            assert parse_address(listing.address, 7437) is not None
        # A copy of a real table's title cannot pass for it: two rows of one title each
        # say where they are.
        anas = [x for x in listings if x.label.startswith("Ana's table ·")]
        assert len(anas) == 2 and anas[0].label != anas[1].label
        n = len(HOSTILE_TITLES)
        assert {x.address for x in anas} == {f"192.168.1.5:{7437 + n}",
                                             f"192.0.2.77:{7437 + n + 1}"}
        assert all(x.label.startswith(f"Ana's table · {x.address} ·") for x in anas)
        # A title heard once is shown as it is.
        assert any(x.address not in x.label for x in listings if x not in anas)
        join = JoinScene("Bo", flow.listings, lambda *_: None,  # type: ignore[arg-type,return-value]
                         lambda _: None, 7437)
        app.stack.push(join)
        with textfit.audit():
            for _ in range(3):
                frame(app)
                app.stack.draw(app.screen)
        assert len(join.rows) == MAX_ROWS  # the list shows five rows, whatever is heard
        assert pygame.display.get_surface() is not None
    finally:
        while app.stack.scenes:
            app.stack.pop()
        flow._browser = None
        game.close()

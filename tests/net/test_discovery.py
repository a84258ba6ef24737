"""Discovery on the local network: a real Advertiser and Browser talking mDNS over the
loopback interface only, and what a hostile announcement can (not) do."""

from __future__ import annotations

import secrets
import socket
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf._utils import net as zeroconf_net

from splendor.net import discovery
from splendor.net.discovery import (
    SERVICE_TYPE,
    Advertiser,
    Browser,
    FoundTable,
    address_of,
    format_address,
    local_addresses,
    table_from,
)
from splendor.net.protocol import PROTOCOL_VERSION

LOOPBACK = "127.0.0.1"
MDNS_GROUP = "224.0.0.251"
#: Generous: registering takes 1-2 s of probing, and the machine is shared.
DEADLINE = 15.0
IP_MULTICAST_ALL = 49  # Linux: receive only the groups this socket joined


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """zeroconf binds its shared listening socket to every address (""); here it binds to
    the mDNS group instead, joined on loopback only, so the tests bind nothing but
    127.0.0.1 (and that group). Every bind is recorded and checked after the test."""
    bound: list[str] = []
    new_socket = zeroconf_net.new_socket

    def recording_socket(bind_addr: Any, *args: Any, **kwargs: Any) -> Any:
        bound.append(bind_addr[0])
        return new_socket(bind_addr, *args, **kwargs)

    def group_listen_socket(ip_version: IPVersion = IPVersion.V4Only,
                            apple_p2p: bool = False) -> Any:
        sock = recording_socket((MDNS_GROUP,), ip_version=ip_version, apple_p2p=apple_p2p)
        if sock and sys.platform.startswith("linux"):
            sock.setsockopt(socket.IPPROTO_IP, IP_MULTICAST_ALL, 0)
        return sock

    monkeypatch.setattr(zeroconf_net, "new_socket", recording_socket)
    monkeypatch.setattr(zeroconf_net, "new_listen_socket", group_listen_socket)
    yield bound
    assert set(bound) <= {LOOPBACK, MDNS_GROUP}


def wait_for(check: Callable[[], Any], what: str) -> Any:
    """Poll `check` until it gives something true, or fail after DEADLINE seconds."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    pytest.fail(f"not within {DEADLINE} s: {what}")


def unique_title(who: str) -> str:
    # Other test runs on this machine may be announcing on loopback at the same time.
    return f"{who} {secrets.token_hex(3)}"


@pytest.fixture
def browser() -> Iterator[Browser]:
    found = Browser(interfaces=[LOOPBACK])
    yield found
    found.close(timeout=DEADLINE)


def advertise(title: str, **kwargs: Any) -> Advertiser:
    fields: dict[str, Any] = {"players": 3, "open_seats": 2, "module": "orient"}
    fields.update(kwargs)
    return Advertiser(title, 7437, addresses=[LOOPBACK], **fields)


def titled(browser: Browser, title: str) -> Callable[[], FoundTable | None]:
    return lambda: next((t for t in browser.tables() if t.title == title), None)


def test_a_browser_finds_an_advertised_table_then_sees_its_seats_change_and_it_leave(
        browser: Browser) -> None:
    title = unique_title("Ana's table")
    advertiser = advertise(title)
    # The caller never waits for the probing (a second or more) that registration takes.
    assert advertiser.name is None
    try:
        table = wait_for(titled(browser, title), "the table is found")
        assert (table.host, table.port, table.addresses) == (LOOPBACK, 7437, (LOOPBACK,))
        assert (table.module, table.players, table.open_seats, table.started) == (
            "orient", 3, 2, False)
        assert table.version == PROTOCOL_VERSION and table.compatible
        assert address_of(table) == "127.0.0.1:7437"
        name = wait_for(lambda: advertiser.name, "the advertiser knows its name")
        assert name == f"{table.name}.{SERVICE_TYPE}"

        advertiser.update(open_seats=0, started=True)
        table = wait_for(lambda: (t := titled(browser, title)()) and t.started and t,
                         "the seats taken and the start are seen")
        assert table.open_seats == 0 and table.compatible
    finally:
        advertiser.close(timeout=DEADLINE)
    assert advertiser.closed and advertiser.error is None
    wait_for(lambda: titled(browser, title)() is None, "the table is gone after close")


def test_two_tables_with_one_title_get_unique_names(browser: Browser) -> None:
    title = unique_title("Bo")
    first = advertise(title)
    wait_for(lambda: first.name, "the first table registered")
    second = advertise(title, open_seats=1)
    try:
        wait_for(lambda: len([t for t in browser.tables() if t.title == title]) == 2,
                 "both tables are found")
        assert first.name != second.name
    finally:
        first.close(timeout=DEADLINE)
        second.close(timeout=DEADLINE)


def test_hostile_announcements_never_raise_and_show_as_incompatible(
        browser: Browser) -> None:
    tag = secrets.token_hex(3)
    zc = Zeroconf(interfaces=[LOOPBACK], ip_version=IPVersion.V4Only)
    hostile = {
        "wrong version": {b"protocol": b"99", b"title": f"old {tag}".encode(),
                          b"players": b"2", b"open": b"1", b"started": b"0"},
        "not utf-8": {b"protocol": str(PROTOCOL_VERSION).encode(),
                      b"title": b"\xff\xfe" + tag.encode() + b"\x00\x1b[31m" + b"x" * 200,
                      b"players": b"\xff", b"open": b"-1", b"\xc3": b"\xc3"},
        "no keys": {},
    }
    infos = [ServiceInfo(SERVICE_TYPE, f"{label} {tag}.{SERVICE_TYPE}", port=7000 + i,
                         properties=props, parsed_addresses=[LOOPBACK],
                         server=f"hostile-{tag}.local.")
             for i, (label, props) in enumerate(hostile.items())]
    try:
        for info in infos:
            zc.register_service(info, cooperating_responders=True)
        mine = wait_for(lambda: (found := [t for t in browser.tables() if tag in t.name])
                        and len(found) == 3 and found, "the three announcements are heard")
    finally:
        zc.close()
    assert not any(t.compatible for t in mine)
    by_port = {t.port: t for t in mine}
    assert by_port[7000].version == 99 and by_port[7000].title == f"old {tag}"
    garbled = by_port[7001]
    assert garbled.title.isprintable() and len(garbled.title) <= discovery.MAX_TITLE
    assert tag in garbled.title and garbled.players == 0
    assert by_port[7002].title == f"no keys {tag}" and by_port[7002].version is None


@pytest.mark.parametrize("properties", [
    {b"protocol": b"\xff\xff", b"players": b"9" * 500},
    {b"protocol": None, b"players": None, b"open": None, b"title": None},
    {b"protocol": b"1", b"players": b"3", b"open": b"4", b"started": b"0", b"module": b""},
    {b"protocol": b"1", b"players": b"3", b"open": b"1", b"started": b"0",
     b"module": b"atlantis"},
    {b"protocol": b"1", b"players": "\u0663".encode(), b"open": b"1", b"started": b"0",
     b"module": b""},
    {b"protocol": b"1", b"players": b"3", b"open": b"1", b"started": b"yes", b"module": b""},
])
def test_a_malformed_announcement_is_read_as_incompatible(
        properties: dict[bytes, bytes | None]) -> None:
    table = table_from(f"t.{SERVICE_TYPE}", 7437, [LOOPBACK], properties)
    assert table is not None and not table.compatible
    assert table.title == "t" and table.title.isprintable()


def test_a_complete_announcement_is_compatible_and_lists_lan_addresses_first() -> None:
    properties = {b"protocol": str(PROTOCOL_VERSION).encode(), b"title": b"Ana",
                  b"players": b"4", b"open": b"3", b"started": b"0", b"module": b""}
    table = table_from(f"Ana.{SERVICE_TYPE}", 7437,
                       ["fe80::1%2", "127.0.0.1", "fd00::2", "192.168.1.5"], properties)
    assert table is not None and table.compatible and table.module is None
    assert table.addresses == ("192.168.1.5", "fd00::2", "127.0.0.1", "fe80::1%2")
    assert address_of(table) == "192.168.1.5:7437"


@pytest.mark.parametrize(("port", "addresses"), [(0, [LOOPBACK]), (None, [LOOPBACK]),
                                                 (7437, []), (70000, [LOOPBACK])])
def test_an_announcement_that_cannot_be_joined_is_skipped(
        port: int | None, addresses: list[str]) -> None:
    assert table_from(f"t.{SERVICE_TYPE}", port, addresses, {}) is None


def test_tables_a_player_can_join_come_first() -> None:
    def table(title: str, open_seats: int, compatible: bool = True) -> FoundTable:
        return FoundTable(title, title, LOOPBACK, 1, (LOOPBACK,), None, 4, open_seats, False,
                          PROTOCOL_VERSION, compatible)

    tables = [table("zed", 1), table("full", 0), table("old", 2, compatible=False),
              table("Ana", 1)]
    assert [t.title for t in sorted(tables, key=discovery._sort_key)] == [
        "Ana", "zed", "full", "old"]


def test_format_address_brackets_ipv6() -> None:
    assert format_address("fd00::2", 7437) == "[fd00::2]:7437"
    assert format_address("192.168.1.5", 7437) == "192.168.1.5:7437"


class _Ip:
    def __init__(self, ip: str | tuple[str, int, int]) -> None:
        self.ip = ip


class _Adapter:
    def __init__(self, *ips: str | tuple[str, int, int]) -> None:
        self.ips = [_Ip(ip) for ip in ips]


def test_local_addresses_leave_out_loopback_and_link_local(
        monkeypatch: pytest.MonkeyPatch) -> None:
    adapters = [_Adapter("127.0.0.1", ("::1", 0, 0)),
                _Adapter(("fe80::1", 0, 2), ("fd00::2", 0, 0), "169.254.3.4", "192.168.1.5")]
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", lambda: adapters)
    assert local_addresses() == ["192.168.1.5", "fd00::2"]
    assert local_addresses(ipv6=False) == ["192.168.1.5"]


def test_local_addresses_fall_back_to_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    adapters = [_Adapter("127.0.0.1", ("::1", 0, 0))]
    monkeypatch.setattr(discovery.ifaddr, "get_adapters", lambda: adapters)
    assert local_addresses() == ["127.0.0.1", "::1"]


def test_closing_before_the_name_is_registered_ends_cleanly() -> None:
    advertiser = advertise(unique_title("Cy"))
    advertiser.close(timeout=DEADLINE)
    assert advertiser.closed and advertiser.error is None


def test_the_self_check_reads_an_announcement_back_without_the_network() -> None:
    assert "read back" in discovery.self_check()


def test_a_flood_of_announcements_is_cut_and_removals_still_count(
        browser: Browser, monkeypatch: pytest.MonkeyPatch) -> None:
    def resolve(zeroconf: Zeroconf, service_type: str, name: str) -> FoundTable | None:
        return table_from(name, 7437, [LOOPBACK], {})

    monkeypatch.setattr(Browser, "_resolve", staticmethod(resolve))
    names = [f"flood {n}.{SERVICE_TYPE}" for n in range(discovery.MAX_TABLES + 20)]
    for name in names:
        browser._changed(browser._zeroconf, SERVICE_TYPE, name, ServiceStateChange.Added)
    flood = [t for t in browser.tables() if t.name.startswith("flood ")]
    assert len(flood) == discovery.MAX_TABLES
    browser._changed(browser._zeroconf, SERVICE_TYPE, names[0], ServiceStateChange.Removed)
    browser._changed(browser._zeroconf, SERVICE_TYPE, names[-1], ServiceStateChange.Added)
    assert "flood 0" not in {t.name for t in browser.tables()}
    assert f"flood {len(names) - 1}" in {t.name for t in browser.tables()}


def test_without_ipv6_zeroconf_falls_back_to_ipv4(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, IPVersion]] = []

    def fake_zeroconf(interfaces: Any, ip_version: IPVersion) -> str:
        calls.append((interfaces, ip_version))
        if ip_version is not IPVersion.V4Only:
            raise OSError("IPv6 is not available")
        return "zeroconf"

    monkeypatch.setattr(discovery, "Zeroconf", fake_zeroconf)
    assert discovery.open_zeroconf([LOOPBACK, "::1"], IPVersion.All) == "zeroconf"
    assert calls[-1] == ([LOOPBACK], IPVersion.V4Only)

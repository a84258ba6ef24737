"""Tables on the local network: mDNS/DNS-SD (`zeroconf`), service `_splendor._tcp.local.`.

A host announces its table set with an `Advertiser` (TXT: protocol version, title, module,
players, open seats, started); a joining player's `Browser` keeps a snapshot of the tables
it hears, which the join screen polls once a frame (`tables()`). Neither ever makes the
caller wait on the network: the Advertiser works in a thread of its own (probing for a
unique name takes a second or two), the Browser on zeroconf's threads. What an announcer
says is untrusted: every field is checked, limited in length and made plain text, and a
table that does not say what this version needs shows as not `compatible`.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import secrets
import socket
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import ifaddr
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf._dns import DNSText
from zeroconf._protocol.incoming import DNSIncoming
from zeroconf._protocol.outgoing import DNSOutgoing

from splendor.net.protocol import PROTOCOL_VERSION

#: What zeroconf takes as interfaces: all of them, or a list of addresses.
InterfacesType = InterfaceChoice | list[str | int | tuple[tuple[str, int, int], int]]

log = logging.getLogger(__name__)

SERVICE_TYPE = "_splendor._tcp.local."
#: Longest title (characters) announced or shown; an instance name stays within DNS's 63
#: bytes with room for the "-2" zeroconf adds on a clash.
MAX_TITLE = 40
MAX_INSTANCE_BYTES = 56
#: Longest module id taken from an announcement.
MAX_MODULE = 24
#: Tables kept at most, and addresses kept for each (a flood of announcements is cut).
MAX_TABLES = 64
MAX_ADDRESSES = 8
#: How long the Browser waits for one table's details before dropping it (milliseconds).
RESOLVE_MS = 3000
#: Announcements whose details are being asked for at once (each on a thread of its own,
#: waiting up to RESOLVE_MS); more are dropped. A host's announcement comes whole and is
#: read at once: a flood of names without details never holds it up.
MAX_ASKING = 8
MAX_PLAYERS = 4


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the network. `name` is the service's unique instance name (a key);
    `title` is for people ('' when the host gave none: the window words one from
    `players`). `host` is the address to join at (see `address_of`)."""

    name: str
    title: str
    host: str
    port: int
    addresses: tuple[str, ...]
    module: str | None
    players: int
    open_seats: int
    started: bool
    version: int | None
    compatible: bool


def format_address(host: str, port: int) -> str:
    """`host:port`, an IPv6 address in brackets (`[fd00::2]:7437`)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def address_of(found: FoundTable) -> str:
    """The address a player joins `found` at, as the join screen shows it."""
    return format_address(found.host, found.port)


def local_addresses(ipv6: bool = True) -> list[str]:
    """This machine's LAN addresses, IPv4 first, for the host's lobby to show. Loopback
    and link-local addresses are left out unless there is nothing else."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                address = ipaddress.ip_address(text)
            except ValueError:
                continue
            if (address.version == 6 and not ipv6) or address in found:
                continue
            found.append(address)
    lan = [a for a in found if not (a.is_loopback or a.is_link_local or a.is_unspecified)]
    chosen = lan or [a for a in found if a.is_loopback]
    chosen.sort(key=lambda a: a.version)  # stable: the system's order within a family
    return [str(a) for a in chosen]


def open_zeroconf(interfaces: InterfacesType, ip_version: IPVersion) -> Zeroconf:
    """zeroconf on `interfaces`; IPv4 only if IPv6 cannot be used here (a machine or a
    container without it)."""
    try:
        return Zeroconf(interfaces=interfaces, ip_version=ip_version)
    except (OSError, RuntimeError):
        if ip_version is IPVersion.V4Only:
            raise
        log.info("mDNS over IPv6 is not available here: IPv4 only")
        if isinstance(interfaces, list):
            interfaces = [i for i in interfaces if isinstance(i, str) and ":" not in i]
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


# --- announcing ------------------------------------------------------------------------

#: Printable characters that draw nothing at all (Hangul fillers, the blank Braille
#: pattern, Khmer inherent vowels): read as spaces, so that no title is invisible.
_BLANK = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")


def plain(text: str, limit: int) -> str:
    """`text` as one line of printable characters, at most `limit` long."""
    cleaned = "".join(c if c.isprintable() and c not in _BLANK else " " for c in text)
    return re.sub(r"\s+", " ", cleaned).strip()[:limit].strip()


def _instance_name(title: str) -> str:
    """A DNS-SD instance name for `title`: no dots (they separate labels), within 63 bytes,
    ending in a random tag. Two tables of one title on one computer would otherwise rely on
    mDNS probing to part their names, and two responders on one host do not always hear
    each other's answers to probes (the lists show the title, not this name)."""
    tag = f" {secrets.token_hex(2)}"
    name = plain(title.replace(".", " "), MAX_TITLE) or "Splendor"
    while len((name + tag).encode("utf-8")) > MAX_INSTANCE_BYTES:
        name = name[:-1]
    return (name.strip() or "Splendor") + tag


def _host_name() -> str:
    """This announcer's own mDNS host name: the machine's, made DNS-safe, with a random
    suffix so that it never clashes with the name the system itself announces."""
    base = re.sub(r"[^a-z0-9-]+", "-", socket.gethostname().lower()).strip("-")[:30]
    return f"splendor-{base or 'host'}-{secrets.token_hex(3)}.local."


def _properties(title: str, module: str | None, players: int, open_seats: int,
                started: bool) -> dict[str, str]:
    return {
        "protocol": str(PROTOCOL_VERSION),
        "title": plain(title, MAX_TITLE),
        "module": module or "",
        "players": str(players),
        "open": str(open_seats),
        "started": "1" if started else "0",
    }


class Advertiser:
    """Announces one hosted table set until `close`. Registration (a second or two of
    probing, with a name made unique if another table has it) happens in a thread of its
    own: the constructor, `update` and `close` return at once. `addresses` defaults to
    this machine's LAN addresses (`local_addresses`); when given, zeroconf answers only
    on those interfaces (tests: `["127.0.0.1"]`)."""

    def __init__(self, title: str, port: int, *, players: int, open_seats: int,
                 module: str | None = None, started: bool = False,
                 addresses: Sequence[str] | None = None) -> None:
        self.title = plain(title, MAX_TITLE)
        self.port = port
        self.addresses = tuple(local_addresses() if addresses is None else addresses)
        self._interfaces: InterfacesType = (
            InterfaceChoice.All if addresses is None else list(self.addresses))
        self._ip_version = (IPVersion.All if any(":" in a for a in self.addresses)
                            else IPVersion.V4Only)
        self._wanted = _properties(title, module, players, open_seats, started)
        self._server = _host_name()
        self._lock = threading.Condition()
        self._closing = False
        self._name: str | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="splendor-advertiser",
                                        daemon=True)
        self._thread.start()

    @property
    def name(self) -> str | None:
        """The instance name announced (unique on the network), once registered."""
        with self._lock:
            return self._name

    def update(self, *, players: int | None = None, open_seats: int | None = None,
               started: bool | None = None) -> None:
        """Announce the lobby's change (a seat taken, the game started); returns at once."""
        with self._lock:
            wanted = dict(self._wanted)
            if players is not None:
                wanted["players"] = str(players)
            if open_seats is not None:
                wanted["open"] = str(open_seats)
            if started is not None:
                wanted["started"] = "1" if started else "0"
            self._wanted = wanted
            self._lock.notify_all()

    def close(self, timeout: float = 0.0) -> None:
        """Say goodbye on the network and stop; waits up to `timeout` seconds for it
        (0: not at all, for a frame; tests wait to see the goodbye sent)."""
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        if timeout > 0:
            self._thread.join(timeout)

    @property
    def closed(self) -> bool:
        return not self._thread.is_alive()

    def _info(self, name: str, properties: Mapping[str, str]) -> ServiceInfo:
        return ServiceInfo(SERVICE_TYPE, name, port=self.port, properties=dict(properties),
                           server=self._server, parsed_addresses=list(self.addresses))

    def _run(self) -> None:
        try:
            zc = open_zeroconf(self._interfaces, self._ip_version)
        except Exception as exc:  # no usable interface: the game goes on without discovery
            log.warning("cannot announce the table on the network: %s", exc)
            self.error = exc
            return
        try:
            self._announce(zc)
        except Exception as exc:
            log.warning("announcing the table failed: %s", exc)
            self.error = exc
        finally:
            zc.close()  # unregisters what is still registered: the goodbye packets

    def _announce(self, zc: Zeroconf) -> None:
        with self._lock:
            if self._closing:
                return
            sent = self._wanted
        info = self._info(f"{_instance_name(self.title)}.{SERVICE_TYPE}", sent)
        zc.register_service(info, allow_name_change=True)
        with self._lock:
            self._name = info.name
        while True:
            with self._lock:
                while not self._closing and self._wanted == sent:
                    self._lock.wait()
                if self._closing:
                    break
                sent = self._wanted
            info = self._info(info.name, sent)
            zc.update_service(info)
        zc.unregister_service(info)


# --- browsing --------------------------------------------------------------------------

def _text(properties: Mapping[bytes, bytes | None], key: str, limit: int) -> str | None:
    value = properties.get(key.encode())
    if value is None:
        return None
    return plain(value[: limit * 4].decode("utf-8", "replace"), limit)


def _number(properties: Mapping[bytes, bytes | None], key: str,
            low: int, high: int) -> int | None:
    text = _text(properties, key, 6)
    if text is None or not text.isdigit() or not text.isascii():
        return None
    value = int(text)
    return value if low <= value <= high else None


def _known_module(module: str) -> bool:
    from splendor.engine.modules import module_ids

    return module in module_ids()


def _host_address(address: object) -> bool:
    """Whether `address` can be a host's: an IP address (IPv6 with its scope), neither
    unspecified (0.0.0.0 reaches this very machine), multicast nor reserved (broadcast)."""
    if not isinstance(address, str) or len(address) > 64:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_unspecified or ip.is_multicast or ip.is_reserved)


def _join_order(address: str) -> tuple[int, str]:
    """Which address to join at first: LAN IPv4, then global IPv6, then the rest."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return (9, address)
    if ip.is_loopback:
        return (3, address)
    if ip.is_link_local:
        return (4, address)
    return (0 if ip.version == 4 else 1, address)


def table_from(name: str, port: int | None, addresses: Sequence[str],
               properties: Mapping[bytes, bytes | None]) -> FoundTable | None:
    """What an announcement says, checked; None if it cannot be joined at all (no port or
    no address). Fields that are missing or wrong make the table not `compatible`."""
    if not port or not 0 < port < 65536:
        return None
    kept = sorted({a for a in addresses if _host_address(a)}, key=_join_order)[:MAX_ADDRESSES]
    if not kept:
        return None
    instance = name[: -len(SERVICE_TYPE) - 1] if name.endswith("." + SERVICE_TYPE) else name
    version = _number(properties, "protocol", 0, 10**5)
    players = _number(properties, "players", 2, MAX_PLAYERS)
    open_seats = _number(properties, "open", 0, MAX_PLAYERS)
    started = _text(properties, "started", 1)
    module = _text(properties, "module", MAX_MODULE)
    module_ok = module is not None and (not module or _known_module(module))
    compatible = (version == PROTOCOL_VERSION and players is not None
                  and open_seats is not None and open_seats <= players
                  and started in ("0", "1") and module_ok)
    # An empty title: the host gave none, the window words one from the player count.
    # One missing, or nothing but what a screen cannot show: the service's name instead.
    title = _text(properties, "title", MAX_TITLE)
    if title is None or (not title and (properties.get(b"title") != b"" or players is None)):
        title = plain(instance, MAX_TITLE)
    return FoundTable(
        name=plain(instance, 63),
        title=title,
        host=kept[0], port=port, addresses=tuple(kept),
        module=module or None, players=players or 0, open_seats=open_seats or 0,
        started=started == "1", version=version, compatible=compatible)


def _sort_key(table: FoundTable) -> tuple[bool, bool, str, str]:
    """Tables a player can join first, then by title."""
    joinable = table.compatible and table.open_seats > 0 and not table.started
    return (not joinable, not table.compatible, table.title.casefold(), table.name)


class _Asking:
    """The type of ASKING."""


#: `Browser._resolve`'s answer while a table's details are being asked for.
ASKING = _Asking()


def _table_of(name: str, info: ServiceInfo) -> FoundTable | None:
    return table_from(name, info.port, info.parsed_scoped_addresses(), info.properties)


class Browser:
    """Listens for tables on the local network until `close`; `tables()` is the current
    snapshot, safe to call from any thread once a frame. `interfaces` as zeroconf takes
    them (tests: `["127.0.0.1"]`). If mDNS cannot run here at all (no usable interface),
    the constructor raises OSError or RuntimeError: the join screen offers `host:port`."""

    def __init__(self, interfaces: InterfacesType = InterfaceChoice.All,
                 ip_version: IPVersion | None = None) -> None:
        if ip_version is None:
            ip_version = (IPVersion.V4Only if isinstance(interfaces, list)
                          and all(":" not in str(i) for i in interfaces) else IPVersion.All)
        self._lock = threading.Lock()
        self._tables: dict[str, FoundTable] = {}
        #: The names whose details are being asked for (see `_resolve`).
        self._asking: set[str] = set()
        self._closing = False
        self._zeroconf = open_zeroconf(interfaces, ip_version)
        # Handlers run on the ServiceBrowser's own thread, one announcement after another:
        # a table's details missing are asked for elsewhere (`_resolve`).
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE,
                                       handlers=[self._changed])

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._tables.values(), key=_sort_key)

    def close(self, timeout: float = 0.0) -> None:
        """Stop browsing; waits up to `timeout` seconds (0: not at all, for a frame: the
        browser's thread may be waiting up to RESOLVE_MS for a table's details)."""
        self._closing = True
        closer = threading.Thread(target=self._close, name="splendor-browser-close",
                                  daemon=True)
        closer.start()
        if timeout > 0:
            closer.join(timeout)

    def _close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if self._closing:
            return  # the events still queued are dropped, so that closing is quick
        with self._lock:
            full = name not in self._tables and len(self._tables) >= MAX_TABLES
        if full:
            return
        try:
            if state_change is ServiceStateChange.Removed:
                with self._lock:
                    self._asking.discard(name)  # an answer still to come is dropped
                table = None
            else:
                answer = self._resolve(zeroconf, service_type, name)
                if isinstance(answer, _Asking):
                    return
                table = answer
        except Exception as exc:  # a hostile or broken announcer never stops the browsing
            log.info("ignoring the announcement %r: %s", name, exc)
            table = None
        self._settle(name, table)

    def _settle(self, name: str, table: FoundTable | None) -> None:
        with self._lock:
            if table is None:
                self._tables.pop(name, None)
            elif name in self._tables or len(self._tables) < MAX_TABLES:
                self._tables[name] = table

    def _resolve(self, zeroconf: Zeroconf, service_type: str,
                 name: str) -> FoundTable | _Asking | None:
        """The table `name` announces, read from what has been heard (a host's
        announcement comes whole); else ASKING: its details are asked for on a thread of
        their own (at most MAX_ASKING at once, the others dropped), as this thread, the
        ServiceBrowser's, must not wait on the network: the next announcement waits
        behind it."""
        info = ServiceInfo(service_type, name)
        if info.load_from_cache(zeroconf):
            return _table_of(name, info)
        with self._lock:
            if name in self._asking or len(self._asking) >= MAX_ASKING or self._closing:
                return ASKING
            self._asking.add(name)
        threading.Thread(target=self._ask, args=(zeroconf, info, name), daemon=True,
                         name="splendor-browser-ask").start()
        return ASKING

    def _ask(self, zeroconf: Zeroconf, info: ServiceInfo, name: str) -> None:
        table: FoundTable | None = None
        try:
            if info.request(zeroconf, RESOLVE_MS):
                table = _table_of(name, info)
        except Exception as exc:  # a hostile announcer, or zeroconf closing under us
            log.info("ignoring the announcement %r: %s", name, exc)
        with self._lock:
            wanted = name in self._asking and not self._closing
            self._asking.discard(name)
        if wanted:
            self._settle(name, table)


# --- a check without the network, for `--smoke` --------------------------------------

def self_check() -> str:
    """Encode a table's announcement into an mDNS packet and read it back, through
    zeroconf's compiled parts, without touching the network (for the packaged game's
    smoke test: those parts must have travelled into the build). Raises if anything is
    missing or wrong; returns what it did."""
    import zeroconf

    from splendor.engine.modules import module_ids

    module = module_ids()[0]
    sent = ServiceInfo(SERVICE_TYPE, f"Smoke.{SERVICE_TYPE}", port=7437,
                       properties=_properties("Smoke", module, 3, 2, False),
                       server="splendor-smoke.local.", parsed_addresses=["192.0.2.1"])
    packet = DNSOutgoing(0x8400)  # a response, authoritative
    for record in (sent.dns_pointer(), sent.dns_service(), sent.dns_text(),
                   *sent.dns_addresses()):
        packet.add_answer_at_time(record, 0)
    answers = DNSIncoming(packet.packets()[0]).answers()
    text = next(r for r in answers if isinstance(r, DNSText))
    got = ServiceInfo(SERVICE_TYPE, sent.name, properties=text.text)
    table = table_from(sent.name, 7437, ["192.0.2.1"], got.properties)
    if table is None or not (table.compatible and table.title == "Smoke"
                             and table.open_seats == 2 and table.module == module):
        raise RuntimeError(f"a table announcement did not read back: {table}")
    return (f"zeroconf {zeroconf.__version__}: an announcement of {len(answers)} records "
            f"encoded and read back")

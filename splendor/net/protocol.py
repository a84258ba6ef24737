"""The messages between a game server and its clients, and their one way in: `decode`.

Every message is a JSON object with its `type` and the protocol version `v`. `decode`
checks size, version, every field's type and the plain texts, and raises only
`ProtocolError` (codes in net/errors.py) for anything wrong.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Final, Literal, TypeVar

import msgspec

from splendor.net.errors import (
    BAD_FIELD,
    BAD_TEXT,
    MALFORMED,
    TOO_BIG,
    TOO_DEEP,
    UNKNOWN_TYPE,
    VERSION_MISMATCH,
    ProtocolError,
)
from splendor.net.schema import LogEntryWire, ViewWire

T = TypeVar("T")

#: Raised whenever a message changes shape or meaning; both sides must speak the same one
#: (4: a table without a title and a bot named after its level leave their words to
#: each window).
PROTOCOL_VERSION: Final = 4
#: The TCP port a game server listens on unless told otherwise.
DEFAULT_PORT: Final = 7437
#: The largest message either side accepts. No honest message grows with the game's
#: length: a State carries the view (without its history) and only the log entries the
#: client lacks, at most LOG_CHUNK of them, after History messages of as many when it
#: lacks more (tests/net check a quarter of this limit is enough). Anything bigger is
#: refused before it is parsed, so a peer cannot make us spend memory or time on it.
MAX_MESSAGE_BYTES: Final = 256 * 1024
#: Log entries one message carries at most.
LOG_CHUNK: Final = 400
MAX_NAME: Final = 24
MAX_CHAT: Final = 200
MAX_SEATS: Final = 4
_MAX_SHORT: Final = 64  # tokens, codes, action texts, error parameters

Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
Count = Annotated[int, msgspec.Meta(ge=0, lt=2**53)]  # an exact number in any JSON reader
Short = Annotated[str, msgspec.Meta(max_length=_MAX_SHORT)]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME)]


class Message(msgspec.Struct, tag_field="type", tag=str.lower, kw_only=True,
              forbid_unknown_fields=True):
    """Any message: `v` is the protocol version it was written in."""

    v: int = PROTOCOL_VERSION


#: The longest line of the table list a server sends (its open tables first).
MAX_LISTED: Final = 200
Level = Annotated[str, msgspec.Meta(pattern="^[a-z_]{1,24}$")]  # a bot level's name
TableId = Annotated[str, msgspec.Meta(pattern="^[A-Za-z0-9_-]{1,24}$")]


class ListTables(Message):
    """Client → server, before or instead of Hello: which tables are there?"""


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One seat: `open` (nobody took this remote seat yet), a `player` (a person, remote
    or at the host's screen) or a `bot` of `level`; bots count as connected. `name` is a
    person's, as they gave it (kept by a bot that took their seat during the game); None
    for an open seat and for a bot named after its level, which each window words."""

    seat: Seat
    kind: Literal["open", "player", "bot"] = "open"
    name: Name | None = None
    level: Level | None = None
    connected: bool = False
    #: While its player is away during a game: whole seconds until a bot takes the seat
    #: (None: nobody will, unless the host says so).
    bot_in: Count | None = None


class TableSummary(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A table as a lobby shows it; without a `title` (the host gave none) each window
    words one from its `players`."""

    id: TableId
    title: Name | None
    module: Short | None
    players: Annotated[int, msgspec.Meta(ge=2, le=MAX_SEATS)]
    started: bool = False
    over: bool = False
    seats: Annotated[list[SeatInfo], msgspec.Meta(max_length=MAX_SEATS)] = []
    #: True while the server cannot save this table: moves wait until it can.
    unsaved: bool = False


class Tables(Message):
    """Server → client: the answer to ListTables."""

    tables: Annotated[list[TableSummary], msgspec.Meta(max_length=MAX_LISTED)]


class Hello(Message):
    """Client → server: sit down as `name`. With `token`, take that seat back (on whichever
    table holds it); else the open `seat` (None: the first) of `table` (None: the first
    table with an open seat)."""

    name: Name
    token: Short | None = None
    table: TableId | None = None
    seat: Seat | None = None


class Welcome(Message):
    """Server → client: your seat, the token to come back with, the table."""

    seat: Seat
    token: Short
    table: TableSummary


class Lobby(Message):
    """Server → every connection at a table, whenever who sits where changes (a join, a
    leave, the start, a seat handed to a bot)."""

    table: TableSummary


class Play(Message):
    """Client → server: play `action` (its text) as the move number `turn` (the length of
    the history it was chosen at), so that a replayed old message is refused."""

    action: Short
    turn: Count


class History(Message):
    """Server → one client, before a State, when the client lacks more log entries than
    a State carries (joining or coming back to a long game): the next ones, in order."""

    entries: Annotated[list[LogEntryWire], msgspec.Meta(max_length=LOG_CHUNK)]


class State(Message):
    """Server → one client: the log entries it lacks (after any History), its view at the
    end of them, who plays. The view's history is the client's log."""

    view: ViewWire
    log: Annotated[list[LogEntryWire], msgspec.Meta(max_length=LOG_CHUNK)] = []
    current: Seat | None = None


class Chat(Message):
    """A plain line of chat; the server fills `seat` and `name` when it passes it on (and
    says what happens at the table in lines of its own, with neither)."""

    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT)]
    seat: Seat | None = None
    name: Name | None = None


class Error(Message):
    """Server → client: something refused, as a stable code and its parameters."""

    code: Annotated[str, msgspec.Meta(pattern="^[a-z_]{1,40}$")]
    params: Annotated[dict[Short, Short | int], msgspec.Meta(max_length=8)] = {}


class Record(Message):
    """Server → clients once the game is over: its record (engine/record.py), decks and
    all, which hides nothing any more, without its `actions`: the client has them as its
    log (so that the message does not grow with the game's length)."""

    record: dict[Short, Any]


class Ping(Message):
    nonce: Count = 0


class Pong(Message):
    nonce: Count = 0


AnyMessage = (ListTables | Tables | Hello | Welcome | Lobby | Play | History | State | Chat
              | Error | Record | Ping | Pong)
TYPES: Final = frozenset(t.__name__.lower() for t in AnyMessage.__args__)


class _Envelope(msgspec.Struct):
    """What any version's message has: read first, so a version mismatch says so."""

    type: str
    v: int


_ENVELOPE: Final = msgspec.json.Decoder(_Envelope)
_DECODER: Final[msgspec.json.Decoder[AnyMessage]] = msgspec.json.Decoder(AnyMessage)
_ENCODER: Final = msgspec.json.Encoder()


def _parse(decoder: msgspec.json.Decoder[T], raw: bytes) -> T:
    try:
        return decoder.decode(raw)
    except RecursionError:  # msgspec gives up on deep nesting at once, this way
        raise ProtocolError(TOO_DEEP, "nested too deeply") from None
    except msgspec.ValidationError as exc:
        raise ProtocolError(BAD_FIELD, str(exc)) from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(MALFORMED, str(exc)) from None


def _plain(text: str) -> bool:
    """No control, format, private or unassigned characters (a line of plain text)."""
    return all(unicodedata.category(ch)[0] not in "CZ" or ch == " " for ch in text)


def _summary_texts(table: TableSummary) -> list[str]:
    named = [table.title, *(s.name for s in table.seats)]
    return [text for text in named if text is not None]


def _texts(msg: AnyMessage) -> list[str]:
    """The plain texts in `msg`: names, titles, chat lines."""
    if isinstance(msg, Chat):
        return [msg.text] + ([msg.name] if msg.name is not None else [])
    if isinstance(msg, Hello):
        return [msg.name]
    if isinstance(msg, Welcome | Lobby):
        return _summary_texts(msg.table)
    if isinstance(msg, Tables):
        return [t for table in msg.tables for t in _summary_texts(table)]
    return []


def plain_name(text: str) -> bool:
    """True for a name or title the protocol accepts (plain text, not blank, short)."""
    return 0 < len(text) <= MAX_NAME and bool(text.strip()) and _plain(text)


def decode(raw: bytes) -> AnyMessage:
    """The message in `raw`; ProtocolError for anything else."""
    if not isinstance(raw, bytes):
        raise ProtocolError(MALFORMED, f"expected bytes, got {type(raw).__name__}")
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_BIG, f"{len(raw)} bytes, at most {MAX_MESSAGE_BYTES}")
    envelope = _parse(_ENVELOPE, raw)
    if envelope.v != PROTOCOL_VERSION:
        raise ProtocolError(VERSION_MISMATCH, f"version {envelope.v}, this side speaks "
                                              f"{PROTOCOL_VERSION}")
    if envelope.type not in TYPES:
        raise ProtocolError(UNKNOWN_TYPE, f"no message type {envelope.type[:40]!r}")
    msg = _parse(_DECODER, raw)
    if not all(_plain(t) and t.strip() for t in _texts(msg)):
        raise ProtocolError(BAD_TEXT, "a name or chat line that is not plain text")
    return msg


def encode(msg: AnyMessage) -> bytes:
    """`msg` as bytes; ProtocolError if the other side would refuse it as too big."""
    raw = _ENCODER.encode(msg)
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_BIG, f"{type(msg).__name__} of {len(raw)} bytes")
    return raw

"""The protocol's messages: each one round-trips; `decode` refuses anything else with a
ProtocolError of a stable code (hostile bytes and JSON included), and never raises
anything else."""

from __future__ import annotations

import copy
import functools
import json
import time
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.devtools.decision_positions import decision_position
from splendor.engine import observe
from splendor.net import errors
from splendor.net.errors import ProtocolError
from splendor.net.protocol import (
    LOG_CHUNK,
    MAX_CHAT,
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    TYPES,
    Chat,
    Error,
    Hello,
    History,
    ListTables,
    Lobby,
    Ping,
    Play,
    Pong,
    Record,
    SeatInfo,
    State,
    Tables,
    TableSummary,
    Welcome,
    decode,
    encode,
)
from splendor.net.wire import (
    log_entry_from_wire,
    log_entry_to_struct,
    view_from_wire,
    view_to_struct,
)
from splendor.session.log import replayed_log
from tests.engine.modules.support import DATA
from tests.net.games import GAME_KINDS, random_game


@functools.cache
def a_state_message() -> State:
    state, action = decision_position("stronghold", DATA)
    state.apply(action)  # type: ignore[arg-type]
    *_, last = random_game(None, 2, 11)
    start = random_game(None, 2, 11).__next__().clone()
    log = [log_entry_to_struct(e) for e in replayed_log(start, list(last.history))]
    return State(view=view_to_struct(observe(state, 0)), log=log[-3:], current=0)


TABLE = TableSummary(id="Ab-9_", title="Ana's table", module="orient", players=3, seats=[
    SeatInfo(0, "player", "Ana", connected=True), SeatInfo(1, "bot", "Hard bot", "hard", True),
    SeatInfo(2)])

MESSAGES = [
    Hello(name="Ana"), Hello(name="Bo", token="abc123"), Hello(name="Cy", table="Ab-9_", seat=2),
    ListTables(), Tables(tables=[TABLE, TableSummary(id="x", title="Bo's", module=None,
                                                      players=2, started=True, over=True)]),
    Tables(tables=[]),
    # A table its server gave no title, with a bot named after its level: words left to
    # each window.
    Tables(tables=[TableSummary(id="y", title=None, module=None, players=2, seats=[
        SeatInfo(0), SeatInfo(1, "bot", None, "hard", True)])]),
    Welcome(seat=1, token="abc123", table=TABLE), Lobby(table=TABLE),
    Play(action="take white blue green", turn=12), a_state_message(),
    Chat(text="good game, ça va?"), Chat(text="hi", seat=2, name="Ana"),
    Error(code="not_your_turn", params={"seat": 1, "name": "Ana"}), Ping(nonce=7), Pong(),
    Record(record={"format": "splendor-record", "setup": {"players": 2}}),
    History(entries=a_state_message().log), History(entries=[]),
]


def raw(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


def code_of(data: bytes) -> str:
    with pytest.raises(ProtocolError) as caught:
        decode(data)
    assert caught.value.code in errors.CODES
    return caught.value.code


@pytest.mark.parametrize("msg", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_round_trips(msg: Any) -> None:
    assert decode(encode(msg)) == msg


def test_every_message_type_is_tested() -> None:
    assert {type(m).__name__.lower() for m in MESSAGES} == TYPES


def test_the_largest_honest_messages_fit_in_a_quarter_of_the_size_limit() -> None:
    # The limit's why-comment: no message grows with the game. The largest are a full
    # History (the longest entries of real games, LOG_CHUNK of them) and a late State
    # of a four-player game with as many entries.
    largest, entries = 0, []
    for module in GAME_KINDS:
        *_, last = random_game(module, 4, 11)
        start = random_game(module, 4, 11).__next__().clone()
        entries += [log_entry_to_struct(e) for e in replayed_log(start, list(last.history))]
    longest = sorted(entries, key=lambda e: len(msgspec.json.encode(e)))[-1]
    full = [longest] * LOG_CHUNK
    largest = len(encode(History(entries=full)))
    for module in GAME_KINDS:
        *_, last = random_game(module, 4, 11)
        for seat in range(4):
            msg = State(view=view_to_struct(observe(last, seat)), log=full)
            largest = max(largest, len(encode(msg)))
    assert 0 < largest < MAX_MESSAGE_BYTES // 4


def test_another_version_is_refused_as_such_whatever_its_fields() -> None:
    assert code_of(raw(type="hello", v=PROTOCOL_VERSION + 1, name="Ana")) == "version_mismatch"
    assert code_of(raw(type="hello", v=1, nickname=["old", "shape"])) == "version_mismatch"
    assert code_of(raw(type="hello", name="Ana")) == "bad_field"  # no version at all


@pytest.mark.parametrize(("data", "code"), [
    (b"", "malformed"), (b"{", "malformed"), (b"\xff\xfe", "malformed"),
    (b'{"type":"hello","v":%d,"name":"Ana"} x' % PROTOCOL_VERSION, "malformed"),
    (b"[]", "bad_field"), (b'"hello"', "bad_field"),
    (raw(type="dance", v=PROTOCOL_VERSION), "unknown_type"),
    (raw(type="hello", v=PROTOCOL_VERSION), "bad_field"),
    (raw(type="hello", v=PROTOCOL_VERSION, name=""), "bad_field"),
    (raw(type="hello", v=PROTOCOL_VERSION, name="A" * 25), "bad_field"),
    (raw(type="hello", v=PROTOCOL_VERSION, name="Ana", admin=True), "bad_field"),
    (raw(type="play", v=PROTOCOL_VERSION, action="pass", turn="3"), "bad_field"),
    (raw(type="play", v=PROTOCOL_VERSION, action="pass", turn=-1), "bad_field"),
    (raw(type="welcome", v=PROTOCOL_VERSION, seat=9, token="t",
         table={"module": None, "players": 2}),
     "bad_field"),
    (raw(type="chat", v=PROTOCOL_VERSION, text="x" * (MAX_CHAT + 1)), "bad_field"),
    (raw(type="chat", v=PROTOCOL_VERSION, text="bell\u0007"), "bad_text"),
    (raw(type="chat", v=PROTOCOL_VERSION, text="two\nlines"), "bad_text"),
    (raw(type="chat", v=PROTOCOL_VERSION, text="   "), "bad_text"),
    (raw(type="hello", v=PROTOCOL_VERSION, name="rtl\u202eoverride"), "bad_text"),
    (raw(type="hello", v=PROTOCOL_VERSION, name="Ana", table="../etc"), "bad_field"),
    (raw(type="hello", v=PROTOCOL_VERSION, name="Ana", seat=4), "bad_field"),
    (raw(type="chat", v=PROTOCOL_VERSION, text="hi", name="tab\there"), "bad_text"),
    (raw(type="lobby", v=PROTOCOL_VERSION, table={"id": "a", "title": "\u0007", "module": None,
                                   "players": 2}), "bad_text"),
    (raw(type="tables", v=PROTOCOL_VERSION, tables=[{"id": "a", "title": "T", "module": None,
                                                      "players": 2,
                                      "seats": [{"seat": 0, "kind": "x"}]}]), "bad_field"),
    (raw(type="tables", v=PROTOCOL_VERSION, tables=[{"id": "a", "title": "T", "module": None,
                                                      "players": 2,
                                      "seats": [{"seat": 0, "name": "\u202e"}]}]),
     "bad_text"),
    (raw(type="error", v=PROTOCOL_VERSION, code="Not A Code"), "bad_field"),
])
def test_wrong_messages_get_their_code(data: bytes, code: str) -> None:
    assert code_of(data) == code


def test_too_big_is_refused_before_parsing_and_the_limit_itself_is_allowed() -> None:
    ping = encode(Ping())
    assert decode(b" " * (MAX_MESSAGE_BYTES - len(ping)) + ping) == Ping()
    assert code_of(b" " * (MAX_MESSAGE_BYTES - len(ping) + 1) + ping) == "too_big"
    # and this side never sends what the other would refuse
    huge = msgspec.structs.replace(a_state_message().view, legal_actions=["pass"] * 60_000)
    with pytest.raises(ProtocolError) as caught:
        encode(State(view=huge))
    assert caught.value.code == "too_big"


@pytest.mark.parametrize(("where", "codes"), [
    ("top", {"bad_field"}),  # typed decoding stops at the first bracket: not an object
    ("field", {"too_deep"}),  # the version check skips every field but type and v
    ("unknown field", {"too_deep"}),  # skipped by the version check: deep, so refused
    ("version", {"too_deep"}),
])
def test_ten_thousand_deep_nesting_is_refused_quickly(where: str, codes: set[str]) -> None:
    deep = b"[" * 10_000 + b"]" * 10_000
    data = {"top": deep,
            "field": b'{"type":"chat","v":%d,"text":' % PROTOCOL_VERSION + deep + b"}",
            "unknown field": b'{"type":"chat","v":%d,"x":' % PROTOCOL_VERSION + deep + b"}",
            "version": b'{"type":"chat","x":' + deep + b',"v":%d}' % PROTOCOL_VERSION}[where]
    started = time.perf_counter()
    assert code_of(data) in codes
    assert time.perf_counter() - started < 1.0  # a generous bound: it takes microseconds


STATE_TREE = msgspec.to_builtins(a_state_message())


def decodes_or_refuses(data: bytes) -> None:
    try:
        msg = decode(data)
    except ProtocolError as exc:
        assert exc.code in errors.CODES
    else:
        assert type(msg).__name__.lower() in TYPES
        assert decode(encode(msg)) == msg
        if isinstance(msg, State):  # what a client does next with it
            try:
                view_from_wire(msg.view, DATA, ["pass"] * min(msg.view.moves, 1000))
                for entry in msg.log:
                    log_entry_from_wire(entry)
            except ProtocolError as exc:
                assert exc.code in errors.CODES


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30)
FIELDS = sorted({f for m in MESSAGES for f in msgspec.structs.asdict(m)}
                | {"seat", "name", "kind", "connected", "module", "players", "level", "id",
                   "title", "started", "over", "seats"})


@settings(max_examples=3000, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_raise_anything_else(data: bytes) -> None:
    decodes_or_refuses(data)


@settings(max_examples=1000, deadline=None)
@given(JSON)
def test_random_json_never_raises_anything_else(value: object) -> None:
    decodes_or_refuses(json.dumps(value).encode())


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(sorted(TYPES)), st.sampled_from([PROTOCOL_VERSION] * 3 + [0, 2, -1, 2**70]),
       st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6))
def test_message_like_json_never_raises_anything_else(kind: str, v: int,
                                                      fields: dict[str, object]) -> None:
    decodes_or_refuses(json.dumps({"type": kind, "v": v, **fields}).encode())


@settings(max_examples=600, deadline=None)
@given(st.data())
def test_a_state_message_changed_anywhere_never_raises_anything_else(data: st.DataObject
                                                                     ) -> None:
    tree = copy.deepcopy(STATE_TREE)
    node = tree
    while isinstance(node, dict | list) and node:
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else range(len(node))))
        if not isinstance(node[key], dict | list) or not node[key] \
                or data.draw(st.booleans()):
            node[key] = data.draw(JSON)
            break
        node = node[key]
    decodes_or_refuses(json.dumps(tree).encode())

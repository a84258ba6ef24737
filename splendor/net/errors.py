"""The one error the network layer raises for anything wrong that came over the wire."""

from __future__ import annotations

from typing import Final

#: Stable codes (a client translates them; never reword or reuse one).
TOO_BIG: Final = "too_big"
TOO_DEEP: Final = "too_deep"
MALFORMED: Final = "malformed"
UNKNOWN_TYPE: Final = "unknown_type"
BAD_FIELD: Final = "bad_field"
VERSION_MISMATCH: Final = "version_mismatch"
BAD_TEXT: Final = "bad_text"
UNKNOWN_PIECE: Final = "unknown_piece"
BAD_ACTION: Final = "bad_action"

CODES: Final = frozenset({TOO_BIG, TOO_DEEP, MALFORMED, UNKNOWN_TYPE, BAD_FIELD,
                          VERSION_MISMATCH, BAD_TEXT, UNKNOWN_PIECE, BAD_ACTION})


class ProtocolError(ValueError):
    """Bytes or data from the other side that are not a valid message: `code` is one of
    `CODES`, `detail` says what (for logs, not for people)."""

    def __init__(self, code: str, detail: str) -> None:
        assert code in CODES, code
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


#: Stable codes of the server's refusals, sent in an Error (a client translates them).
NOT_STARTED: Final = "not_started"
GAME_OVER: Final = "game_over"
NOT_YOUR_TURN: Final = "not_your_turn"
STALE_TURN: Final = "stale_turn"
ILLEGAL: Final = "illegal"
TABLE_FULL: Final = "table_full"
NO_SUCH_TABLE: Final = "no_such_table"
SEAT_TAKEN: Final = "seat_taken"
BAD_TOKEN: Final = "bad_token"
HELLO_FIRST: Final = "hello_first"
ALREADY_SEATED: Final = "already_seated"
UNEXPECTED: Final = "unexpected"
RATE_LIMITED: Final = "rate_limited"
TOO_SLOW: Final = "too_slow"
#: The server cannot save the table: the move waits (it is shown once saved).
NOT_SAVED: Final = "not_saved"
#: Too many connections from one address, or the server's lobby is full.
BUSY: Final = "busy"

REFUSALS: Final = frozenset({NOT_STARTED, GAME_OVER, NOT_YOUR_TURN, STALE_TURN, ILLEGAL,
                             TABLE_FULL, NO_SUCH_TABLE, SEAT_TAKEN, BAD_TOKEN, HELLO_FIRST,
                             ALREADY_SEATED, UNEXPECTED, RATE_LIMITED, TOO_SLOW, NOT_SAVED,
                             BUSY})

"""No message grows with the game: a legal endless game (tests/storage/long_games.py) of
10,000 moves, then a seat coming back gets the log in History messages of LOG_CHUNK
entries and a State, each far under the size limit, and the next move's State is as
small as the first one's."""

from __future__ import annotations

from splendor.engine import Take
from splendor.net.protocol import LOG_CHUNK, MAX_MESSAGE_BYTES, Play, State, decode
from splendor.net.table import TableSpec
from tests.net.serving import client, receive_until, run, serving
from tests.storage.long_games import loop_action

MOVES = 10_000


def test_a_state_message_stays_small_at_move_ten_thousand_of_an_endless_game() -> None:
    sizes: list[tuple[str, int]] = []

    def measured(raw: bytes) -> None:
        sizes.append((type(decode(raw)).__name__, len(raw)))

    async def scenario() -> None:
        async with serving() as (server, url):
            table = server.open_table(TableSpec(2), seed=4)
            ana, bo = client(url, "Ana"), client(url, "Bo")
            for c in (ana, bo):
                await c.connect()
            for c in (ana, bo):
                await receive_until(c, lambda m: isinstance(m, State))
            first_state = len(ana.raw_states[-1])
            for c in (ana, bo):
                await c.close()
            state = table.state
            assert state is not None
            last: dict[int, Take] = {}
            while len(state.history) < MOVES:  # played at the table itself: no sockets
                seat = state.current
                refusal = table.on_message(seat, Play(action=loop_action(state, last).text(),
                                                      turn=len(state.history)))
                assert refusal == ("", {}), refusal
            assert not state.is_over() and state.scores() == (0, 0)
            back = client(url, "Ana", ana.token, on_raw=measured)
            await back.connect()
            await receive_until(back, lambda m: isinstance(m, State))
            assert back.view is not None and len(back.log) == MOVES
            assert list(back.view.history) == [a.text() for a in state.history]
            # One more move, as a player makes it: its State is as small as the first.
            while not back.to_act():  # Bo's turn (and maybe his give-back) first
                table.on_message(state.current, Play(action=loop_action(state, last).text(),
                                                     turn=len(state.history)))
                await receive_until(back, lambda m: isinstance(m, State))
            assert back.view is not None
            played = len(back.log)
            await back.play(loop_action(state, last), turn=played)
            await receive_until(back, lambda m: isinstance(m, State) and len(back.log) > played)
            late_state = len(back.raw_states[-1])
            assert late_state < 2 * first_state, (late_state, first_state)

    run(scenario())
    histories = [size for kind, size in sizes if kind == "History"]
    assert len(histories) == (MOVES - 1) // LOG_CHUNK  # the rest comes with the State
    assert max(size for _, size in sizes) < MAX_MESSAGE_BYTES // 4

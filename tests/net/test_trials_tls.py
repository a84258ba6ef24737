"""Issue 56, item 10: TLS end to end. `serve --cert --key` with a self-signed certificate
made here, a `join` over wss:// with `--cafile`, and a window joining the same table by
typing `wss://host:port`: the window trusts the system's certificates and, with
$SPLENDOR_CAFILE, that file's too (`splendor/net/trust.py`); a certificate it does not
trust is told as such, not as a host that does not answer. Every server binds 127.0.0.1."""

from __future__ import annotations

import json
import os
import random
import re
import ssl
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from splendor import i18n
from splendor.engine import replay
from splendor.net.client import GameClient
from splendor.net.listing import TableLister
from splendor.net.loop_thread import LoopThread
from splendor.net.server import GameServer
from splendor.net.session import NetSession, SeatLink
from splendor.net.table import TableSpec
from splendor.net.trust import CAFILE_ENV, UNTRUSTED, client_ssl, connect_problem
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.online.flow import OnlineFlow
from splendor.ui.online.join import JoinScene, Listing, problem_text
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.table import TableScene
from tests.engine.modules.support import DATA
from tests.net.test_net_cli_tls import self_signed
from tests.ui.gestures import click, frame
from tests.ui.table.conftest import language

__all__ = ["language"]

DEADLINE = 90.0


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost (openssl), and its key."""
    return self_signed(tmp_path_factory.mktemp("tls"))


def server_tls(certificate: tuple[Path, Path]) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    return context


def tls_table(worker: LoopThread, context: ssl.SSLContext | None) -> int:
    """A server on 127.0.0.1 (TLS with `context`) with a table of two, a bot in seat 2."""
    async def start() -> int:
        server = GameServer(DATA)
        server.open_table(TableSpec(2, None, ("easy",)), seed=4)
        return await server.start("127.0.0.1", 0, ssl=context)

    return worker.call(start())


def until(check: Callable[[], object], what: str, step: Callable[[], None] | None = None,
          deadline: float = DEADLINE) -> None:
    end = time.monotonic() + deadline
    while not check():
        assert time.monotonic() < end, f"never: {what}"
        if step is not None:
            step()
        time.sleep(0.005)


# ------------------------------------------------------------ the connection's trust

def test_trust_is_asked_only_for_wss_and_from_the_environment(
        certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CAFILE_ENV, raising=False)
    assert client_ssl("ws://127.0.0.1:7437") is None
    assert client_ssl("wss://127.0.0.1:7437") is None  # the system's certificates
    monkeypatch.setenv(CAFILE_ENV, str(certificate[0]))
    assert client_ssl("ws://127.0.0.1:7437") is None  # never TLS on a ws:// address
    context = client_ssl("wss://127.0.0.1:7437")
    assert context is not None and context.verify_mode is ssl.CERT_REQUIRED
    assert context.check_hostname
    assert any(c.get("subject") == ((("commonName", "localhost"),),)
               for c in context.get_ca_certs())
    monkeypatch.setenv(CAFILE_ENV, str(certificate[0].parent / "missing.pem"))
    fallback = client_ssl("wss://127.0.0.1:7437")  # said in the log; the system's only
    assert fallback is not None and fallback.verify_mode is ssl.CERT_REQUIRED
    assert connect_problem(ssl.SSLCertVerificationError("self-signed")) == UNTRUSTED
    assert connect_problem(ConnectionRefusedError()) == "unreachable"


@pytest.mark.parametrize(("scheme", "tls", "trusted", "outcome"), [
    ("wss", True, False, UNTRUSTED),      # a self-signed certificate, not given
    ("wss", True, True, "seated"),        # given by $SPLENDOR_CAFILE
    ("ws", True, True, "unreachable"),    # plain WebSocket to a TLS port
    ("wss", False, True, "unreachable"),  # TLS to a plain port
])
def test_the_windows_connection_over_tls(
        scheme: str, tls: bool, trusted: bool, outcome: str, certificate: tuple[Path, Path],
        worker: LoopThread, monkeypatch: pytest.MonkeyPatch) -> None:
    if trusted:
        monkeypatch.setenv(CAFILE_ENV, str(certificate[0]))
    else:
        monkeypatch.delenv(CAFILE_ENV, raising=False)
    port = tls_table(worker, server_tls(certificate) if tls else None)
    url = f"{scheme}://127.0.0.1:{port}"
    lister = TableLister(DATA, url, LoopThread("test-look").start())
    session = NetSession(DATA, url, [SeatLink("Ana")], worker, owns_worker=False)
    try:
        until(lambda: lister.tables is not None or lister.failed, "the tables or a problem",
              lister.poll)
        until(lambda: session.seated or session.failed, "a seat or a problem", session.poll)
        if outcome == "seated":
            assert lister.tables is not None and len(lister.tables) == 1
            assert session.seated and session.local_seats == (0,)
        else:
            assert (lister.tables, lister.failed) == (None, outcome)
            assert not session.seated and session.failed == outcome
    finally:
        lister.close()
        session.close()


# ------------------------------------------------------------ end to end

def press(app: App, button: object) -> None:
    assert button.enabled, button.label  # type: ignore[attr-defined]
    click(app, button.rect.center)  # type: ignore[attr-defined]


def frames_until(app: App, done: Callable[[], bool], what: str) -> None:
    """Frames until `done()`; a problem the Join screen says fails at once."""
    def step() -> None:
        frame(app)
        join = app.stack.top
        if isinstance(join, JoinScene) and join.problem:
            pytest.fail(f"{what}: {join.problem}")
    until(done, what, step)


def join_screen(app: App) -> tuple[Game, JoinScene]:
    game = Game(app)
    game.online = OnlineFlow(game, bind="127.0.0.1", port=0, discovery=False)
    app.stack.push(game.menu_scene())
    frame(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    press(app, menu.buttons["online"])
    online = app.stack.top  # the Play online menu
    assert isinstance(online, MenuScene)
    press(app, online.buttons["join"])
    join = app.stack.top
    assert isinstance(join, JoinScene)
    return game, join


def type_address(app: App, join: JoinScene, text: str) -> None:
    click(app, join.address.rect.center)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app)
    assert join.address.text == text
    press(app, join.join_typed)


def test_serve_tls_a_join_with_cafile_and_a_window_play_one_game_to_the_end(
        app: App, certificate: tuple[Path, Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    cert, key = certificate
    record = tmp_path / "server.json"
    serve = subprocess.Popen(
        [sys.executable, "-m", "splendor", "serve", "--port", "0", "--seed", "8",
         "--cert", str(cert), "--key", str(key), "--save-dir", str(tmp_path / "tables"),
         "--open-table", "players=2", "--record", str(record)],
        stdout=subprocess.PIPE, text=True)
    bot: subprocess.Popen[str] | None = None
    game: Game | None = None
    try:
        assert serve.stdout is not None
        printed = ""
        while "Serving" not in printed:  # the table's line, then where it listens
            line = serve.stdout.readline()
            assert line, "serve ended before listening"
            printed += line
        url = re.search(r"wss://\S+", printed)
        assert url is not None, printed
        address = url.group(0)
        assert address.startswith("wss://127.0.0.1:")
        bot = subprocess.Popen(
            [sys.executable, "-m", "splendor", "join", address, "--bot", "random",
             "--name", "Bo", "--cafile", str(cert)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, CAFILE_ENV: ""})
        # The window, told to trust the host's certificate, once the bot has its seat.
        monkeypatch.setenv(CAFILE_ENV, str(cert))
        looker = LoopThread("test-seats").start()
        try:
            def bot_seated() -> bool:
                probe = GameClient(address, "-", DATA, ssl=client_ssl(address))
                tables = looker.call(probe.list_tables(), timeout=20)
                looker.call(probe.close(), timeout=20)
                return any(s.name == "Bo" for s in tables[0].seats)
            until(bot_seated, "the join client takes a seat", deadline=60)
        finally:
            looker.stop()
        game, join = join_screen(app)
        type_address(app, join, address)
        frames_until(app, lambda: any(isinstance(s, TableScene) for s in app.stack.scenes),
                     "the window sits at the TLS table")
        assert not join.problem
        session = game.session
        assert isinstance(session, NetSession) and session.url == address
        rng = random.Random(5)
        end = time.monotonic() + DEADLINE
        while not isinstance(app.stack.top, ResultsScene):
            assert time.monotonic() < end, "the game never ended"
            table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
            if session.human_to_act() and not table.busy:
                view = session.screen_view()
                if view.legal_actions:
                    assert session.play(rng.choice(view.legal_actions)) is None
            frame(app)
            time.sleep(0.001)
        assert session.state.is_over()
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0, err
        assert "Game over after" in out
        assert serve.wait(timeout=60) == 0
        final = replay(DATA, json.loads(record.read_text()))
        assert final == session.state and final.setup.names[0] == "Bo"  # the first open seat
    finally:
        if game is not None:
            game.close()
        for process in (bot, serve):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=30)


def test_a_window_without_the_certificate_is_told_it_is_not_trusted(
        app: App, certificate: tuple[Path, Path], worker: LoopThread,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CAFILE_ENV, raising=False)
    port = tls_table(worker, server_tls(certificate))
    game, join = join_screen(app)
    try:
        type_address(app, join, f"wss://127.0.0.1:{port}")
        until(lambda: bool(join.problem), "the problem is said", lambda: frame(app))
        assert join.problem == problem_text(UNTRUSTED, f"127.0.0.1:{port}")
        assert join.problem.startswith(f"Untrusted certificate at 127.0.0.1:{port}.")
        assert CAFILE_ENV in join.problem
    finally:
        game.close()


@pytest.mark.parametrize("language", ["en", "pt", "es", "fr", "long"], indirect=True)
def test_the_untrusted_certificate_sentence_fits_at_the_smallest_window(
        language: str) -> None:
    app = App((1024, 600))
    app.running = True
    try:
        join = JoinScene("Ana Maria Conceição", lambda: [
            Listing("a", "Ana's table · 4 players · The Orient · 1 open", "x")],
            lambda *_: None, lambda _: None, 7437)  # type: ignore[arg-type]
        app.stack.push(join)
        with textfit.audit() as misfits:
            join.problem = problem_text(UNTRUSTED, "splendor.example.org:7437")
            frame(app)
            app.stack.draw(app.screen)
        assert i18n.has(f"online.problem.{UNTRUSTED}")
        assert not misfits, [(m.text, m.problem) for m in misfits]
    finally:
        while app.stack.scenes:
            app.stack.pop()


def test_the_window_reconnects_over_tls_with_its_token(
        certificate: tuple[Path, Path], worker: LoopThread,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A dropped wss:// connection comes back with the seat's token (the context is made
    again for each attempt)."""
    monkeypatch.setenv(CAFILE_ENV, str(certificate[0]))

    async def start() -> tuple[GameServer, int]:
        server = GameServer(DATA)
        server.open_table(TableSpec(2, None, ("easy",)), seed=6)
        return server, await server.start("127.0.0.1", 0, ssl=server_tls(certificate))

    server, port = worker.call(start())
    session = NetSession(DATA, f"wss://127.0.0.1:{port}", [SeatLink("Ana")], worker,
                         owns_worker=False)
    try:
        until(lambda: session.started, "the game starts", session.poll)
        table = next(iter(server.tables.values()))
        out = table.seats[0].out
        assert out is not None

        async def drop() -> None:
            await out.ws.close(1001, "gone")

        worker.call(drop())
        until(lambda: not session.connected, "the drop is seen", session.poll)
        until(lambda: session.connected, "back over TLS", session.poll)
        assert session.local_seats == (0,)
        assert table.seats[0].out is not None and table.seats[0].out is not out
    finally:
        session.close()
        worker.call(server.close(), timeout=60)  # closing waits for bots and peers


def test_join_refuses_a_self_signed_server_without_cafile_and_says_why(
        certificate: tuple[Path, Path], worker: LoopThread, tmp_path: Path) -> None:
    port = tls_table(worker, server_tls(certificate))
    result = subprocess.run(
        [sys.executable, "-m", "splendor", "join", f"wss://127.0.0.1:{port}", "--bot",
         "random"], capture_output=True, text=True, timeout=60,
        env={**os.environ, CAFILE_ENV: ""})
    assert result.returncode == 1
    assert result.stderr.startswith("splendor join: ")
    assert "certificate verify failed" in result.stderr, result.stderr

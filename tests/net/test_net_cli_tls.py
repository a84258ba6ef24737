"""`serve --cert --key` (TLS) with `join wss://`, `join --dump`, and what `serve` says
about certificate files it cannot use; where `serve` saves its tables by default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.cli import main
from splendor.engine import replay
from splendor.net.protocol import History, Record, State, Welcome, decode
from splendor.storage.paths import net_records_dir, net_tables_dir
from tests.engine.modules.support import DATA


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost, made by openssl, and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert),
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_join_over_tls_plays_a_game_and_dumps_every_message(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    dump, record = tmp_path / "dump.txt", tmp_path / "game.json"
    serve = subprocess.Popen(
        [sys.executable, "-m", "splendor", "serve", "--port", "0", "--seed", "2",
         "--cert", str(cert), "--key", str(key), "--save-dir", str(tmp_path / "tables"),
         "--open-table", "players=2,bots=easy", "--record", str(tmp_path / "server.json")],
        stdout=subprocess.PIPE, text=True)
    try:
        assert serve.stdout is not None
        serve.stdout.readline()
        address = serve.stdout.readline().split()[-1]
        assert address.startswith("wss://127.0.0.1:")
        # Without trusting the certificate, the connection is refused as unsafe.
        assert main(["join", address, "--bot", "random"]) == 1
        assert main(["join", address, "--bot", "random", "--cafile", str(cert),
                     "--dump", str(dump), "--record", str(record)]) == 0
        assert serve.wait(timeout=30) == 0
    finally:
        serve.kill()
        serve.wait(timeout=30)
    lines = dump.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) > 10
    messages = [decode(line) for line in lines[:-1]]
    assert isinstance(messages[0], Welcome) and isinstance(messages[-1], Record)
    assert any(isinstance(m, State) for m in messages)
    assert replay(DATA, json.loads(record.read_text())).is_over()
    kept = json.loads(record.read_text())  # the Record leaves out the moves: they came
    assert messages[-1].record == {k: v for k, v in kept.items() if k != "actions"}
    assert kept["actions"] == [e.action for m in messages if isinstance(m, State | History)
                               for e in (m.log if isinstance(m, State) else m.entries)]


@pytest.mark.parametrize(("flags", "says"), [
    (["--cert", "{d}/none.pem", "--key", "{d}/none.pem"], "no such file"),
    (["--cert", "{d}/bad.pem", "--key", "{d}/bad.pem"], "cannot use the certificate"),
    (["--cert", "{d}/bad.pem"], "--cert and --key go together"),
])
def test_serve_says_what_is_wrong_with_its_certificate(
        flags: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.pem").write_text("not a certificate\n")
    argv = ["serve", "--port", "0", "--save-dir", str(tmp_path / "t"),
            *(f.format(d=tmp_path) for f in flags)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("splendor serve: ") and says in err


def test_serve_saves_in_the_data_folder_unless_told() -> None:
    assert net_tables_dir() == Path(os.environ["SPLENDOR_HOME"]) / "net_tables"
    assert net_records_dir() == Path(os.environ["SPLENDOR_HOME"]) / "net_records"

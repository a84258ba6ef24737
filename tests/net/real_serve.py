"""A real `serve` process for the network tests and benchmarks: started with its own data
folder, read until it serves, killed for real (SIGKILL), every wait bounded; and players
who play a few moves and kill it just after (`play_then_kill`)."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

from splendor.net.client import GameClient
from splendor.net.protocol import State
from tests.net.serving import client, receive_until
from tests.processes import ROOT

#: The longest a serve may take to say where it serves (a slow, busy machine).
START_TIMEOUT = 60.0


class Serve:
    """`python -m splendor serve --port 0 ARGS...`, read until its "Serving" line: `url`,
    `tables` (id to the line about it) and `resumed` (id to the move it resumed at)."""

    def __init__(self, *args: str, home: Path, cwd: Path | None = None) -> None:
        env = {**os.environ, "SPLENDOR_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "splendor", "serve", "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
            cwd=cwd or home)
        self.lines: list[str] = []
        #: What it said on stderr, once killed or finished.
        self.err = ""
        self.tables: dict[str, str] = {}
        self.resumed: dict[str, int] = {}
        self.url = ""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if found := re.match(r"Resumed table (\S+): .*, at move (\d+)$", line):
                self.resumed[found[1]] = int(found[2])
            elif found := re.match(r"Table (\S+): (.*)$", line):
                self.tables[found[1]] = found[2]
            elif line.startswith("Serving "):
                self.url = line.split()[-1]
                return
        self.process.wait(START_TIMEOUT)
        raise AssertionError(f"serve stopped before serving: {self.lines} "
                             f"{self.process.stderr.read() if self.process.stderr else ''}")

    def line_starting(self, prefix: str) -> str:
        """Its next line starting with `prefix` (it prints a few after "Serving")."""
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return self.lines[-1]
        raise AssertionError(f"serve ended without a line starting {prefix!r}")

    @property
    def pid(self) -> int:
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: nothing of the server's runs after it (what it said is kept)."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        if self.process.stdout is not None and not self.process.stdout.closed:
            out, self.err = self.process.communicate(timeout=START_TIMEOUT)
            self.lines += out.splitlines()

    def finish(self, timeout: float = 60.0) -> tuple[int, str, str]:
        """Its exit status and the rest of its output, once it ends by itself."""
        out, self.err = self.process.communicate(timeout=timeout)
        self.lines += out.splitlines()
        return self.process.returncode, out, self.err


def run_serve(*args: str, home: Path, timeout: float = 60.0) -> tuple[int, str, str]:
    """A serve expected to stop at once (a refusal): its status, stdout and stderr."""
    done = subprocess.run([sys.executable, "-m", "splendor", "serve", "--port", "0", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=home,
                          env={**os.environ, "SPLENDOR_HOME": str(home),
                               "PYTHONPATH": str(ROOT)})
    return done.returncode, done.stdout, done.stderr


async def _seen_by_all(clients: list[GameClient], moves: int) -> None:
    for c in clients:
        def caught_up(msg: object, c: GameClient = c) -> bool:
            return isinstance(msg, State) and len(c.log) >= moves

        if len(c.log) < moves or c.view is None or len(c.view.history) < moves:
            await receive_until(c, caught_up)


async def play_then_kill(url: str, tokens: list[str | None], moves: int, pid: int,
                         rng: random.Random) -> tuple[list[str | None], list[str], str]:
    """Seat both players (back with their tokens), play `moves` random moves, each seen by
    both, then kill the server 0-20 ms after the last was seen. Their tokens, the log
    they saw, and their table's id."""
    players = [client(url, name, token) for name, token in zip(("Ana", "Bo"), tokens, strict=True)]
    for c in players:
        await c.connect()
    await _seen_by_all(players, 0)
    for _ in range(moves):
        mover = next((c for c in players if c.to_act()), None)
        if mover is None:
            break  # the game is over
        assert mover.view is not None
        turn = len(mover.view.history)
        await mover.play(rng.choice(mover.view.legal_actions))
        await _seen_by_all(players, turn + 1)
    await asyncio.sleep(rng.uniform(0, 0.02))
    os.kill(pid, signal.SIGKILL)
    saw = [e.action.text() for e in players[0].log]
    assert saw == [e.action.text() for e in players[1].log]
    assert players[0].table is not None and players[0].table == players[1].table
    return [c.token for c in players], saw, players[0].table

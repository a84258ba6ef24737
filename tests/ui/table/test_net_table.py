"""The table over a network game (a NetSession against a real server on 127.0.0.1),
driven by posted events as a person drives it: moves by mouse, the chat beside the log,
no undo nor hint, the pause menu without Save, the status while a connection is down, and
the results without Play again."""

from __future__ import annotations

import random

import pygame

from splendor.bots import make_bot
from splendor.engine import Phase, Take, TakeTwo
from splendor.i18n import tr
from splendor.net.loop_thread import LoopThread
from splendor.net.session import LEFT, ChatLine
from splendor.net.table import TableSpec
from splendor.ui.app import App
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.table.net_strip import NetStrip
from splendor.ui.table.panel import PanelText
from tests.net.serving import drop_link, serve
from tests.ui.gestures import click, frame, key, post
from tests.ui.table.net_tables import Elsewhere, join, open_table, run, wait
from tests.ui.table.test_table_play import perform


def type_text(app: App, text: str) -> None:
    """Type `text` as the keyboard does: a key press, then the character it types."""
    for char in text:
        post(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char)
        post(pygame.TEXTINPUT, text=char)
        frame(app)


def may_act(app: App, table: TableScene) -> bool:
    """The results are up, or the person at the table must decide and its screen (the
    table or a decision's overlay) is up and still."""
    top, session = app.stack.top, table.session
    if isinstance(top, ResultsScene):
        return True
    if not session.human_to_act() or table.show.running:
        return False
    phase = session.view().phase
    if phase is Phase.MAIN:
        return top is table and table.acting()
    return isinstance(top, TokenReturnScene if phase is Phase.RETURN else NobleChoiceScene)


def panel_says(table: TableScene, text: str) -> bool:
    assert table.panel is not None
    return any(isinstance(i, PanelText) and i.text == text for i in table.panel.items)


def test_two_people_play_by_mouse_and_chat(app: App, worker: LoopThread) -> None:
    server, url = serve(worker, TableSpec(2, None, ()), seed=2)
    ana = join(url, "Ana", worker)
    wait(lambda: ana.seated, "Ana's seat", [ana])
    bo = join(url, "Bo", worker)
    others = [Elsewhere(bo, seed=4)]
    try:
        wait(lambda: ana.started and bo.started, "the deal", [ana, bo])
        _, table = open_table(app, ana)
        strip = table.net
        assert isinstance(strip, NetStrip)
        # Three of Ana's moves by mouse (tokens dragged from the bank, confirmed).
        rng = random.Random(1)
        for turn in range(3):
            run(app, lambda: table.acting() and app.stack.top is table, "Ana's turn", others)
            takes = [a for a in table.view().legal_actions if isinstance(a, Take | TakeTwo)]
            action = rng.choice(takes)
            before = len(ana.log)
            others[0].idle = turn == 2  # Bo waits after Ana's third move (see below)
            perform(app, table, action, turn)
            # On its way (or already answered): no refusal, no status, nothing offered.
            assert table.ui.refusal is None and not table.ui.status and not table.acting()
            run(app, lambda n=before: len(ana.log) > n, "Ana's move to count", others)
            assert (ana.log[before].seat, ana.log[before].action) == (0, action)
        # No undo nor hint: no buttons, and their keys say why in words.
        assert not {"undo", "hint"} & {b.key for b in table.buttons}
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert table.ui.refusal is not None and table.ui.refusal.code == "network_game"
        assert table.ui.message == tr("reason.network_game")
        table.ui.refusal = None
        key(app, pygame.K_h)
        assert table.ui.refusal is not None and table.ui.refusal.code == "network_game"
        table.ui.refusal = None

        # Chat: a click on the field, typing (an 'h' there asks no hint), Enter sends.
        click(app, strip.field.rect.center)
        assert strip.focused
        type_text(app, "hi Bo, shall we?")
        assert strip.field.text == "hi Bo, shall we?" and table.ui.refusal is None
        key(app, pygame.K_RETURN)
        assert strip.field.text == "" and strip.focused
        run(app, lambda: bool(bo.chat) and bo.chat[-1].text == "hi Bo, shall we?",
            "the line at Bo's screen", others)
        assert bo.chat[-1] == ChatLine(0, "Ana", "hi Bo, shall we?")
        run(app, lambda: bool(ana.chat), "the line back at Ana's", others)
        assert ana.chat[-1] == ChatLine(0, "Ana", "hi Bo, shall we?")
        # Bo answers; an empty line is refused in words for a while.
        assert bo.send_chat("sure") is None
        run(app, lambda: ana.chat[-1].text == "sure", "Bo's answer", others)
        key(app, pygame.K_RETURN)
        assert strip.refusal is not None and strip.refusal.code == "chat_empty"
        for _ in range(round(5 / 0.05)):
            frame(app)
        assert strip.refusal is None
        # Escape leaves the field, not the table; the next Escape pauses.
        key(app, pygame.K_ESCAPE)
        assert not strip.focused and app.stack.top is table
        key(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScene)
        assert pause.on_save is None and pause.on_rules is not None
        assert tr(pause.leave_key) == tr("net_table.pause.leave")
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is table
        # Enter (nothing picked on the table) opens the field again.
        key(app, pygame.K_RETURN)
        assert strip.focused
        key(app, pygame.K_ESCAPE)

        # Bo's connection goes while it is his turn: the panel says who the game waits for.
        run(app, lambda: ana.current == 1 and not table.show.running, "Bo's turn", others)
        bo.close()
        waiting = tr("net_table.status.waiting_for", name="Bo")
        run(app, lambda: table.ui.status == waiting, "the waiting status", [])
        frame(app)
        assert panel_says(table, waiting) and not table.ui.status_alarm
        assert ChatLine(1, "Bo", "", LEFT) in ana.chat

        # Ana's own connection drops (the server's side closes): an alarm, no move offered.
        worker.call(drop_link(server, 0))  # the server's side of the link goes
        lost = tr("net_table.status.connection_lost")
        run(app, lambda: table.ui.status == lost, "the lost connection", [])
        frame(app)
        assert panel_says(table, lost) and table.ui.status_alarm and not table.acting()
        # It comes back by itself: the game waits for Bo again.
        run(app, lambda: ana.connected and table.ui.status == waiting, "reconnection", [])
    finally:
        ana.close()
        bo.close()


def test_a_game_against_the_hosts_bot_ends_in_results_without_play_again(
        app: App, worker: LoopThread) -> None:
    server, url = serve(worker, TableSpec(2, None, ("easy",)), seed=5)
    ana = join(url, "Ana", worker)
    try:
        wait(lambda: ana.started, "the deal", [ana])
        _, table = open_table(app, ana)
        policy = make_bot("easy", 3)  # decides from Ana's view
        turn = 0
        while not isinstance(app.stack.top, ResultsScene):
            run(app, lambda: may_act(app, table), "Ana's turn", [])
            if isinstance(app.stack.top, ResultsScene):
                break
            before = len(ana.log)
            perform(app, table, policy.choose(ana.view()), turn)
            run(app, lambda n=before: len(ana.log) > n or isinstance(app.stack.top, ResultsScene),
                "Ana's move", [])
            turn += 1
        results = app.stack.top
        assert isinstance(results, ResultsScene)
        assert server.state is not None and ana.state == server.state
        assert not results.play_again.visible and results.play_again not in results.form.widgets
        assert results.review.visible and results.final_view is not None
        assert results.final_view.seat == 0
        assert results.result.info == results.info and len(results.rows) == 2
        surface = pygame.Surface(app.size)
        results.draw(surface)  # the final board under the results draws
        results.review.click()  # the review of the whole game, from the server's record
        assert isinstance(app.stack.top, ReviewScene)
    finally:
        ana.close()


def test_a_refusal_from_the_server_is_said_in_words_by_the_chat(
        app: App, worker: LoopThread) -> None:
    _, url = serve(worker, TableSpec(2, None, ("easy",)), seed=5)
    ana = join(url, "Ana", worker)
    try:
        wait(lambda: ana.started, "the deal", [ana])
        _, table = open_table(app, ana)
        strip = table.net
        assert isinstance(strip, NetStrip)
        run(app, ana.human_to_act, "Ana's turn", [])
        # A move for a position that is gone (as a late or replayed message would be).
        link = ana._links[0].client
        assert link is not None
        worker.call(link.play(ana.view().legal_actions[0], turn=len(ana.log) + 5))
        run(app, lambda: bool(strip.said), "the refusal", [])
        assert strip.said == tr("online.problem.stale_turn")
        assert ana.refusals == ["stale_turn"]
    finally:
        ana.close()

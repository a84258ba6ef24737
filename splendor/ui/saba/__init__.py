"""Saba's table in the window (issue 59): the board, the players, the decisions by mouse,
the log, undo and hints, the results; the honesty notice shown before the first game.

`table` wires the scene; `layout` places every part for the window's size; `board` and
`seats` draw; `targets` says what lies under the pointer and `choices` which decisions a
click on it makes; `panel` lays out and draws the prompt, the buttons and the log; `art`
holds the pieces' pictures; `results` and `notice` are overlays.
"""

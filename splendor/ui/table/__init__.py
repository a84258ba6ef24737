"""The table: where everything sits (layout.py), its drawing for one seat's view
(view.py), what is under the pointer (hits.py), the action panel (panel.py), gestures
(pointer.py), the marks of the last move and the hint (marks.py), a move in flight
(flights.py, motion.py), the magnified card (zoom.py), the final-round banner
(banner.py), a module's decision overlays (decisions.py), a take being built
(take_builder.py) and a still picture of a board (board_picture.py). Each Cities of
Splendor module's own pieces are in modules/. The scenes that use them are in
ui/scenes/ (table.py, table_step.py, review.py, results.py)."""

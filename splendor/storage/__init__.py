"""Where saves, settings and statistics live, and how they are written so none is lost.

`paths` knows the folders (platformdirs, or everything under $SPLENDOR_HOME), `atomic`
writes files so that a crash leaves either the old or the new content, `aside` moves a
file the game cannot read out of the way instead of writing over it, `instance` lets one
window own the folder, and `saves` reads and writes versioned saved games built on the
engine's game records.
"""

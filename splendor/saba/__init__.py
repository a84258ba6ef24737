"""Saba – Palast der Königin (Fiore & Happel, Goldsieber 2007), the basic game: the second
game of the program, beside Splendor. `splendor.saba.engine` holds its rules (pure Python),
`splendor.saba.data` loads its components from levels_data/saba/. The rules it plays by
are docs/RULES_SABA.md; the card values are a reconstruction, not the printed ones."""

"""The rules of Saba (docs/RULES_SABA.md): pure Python, no pygame, no I/O."""

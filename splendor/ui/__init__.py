"""The pygame-ce front end: the only package that imports pygame."""

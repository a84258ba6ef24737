"""The pygame-ce front end: the only package that imports pygame."""

import os

#: The window's class on X11, which desktops match with StartupWMClass in
#: assets/splendor.desktop. SDL reads it when pygame is imported, so it is set here,
#: before any module of this package imports pygame (from source the class would
#: otherwise be the script's name, "__main__.py").
WINDOW_CLASS = "splendor"
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)

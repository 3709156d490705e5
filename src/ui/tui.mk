# src/ui/tui.mk — the full-screen UI's shell (src/ui/tui.h): the loop,
# home, the lesson player screen, presenter mode; its screen tests.
# Included by Makefile.am.

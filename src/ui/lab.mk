# src/ui/lab.mk — the full-screen UI's widgets (line editor, bits widget)
# and labs (src/ui/tui.h); their tests.  Included by Makefile.am.

# src/state/local.mk — the progress store (src/state/progress.h): sources
# and tests.  Included by Makefile.am.

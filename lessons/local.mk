# lessons/local.mk — the shipped lessons (installed under
# $(pkgdatadir)/lessons) and their tests.  Included by Makefile.am.

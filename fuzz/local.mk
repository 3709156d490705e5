# fuzz/local.mk — libFuzzer targets for every parser (`make fuzz`).
# Included by Makefile.am.

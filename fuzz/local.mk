# fuzz/local.mk — libFuzzer targets for every parser (`make fuzz`).
# Included by Makefile.am.
#
# Each target is one file, fuzz/fuzz_NAME.c, defining
# LLVMFuzzerTestOneInput.  Two builds of it:
#   - `make check`: fuzz/replay_NAME, the target plus fuzz/replay.c (a main
#     that feeds it files), built with the normal compiler and run by
#     fuzz/regress.sh over the seeds and fuzz/regress/NAME/ (the inputs a
#     fuzzer once broke on), so regressions are caught without clang;
#   - `make fuzz`: fuzz/fuzz_NAME, built with clang -fsanitize=fuzzer,
#     address,undefined against the library's sources compiled the same
#     way, run for FUZZ_TIME seconds each (FUZZ_TARGETS to choose) from
#     the seeds (fuzz/seeds.sh) plus the corpus it grows in fuzz/corpus/NAME.
#     A crash is written to fuzz/found/NAME/: keep it in fuzz/regress/NAME/
#     with the fix.
FUZZ_ALL = bits calc lesson grade progress npy safetensors class
FUZZ_TARGETS = $(FUZZ_ALL)
FUZZ_TIME = 60
FUZZ_CC = clang
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OPTS = -max_len=65536 -timeout=60 -rss_limit_mb=2048
FUZZ_LESSON_DEF = -DFUZZ_LESSON='"$(abs_top_srcdir)/lessons/interview.lesson"'

FUZZ_COMMON = fuzz/fuzz.h fuzz/fuzz_util.c fuzz/replay.c
check_PROGRAMS += fuzz/replay_bits fuzz/replay_calc fuzz/replay_lesson \
	fuzz/replay_grade fuzz/replay_progress fuzz/replay_npy \
	fuzz/replay_safetensors fuzz/replay_class
fuzz_replay_bits_SOURCES = fuzz/fuzz_bits.c $(FUZZ_COMMON)
fuzz_replay_bits_LDADD = src/libfptutor.a $(LIBS)
fuzz_replay_calc_SOURCES = fuzz/fuzz_calc.c $(FUZZ_COMMON)
fuzz_replay_calc_LDADD = src/libfptutor.a $(LIBS)
fuzz_replay_lesson_SOURCES = fuzz/fuzz_lesson.c $(FUZZ_COMMON)
fuzz_replay_lesson_LDADD = src/libfptutor.a $(JANSSON_LIBS) $(LIBS)
fuzz_replay_grade_SOURCES = fuzz/fuzz_grade.c $(FUZZ_COMMON)
fuzz_replay_grade_CPPFLAGS = $(AM_CPPFLAGS) $(FUZZ_LESSON_DEF)
fuzz_replay_grade_LDADD = src/libfptutor.a $(JANSSON_LIBS) $(LIBS)
fuzz_replay_progress_SOURCES = fuzz/fuzz_progress.c $(FUZZ_COMMON)
fuzz_replay_progress_LDADD = src/libfptutor.a $(LIBS)
fuzz_replay_npy_SOURCES = fuzz/fuzz_npy.c fuzz/tensor_check.h $(FUZZ_COMMON)
fuzz_replay_npy_LDADD = src/libfptutor.a $(JANSSON_LIBS) $(LIBS)
fuzz_replay_safetensors_SOURCES = fuzz/fuzz_safetensors.c fuzz/tensor_check.h $(FUZZ_COMMON)
fuzz_replay_safetensors_LDADD = src/libfptutor.a $(JANSSON_LIBS) $(LIBS)
fuzz_replay_class_SOURCES = fuzz/fuzz_class.c $(FUZZ_COMMON)
fuzz_replay_class_CPPFLAGS = $(AM_CPPFLAGS) $(FUZZ_LESSON_DEF)
fuzz_replay_class_LDADD = src/libfptutor.a $(CSV_LIBS) $(JANSSON_LIBS) $(LIBS)
TESTS += fuzz/regress.sh
dist_check_SCRIPTS += fuzz/regress.sh fuzz/seeds.sh
EXTRA_DIST += fuzz/regress

# --- make fuzz ---------------------------------------------------------------
# The library is compiled again with clang and the sanitizers, one object
# per source under fuzz/obj (names flattened: src/fp/text.c -> src_fp_text.o);
# the sources the build writes (the shared misconceptions' tables) are in
# the build tree, the others in the source tree.
FUZZ_COMPILE = $(FUZZ_CC) -std=c11 $(FUZZ_CFLAGS) $(DEFS) $(DEFAULT_INCLUDES) \
	$(AM_CPPFLAGS) $(CPPFLAGS)

fuzz/obj/stamp: $(src_libfptutor_a_SOURCES) $(nodist_src_libfptutor_a_SOURCES) config.h
	@$(MKDIR_P) fuzz/obj
	@for f in $(src_libfptutor_a_SOURCES) $(nodist_src_libfptutor_a_SOURCES); do \
	  case $$f in *.c) ;; *) continue ;; esac; \
	  o=fuzz/obj/`echo $$f | sed 's|/|_|g; s|\.c$$|.o|'`; \
	  s=$(srcdir)/$$f; test -f $$s || s=$$f; \
	  echo "  FUZZCC   $$f"; \
	  $(FUZZ_COMPILE) -fsanitize=fuzzer-no-link -c $$s -o $$o || exit 1; \
	done
	@touch $@

fuzz-build: fuzz-need-clang fuzz/obj/stamp
	@for t in $(FUZZ_TARGETS); do \
	  echo "  FUZZLD   fuzz/fuzz_$$t"; \
	  $(FUZZ_COMPILE) -fsanitize=fuzzer $(FUZZ_LESSON_DEF) \
	    $(srcdir)/fuzz/fuzz_$$t.c $(srcdir)/fuzz/fuzz_util.c fuzz/obj/*.o \
	    -o fuzz/fuzz_$$t $(JANSSON_LIBS) $(LIBS) -lm || exit 1; \
	done

fuzz-need-clang:
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || { \
	  echo "make fuzz: needs clang with libFuzzer ('$(FUZZ_CC)' not found):" \
	    "install the clang package, or set FUZZ_CC" >&2; exit 1; }

# Run each target for FUZZ_TIME seconds; stop at the first finding.
fuzz: fuzz-build tests/mktensor$(EXEEXT)
	@for t in $(FUZZ_TARGETS); do \
	  rm -rf fuzz/seed/$$t; \
	  top_srcdir=$(srcdir) $(SHELL) $(srcdir)/fuzz/seeds.sh $$t fuzz/seed/$$t || exit 1; \
	  $(MKDIR_P) fuzz/corpus/$$t fuzz/found/$$t; \
	  echo "== fuzz_$$t for $(FUZZ_TIME) s"; \
	  fuzz/fuzz_$$t $(FUZZ_OPTS) -max_total_time=$(FUZZ_TIME) \
	    -artifact_prefix=fuzz/found/$$t/ fuzz/corpus/$$t fuzz/seed/$$t \
	    || { echo "make fuzz: fuzz_$$t found a failure: see fuzz/found/$$t/" >&2; exit 1; }; \
	done
.PHONY: fuzz fuzz-build fuzz-need-clang

clean-local: clean-fuzz
clean-fuzz:
	rm -rf fuzz/obj fuzz/seed fuzz/found fuzz/corpus
	for t in $(FUZZ_ALL); do rm -f fuzz/fuzz_$$t; done
.PHONY: clean-fuzz

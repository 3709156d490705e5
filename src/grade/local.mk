# src/grade/local.mk — the free-text grader (src/grade/grade.h): a rubric
# compiled from its lines, an answer graded against it.  It knows nothing
# of lessons (src/lesson/grade_text.c is the bridge).
GRADE_SOURCES = \
	src/grade/grade.h \
	src/grade/grade_int.h \
	src/grade/words.c \
	src/grade/spell.c \
	src/grade/fold.c \
	src/grade/calls.c \
	src/grade/marks.c \
	src/grade/text.c \
	src/grade/lexicon.c \
	src/grade/qa.c \
	src/grade/hypo.c \
	src/grade/rubric_util.c \
	src/grade/rubric.c \
	src/grade/shared.c \
	src/grade/shared_runtime.def \
	src/grade/shared_claims.def \
	src/grade/shared_softmax.def \
	src/grade/shared_line.c \
	src/grade/index.c \
	src/grade/phrase.c \
	src/grade/match.c \
	src/grade/assert.c \
	src/grade/facts_int.h \
	src/grade/facts_quantity.c \
	src/grade/facts_read.c \
	src/grade/facts_scaled.c \
	src/grade/facts_bounds.c \
	src/grade/facts_size.c \
	src/grade/facts_softmax.c \
	src/grade/facts.c \
	src/grade/facts_claims.c \
	src/grade/facts_scaler.c \
	src/grade/order.c \
	src/grade/grade.c
src_libfptutor_a_SOURCES += $(GRADE_SOURCES)

# The shared misconceptions of shared.c, compiled when fptutor is built:
# shared_gen compiles them with the grader's own objects and writes the
# tables a rubric's `shared:` line copies (shared_line.c), so that a
# one-shot grade does not compile a hundred entries each time it starts.
# It links an empty table (shared_none.c) in place of the one it writes,
# and the grader's sources with what they use (src/fp, for figures).
noinst_PROGRAMS += src/grade/shared_gen
src_grade_shared_gen_SOURCES = src/grade/shared_gen.c src/grade/shared_none.c \
	$(GRADE_SOURCES) $(FP_SOURCES)
src_grade_shared_gen_LDADD = -lm
nodist_src_libfptutor_a_SOURCES = src/grade/shared_table.c
src/grade/shared_table.c: src/grade/shared_gen$(EXEEXT)
	$(AM_V_GEN)src/grade/shared_gen$(EXEEXT) >$@-t && mv $@-t $@
CLEANFILES += src/grade/shared_table.c src/grade/shared_table.c-t

/*
 * check_shared_table.c — the shared misconceptions a rubric takes from
 * the tables shared_gen wrote when the program was built (`shared: all`,
 * src/grade/shared_line.c) are, field by field, what compiling the lines
 * of shared.c in a rubric gives: the same entries in the same order, the
 * same phrases, terms, alternatives and elements.  The oracle is the
 * rubric compiler run here, not the tables, so a field of the compiled
 * form that shared_gen forgets to write, or that was compiled from an
 * older shared.c, fails here.  check_grade holds the behaviour (the same
 * verdicts on answers); this holds the structure.
 */
#include <config.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"
#include "grade/grade_int.h"

/* The lines given, no rubric_finish: a rubric of shared entries alone has
 * no concept to finish with, and finishing changes no entry of theirs. */
static grade_rubric *
compiled(const char *const *lines, size_t n)
{
	grade_rubric *r = grade_rubric_new();
	grade_diag d;

	ck_assert_ptr_nonnull(r);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(grade_rubric_line(r, lines[i], &d), "'%.40s': %s", lines[i], d.msg);
	return r;
}

static void
same_text(const char *a, const char *b, const char *what, const char *id)
{
	ck_assert_msg((a == NULL) == (b == NULL), "%s: %s of one only", id, what);
	if (a)
		ck_assert_msg(strcmp(a, b) == 0, "%s: %s differs", id, what);
}

/* Alternatives: the elements byte for byte.  The compiler zeroes an
 * element before it sets its fields, and the tables' are static, so
 * the bytes of two equal elements are equal, padding too. */
static void
same_alts(const galt *a, const galt *b, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++) {
		ck_assert_msg(a[i].nel == b[i].nel, "%s: an alternative's length", id);
		for (size_t k = 0; k < a[i].nel; k++)
			ck_assert_msg(memcmp(&a[i].el[k], &b[i].el[k], sizeof (gel)) == 0,
			    "%s: element '%s' (table) against '%s' (compiled)", id,
			    a[i].el[k].word, b[i].el[k].word);
	}
}

static void
same_entry(const gentry *a, const gentry *b)
{
	const char *id = b->id;

	ck_assert_str_eq(a->id, b->id);
	ck_assert_msg(a->kind == b->kind && a->weight == b->weight &&
	    a->required == b->required, "%s: kind, weight or core", id);
	same_text(a->hit, b->hit, "hit/why", id);
	same_text(a->miss, b->miss, "miss", id);
	ck_assert_msg(a->nphr == b->nphr, "%s: %zu phrases, compiled %zu", id, a->nphr, b->nphr);
	for (size_t p = 0; p < a->nphr; p++) {
		const gphrase *x = &a->phr[p], *y = &b->phr[p];
		ck_assert_msg(x->nterms == y->nterms && x->negated == y->negated &&
		    x->ordered == y->ordered && x->span == y->span &&
		    x->window == y->window && x->rare == y->rare && x->need == y->need &&
		    x->without.nalts == y->without.nalts, "%s: phrase %zu's marks", id, p + 1);
		for (size_t t = 0; t < x->nterms; t++) {
			ck_assert_msg(x->terms[t].nalts == y->terms[t].nalts,
			    "%s: phrase %zu, term %zu", id, p + 1, t + 1);
			same_alts(x->terms[t].alts, y->terms[t].alts, x->terms[t].nalts, id);
		}
		same_alts(x->without.alts, y->without.alts, x->without.nalts, id);
	}
}

START_TEST(table_is_the_compiled_lines)
{
	static const char *const all[] = { "shared: all" };
	static const char *lines[1024];
	size_t n = 0;

	/* the synonyms first, as shared_gen reads them */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; grade_shared_lines[i]; i++)
			if ((strncmp(grade_shared_lines[i], "synonym ", 8) == 0) == (pass == 0)) {
				ck_assert(n < sizeof lines / sizeof lines[0]);
				lines[n++] = grade_shared_lines[i];
			}
	grade_rubric *a = compiled(all, 1), *b = compiled(lines, n);
	ck_assert_uint_ge(b->nent, 10);
	ck_assert_uint_eq(a->nent, b->nent);
	for (size_t i = 0; i < b->nent; i++)
		same_entry(&a->ent[i], &b->ent[i]);
	grade_rubric_free(a);
	grade_rubric_free(b);
}
END_TEST

/* The stem index of the table is the one the lines compiled here give,
 * slot for slot: the same stems, in the same slots, with the same
 * postings (index.c numbers the phrases as the table does). */
START_TEST(index_is_the_compiled_lines)
{
	static const char *lines[1024];
	size_t n = 0;
	const gindex *t = &grade_shared_table.index;
	gindex ix;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; grade_shared_lines[i]; i++)
			if ((strncmp(grade_shared_lines[i], "synonym ", 8) == 0) == (pass == 0))
				lines[n++] = grade_shared_lines[i];
	grade_rubric *b = compiled(lines, n);
	size_t nphr = 0;
	for (size_t i = 0; i < b->nent; i++)
		nphr += b->ent[i].nphr;
	ck_assert_uint_eq(grade_shared_table.nphr, nphr);
	ck_assert(grade_index_build(b, &ix));
	ck_assert_ptr_nonnull(ix.key);
	ck_assert_ptr_nonnull(t->key);
	ck_assert_uint_eq(t->mask, ix.mask);
	for (size_t h = 0; h <= ix.mask; h++) {
		const gkey *x = &t->key[h], *y = &ix.key[h];
		ck_assert_msg(x->hash == y->hash && x->post.first == y->post.first &&
		    x->post.n == y->post.n, "slot %zu", h);
		if (y->post.n == 0)
			continue;
		ck_assert_str_eq(t->stems + x->stem, ix.stems + y->stem);
		for (unsigned k = y->post.first; k < y->post.first + y->post.n; k++)
			ck_assert_msg(t->post[k].phr == ix.post[k].phr &&
			    t->post[k].term == ix.post[k].term, "'%s': posting %u",
			    ix.stems + y->stem, k);
	}
	grade_index_free(&ix);
	grade_rubric_free(b);
}
END_TEST

/* One entry by its id is the same entry as in `shared: all`, and may be
 * taken beside the rubric's own. */
START_TEST(named_entry_is_the_table_entry)
{
	static const char *const all[] = { "shared: all" };
	grade_rubric *a = compiled(all, 1);

	for (size_t i = 0; i < a->nent; i += 7) {
		char line[128];
		snprintf(line, sizeof line, "shared: %s", a->ent[i].id);
		const char *one[] = { "concept c 1: answer", line };
		grade_rubric *r = compiled(one, 2);
		ck_assert_uint_eq(r->nent, 2);
		same_entry(&r->ent[1], &a->ent[i]);
		grade_rubric_free(r);
	}
	grade_rubric_free(a);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("shared_table");
	TCase *tc = tcase_create("tables");
	tcase_add_test(tc, table_is_the_compiled_lines);
	tcase_add_test(tc, index_is_the_compiled_lines);
	tcase_add_test(tc, named_entry_is_the_table_entry);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

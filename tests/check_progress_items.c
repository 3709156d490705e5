/*
 * check_progress_items.c — the review items of the progress store: the
 * version 1 file upgraded byte for byte, item lines refused when bad, the
 * merge of items, and the scheduler's intervals against FSRS-5 written
 * out here from its published formulas and default parameters (not from
 * src/state/fsrs.c).
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "progress_test.h"
#include "state/progress_int.h"

#define DAY 86400

/* ---- FSRS-5, as published ------------------------------------------------ */

static const double W[19] = {
	0.40255, 1.18385, 3.173, 15.69105, 7.1949, 0.5345, 1.4604, 0.0046,
	1.54575, 0.1192, 1.01925, 1.9395, 0.11, 0.29605, 2.2698, 0.2315,
	2.9898, 0.51655, 0.6621,
};

struct mem { double s, d; };

static double
r_of(double t, double s)	/* R(t,S) = (1 + 19/81 t/S)^-0.5 */
{
	return 1 / sqrt(1 + 19.0 / 81.0 * t / s);
}

static long
days_of(double s)		/* I = S/(19/81) (0.9^-2 - 1), whole days */
{
	double i = round(s * 81.0 / 19.0 * (1 / (0.9 * 0.9) - 1));

	return i < 1 ? 1 : i > 36500 ? 36500 : (long)i;
}

static double
d0_of(int g)
{
	return W[4] - exp(W[5] * (g - 1)) + 1;
}

static double
d_next(double d, int g)
{
	double dd = d - W[6] * (g - 3) * (10 - d) / 9;

	dd = W[7] * d0_of(4) + (1 - W[7]) * dd;
	return dd < 1 ? 1 : dd > 10 ? 10 : dd;
}

static struct mem
review(struct mem m, double t, int g)
{
	double r = r_of(t, m.s), s;

	if (g == 1) {
		s = W[11] * pow(m.d, -W[12]) * (pow(m.s + 1, W[13]) - 1) *
		    exp(W[14] * (1 - r));
		if (s > m.s)
			s = m.s;
	} else {
		s = m.s * (1 + exp(W[8]) * (11 - m.d) * pow(m.s, -W[9]) *
		    (exp(W[10] * (1 - r)) - 1) * (g == 2 ? W[15] : 1) *
		    (g == 4 ? W[16] : 1));
	}
	return (struct mem){ s, d_next(m.d, g) };
}

static struct mem
same_day(struct mem m, int g)
{
	return (struct mem){ m.s * exp(W[17] * (g - 3 + W[18])),
	    d_next(m.d, g) };
}

static void
close_to(double got, double want, const char *what, int step)
{
	ck_assert_msg(fabs(got - want) <= 1e-9 * fmax(1, fabs(want)),
	    "%s at step %d: %.17g, want %.17g", what, step, got, want);
}

/* A learner's history: ratings at days; the store's S, D and due must
 * follow the published formulas at every step, for every rating order. */
START_TEST(fsrs_intervals)
{
	static const int ratings[][8] = {
		{ 3, 3, 3, 3, 3, 3, 3, 3 },
		{ 1, 3, 3, 1, 3, 2, 4, 3 },
		{ 2, 2, 1, 1, 3, 4, 4, 2 },
		{ 4, 1, 3, 3, 2, 3, 1, 3 },
	};
	progress *p = progress_new(NULL);

	ck_assert_ptr_nonnull(p);
	for (size_t h = 0; h < sizeof ratings / sizeof ratings[0]; h++) {
		char id[32];
		time_t now = FAKE_NOW, last = 0;
		struct mem m = { 0, 0 };

		snprintf(id, sizeof id, "l:q%zu", h);
		for (int k = 0; k < 8; k++) {
			int g = ratings[h][k];

			ck_assert(progress_rate(p, id, PROGRESS_QUESTION, "l", g,
			    now));
			const progress_item *it = progress_item_get(p, id);
			ck_assert_ptr_nonnull(it);
			if (k == 0)
				m = (struct mem){ W[g - 1], d0_of(g) };
			else if (now - last < DAY)	/* the same sitting */
				m = same_day(m, g);
			else
				m = review(m, (double)(now - last) / DAY, g);
			close_to(it->s, m.s, "stability", k);
			close_to(it->d, m.d, "difficulty", k);
			ck_assert_int_eq(it->relearn, g == 1);
			ck_assert_int_eq((long long)it->due, (long long)now +
			    (g == 1 ? 0 : days_of(m.s) * DAY));
			ck_assert_int_eq(progress_item_due(it, now), g == 1);
			ck_assert_int_eq(it->reps, k + 1);
			last = now;
			/* A miss comes back ten minutes on; a pass on its
			 * day, or two days late on odd histories. */
			now = g == 1 ? now + 600 :
			    it->due + (time_t)(h % 2) * 2 * DAY;
		}
	}
	/* The well-known first intervals at 90%: I = S, so "good" on a new
	 * item is round(3.173) = 3 days, "easy" round(15.69105) = 16. */
	ck_assert(progress_rate(p, "l:g", PROGRESS_QUESTION, "l", 3, FAKE_NOW));
	ck_assert_int_eq((long long)progress_item_get(p, "l:g")->due,
	    (long long)FAKE_NOW + 3 * DAY);
	ck_assert(progress_rate(p, "l:e", PROGRESS_QUESTION, "l", 4, FAKE_NOW));
	ck_assert_int_eq((long long)progress_item_get(p, "l:e")->due,
	    (long long)FAKE_NOW + 16 * DAY);
	/* Bad ratings and ids change nothing. */
	ck_assert(!progress_rate(p, "l:x", PROGRESS_QUESTION, "l", 0, FAKE_NOW));
	ck_assert(!progress_rate(p, "l:x", PROGRESS_QUESTION, "l", 5, FAKE_NOW));
	ck_assert(!progress_rate(p, "", PROGRESS_QUESTION, "l", 3, FAKE_NOW));
	ck_assert(!progress_rate(p, "l:x", PROGRESS_QUESTION, "", 3, FAKE_NOW));
	ck_assert_ptr_null(progress_item_get(p, "l:x"));
	progress_free(p);
}
END_TEST

/* A version 1 file is read as it is and saved as version 2 with every
 * lesson line byte for byte the same. */
START_TEST(upgrade_v1)
{
	const char *v1 = "fptutor-progress 1\n"
	    "lesson interview 3 12 0 2.5 4 1767323000 q-1 q%202\n"
	    "lesson a%20b%25c\\d=%C3%A9 5 5 1 0 0 1\n"
	    "lesson end 0 0 0 0.10000000000000001 3 1767323045 %2541 q%C3%A9\n"
	    "end 3\n";
	const char *v2 = "fptutor-progress 2\n"
	    "lesson interview 3 12 0 2.5 4 1767323000 q-1 q%202\n"
	    "lesson a%20b%25c\\d=%C3%A9 5 5 1 0 0 1\n"
	    "lesson end 0 0 0 0.10000000000000001 3 1767323045 %2541 q%C3%A9\n"
	    "end 3 0\n";
	char msg[512];
	progress *p;

	mkdir(tpath("s"), 0700);
	put_file(tpath("s/progress"), v1, strlen(v1));
	ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
	    PROGRESS_OK);
	ck_assert_uint_eq(progress_count(p), 3);
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	assert_file(tpath("s/progress"), v2, strlen(v2));
	progress_free(p);
	/* And the upgraded file reads back to the same text. */
	ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
	    PROGRESS_OK);
	size_t len;
	char *again = progress_format(p, &len);
	ck_assert_str_eq(again, v2);
	free(again);
	progress_free(p);
}
END_TEST

/* Bad item lines make the file damaged; items in a version 1 file too. */
static const char *const bad_items[] = {
	"fptutor-progress 1\nitem drill d-1 drill-encode review 1 5 0 0 1 0 "
	    "1 1 0 0\nend 0\n",
	"fptutor-progress 2\nitem drill d-1 drill-encode review 1 5 0 0 1 0 "
	    "1 1 0 0\nend 0 0\n",				/* count */
	"fptutor-progress 2\nitem card d-1 t review 1 5 0 0 1 0 1 1 0 0\n"
	    "end 0 1\n",					/* kind */
	"fptutor-progress 2\nitem drill d-1 t review 1 11 0 0 1 0 1 1 0 0\n"
	    "end 0 1\n",					/* D > 10 */
	"fptutor-progress 2\nitem drill d-1 t review 0 5 0 0 1 0 1 1 0 0\n"
	    "end 0 1\n",					/* S = 0 */
	"fptutor-progress 2\nitem drill d-1 t later 1 5 0 0 1 0 1 1 0 0\n"
	    "end 0 1\n",					/* state */
	"fptutor-progress 2\nitem drill d-1 t review 1 5 0 0 1 2 1 1 0 0\n"
	    "end 0 1\n",					/* lapses > reps */
	"fptutor-progress 2\nitem drill d-1 t review 1 5 0 0 1 0 1 2 0 0\n"
	    "end 0 1\n",					/* passes > tries */
	"fptutor-progress 2\nitem drill d-1 t review 1 5 0 0 1 0 1 1 0\n"
	    "end 0 1\n",					/* a field short */
	"fptutor-progress 2\nitem drill d-1 t review 1 5 0 0 1 0 1 1 0 0\n"
	    "item drill d-1 t review 1 5 0 0 1 0 1 1 0 0\nend 0 2\n",
	"fptutor-progress 2\nlesson a 1 2 0 0 0 5\nend 1\n",	/* v1 end */
};

START_TEST(bad_item_refused)
{
	const char *t = bad_items[_i];
	char err[200];
	progress *p = progress_new(NULL);

	ck_assert_msg(!progress_parse(p, t, strlen(t), err, sizeof err),
	    "parsed: %s", t);
	ck_assert_uint_eq(progress_item_count(p), 0);
	progress_free(p);
}
END_TEST

/* Items merge on save: the newer record of each wins; one only on disk
 * is kept. */
START_TEST(items_merge)
{
	const char *disk = "fptutor-progress 2\n"
	    "item drill a t review 2 5 500 400 1 0 1 1 0 1767323999\n"
	    "item drill b t review 2 5 500 400 1 0 1 1 0 50\n"
	    "item question c:q c relearn 1 6 400 400 1 1 1 0 0 60\n"
	    "end 0 3\n";
	char msg[512];
	progress *p;

	mkdir(tpath("s"), 0700);
	ck_assert_int_eq(progress_open(&p, tpath("s"), msg, sizeof msg),
	    PROGRESS_OK);
	ck_assert(progress_rate(p, "a", PROGRESS_DRILL, "t", 3, 1000));
	ck_assert(progress_rate(p, "b", PROGRESS_DRILL, "t", 1, 1000));
	put_file(tpath("s/progress"), disk, strlen(disk));
	ck_assert_msg(progress_save(p, msg, sizeof msg), "%s", msg);
	/* a: the disk's is newer than ours (stamped FAKE_NOW); b: ours. */
	const progress_item *a = progress_item_get(p, "a");
	const progress_item *b = progress_item_get(p, "b");
	const progress_item *c = progress_item_get(p, "c:q");
	ck_assert_ptr_nonnull(c);
	ck_assert(c->relearn && c->lapses == 1);
	ck_assert(a->last == 400 && a->s == 2);
	ck_assert(b->last == 1000 && b->relearn);
	ck_assert_uint_eq(progress_item_count(p), 3);
	progress_free(p);
}
END_TEST

void
progress_item_tests(TCase *tc)
{
	tcase_add_test(tc, fsrs_intervals);
	tcase_add_test(tc, upgrade_v1);
	tcase_add_loop_test(tc, bad_item_refused, 0,
	    (int)(sizeof bad_items / sizeof bad_items[0]));
	tcase_add_test(tc, items_merge);
}

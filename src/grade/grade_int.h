/*
 * grade_int.h — shared by the grader's files: tokens of normalised text,
 * the compiled rubric, and phrase matching.
 */
#ifndef FPTUTOR_GRADE_INT_H
#define FPTUTOR_GRADE_INT_H

#include <string.h>

#include "grade/grade.h"

#define GRADE_WORD 24		/* bytes of a stem, longer words are cut */

enum {
	TK_NEGATOR = 1u << 0,	/* not, no, never, without, wrong, ... */
	TK_SKIP = 1u << 1,	/* may stand between a negator and its phrase */
	TK_IF = 1u << 2,	/* opens a hypothetical clause: if, when, ... */
	TK_FUNC = 1u << 3,	/* a function word (for the salad check) */
	TK_POSTSKIP = 1u << 4,	/* may stand between a phrase and a negator
				 * after it: "would", "fixes" (nothing) */
	TK_CONDMAIN = 1u << 5,	/* last word of a clause an if-clause follows */
	TK_PRENEG = 1u << 6,	/* negates only what follows: rather, instead */
	TK_QUESTION = 1u << 7,	/* in a sentence that ends with '?' */
	TK_JUDGE = 1u << 8,	/* a verdict: wrong, useless, a red herring */
	TK_CONSEQ = 1u << 9,	/* after the "and" of "do X and you get Y": the
				 * consequence, which is asserted */
	TK_POSS = 1u << 10,	/* a possessive: "fp32's" in "fp32's exponent" */
	TK_LABEL = 1u << 11,	/* ends a verdict label, "Wrong 1:", "Bad:": what
				 * follows it is held up to be refused */
};

/* Clauses that assert nothing: HY_COND for conditions, questions,
 * quotations and reported opinions; HY_MAIN for the clause a condition
 * governs ("raise the scale [if gradients underflow]"). */
enum { HY_MAIN = 1, HY_COND = 2, HY_COUNTER = 4 };	/* HY_COUNTER: "doing X would
						 * Y", a counterfactual: points made in it
						 * count, misconceptions and steps do not */

typedef struct gtok {
	char stem[GRADE_WORD];
	unsigned hash;		/* grade_hash(stem) */
	char raw[GRADE_WORD];	/* the word as written, lower case */
	int sent;		/* sentence number: ends at . ! ? : */
	unsigned wc;		/* word classes used after tokenising (text.c) */
	unsigned cls;		/* grade_word_class of raw, looked up once */
	double num;		/* the value when isnum */
	double unit;		/* its last digit's unit (grade_numform) */
	bool isnum, pow10, sci;
	unsigned char ndig;	/* digits before the point */
	unsigned char fact;	/* GF_ bits of a true claim starting here */
	int clause;
	unsigned flags;
} gtok;

typedef struct gtext {
	gtok *t;
	size_t n, cap;
	int nclauses;
	unsigned char *hypo;	/* per clause: 0 asserts, HY_MAIN or HY_COND */
	int ncalls;		/* code calls seen: f(x), scaler.step(opt) */
	int nsent;
	/* An index of stems: slot[h & mask] holds the first token + 1 of a
	 * stem (0: none), next[i] the next token with the same stem + 1. */
	size_t *slot, *next;
	size_t mask;
	size_t *cstart, *cend;	/* per clause: its token span [cstart, cend) */
	size_t slot_size, cstart_size;	/* bytes of the two blocks (text.c) */
	unsigned char initial[256];	/* first letters of words present */
	unsigned char pair[128];	/* bit (c0 & 31) << 5 | (c1 & 31): the first two
					 * letters of some word (raw or stem) */
	unsigned char stembit[128];	/* bit hash & 1023: some stem has it */
	unsigned char triple[512];	/* bit grade_triple(): the first three
					 * letters of some word (raw or stem) */
	/* The tokens by first letter (0: numbers and signs; words begin with
	 * an ASCII letter), for the scans of prefixes and numbers:
	 * bytok[bystart[c] .. bystart[c + 1]). */
	size_t *bytok, bystart[129];
	bool hasnum;		/* some token is a number */
	unsigned facts;		/* GF_ bits of the true claims below (facts.c) */
} gtext;

/* True claims the engine confirms (facts.c), kept on the claim's first
 * token (gtok.fact) for the rubric terms %overflow and %flush: "1e8 >
 * 65504", "1e4 x 1e4 = 1e8 then inf", "fl16(1e-8) is 0", "1e-8 < 2^-24". */
enum { GF_OVERFLOW = 1u << 0, GF_FLUSH = 1u << 1, GF_SCALED = 1u << 2 };

/* FNV-1a of a stem: the key of the index above and of rubric words. */
unsigned grade_hash(const char *s);
/* The word of the subject w misspells (one edit away, spell.c), or NULL. */
const char *grade_spell(const char *w);
/* The first token whose stem is stem (with hash h), or (size_t)-1. */
size_t gtext_find(const gtext *tx, const char *stem, unsigned h);
/* The next token after i with the same stem, or (size_t)-1. */
size_t gtext_next(const gtext *tx, size_t i);

/* Word classes (words.c): bits of grade_word_class(). */
enum {
	WC_NEG = 1u << 0, WC_PRENEG = 1u << 1, WC_SKIP = 1u << 2, WC_IF = 1u << 3,
	WC_FUNC = 1u << 4, WC_POST = 1u << 5, WC_SPLIT = 1u << 6,
	WC_WHO = 1u << 7, WC_SAY = 1u << 8, WC_JUDGE = 1u << 9,
	/* a condition without its comma (text.c): a verb that gives the
	 * condition its verb, an imperative or a subject + modal that opens
	 * the main clause */
	WC_CONDVERB = 1u << 10, WC_IMPER = 1u << 11, WC_SUBJ = 1u << 12,
	WC_MODAL = 1u << 13,
	WC_FIG = 1u << 14,	/* a figure's quantity or format (facts.c) */
	WC_FMT = 1u << 15,	/* a format's name (facts.c) */
	WC_SCL = 1u << 16,	/* a word a GradScaler default hangs on (facts.c) */
	WC_REL = 1u << 17,	/* relates key words: more, than, not (salad) */
};
unsigned grade_word_class(const char *w);	/* lower case, raw or stem */
bool grade_is_pronoun(const char *w, size_t n);	/* it, that, ...: 's = is */
/* w as it was meant (common misspellings; British -ise read as -ize). */
const char *grade_respell(const char *w, char *buf, size_t size);

/* What the grader reads off one word (lexicon.c): the word meant (respelt
 * or a slip mended), its stem and the stem's hash, the classes of the two. */
typedef struct glex {
	char raw[GRADE_WORD];
	char stem[GRADE_WORD];
	unsigned hash, cls, scls;
	bool respelt;		/* raw is not the word as written */
} glex;
/* The analysis of the word orig (len bytes as written) whose lower-case
 * form, cut to GRADE_WORD - 1 bytes, is w: cached per thread, or worked
 * out into *scratch. */
const glex *grade_lex(const char *orig, size_t len, const char *w, glex *scratch);

/* Is token t the word w, as written?  (The first byte first: the readers
 * ask this of every token, word by word.) */
static inline bool
grade_tok_is(const gtok *t, const char *w)
{
	return t->raw[0] == w[0] && strcmp(t->raw, w) == 0;
}

/* The bit of tx->triple for a word's first three bytes (text.c, match.c). */
static inline unsigned
grade_triple(const char *w)
{
	return (((unsigned)(unsigned char)w[0] * 31u + (unsigned char)w[1]) * 31u +
	    (unsigned char)w[2]) & 4095u;
}

/* Normalise and tokenise: fills tx (which the caller frees with
 * gtext_free).  False when out of memory. */
bool gtext_build(const char *s, size_t len, gtext *tx);
/* Punctuation as shape (marks.c), for gtext_build: does a[i] end a
 * clause; is the number of `used` bytes at a[i] the next item number of a
 * list without punctuation (*marker: the last item number, 0 before a
 * list); single quotes that quote made double quotes, in place. */
bool grade_clause_break(const char *a, size_t i, size_t n);
bool grade_list_marker(const char *a, size_t i, size_t used, size_t o, double v,
    const gtext *tx, int *marker);
void grade_single_quotes(char *a, size_t o);
/* A GradScaler call order written as code in one sentence, out of the
 * article's order (calls.c): true and why filled. */
bool grade_call_order(const char *text, size_t len, char *why, size_t whylen);
/* Mark the clauses that assert nothing (hypo.c); called by gtext_build
 * once the clauses are known. */
void grade_mark_hypotheticals(gtext *tx);
/* A question the answer answers itself is a statement (qa.c). */
void grade_answered_questions(gtext *tx);
/* Is w one of the words of list (NULL-terminated)? */
bool grade_word_in(const char *w, const char *const *list);

/* A phrase a misconception matches, the answer's claim or not (assert.c):
 * the main clause mc of a condition states a rule; what the scaler does
 * to its own scale; a subject only talked about; a make-verb at q that
 * makes harm. */
bool grade_rule_stated(const gtext *tx, int mc);
bool grade_scaler_does(const gtext *tx, size_t ms, size_t me);
bool grade_subject_only(const gtext *tx, size_t cs, size_t ce, size_t ms, size_t me);
bool grade_makes_harm(const gtext *tx, size_t q, size_t ce);
void gtext_free(gtext *tx);
/* The stem of one word (lower case ASCII), as tokens get it. */
void grade_stem(const char *w, size_t len, char out[GRADE_WORD]);

/* One element of an alternative: a word (stemmed, or a prefix when the
 * rubric wrote word*), or a number with a relative tolerance. */
typedef struct gel {
	char word[GRADE_WORD];
	bool prefix;
	bool exact;		/* =word: this form only, not stemmed */
	char stem[GRADE_WORD];	/* the stem to look up in the index */
	unsigned hash;		/* grade_hash(stem) */
	bool isnum;
	bool othernum;		/* !N: any number but N (within tol) */
	double num, tol;
	unsigned char fact;	/* %overflow, %flush: a true claim (GF_ bits) */
} gel;

/* An alternative of a term: a run of elements that must be adjacent. */
typedef struct galt {
	const gel *el;		/* (a shared entry's are grade_shared_table's) */
	size_t nel;
} galt;

typedef struct gterm {
	galt *alts;
	size_t nalts;
} gterm;

typedef struct gphrase {
	gterm *terms;
	size_t nterms;
	bool negated;		/* "not:" phrases must be negated to count */
	bool ordered;		/* "seq:" phrases keep their terms' order */
	bool span;		/* "span:" phrases may cross clause boundaries */
	int window;		/* tokens the whole match may span */
	size_t rare;		/* the term to look for first (fewest alternatives) */
	/* Bit t (t < 32): every alternative of term t begins with a plain
	 * word, so the term is possible only if the answer has one of those
	 * stems; the stem index (index.c) finds such terms for an answer. */
	unsigned need;
	gterm without;		/* -TERM: none of these in the match's clause */
} gphrase;

typedef enum gkind { GK_CONCEPT, GK_MISC, GK_CLAIM, GK_STEP } gkind;

typedef struct gentry {
	gkind kind;
	char id[48];
	int weight;
	bool required;
	gphrase *phr;
	size_t nphr;
	char *hit, *miss;	/* concept explanations; misc/claim: hit = why */
	unsigned shared;	/* taken from grade_shared_table's entry
				 * shared - 1 (shared_line.c); 0: the rubric's */
	size_t phr0;		/* its first phrase's number among the rubric's */
} gentry;

/* The compiled rubric (rubric.c builds it, grade.c reads it). */
typedef struct gsyn {
	char name[32];
	galt *alts;
	size_t nalts;
} gsyn;

typedef struct gexcl {
	char ids[8][48];
	size_t n;
} gexcl;

typedef struct gbecause {
	char a[48], b[48];
	char *why;
} gbecause;

/* A growing array of elements of one size, reused from line to line. */
typedef struct gvec {
	void *v;
	size_t n, cap;		/* elements in use, elements allocated */
} gvec;

/* What a compiled rubric's phrases, terms, alternatives, elements and
 * texts live in: blocks that are only appended to and are freed together
 * with the rubric (rubric_util.c).  A rubric is thousands of small
 * arrays, and a one-shot grade compiles one: a malloc, reallocs and a
 * free for each were a third of the time that took.  Being freed
 * together, the arrays may also share: a term that names @NAME points at
 * the synonym's alternatives' elements rather than copying them.  The
 * vectors are the scratch space a line is read into before its arrays
 * are kept here at their final size, one vector per level that can be
 * open at once. */
typedef struct garena {
	struct gblock *blocks;	/* the newest first */
	size_t nblocks;
	gvec el, alt, without, term, phr;
} garena;

/* A stem index (index.c): from a stem to the phrase terms an answer with
 * that stem makes possible.  An open-addressing table of keys (post.n ==
 * 0: an empty slot), the postings of each key [post.first, post.first +
 * post.n) of post, the stems in one text.  Offsets, not pointers, so that
 * shared_gen can write one out as constant tables. */
typedef struct gspan {	/* [first, first + n) of a table */
	unsigned first, n;
} gspan;

typedef struct gkey {
	unsigned hash;		/* grade_hash(stem), as gel.hash */
	unsigned stem;		/* offset in stems */
	gspan post;
} gkey;

typedef struct gpost {
	unsigned phr;		/* the phrase's number (gentry.phr0 + k) */
	unsigned term;		/* the term's bit in gphrase.need */
} gpost;

typedef struct gindex {
	const gkey *key;	/* mask + 1 slots; NULL: nothing indexed */
	size_t mask;
	const gpost *post;
	const char *stems;
	void *mem;		/* one block holding them, when allocated */
} gindex;

struct grade_rubric {
	garena *arena;		/* what the compiled form lives in */
	gsyn *syn;
	size_t nsyn;
	gentry *ent;
	size_t nent;
	gexcl *excl;
	size_t nexcl;
	gbecause *bec;
	size_t nbec;
	int pass;		/* -1: the maximum */
	int window;
	bool finished;
	bool has_constants;
	grade_constants constants;	/* for figures (facts.c) */
	/* Made by grade_rubric_finish (index.c): when indexed, a phrase whose
	 * need the answer's stems do not meet is not tried.  own indexes the
	 * rubric's own entries; the shared ones are in grade_shared_table's
	 * index, made at build time, and shphr maps a phrase of that table
	 * to its number here (UINT_MAX: not taken). */
	bool indexed;
	size_t nphr;		/* phrases of all entries */
	gindex own;
	unsigned *shphr;
	unsigned *need;		/* gphrase.need of each, side by side */
};

/* The shared misconceptions in the rubric language, NULL-terminated
 * (shared.c).  shared_gen compiles them when fptutor is built, and a
 * rubric's `shared:` line takes the named entries from the tables it
 * writes (shared_line.c). */
extern const char *const grade_shared_lines[];

/* Those tables: the compiled entries with indices where the compiled
 * form has pointers, so that they need no relocating when a program
 * starts; grade_line_shared() makes the pointers in the rubric's arena.
 * A span is [first, first + n) of the next table down. */
typedef struct gshared_phrase {
	gspan terms, without;	/* of term (a span of alt each), of alt */
	unsigned rare, need;
	int window;
	bool negated, ordered, span;
} gshared_phrase;

typedef struct gshared_entry {
	gkind kind;
	int weight;
	bool required;
	unsigned id, hit, miss;	/* offsets in text; 0: none (hit, miss) */
	gspan phr;		/* of phr */
	gspan terms, alts;	/* what its phrases use of term and of alt */
} gshared_entry;

typedef struct gshared_table {
	const gel *el;
	const gspan *alt;	/* an alternative: its elements */
	const gspan *term;	/* a term: its alternatives */
	const gshared_phrase *phr;
	const gshared_entry *ent;
	size_t nent;
	size_t nphr;		/* of phr */
	const char *text;
	gindex index;		/* the stems of the entries' phrases */
} gshared_table;

/* shared_table.c, which shared_gen writes; shared_gen itself links
 * shared_none.c, an empty one. */
extern const gshared_table grade_shared_table;

/* A `shared: ID ... | all` line (p after the colon). */
bool grade_line_shared(grade_rubric *r, const char *p, grade_diag *d,
    const char *line);

/* Reading an answer's characters (fold.c), for text.c. */
typedef struct grade_numform {
	double unit;		/* of the last significant digit; 0: exact */
	bool pow10;		/* written 10^k */
	bool sci;		/* written with an exponent: 1e8, 10^8 */
	int ndig;		/* digits before the point ("504": 3) */
} grade_numform;
size_t grade_read_number(const char *s, size_t n, double *v, grade_numform *form);
size_t grade_fold_utf8(const unsigned char *s, size_t n, char *out, size_t *o, size_t cap,
    bool *insup);
bool grade_comparison(const char *s, size_t i, size_t n, char *out, size_t *o);
size_t grade_fold_tex(const char *s, size_t i, size_t n, char *out, size_t *o, size_t cap);

/* A figure the answer states that the engine finds false (facts.c): the
 * token it stands at and why it is false. */
typedef struct gfigure {
	size_t tok;
	char why[200];
} gfigure;
/* The false figures of tx, at most max of them; returns their count.  The
 * true claims it meets are marked in tx (gtok.fact, gtext.facts). */
size_t grade_false_figures(gtext *tx, const grade_constants *c, gfigure *out, size_t max);

/* Shared by rubric.c and phrase.c. */
bool grade_err(grade_diag *d, size_t col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void *grade_grow(void *arrp, size_t *n, size_t sz);	/* one zeroed element more */
void *grade_push(gvec *v, size_t sz);	/* one zeroed element more, or NULL */
/* n bytes in a's blocks, zeroed (src NULL) or a copy of src; NULL when
 * out of memory.  Aligned for any of the rubric's structures. */
void *grade_keep(garena *a, const void *src, size_t n);
void grade_arena_done(garena *a);	/* the scratch vectors freed */
void grade_arena_free(garena *a);
const char *grade_skip_ws(const char *s);
bool grade_is_idchar(int c);
gsyn *grade_find_syn(const grade_rubric *r, const char *name, size_t len);
/* A term (alternatives joined by '/', or @NAME when allow_syn), its
 * alternatives appended to alts (of galt); their elements are kept in
 * r's arena. */
bool grade_read_term(const grade_rubric *r, const char **s, gvec *alts,
    bool allow_syn, grade_diag *d, const char *line);
/* The phrases of an entry, '|'-separated, to the end of the line. */
bool grade_read_phrases(const grade_rubric *r, const char *p, gentry *e,
    grade_diag *d, const char *line);

/* The stem index (index.c).  grade_index_build indexes r's own entries
 * (not those taken from the shared table), numbering the phrases of all
 * entries in order; false when out of memory.  grade_index_rubric makes
 * r's index when it is finished (r->indexed stays false if it cannot);
 * grade_index_mark sets seen[p] (r->nphr of them, zeroed) to 1 for each
 * phrase p of r whose need the stems of tx meet, the phrases that can
 * match.  It also uses seen as scratch: the need bits found so far. */
bool grade_index_build(const grade_rubric *r, gindex *out);
void grade_index_free(gindex *ix);
void grade_index_rubric(grade_rubric *r);
void grade_index_mark(const grade_rubric *r, const gtext *tx, unsigned *seen);
/* The need of a phrase (its terms set), as phrase.c compiles it. */
unsigned grade_phrase_need(const gphrase *ph);

/* Where an entry matched in an answer. */
typedef enum gmatch { GM_NONE, GM_ASSERTED, GM_NEGATED, GM_HYPOTHETICAL } gmatch;
/* The strongest match of e in tx (asserted beats hypothetical beats
 * negated), and the token index where the first match starts.  For order
 * questions, pos (when not NULL) receives the start of every match, one
 * per phrase and clause, up to maxpos of them, and *npos their count.
 * seen (NULL: every phrase is tried) is grade_index_mark's, from e's first
 * phrase: a phrase it marks 0 cannot match and is not tried. */
gmatch grade_match(const gentry *e, const gtext *tx, size_t *first, size_t *pos,
    size_t maxpos, size_t *npos, const unsigned *seen);

/* Order questions (order.c).  GRADE_MAXPOS mentions of a step are kept. */
#define GRADE_MAXPOS 32
size_t grade_order_place(const gtext *tx, size_t p);
void grade_order_settle(const gtext *tx, size_t nsteps, size_t (*pos)[GRADE_MAXPOS],
    size_t *npos);
bool grade_order_check(const grade_rubric *r, const gtext *tx, const gentry **steps,
    size_t n, const size_t *first, size_t (*pos)[GRADE_MAXPOS], const size_t *npos,
    grade_result *res);

#endif

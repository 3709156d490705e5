/*
 * lesson.h — the lesson language: reading a file, the model it becomes,
 * the diagnostics, computed values, and finding lessons by id.
 *
 * Owns: the source reader and lexer (source.c), the parser (parse.c,
 * parse_q.c), the validator (validate.c, validate_block.c), computed values
 * and their text (value.c), plot sampling (plot.c), the model's lifetime
 * (model.c), diagnostics (diag.c; their texts in one table, msg.def and
 * msg.c) and the lesson search path (find.c).
 * The format is documented in fptutor-lesson(5).
 *
 * Who calls what: a front end calls lesson_open() with what the user typed
 * (an id or a path), or lesson_shelf_open() for every lesson on the search
 * path, or lesson_load() with a file name; each takes a lesson_diags and
 * gives a lesson whose every name, number, expression and interpolation
 * has been checked, or NULL and at least one error.  Nothing
 * is half-loaded: a lesson with any error is freed before lesson_load
 * returns.  The player (player.h) and the views read the model; nothing
 * but lesson_free changes it.
 *
 * The stages are separate: lesson_source_read() reads and checks bytes,
 * lesson_parse() builds the model from lines (syntax, structure), and
 * lesson_validate() resolves names and numbers (semantics).
 *
 * Nothing here prints or exits; lesson text is never used as a format.
 */
#ifndef FPTUTOR_LESSON_H
#define FPTUTOR_LESSON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc/calc.h"
#include "fp/fp.h"
#include "lesson/msg.h"
#include "train/scaler.h"

/* Caps: a lesson is data, and bad data must not exhaust anything. */
#define LESSON_MAX_BYTES	(1024 * 1024)	/* size of a lesson file */
#define LESSON_MAX_LINE		4096		/* bytes in one line */
#define LESSON_MAX_STEPS	200
#define LESSON_MAX_QUESTIONS	200		/* in one lesson */
#define LESSON_MAX_ITEMS	64		/* paragraphs, blocks, questions in a step */
#define LESSON_MAX_OPTIONS	26		/* options or items of one question */
#define LESSON_MAX_HINTS	9
#define LESSON_MAX_RUBRIC	500		/* lines of one rubric */
#define LESSON_MAX_ID		48		/* bytes of a lesson or question id */
#define LESSON_MAX_VALUES	16		/* values of a bits or round block */
#define LESSON_MAX_POLICIES	6		/* dtypes of a calc or softmax block */
#define LESSON_MAX_SCALES	8
#define LESSON_MAX_DRILLS	10		/* drills of one @drill block */
#define LESSON_MAX_SIM_STEPS	100000		/* steps of a scaler simulation */
#define LESSON_MAX_DIAGS	50		/* then "too many errors" */
/* Values a lesson may compute: the elements of every calc step of its
 * expressions, the steps of its simulations and a share for each bits
 * view and plot, about a second of work and at most tens of megabytes of
 * transcript.  A lesson that needs more is refused rather than slow. */
#define LESSON_MAX_WORK		4000000

/* ---- diagnostics --------------------------------------------------------- */

typedef enum lesson_severity { LESSON_WARNING, LESSON_ERROR } lesson_severity;
const char *lesson_severity_name(lesson_severity s);	/* "warning", "error" */

typedef struct lesson_diag {
	lesson_severity sev;
	const char *file;	/* as given to the loader (owned by the list) */
	int line, col;		/* 1-based; col counts characters; 0 = none */
	char msg[240];
} lesson_diag;

typedef struct lesson_diags {
	lesson_diag *v;
	size_t n, cap;
	size_t nerrors, nwarnings;
	bool stopped;		/* LESSON_MAX_DIAGS reached: later ones dropped */
	char **files;		/* file names the entries point to */
	size_t nfiles;
} lesson_diags;

/* The table of messages (msg.def, msg.c): for m < LMSG__COUNT, its
 * severity, its text (a printf format) and its name ("LMSG_NAME"). */
lesson_severity lesson_msg_severity(lesson_msg m);
const char *lesson_msg_text(lesson_msg m);
const char *lesson_msg_name(lesson_msg m);

/* Record message m of the table, formatted with its arguments, at
 * FILE:LINE:COL (0 = none; file NULL = "<lesson>"), with the table's
 * severity.  Call it as
 *	lesson_diag_add(d, file, line, col, LMSG_NAME, args...)
 * which checks the arguments against the text at compile time;
 * lesson_diag_vput() is for wrappers that pass a va_list on. */
void lesson_diag_put(lesson_diags *d, const char *file, int line, int col,
    lesson_msg m, ...);
void lesson_diag_vput(lesson_diags *d, const char *file, int line, int col,
    lesson_msg m, va_list ap);
#define lesson_diag_add(d, file, line, col, ...) \
	(LESSON_MSG_CHECK(__VA_ARGS__), \
	    lesson_diag_put(d, file, line, col, __VA_ARGS__))
void lesson_diags_free(lesson_diags *d);
/* A piece of lesson text fit for a message: at most 40 characters (then
 * "..."), control bytes and invalid UTF-8 as \xNN.  Returns buf. */
const char *lesson_quote(const char *s, size_t len, char *buf, size_t n);

/* ---- the model ------------------------------------------------------------ */

typedef struct lesson_loc { int line, col; } lesson_loc;

/* A computed value: what {max fp16} or "@value calc fp32: 1e-8*1024"
 * names.  The parser fills src and loc; the validator the rest. */
typedef enum lesson_vkind {
	LV_MAX, LV_MIN_NORMAL, LV_MIN_SUBNORMAL, LV_EPS, LV_BIAS,
	LV_EXP_BITS, LV_MAN_BITS, LV_ROUND, LV_BITS, LV_HEX, LV_ULP, LV_CALC,
	LV_NKINDS
} lesson_vkind;

typedef struct lesson_value {
	char *src;		/* the text between the braces */
	lesson_loc loc;		/* of src[0] */
	/* resolved by the validator */
	lesson_vkind kind;
	const fp_format *fmt;	/* the format; for calc, the result's dtype */
	fp_real x;		/* round, bits, hex, ulp: the number */
	calc_policy policy;	/* calc */
	calc_expr *expr;	/* calc (owned) */
	int digits;		/* significant digits asked for with ~N, or 0 */
} lesson_value;

/* A run of text inside a paragraph: literal bytes, or a computed value. */
typedef struct lesson_span {
	bool is_value;
	char *text;		/* literal text (UTF-8, no control bytes) */
	lesson_value value;
} lesson_span;

/* A paragraph: re-flowed to the view's width, or kept line by line
 * (verbatim: its source lines began with a blank). */
typedef struct lesson_para {
	bool verbatim;
	lesson_loc loc;
	lesson_span *spans;
	size_t nspans;
} lesson_para;

typedef struct lesson_text {
	lesson_para *paras;
	size_t n;
	lesson_loc loc;		/* of the directive that began it, if any */
} lesson_text;

typedef enum lesson_bkind {
	LB_BITS, LB_ROUND, LB_CALC, LB_SCALING, LB_SOFTMAX, LB_SCALER, LB_PLOT,
	LB_TRAIN, LB_INSPECT, LB_DRILL, LB_NKINDS
} lesson_bkind;
const char *lesson_block_name(lesson_bkind k);	/* "bits", "round", ... */

typedef enum lesson_plot_kind { LP_ULP, LP_ROUND, LP_RELERR } lesson_plot_kind;

/* A live block: the directive's arguments as written, and what the
 * validator made of them. */
typedef struct lesson_block {
	lesson_bkind kind;
	lesson_loc loc;		/* of the '@' */
	char *args;		/* everything after the directive name */
	lesson_loc args_loc;
	/* resolved by the validator */
	const fp_format *fmts[FP_NFORMATS];	/* bits, round, plot */
	int nfmts;
	fp_real vals[LESSON_MAX_VALUES];	/* bits, round */
	char *valtext[LESSON_MAX_VALUES];
	int nvals;
	/* a value beyond double's range read exactly, once (fp_read_beyond):
	 * lesson_block_exact gives it, or NULL for the others */
	fp_exact exact[LESSON_MAX_VALUES];
	bool beyond[LESSON_MAX_VALUES];
	calc_policy pols[LESSON_MAX_POLICIES];	/* calc, softmax */
	int npols;
	calc_expr *expr;	/* calc: the expression; softmax: naive form */
	calc_expr *expr2;	/* softmax: the max-subtracted form */
	char *vector;		/* softmax: the logits as written */
	/* scaling and scaler (the inputs of src/train/scaler.h) */
	const fp_format *dtype;
	fp_real grad, grad_max;		/* grad_max: only with has_grad_max */
	char *grad_text, *grad_max_text;
	bool has_grad_max;
	double scales[LESSON_MAX_SCALES];	/* fp32 values */
	int nscales;
	long steps;		/* scaler: steps to simulate; train: steps */
	scaler_range inf[LESSON_MAX_SCALES];	/* scaler: normalized */
	size_t ninf;
	scaler_params params;
	long accumulate;
	/* train: the toy model of src/train/toy.h, its defaults but for */
	unsigned train_modes;	/* bit (1 << toy_mode) per mode shown */
	unsigned long long seed;
	/* drill: N engine-made drills of a kind at a level (src/drill),
	 * each a question of type LQ_DRILL, the questions drill_q0 ..
	 * drill_q0 + drill_count - 1; seeded by the lesson's id, the kind,
	 * the level and how many such blocks come before (or seed=), so a
	 * lesson asks the same ones each time, whatever its prose */
	int drill_kind, drill_count, drill_level;
	uint64_t drill_seed;
	size_t drill_q0;
	/* inspect: a tensor file beside the lesson (src/tensor) */
	char *path;		/* resolved: the lesson's directory + the name */
	char *tensor;		/* the tensor's name in the file */
	bool show_window;	/* "grad": show the loss-scale window */
	/* plot */
	lesson_plot_kind plot;
	double from, to;
	int nframes;		/* sub-steps of its animation (at least 1) */
} lesson_block;
/* Value v's exact reading for its rounding walk (fp_explain_round_x,
 * fp_round_stages), or NULL when its fp_real tells the walk the truth. */
const fp_exact *lesson_block_exact(const lesson_block *b, int v);

/* LQ_DRILL: a drill of a @drill block, made by the validator (no
 * "@question ID drill" is written in a lesson). */
typedef enum lesson_qtype {
	LQ_TEXT, LQ_CHOICE, LQ_ORDER, LQ_NUMERIC, LQ_BITS, LQ_DRILL, LQ_NTYPES
} lesson_qtype;
const char *lesson_qtype_name(lesson_qtype t);	/* "text", "choice", ... */
const char *lesson_qtype_title(lesson_qtype t);	/* "multiple choice", ... */

typedef struct lesson_option {
	char *key;		/* "A", "unscale" */
	lesson_loc loc;		/* of the key */
	lesson_text text;
} lesson_option;

/* A rubric line as written, for the free-text grader to interpret. */
typedef struct lesson_rubric_line {
	char *text;
	int line;
} lesson_rubric_line;

typedef enum lesson_tol { LT_EXACT, LT_ULP, LT_REL } lesson_tol;

typedef struct lesson_question {
	char *id;
	lesson_qtype type;
	lesson_loc loc;		/* of the '@' */
	lesson_loc id_loc;
	size_t step;		/* index of its step */
	lesson_text prompt;
	lesson_option *opts;	/* choice: options; order: items (display order) */
	size_t nopts;
	char **correct;		/* choice: the right keys; order: all, in order */
	size_t ncorrect;
	lesson_loc correct_loc;	/* line 0: no @correct */
	lesson_value value;	/* numeric, bits: the expected value */
	bool has_value;
	char *fmt_name;		/* bits: @format as written */
	lesson_loc fmt_loc;
	char *tol_text;		/* numeric: @tolerance as written */
	lesson_loc tol_loc;
	lesson_text *hints;
	size_t nhints;
	lesson_text answer;	/* the model answer */
	lesson_loc answer_loc;	/* line 0: no @answer */
	lesson_text concise;	/* @concise: the short form said under pressure */
	lesson_loc concise_loc;	/* line 0: no @concise */
	lesson_rubric_line *rubric;	/* text: the @rubric block */
	size_t nrubric;
	lesson_loc rubric_loc;	/* line 0: no @rubric */
	bool incomplete;	/* not closed before the end of the file */
	/* resolved by the validator */
	const fp_format *fmt;	/* bits: the format */
	uint32_t bits;		/* bits: the expected pattern */
	double expect;		/* numeric, bits: the expected value */
	const fp_format *expect_fmt;	/* its format (NULL for a count) */
	lesson_tol tol;
	double tol_amount;	/* ulps or a relative error */
	const fp_format *tol_fmt;
	size_t correct_idx[LESSON_MAX_OPTIONS];	/* @correct as option indexes */
	struct grade_rubric *compiled;	/* text: the rubric compiled, owned
					 * (lesson_rubric, grade_text.h) */
	struct drill_item *drill;	/* drill: the item, owned; its id is
					 * the question's id, its prompt and
					 * answer the question's */
} lesson_question;

typedef enum lesson_ikind { LI_PARA, LI_BLOCK, LI_QUESTION } lesson_ikind;

/* One thing a step shows, in order. */
typedef struct lesson_item {
	lesson_ikind kind;
	lesson_para para;	/* LI_PARA */
	size_t index;		/* LI_BLOCK: into blocks; LI_QUESTION: into questions */
	size_t wait;		/* after @reveal: 1 + the question it waits for
				 * (held back until that question is answered,
				 * revealed or skipped); 0: shown in turn */
} lesson_item;

typedef struct lesson_step {
	char *title;
	lesson_loc loc;
	lesson_item *items;
	size_t nitems;
} lesson_step;

typedef struct lesson {
	char *file;		/* the path it was read from */
	char *id;
	lesson_loc id_loc;
	char *title;
	lesson_loc title_loc;
	lesson_text summary;
	lesson_loc summary_loc;
	int order;		/* @order: place in teaching order; 0 = none */
	lesson_loc order_loc;
	lesson_step *steps;
	size_t nsteps;
	lesson_block *blocks;
	size_t nblocks;
	lesson_question *questions;
	size_t nquestions;
	size_t parse_errors;	/* errors the parser found: no warnings then */
	bool stopped;		/* a cap stopped the parser: not validated */
	/* The question no other file on the search path asks, as
	 * lesson_open_question() found when it looked at every file's text
	 * for it (NULL: not known); lesson_clash() then need not look again. */
	const lesson_question *alone;
} lesson;

/* ---- the stages ------------------------------------------------------------ */

/* One line of a lesson source.  text is NUL-terminated, without the line
 * ending; CR before LF is dropped. */
typedef struct lesson_line {
	char *text;
	size_t len;
	int lineno;
} lesson_line;

typedef struct lesson_source {
	char *file;
	char *buf;
	lesson_line *lines;
	size_t nlines;
} lesson_source;

/* Read a file: a regular file of at most LESSON_MAX_BYTES, lines of at most
 * LESSON_MAX_LINE bytes, valid UTF-8 without NUL or control characters
 * (tab excepted).  "-" is standard input.  Returns 0, or the errno of an
 * open/read failure (reported as FILE: error), or -1 for bad content
 * (reported with its line and column).  On failure nothing is kept. */
int lesson_source_read(const char *file, lesson_source *src, lesson_diags *d);
void lesson_source_free(lesson_source *src);

/* Parse lines into a model (syntax and structure only).  Returns NULL only
 * when out of memory; errors are in d.  The model is incomplete until
 * lesson_validate() succeeds. */
lesson *lesson_parse(const lesson_source *src, lesson_diags *d);
/* Resolve and check everything; true when no error was added. */
bool lesson_validate(lesson *l, lesson_diags *d);
void lesson_free(lesson *l);

/* The three stages.  NULL with errors in d (and *ioerr set to the errno of
 * an open or read failure, else 0); a warning alone does not fail. */
lesson *lesson_load(const char *file, lesson_diags *d, int *ioerr);

/* Two loaded lessons must not share a question id: an error at the second
 * one's id, naming the first's place.  Returns the number found. */
size_t lesson_check_unique(const lesson *const *ls, size_t n, lesson_diags *d);

const lesson_question *lesson_question_find(const lesson *l, const char *id);
/* The index of option key in q (case-insensitive), or -1. */
int lesson_option_find(const lesson_question *q, const char *key, size_t len);

/* True when s is a well-formed id: [a-z0-9][a-z0-9-]*, at most
 * LESSON_MAX_ID bytes, no "--" run at either end. */
bool lesson_id_ok(const char *s, size_t len);

/* ---- computed values ------------------------------------------------------- */

/* The result of a value: up to n numbers of a format. */
typedef struct lesson_result {
	const fp_format *fmt;
	double *v;
	size_t n;
	bool vector;		/* a calc vector (even of one element) */
	bool integer;		/* bias, exp_bits, man_bits: print as integer */
	bool pattern;		/* bits, hex: print the pattern */
	bool hex;
	uint32_t bits;
} lesson_result;

/* Resolve v->src (the validator calls this): false when it is not a
 * value, reported in d at its place (v->loc: where src begins in file). */
bool lesson_value_resolve(lesson_value *v, lesson_diags *d, const char *file);
/* Compute; false only when out of memory or calc_eval fails (which the
 * validator has ruled out).  Free with lesson_result_free. */
bool lesson_value_eval(const lesson_value *v, lesson_result *out);
void lesson_result_free(lesson_result *r);
/* The text of a computed value as lessons show it: "65504", "0x7bff",
 * "0 11110 1111111111", "[0.731, 0.269]" (vectors cut after 8 entries
 * with "..."), or "(not computable)" when evaluation fails. */
char *lesson_value_str(const lesson_value *v, char *buf, size_t n);
/* One number as lessons show it: the format's round-trip digits, or digits
 * significant digits when nonzero. */
char *lesson_num_str(const fp_format *f, double x, int digits, char *buf, size_t n);

/* ---- plots ------------------------------------------------------------------- */

/* Sample a plot block at column i of ncols: x and, for format k, y.
 * False when the point has no value (ulp of zero, log of zero). */
bool lesson_plot_point(const lesson_block *b, int k, int i, int ncols,
    double *x, double *y);
/* Whether the plot's axes are logarithmic. */
bool lesson_plot_logx(const lesson_block *b);
bool lesson_plot_logy(const lesson_block *b);
const char *lesson_plot_name(lesson_plot_kind k);

/* ---- finding lessons ------------------------------------------------------- */

/* The search path: each entry of FPTUTOR_LESSON_PATH (colon-separated,
 * empty entries skipped), then installed (may be NULL), then "lessons".
 * Returns the number of directories (at most max). */
size_t lesson_path(const char *installed, const char **dirs, size_t max,
    char *store, size_t storesize);

/* Where LESSON names a lesson: an argument containing '/' or ending in
 * ".lesson" is a path, taken as is; otherwise an id looked up as
 * DIR/ID.lesson along the path.  Returns false (with *badid set when the
 * argument is not a well-formed id) when nothing is found. */
bool lesson_find(const char *arg, const char *const *dirs, size_t ndirs,
    char *path, size_t n, bool *badid);

/* Every DIR/NAME.lesson along the path, in id order; an id found in an
 * earlier directory hides later ones.  Returns the count, or -1 when out
 * of memory; *out is an array of malloc'd paths (lesson_paths_free). */
long lesson_list(const char *const *dirs, size_t ndirs, char ***out);
/* Teaching order, for lists: lessons with an @order first, by order, then
 * the rest; ties by id.  A qsort comparator over lesson pointers. */
int lesson_cmp_order(const void *a, const void *b);
#define LESSON_MAX_ORDER 9999
void lesson_paths_free(char **paths, long n);

/* ---- the one door (open.c) --------------------------------------------------- */

#define LESSON_MAX_DIRS 64	/* directories on the search path */

/* The installed lessons' directory, set once by the program (NULL: none). */
void lesson_set_installed_dir(const char *dir);
/* The search path (lesson_path() with the installed directory). */
size_t lesson_dirs(const char **dirs, size_t max);

typedef enum lesson_open_err {
	LESSON_OPEN_OK,
	LESSON_OPEN_BADID,	/* neither an id nor a path */
	LESSON_OPEN_MISSING,	/* a good id, found in no directory */
	LESSON_OPEN_INVALID,	/* found; errors in d */
	LESSON_OPEN_IOERR,	/* found; it could not be read (in d) */
} lesson_open_err;

/* Find (lesson_find() along lesson_dirs()) and load a lesson named by id
 * or path.  NULL with *err saying why; the diagnostics of the load are in
 * d either way. */
lesson *lesson_open(const char *arg, lesson_diags *d, lesson_open_err *err);
/* The sentence for LESSON_OPEN_BADID or LESSON_OPEN_MISSING ("no lesson
 * 'x' in DIR, DIR"); "" for the others, whose diagnostics say it.
 * Returns msg. */
const char *lesson_open_msg(const char *arg, lesson_open_err err, char *msg,
    size_t n);

/* The lesson on the search path that asks question id, loaded, with *q
 * set and *err LESSON_OPEN_OK.  Only the lesson that asks it is loaded
 * (found by a look at each file's text for its "@question ID" line), and
 * checked as lesson_load() checks it except that only this question's
 * rubric is compiled (a fault in another's is check-lesson's to find).
 * NULL with *err LESSON_OPEN_MISSING when none asks it, or
 * LESSON_OPEN_INVALID when the lesson that asks it does not load or two
 * lessons ask it (an error naming both files, to on_load).  on_load (may
 * be NULL) sees the diagnostics of each lesson loaded. */
typedef void (*lesson_report_fn)(const void *ctx, const lesson_diags *d);
lesson *lesson_open_question(const char *id, const lesson_question **q,
    lesson_open_err *err, lesson_report_fn on_load, const void *ctx);

/* Whether another lesson file on the search path (not l's own file) also
 * defines one of l's question ids (only that one, when only is given):
 * then *qid is the id and other (n bytes) that file (clash.c).  `grade`
 * and `play` refuse such a clash. */
bool lesson_clash(const lesson *l, const char *only, const char **qid,
    char *other, size_t n);

/* Every lesson on the search path, loaded. */
typedef struct lesson_shelf {
	lesson **v;		/* the lessons that loaded, in teaching order */
	size_t n;
	char **broken;		/* the paths of those that did not */
	size_t nbroken;
	size_t nfiles;		/* lesson files found */
	bool invalid, ioerr;	/* why some did not: errors, I/O */
	const char *dirs[LESSON_MAX_DIRS];	/* the search path */
	size_t ndirs;
} lesson_shelf;

/* Load the shelf; on_load (may be NULL) sees each lesson's diagnostics.
 * 0, or -1 when out of memory (nothing kept). */
int lesson_shelf_open(lesson_shelf *s, lesson_report_fn on_load, const void *ctx);
void lesson_shelf_free(lesson_shelf *s);

#endif

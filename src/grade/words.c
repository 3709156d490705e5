/*
 * words.c — what the grader knows about single words: the classes that
 * drive clause splitting and negation (negators, verdicts, auxiliaries,
 * conditions, function words, reported speech), folded into one hash
 * table, and the light stemmer.
 */
#include <config.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <threads.h>

#include "grade/grade_int.h"

/* FNV-1a: the word tables here and the stem index of text.c. */
unsigned
grade_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}


/* ---- word classes ------------------------------------------------------- */

/* Verdicts on what came before, however far back in the clause: "raising
 * the scale is aimed at the wrong pass". */
static const char *const judges[] = {
	"wrong", "useless", "pointless", "futile", "ineffective", "mistake",
	"irrelevant", "herring", "misguided", "misleading", "bad", "worse",
	"counterproductive", "harmful", "nonsense", "backwards", "fudge", "hack", "kludge",
	"bandaid", NULL
};
/* Negators that only look forward: "rather than raising the scale" negates
 * what follows, while "use bf16 instead" does not negate bf16. */
static const char *const pre_negators[] = {
	"without", "instead", "rather", "avoid", "avoiding", "opposite", NULL
};
static const char *const negators[] = {
	"not", "no", "never", "none", "nothing", "neither", "nor", "wrong", "incorrect", "mistake", "mistaken",
	"useless", "pointless", "futile", "ineffective", "myth", "false",
	"unnecessary", "worse", "unaffected", "irrelevant", "unrelated",
	"unchanged", "herring", "misguided", "misleading", "bad", "wont", "cant",
	"dont", "doesnt", "isnt", "wouldnt", "shouldnt", "didnt", "aint",
	"nope", "hide", "hides", "hiding", "mask", "masks", "masking",
	"untouched", NULL
};
/* Words that may stand between a negator and what it negates. */
static const char *const skippable[] = {
	"a", "an", "the", "this", "that", "it", "just", "only", "simply",
	"really", "actually", "merely", "be", "is", "are", "was", "were",
	"been", "do", "does", "did", "need", "should", "would", "will", "can",
	"could", "must", "to", "by", "due", "caused", "because", "of", "from",
	"about", "any", "so", "much", "more", "try", "than", "think", "believe",
	"expect", "suppose", "something", "anything", "real", "true", "genuine",
	"actual", "proper", "longer",
	/* adverbs of frequency and degree: "you don't normally need loss
	 * scaling", "it does not usually help" */
	"normally", "usually", "typically", "generally", "ordinarily",
	"commonly", "necessarily", "always", "even", "strictly", "still",
	"quite", NULL
};
/* ... and between a phrase and a negator after it (raw or stemmed). */
static const char *const postskip[] = {
	"would", "will", "does", "do", "did", "is", "are", "was", "be", "can",
	"could", "should", "must", "the", "a", "an", "it", "that", "this", "just",
	"really", "actually", "fix", "fixe", "help", "solv", "solve", "chang",
	"change", "repair", "work", "recover", "matter", "mak", "make", "undo",
	"anyth", "anything", "at", "all", "here", "to", "going", "go", "still",
	"also", "up", "down", "any", "exactly", "classic", "common", "typical",
	"precisely", "clearly", "obviously", "simply", "totally", "completely",
	"entirely", "absolutely", "definitely", "real", "big", "red", "total",
	"complete", "pure", "only", "merely", "affect", "affects", "touch",
	"touches", "change", "changes", "aimed", "targeted", "improv", "improve",
	"has", "have", "leav", "leave", "bring", "save", "sav",
	/* "raising the scale gives nothing", "buys you nothing" */
	"giv", "give", "buy", "buys", "gain", "achiev", "achieve", "accomplish", "you",
	/* adverbs of frequency and degree: "the scaler is normally pointless" */
	"normally", "normal", "usually", "usual", "typically", "generally",
	"general", "mostly", "often", "largely", "basically", "essentially",
	"practically", "then", "now", "therefore", NULL
};
static const char *const hypothetical[] = {
	"if", "when", "whenever", "unless", "whether", "suppose", "assuming",
	"once", NULL
};
/* Split a clause before these (contrast and cause).  "therefore",
 * "thus" and "hence" are not among them: without a comma before them they
 * stand inside a clause ("raising the scale therefore cannot help"), and
 * with one the comma splits it already. */
static const char *const splitters[] = {
	"but", "however", "whereas", "although", "though", "yet", "because",
	"since", "otherwise", "then", "whatever", "whichever",
	"if", "when", "whenever", "unless", "whether", NULL
};
static const char *const function_words[] = {
	"a", "an", "the", "is", "are", "was", "were", "be", "it", "this",
	"that", "so", "because", "to", "of", "in", "on", "and", "or", "by",
	"not", "no", "if", "then", "than", "with", "for", "as", "at", "you",
	"we", "i", "would", "will", "should", "can", "could", "does", "do",
	"which", "what", "why", "when", "but", "from", "into", "its", "their",
	"there", "has", "have", "only", "just", "also", "too", "very", "before",
	"after", "below", "above", "under", "over", "than", "into", "until",
	"per", "each", "every", NULL
};

/* The lists above folded into one hash table from word to class bits, so
 * a token costs one lookup instead of a dozen list scans.  Built once, on
 * first use (call_once: the grader may run on several threads). */
/* "When the loss is inf raise the scale": the words that show where a
 * condition written without its comma ends (see text.c). */
static const char *const cond_verbs[] = {
	"is", "are", "was", "were", "becomes", "become", "became", "gets",
	"got", "goes", "went", "has", "have", "had", "hits", "reaches",
	"exceeds", "exceed", "overflows", "overflow", "overflowed",
	"underflows", "underflow", "underflowed", "turns", "shows",
	"appears", "happens", "occurs", "blows", "explodes", "vanishes",
	"vanish", "produces", "gives", "returns", "grows", "rounds",
	"flushes", "diverges", "spikes", "skips", "skipped", "fails", "see",
	"sees", "saw", "get", "switch", "move", "train", "enable", "convert",
	NULL
};
static const char *const imperatives[] = {
	"raise", "increase", "lower", "decrease", "reduce", "bump", "use",
	"run", "cast", "switch", "compute", "call", "clip", "clamp",
	"subtract", "divide", "multiply", "turn", "add", "apply", "move",
	"upcast", "disable", "wrap", "replace", "halve", "double", "drop",
	"keep", "check", "find", "crank", "rescale", "normalize",
	"normalise", "unscale", "put", "swap", "place", "set", "reverse", NULL
};
static const char *const subjects[] = { "you", "we", "i", NULL };
static const char *const modals[] = {
	"should", "must", "need", "would", "could", "can", "will", "have",
	"ought", NULL
};

#define WC_SIZE 2048	/* a quarter full or less */
static struct { const char *w; unsigned hash, bits; } wc_table[WC_SIZE];
static once_flag wc_once = ONCE_FLAG_INIT;

static const char *const who[] = {
	"might", "may", "would", "could", "people", "some", "many",
	"whoever", "someone", "teammate", "they", "others", "colleague",
	"team", "he", "she", "common", "manager", "coworker", "reviewer", "interviewer",
	"boss", "friend", "mentor", "somebody", "everyone", "folks", "another", NULL
};
static const char *const say[] = {
	"think", "say", "says", "claim", "claims", "suggest", "suggests",
	"propos", "believ", "assum", "expect", "want", "suggestion", "idea", "proposal", "assumption", "belief",
	"myth", "misconception", "intuition", "impression",
	"reflex", "instinct", "tell", "told", "insist", "pitch", "argu", "argument",
	"notion", "premise",
	"recommend", "advocat", "said", "called", "blamed", "diagnosed", "reckon", "reckons", NULL
};

/* Words a stated figure hangs on (facts.c): what it measures and the
 * formats; a token without this class and not a number is skipped there. */
static const char *const figure_words[] = {
	"epsilon", "eps", "max", "maximum", "largest", "biggest", "highest",
	"greatest", "limit", "ceiling", "tops", "maxes", "saturates",
	"saturate", "smallest", "tiniest", "minimum", "min", "floor", "up", "down",
	"reach", "reaches",
	"overflows", "overflow", "underflows", "underflow", "flushes", "exp", "ln",
	"e", NULL
};
static const char *const format_words[] = {
	"fp16", "float16", "f16", "binary16", "bf16", "bfloat16",
	"bfloat", "fp32", "float32", "f32", "binary32", "tf32", "e4m3", "e5m2",
	"half", "single", NULL
};

/* The words check_scaler (facts.c) starts from. */
static const char *const scaler_words[] = {
	"init", "initial", "starting", "growth", "backoff", "back", "every",
	"after", "s", "scale", "gradscaler", "scaler", "it", "by", NULL
};
/* Words that relate key words to each other: a telegraphic answer has
 * them, a keyword salad does not (grade.c). */
static const char *const relation_words[] = {
	"more", "less", "fewer", "vs", "versus", "than", "not", "no", "usually",
	"rarely", "mostly", "because", "so", "but", "instead", "without", "only",
	"same", "before", "after", "then", "over", "generally", "typically", "often",
	"unnecessary", "needless", "optional", "like", "unlike", NULL
};

static void
wc_add(const char *const *list, unsigned bit)
{
	for (; *list; list++) {
		unsigned hash = grade_hash(*list);
		size_t h = hash & (WC_SIZE - 1);
		while (wc_table[h].w && strcmp(wc_table[h].w, *list) != 0)
			h = (h + 1) & (WC_SIZE - 1);
		wc_table[h].w = *list;
		wc_table[h].hash = hash;
		wc_table[h].bits |= bit;
	}
}

static void
wc_build(void)
{
	wc_add(negators, WC_NEG);
	wc_add(pre_negators, WC_PRENEG);
	wc_add(skippable, WC_SKIP);
	wc_add(hypothetical, WC_IF);
	wc_add(function_words, WC_FUNC);
	wc_add(postskip, WC_POST);
	wc_add(splitters, WC_SPLIT);
	wc_add(who, WC_WHO);
	wc_add(say, WC_SAY);
	wc_add(judges, WC_JUDGE);
	wc_add(cond_verbs, WC_CONDVERB);
	wc_add(imperatives, WC_IMPER);
	wc_add(subjects, WC_SUBJ);
	wc_add(modals, WC_MODAL);
	wc_add(figure_words, WC_FIG);
	wc_add(format_words, WC_FIG | WC_FMT);
	wc_add(scaler_words, WC_SCL);
	wc_add(relation_words, WC_REL);
}

unsigned
grade_word_class(const char *w)
{
	call_once(&wc_once, wc_build);
	unsigned hash = grade_hash(w);
	size_t h = hash & (WC_SIZE - 1);
	while (wc_table[h].w) {
		if (wc_table[h].hash == hash && strcmp(wc_table[h].w, w) == 0)
			return wc_table[h].bits;
		h = (h + 1) & (WC_SIZE - 1);
	}
	return 0;
}

/* ---- spelling --------------------------------------------------------- */

/* Misspellings people make in this subject, and the word they meant: an
 * answer is read as it was meant ("its an overflw in the foward pass"). */
static const char *const respell[][2] = {
	{ "dosent", "doesnt" }, { "doesnot", "doesnt" }, { "dosnt", "doesnt" },
	{ "doesn", "doesnt" }, { "wouldnt", "wouldnt" }, { "wouldn", "wouldnt" },
	{ "becuase", "because" }, { "beacuse", "because" }, { "becasue", "because" },
	{ "bc", "because" }, { "cuz", "because" }, { "coz", "because" },
	{ "overflw", "overflow" }, { "overlow", "overflow" }, { "overfow", "overflow" },
	{ "ovreflow", "overflow" }, { "overflws", "overflows" }, { "overflowes", "overflows" },
	{ "underflw", "underflow" }, { "undeflow", "underflow" }, { "underlow", "underflow" },
	{ "udnerflow", "underflow" }, { "underfow", "underflow" },
	{ "foward", "forward" }, { "forwad", "forward" }, { "fwd", "forward" },
	{ "backwrd", "backward" }, { "bakward", "backward" }, { "bwd", "backward" },
	{ "aplied", "applied" }, { "appled", "applied" }, { "happend", "happened" },
	{ "gradeint", "gradient" }, { "graident", "gradient" }, { "gradiant", "gradient" },
	{ "gradeints", "gradients" }, { "graidents", "gradients" }, { "gradiants", "gradients" },
	{ "mantisa", "mantissa" }, { "mantisaa", "mantissa" }, { "precison", "precision" },
	{ "presicion", "precision" }, { "percision", "precision" }, { "exponant", "exponent" },
	{ "expoent", "exponent" }, { "softamx", "softmax" }, { "sofmax", "softmax" },
	{ "substract", "subtract" }, { "substracting", "subtracting" },
	{ "substraction", "subtraction" }, { "subtact", "subtract" },
	{ "maximun", "maximum" }, { "maxium", "maximum" }, { "minimun", "minimum" },
	{ "optimzer", "optimizer" }, { "optimizr", "optimizer" }, { "scalling", "scaling" },
	{ "scaleing", "scaling" }, { "sacle", "scale" }, { "scael", "scale" },
	{ "representible", "representable" }, { "representabel", "representable" },
	{ "subnormals", "subnormals" }, { "subnormall", "subnormal" }, { "denormal", "subnormal" },
	{ "denormals", "subnormals" }, { "infinty", "infinity" }, { "infinit", "infinity" },
	{ "inifinity", "infinity" }, { "probabilty", "probability" },
	{ "probabilites", "probabilities" }, { "recieve", "receive" }, { "seperate", "separate" },
	{ "wiht", "with" }, { "teh", "the" }, { "thier", "their" }, { "occured", "occurred" },
	{ "accumlate", "accumulate" }, { "accumalate", "accumulate" }, { "unscaled", "unscaled" },
	{ "unscales", "unscales" }, { "behaviour", "behavior" }, { "colour", "color" },
	{ "stabilty", "stability" }, { "stabel", "stable" }, { "nummerically", "numerically" },
	{ "numericaly", "numerically" }, { "usualy", "usually" }, { "usally", "usually" },
	{ "normaly", "normally" }, { "typicaly", "typically" }, { "genraly", "generally" },
	{ "unneccesary", "unnecessary" }, { "unnecesary", "unnecessary" },
	{ "unneccessary", "unnecessary" }, { "neccesary", "necessary" },
	{ "necesary", "necessary" }, { "neccessary", "necessary" },
	{ "unnessecary", "unnecessary" }, { "unnessesary", "unnecessary" },
	{ "nessecary", "necessary" }, { "nessesary", "necessary" },
	{ "guarentee", "guarantee" }, { "garantee", "guarantee" }, { "guarenteed", "guaranteed" },
	{ "realy", "really" }, { "skiped", "skipped" }, { "skiping", "skipping" },
	{ "acuracy", "accuracy" }, { "accurancy", "accuracy" }, { "befor", "before" },
	{ "threshhold", "threshold" }, { "treshold", "threshold" }, { "multipled", "multiplied" },
	{ "mutliplied", "multiplied" }, { "multiplyed", "multiplied" }, { "seqeunce", "sequence" },
	{ "squence", "sequence" }, { "overflowd", "overflowed" }, { "clippping", "clipping" },
	{ "cliping", "clipping" }, { "unscalling", "unscaling" }, { "optimiser", "optimizer" },
	{ "limt", "limit" }, { "limmit", "limit" }, { "milion", "million" },
	{ "millon", "million" }, { "nought", "zero" }, { "positve", "positive" },
	{ "devide", "divide" }, { "devides", "divides" }, { "devided", "divided" },
	{ "deviding", "dividing" }, { "divde", "divide" }, { "multipys", "multiplies" },
	{ "multiplys", "multiplies" }, { "mulitply", "multiply" }, { "multipy", "multiply" },
	{ "tinyest", "tiniest" }, { "smalest", "smallest" }, { "largets", "largest" },
	{ "gradints", "gradients" }, { "gradint", "gradient" }, { "grads", "grads" },
	{ "subnormel", "subnormal" }, { "subnromal", "subnormal" }, { "exponentail", "exponential" },
	{ "reprsentable", "representable" }, { "represntable", "representable" },
	{ "expotential", "exponential" }, { "exponetial", "exponential" }, { "logits", "logits" },
	/* phone and chat spellings */
	{ "b4", "before" }, { "thru", "through" }, { "wich", "which" }, { "tho", "though" },
	{ "ur", "your" }, { "loose", "lose" }, { "looses", "loses" }, { "precission", "precision" },
	{ "insted", "instead" }, { "ovr", "over" }, { "abv", "above" }, { "blw", "below" },
	{ "substract", "subtract" }, { "substracting", "subtracting" }, { "answr", "answer" },
	{ "jsut", "just" }, { "teh", "the" },
	/* a format by any of its names is one word to a rubric: "float16",
	 * "torch.float16" and "binary16" are what a rubric's fp16 means */
	{ "float16", "fp16" }, { "f16", "fp16" }, { "binary16", "fp16" },
	{ "float32", "fp32" }, { "f32", "fp32" }, { "binary32", "fp32" },
	{ "bfloat16", "bf16" }, { "float64", "fp64" }, { "binary64", "fp64" },
};

/* British -ise spellings of the words this subject uses, read as -ize:
 * normalise, optimiser, stabilised, minimising ... */
static const char *const ise_roots[] = {
	"normal", "optim", "minim", "maxim", "stabil", "initial", "util", "real",
	"summar", "regular", "quant", "recogn", "emphas", "priorit", "special",
	"general", "standard", "custom", "vector", "serial", "parallel",
	"synchron", "random", "tokeni", "capital", "central", "penal", "finali", "material",
	NULL
};

/* The word w (lower case) as it was meant, in buf; w itself when it is
 * spelt right. */
#define RS_SIZE 1024	/* a quarter full or less: a miss costs a probe or two */
static const char *const *rs_table[RS_SIZE];	/* respell entries by hash */
static unsigned rs_hash[RS_SIZE];
static once_flag rs_once = ONCE_FLAG_INIT;

static void
rs_build(void)
{
	for (size_t i = 0; i < sizeof respell / sizeof respell[0]; i++) {
		unsigned hash = grade_hash(respell[i][0]);
		size_t h = hash & (RS_SIZE - 1);
		while (rs_table[h])
			h = (h + 1) & (RS_SIZE - 1);
		rs_table[h] = respell[i];
		rs_hash[h] = hash;
	}
}

const char *
grade_respell(const char *w, char *buf, size_t size)
{
	call_once(&rs_once, rs_build);
	unsigned hash = grade_hash(w);
	for (size_t h = hash & (RS_SIZE - 1); rs_table[h]; h = (h + 1) & (RS_SIZE - 1))
		if (rs_hash[h] == hash && strcmp(w, rs_table[h][0]) == 0)
			return rs_table[h][1];
	const char *is = strstr(w, "is");
	if (is == NULL || is == w)
		return w;
	for (size_t i = 0; ise_roots[i]; i++) {
		size_t n = strlen(ise_roots[i]);
		if (strncmp(w, ise_roots[i], n) == 0 && w[n] == 'i' && w[n + 1] == 's' &&
		    strlen(w) < size) {
			snprintf(buf, size, "%s", w);
			buf[n + 1] = 'z';
			return buf;
		}
	}
	return w;
}

/* ---- stemming ----------------------------------------------------------- */

static bool
ends(const char *w, size_t n, const char *suf)
{
	size_t k = strlen(suf);
	return n > k && memcmp(w + n - k, suf, k) == 0;
}

/*
 * A light stemmer: strips -ing, -ed, -es, -s and a final -e, so overflows,
 * overflowed, overflowing and overflow meet, as do scale, scaled, scaling
 * and scales.  Short words are left alone ("is", "as", "nan").
 */
#ifdef GRADE_SNOWBALL_TRIAL	/* measuring Snowball against it (doc/grader.md) */
#include <libstemmer.h>
void
grade_stem(const char *w, size_t len, char out[GRADE_WORD])
{
	static struct sb_stemmer *st;
	char b[64];
	size_t n = len < sizeof b - 1 ? len : sizeof b - 1;

	if (st == NULL)
		st = sb_stemmer_new("english", NULL);
	for (size_t i = 0; i < n; i++)
		b[i] = (char)tolower((unsigned char)w[i]);
	b[n] = '\0';
	const sb_symbol *r = sb_stemmer_stem(st, (const sb_symbol *)b, (int)n);
	snprintf(out, GRADE_WORD, "%s", r ? (const char *)r : b);
}
#else
void
grade_stem(const char *w, size_t len, char out[GRADE_WORD])
{
	char b[64];
	size_t n = len < sizeof b - 1 ? len : sizeof b - 1;

	for (size_t i = 0; i < n; i++)
		b[i] = (char)tolower((unsigned char)w[i]);
	b[n] = '\0';
	if (n > 5 && ends(b, n, "ing"))
		n -= 3;
	else if (n > 4 && ends(b, n, "ied"))
		n -= 3, b[n++] = 'y';
	else if (n > 4 && ends(b, n, "ed"))
		n -= 2;
	else if (n > 4 && (ends(b, n, "ches") || ends(b, n, "shes") ||
	    ends(b, n, "sses") || ends(b, n, "xes")))
		n -= 2;
	else if (n > 3 && ends(b, n, "s") && !ends(b, n, "ss") && !ends(b, n, "us") &&
	    !ends(b, n, "is"))
		n -= 1;
	if (n > 3 && b[n - 1] == 'e')
		n--;
	/* Doubled final consonant left by -ing/-ed: stopped -> stopp -> stop. */
	if (n > 4 && b[n - 1] == b[n - 2] && strchr("bdgmnprt", b[n - 1]))
		n--;
	b[n] = '\0';
	/* note, notes, noted, noting would meet "not", a negator: "Note
	 * that autocast ..." negates nothing */
	if (len > 3 && strcmp(b, "not") == 0)
		strcpy(b, "note");
	if (n >= GRADE_WORD)
		b[GRADE_WORD - 1] = '\0';
	strcpy(out, b);
}
#endif

/* Before 's, these mean "is" (it's, that's); elsewhere 's is a possessive. */
bool
grade_is_pronoun(const char *w, size_t n)
{
	static const char *const p[] = {
		"it", "that", "what", "there", "here", "he", "she", "who", "this",
		"where", "which", NULL
	};
	for (size_t k = 0; p[k]; k++)
		if (strlen(p[k]) == n && strncasecmp(p[k], w, n) == 0)
			return true;
	return false;
}

bool
grade_word_in(const char *w, const char *const *list)
{
	/* the first byte rules out nearly every word without a call: the
	 * tokeniser asks this of every word, often of long lists */
	for (size_t k = 0; list[k]; k++)
		if (list[k][0] == w[0] && strcmp(w, list[k]) == 0)
			return true;
	return false;
}

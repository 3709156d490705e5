/*
 * parse.c — text to AST for the calc language, by recursive descent:
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '@') unary)*
 *   unary   := ('-' | '+') unary | primary
 *   primary := NUMBER | inf | nan | '[' NUMBER (',' NUMBER)* ']'
 *            | NAME '(' expr (',' expr)* (',' 'acc' '=' DTYPE)? ')'
 *            | '(' expr ')'
 *
 * a @ b is matmul(a, b), as in Python; acc= is for the reductions (sum,
 * mean, dot, matmul).
 * '×' '÷' '−' are accepted for * / -.  Numbers keep their exact reading
 * (fp_real), so each dtype rounds the text once.  Limits on text length,
 * nesting, vector length and node count are checked here, with a message
 * at the column where they were hit.
 */
#include <config.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calc/calc_int.h"

typedef struct parser {
	const char *s;
	size_t i;
	int depth;
	calc_expr *e;
	size_t cap_nodes, cap_lits;
	calc_error *err;
	bool failed;
} parser;

static int parse_expr(parser *p);

static void
fail_at(parser *p, size_t pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
fail_at(parser *p, size_t pos, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return;
	p->failed = true;
	p->err->pos = pos;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
	va_end(ap);
}

static void
skip_blanks(parser *p)
{
	while (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' ||
	    p->s[p->i] == '\r')
		p->i++;
}

/* The operator at the cursor, with UTF-8 × ÷ − folded to * / -; *len is
 * its length in bytes.  0 if none. */
static char
peek_op(parser *p, size_t *len)
{
	const unsigned char *c = (const unsigned char *)p->s + p->i;

	*len = 1;
	if (c[0] == '+' || c[0] == '-' || c[0] == '*' || c[0] == '/' || c[0] == '@')
		return (char)c[0];
	*len = 2;
	if (c[0] == 0xc3 && c[1] == 0x97)
		return '*';
	if (c[0] == 0xc3 && c[1] == 0xb7)
		return '/';
	*len = 3;
	if (c[0] == 0xe2 && c[1] == 0x88 && c[2] == 0x92)
		return '-';
	*len = 0;
	return 0;
}

static int
new_node(parser *p, calc_ntype t, size_t pos)
{
	calc_expr *e = p->e;

	if (e->nnodes >= CALC_MAX_NODES) {
		fail_at(p, pos, "expression too large (at most %d operations and numbers)",
		    CALC_MAX_NODES);
		return -1;
	}
	if (e->nnodes == p->cap_nodes) {
		size_t cap = p->cap_nodes ? 2 * p->cap_nodes : 16;
		calc_node *n = realloc(e->nodes, cap * sizeof *n);
		if (n == NULL) {
			fail_at(p, pos, "out of memory");
			return -1;
		}
		e->nodes = n;
		p->cap_nodes = cap;
	}
	calc_node *n = &e->nodes[e->nnodes];
	memset(n, 0, sizeof *n);
	n->type = t;
	n->pos = pos;
	n->end = pos;
	for (int k = 0; k < CALC_MAX_ARGS; k++)
		n->kid[k] = -1;
	return (int)e->nnodes++;
}

static bool
add_lit(parser *p, const fp_real *r, size_t pos)
{
	calc_expr *e = p->e;

	if (e->nlits == p->cap_lits) {
		size_t cap = p->cap_lits ? 2 * p->cap_lits : 16;
		fp_real *l = realloc(e->lits, cap * sizeof *l);
		if (l == NULL) {
			fail_at(p, pos, "out of memory");
			return false;
		}
		e->lits = l;
		p->cap_lits = cap;
	}
	e->lits[e->nlits++] = *r;
	return true;
}

/* A number (optionally signed when in_vector) at the cursor. */
static bool
read_number(parser *p, bool signed_ok, size_t *start)
{
	char buf[128];
	size_t b = p->i, j = p->i;
	fp_real r;
	size_t bad;

	*start = b;
	char sign = 0;
	if (signed_ok && (p->s[j] == '-' || p->s[j] == '+'))
		sign = p->s[j++];
	else if (signed_ok && strncmp(p->s + j, "\xe2\x88\x92", 3) == 0) {
		sign = '-';	/* U+2212 MINUS SIGN */
		j += 3;
	}
	size_t digits = j;
	if (strncmp(p->s + j, "inf", 3) == 0 && !isalnum((unsigned char)p->s[j + 3]))
		j += 3;
	else if (strncmp(p->s + j, "nan", 3) == 0 && !isalnum((unsigned char)p->s[j + 3]))
		j += 3;
	else if (isdigit((unsigned char)p->s[j]) || p->s[j] == '.') {
		/* Maximal munch; a sign continues the number only right after
		 * the exponent letter (e for decimal, p for hex). */
		bool hex = p->s[j] == '0' && (p->s[j + 1] == 'x' || p->s[j + 1] == 'X');
		const char *explet = hex ? "pP" : "eE";
		while (isalnum((unsigned char)p->s[j]) || p->s[j] == '.' ||
		    ((p->s[j] == '-' || p->s[j] == '+') &&
		     strchr(explet, p->s[j - 1]) != NULL))
			j++;
	} else {
		fail_at(p, j, "expected a number");
		return false;
	}
	if (j - digits + 1 >= sizeof buf) {
		fail_at(p, b, "number too long");
		return false;
	}
	size_t o = 0;
	if (sign)
		buf[o++] = sign;
	memcpy(buf + o, p->s + digits, j - digits);
	buf[o + j - digits] = '\0';
	if (fp_read(buf, &r, &bad) != FP_READ_OK) {
		/* bad counts in buf, where a U+2212 sign took 1 byte, not 3 */
		size_t adj = sign && p->s[b] != sign ? 2 : 0;
		fail_at(p, b + bad + (bad ? adj : 0), "'%s' is not a number", buf);
		return false;
	}
	p->i = j;
	return add_lit(p, &r, b);
}

static int
parse_vector(parser *p)
{
	size_t pos = p->i++;	/* '[' */
	int id = new_node(p, NT_VEC, pos);
	size_t start;

	if (id < 0)
		return -1;
	p->e->nodes[id].first = p->e->nlits;
	for (;;) {
		skip_blanks(p);
		if (p->e->nodes[id].nvals >= CALC_MAX_VEC) {
			fail_at(p, p->i, "vector too long (at most %d elements)", CALC_MAX_VEC);
			return -1;
		}
		if (!read_number(p, true, &start)) {
			if (p->s[start] != '\0' && p->err->pos == start &&
			    strcmp(p->err->msg, "expected a number") == 0)
				snprintf(p->err->msg, sizeof p->err->msg,
				    "vector elements must be numbers");
			return -1;
		}
		p->e->nodes[id].nvals++;
		skip_blanks(p);
		if (p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->s[p->i] == ']') {
			p->i++;
			break;
		}
		fail_at(p, p->i, "expected ',' or ']' in a vector");
		return -1;
	}
	p->e->nodes[id].end = p->i;
	return id;
}

/* "acc = DTYPE" at the cursor (after a comma of fn's arguments): the
 * accumulator of a reduction.  Returns 0 when the text is no acc=, 1 when
 * it read one, -1 on an error. */
static int
parse_acc(parser *p, int id)
{
	size_t j = p->i;
	calc_node *n = &p->e->nodes[id];

	while (p->s[j] == ' ' || p->s[j] == '\t' || p->s[j] == '\n' || p->s[j] == '\r')
		j++;
	size_t pos = j;
	if (strncmp(p->s + j, "acc", 3) != 0)
		return 0;
	j += 3;
	while (p->s[j] == ' ' || p->s[j] == '\t')
		j++;
	if (p->s[j] != '=')
		return 0;
	j++;
	while (p->s[j] == ' ' || p->s[j] == '\t')
		j++;
	if (n->fn->kind != CK_SUM && n->fn->kind != CK_MEAN && n->fn->kind != CK_DOT) {
		fail_at(p, pos, "acc= is for sum, mean, dot and matmul, not %s",
		    n->fn->name);
		return -1;
	}
	if (n->acc != NULL) {
		fail_at(p, pos, "acc= given twice");
		return -1;
	}
	size_t k = j;
	char name[16];
	while (isalnum((unsigned char)p->s[k]))
		k++;
	const fp_format *f = NULL;
	if (k > j && k - j < sizeof name) {
		memcpy(name, p->s + j, k - j);
		name[k - j] = '\0';
		f = fp_format_find(name);
	}
	if (f == NULL) {
		fail_at(p, j, "acc= needs a dtype (known: %s)", fp_format_names());
		return -1;
	}
	n->acc = f;
	p->i = k;
	return 1;
}

static int
parse_call(parser *p, size_t name_end)
{
	size_t pos = p->i;
	const calc_func *fn = calc_func_find(p->s + pos, name_end - pos);

	if (fn == NULL) {
		fail_at(p, pos, "unknown function '%.*s' (known: %s)",
		    (int)(name_end - pos), p->s + pos, calc_func_names());
		return -1;
	}
	p->i = name_end;
	skip_blanks(p);
	if (p->s[p->i] != '(') {
		fail_at(p, p->i, "expected '(' after %s", fn->name);
		return -1;
	}
	p->i++;
	int id = new_node(p, NT_CALL, pos);
	if (id < 0)
		return -1;
	p->e->nodes[id].fn = fn;
	skip_blanks(p);
	if (p->s[p->i] != ')') {
		for (;;) {
			size_t apos = p->i;
			int acc = p->e->nodes[id].nkid > 0 ? parse_acc(p, id) : 0;
			if (acc < 0)
				return -1;
			if (acc > 0) {
				skip_blanks(p);
				if (p->s[p->i] == ',') {
					p->i++;
					continue;
				}
				break;
			}
			if (p->e->nodes[id].acc != NULL) {
				skip_blanks(p);
				fail_at(p, p->i, "acc= comes after the arguments");
				return -1;
			}
			int k = parse_expr(p);
			if (k < 0)
				return -1;
			calc_node *n = &p->e->nodes[id];
			if (n->nkid == fn->max_args) {
				fail_at(p, apos, "too many arguments to %s (at most %d)",
				    fn->name, fn->max_args);
				return -1;
			}
			n->kid[n->nkid++] = k;
			skip_blanks(p);
			if (p->s[p->i] == ',') {
				p->i++;
				continue;
			}
			break;
		}
	}
	if (p->s[p->i] != ')') {
		fail_at(p, p->i, "expected ')' to close %s(", fn->name);
		return -1;
	}
	p->i++;
	calc_node *n = &p->e->nodes[id];
	if (n->nkid < fn->min_args) {
		fail_at(p, pos, "%s needs %d argument%s", fn->name, fn->min_args,
		    fn->min_args == 1 ? "" : "s");
		return -1;
	}
	n->end = p->i;
	return id;
}

static int
parse_primary(parser *p)
{
	skip_blanks(p);
	const char *c = p->s + p->i;
	size_t start;

	if (*c == '(') {
		size_t pos = p->i++;
		int k = parse_expr(p);
		if (k < 0)
			return -1;
		skip_blanks(p);
		if (p->s[p->i] != ')') {
			fail_at(p, p->i, "expected ')' to close the '(' at column %zu",
			    pos + 1);
			return -1;
		}
		p->i++;
		/* The parentheses belong to the span of what they enclose. */
		p->e->nodes[k].pos = pos;
		p->e->nodes[k].end = p->i;
		return k;
	}
	if (*c == '[')
		return parse_vector(p);
	if (isalpha((unsigned char)*c) || *c == '_') {
		size_t j = p->i;
		while (isalnum((unsigned char)p->s[j]) || p->s[j] == '_')
			j++;
		bool lit = (j - p->i == 3 && (strncmp(c, "inf", 3) == 0 ||
		    strncmp(c, "nan", 3) == 0));
		if (!lit)
			return parse_call(p, j);
	} else if (!(isdigit((unsigned char)*c) || *c == '.')) {
		if (*c == '\0')
			fail_at(p, p->i, "unexpected end of expression");
		else if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			fail_at(p, p->i, "unexpected byte 0x%02x", (unsigned char)*c);
		else
			fail_at(p, p->i, "unexpected '%c'", *c);
		return -1;
	}
	int id = new_node(p, NT_NUM, p->i);
	if (id < 0)
		return -1;
	p->e->nodes[id].first = p->e->nlits;
	p->e->nodes[id].nvals = 1;
	if (!read_number(p, false, &start))
		return -1;
	p->e->nodes[id].end = p->i;
	return id;
}

static int
parse_unary(parser *p)
{
	size_t len;

	skip_blanks(p);
	char op = peek_op(p, &len);
	if (op == '-' || op == '+') {
		size_t pos = p->i;
		p->i += len;
		if (++p->depth > CALC_MAX_DEPTH) {
			fail_at(p, pos, "nested too deeply (at most %d levels)", CALC_MAX_DEPTH);
			return -1;
		}
		int k = parse_unary(p);
		p->depth--;
		if (k < 0 || op == '+')
			return k;
		int id = new_node(p, NT_NEG, pos);
		if (id < 0)
			return -1;
		p->e->nodes[id].kid[0] = k;
		p->e->nodes[id].nkid = 1;
		p->e->nodes[id].end = p->e->nodes[k].end;
		return id;
	}
	return parse_primary(p);
}

static int
parse_binary(parser *p, int level)
{
	int lhs = level ? parse_unary(p) : parse_binary(p, 1);
	size_t len;

	while (lhs >= 0) {
		skip_blanks(p);
		char op = peek_op(p, &len);
		bool mine = level ? (op == '*' || op == '/' || op == '@')
		    : (op == '+' || op == '-');
		if (!mine)
			break;
		size_t oppos = p->i;
		p->i += len;
		int rhs = level ? parse_unary(p) : parse_binary(p, 1);
		if (rhs < 0)
			return -1;
		int id = new_node(p, op == '@' ? NT_CALL : NT_BIN, p->e->nodes[lhs].pos);
		if (id < 0)
			return -1;
		calc_node *n = &p->e->nodes[id];
		if (op == '@')		/* a @ b is matmul(a, b) */
			n->fn = calc_func_find("matmul", 6);
		n->op = op;
		n->oppos = oppos;
		n->kid[0] = lhs;
		n->kid[1] = rhs;
		n->nkid = 2;
		n->end = p->e->nodes[rhs].end;
		lhs = id;
	}
	return lhs;
}

static int
parse_expr(parser *p)
{
	/* the top-level expression is not a level of nesting */
	if (++p->depth > CALC_MAX_DEPTH + 1) {
		fail_at(p, p->i, "nested too deeply (at most %d levels)", CALC_MAX_DEPTH);
		return -1;
	}
	int k = parse_binary(p, 0);
	p->depth--;
	return k;
}

calc_expr *
calc_parse(const char *text, calc_error *err)
{
	calc_error dummy;
	parser p = { .s = text, .err = err ? err : &dummy };
	size_t len = strnlen(text, CALC_MAX_TEXT + 1);

	p.err->pos = 0;
	p.err->msg[0] = '\0';
	if (len > CALC_MAX_TEXT) {
		fail_at(&p, CALC_MAX_TEXT, "expression too long (at most %d bytes)",
		    CALC_MAX_TEXT);
		return NULL;
	}
	p.e = calloc(1, sizeof *p.e);
	if (p.e == NULL || (p.e->text = strdup(text)) == NULL) {
		fail_at(&p, 0, "out of memory");
		calc_free(p.e);
		return NULL;
	}
	int root = parse_expr(&p);
	if (root >= 0) {
		skip_blanks(&p);
		if (p.s[p.i] != '\0') {
			if (p.s[p.i] == ')')
				fail_at(&p, p.i, "unmatched ')'");
			else
				fail_at(&p, p.i, "expected an operator or the end here");
		}
	}
	if (p.failed || root < 0) {
		calc_free(p.e);
		return NULL;
	}
	p.e->root = root;
	return p.e;
}

void
calc_free(calc_expr *e)
{
	if (e == NULL)
		return;
	free(e->text);
	free(e->nodes);
	free(e->lits);
	free(e);
}

const char *
calc_text(const calc_expr *e)
{
	return e->text;
}

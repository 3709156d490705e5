/*
 * scaler_json.c — the JSON of `fptutor scaler`, one object per line:
 * walk rows (dtype grad scale scaled scaled_bits class flags unscaled
 * unscaled_bits rel_error verdict, and with --grad-max grad_max_scaled
 * grad_max_class) then a summary with the window; simulation steps (step
 * scale found_inf skipped growth_tracker next_scale event updates) then a
 * summary; the step order's steps then its edges.  Numbers are JSON
 * numbers (null when not finite); values that may be inf or NaN are
 * strings, as in `fptutor bits`.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "cli/scaler_cli.h"

static void
json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* A JSON number, or null when not finite. */
static void
json_num(double v)
{
	char b[40];

	if (isfinite(v))
		fputs(fp_value_str(v, b, sizeof b), stdout);
	else
		fputs("null", stdout);
}

static const char *
verdict_key(scaler_verdict v)
{
	static const char *const k[] = { "lost", "subnormal", "normal", "overflow" };
	return k[v];
}

void
scaler_cli_json_walk(const scaler_opts *o)
{
	const fp_format *f = o->dtype;
	char v[40], fs[80];

	for (int i = 0; i < o->nscales; i++) {
		scaler_walk_row r;
		scaler_walk(f, &o->grad, o->scales[i], &r);
		printf("{\"dtype\":\"%s\",\"grad\":", f->name);
		json_str(o->grad_text);
		printf(",\"scale\":");
		json_num(r.scale);
		printf(",\"scaled\":\"%s\",\"scaled_bits\":\"0x%0*x\",\"class\":\"%s\","
		    "\"flags\":[", fp_value_str(r.scaled, v, sizeof v),
		    (f->width + 3) / 4, r.scaled_bits, fp_class_name(r.cls));
		fp_flags_str(r.flags, "\",\"", fs, sizeof fs);
		if (fs[0])
			printf("\"%s\"", fs);
		printf("],\"unscaled\":\"%s\",\"unscaled_bits\":\"0x%08x\","
		    "\"rel_error\":", fp_value_str(r.unscaled, v, sizeof v),
		    r.unscaled_bits);
		json_num(r.rel_error);
		printf(",\"verdict\":\"%s\"", verdict_key(r.verdict));
		if (o->grad_max_text) {
			fp_real p = scaler_real_mul(&o->grad_max, r.scale);
			uint32_t b = fp_encode_real(f, &p, NULL);
			printf(",\"grad_max_scaled\":\"%s\",\"grad_max_class\":\"%s\"",
			    fp_value_str(fp_decode(f, b), v, sizeof v),
			    fp_class_name(fp_classify(f, b)));
		}
		printf("}\n");
	}
	if (o->grad_max_text) {
		scaler_window w;
		scaler_window_of(f, &o->grad, &o->grad_max, &w);
		printf("{\"summary\":{\"dtype\":\"%s\",\"grad\":", f->name);
		json_str(o->grad_text);
		printf(",\"grad_max\":");
		json_str(o->grad_max_text);
		printf(",\"normal_from\":");
		json_num(w.has_lo ? ldexp(1.0, w.lo) : NAN);
		printf(",\"finite_up_to\":");
		json_num(w.has_hi ? ldexp(1.0, w.hi) : NAN);
		printf(",\"window\":%s}}\n", w.open ? "true" : "false");
	}
}

void
scaler_cli_json_sim(const scaler_sim_cfg *cfg)
{
	scaler_sim sim;
	scaler_step s;
	char a[40], b[40];

	scaler_sim_init(&sim, cfg);
	while (scaler_sim_next(&sim, &s)) {
		printf("{\"step\":%ld,\"scale\":%s,\"found_inf\":%s,\"skipped\":%s,"
		    "\"growth_tracker\":%ld,\"next_scale\":%s,\"event\":\"%s\","
		    "\"updates\":%ld}\n", s.step, fp_value_str(s.scale, a, sizeof a),
		    s.found_inf ? "true" : "false", s.skipped ? "true" : "false",
		    s.growth_tracker, fp_value_str(s.next_scale, b, sizeof b),
		    scaler_event_name(s.event), s.updates);
	}
	printf("{\"summary\":{\"steps\":%ld,\"skipped\":%ld,\"updates\":%ld,"
	    "\"final_scale\":%s,\"growth_tracker\":%ld,\"accumulate\":%ld}}\n",
	    sim.step, sim.skipped, sim.updates,
	    fp_value_str(sim.s.scale, a, sizeof a), sim.s.tracker,
	    sim.cfg.accumulate);
}

void
scaler_cli_json_order(void)
{
	const steporder_step *st = steporder_steps();
	size_t ne;
	const steporder_edge *e = steporder_edges(&ne);

	for (int i = 0; i < STEP_NSTEPS; i++) {
		printf("{\"step\":%d,\"id\":\"%s\",\"name\":", i + 1, st[i].key);
		json_str(st[i].name);
		printf(",\"code\":");
		json_str(st[i].code);
		printf(",\"what\":");
		json_str(st[i].what);
		printf(",\"synonyms\":[");
		for (const char *const *s = st[i].synonyms; *s; s++) {
			if (s != st[i].synonyms)
				putchar(',');
			json_str(*s);
		}
		printf("]}\n");
	}
	for (size_t i = 0; i < ne; i++) {
		printf("{\"edge\":{\"from\":\"%s\",\"to\":\"%s\",\"reason\":",
		    st[e[i].from].key, st[e[i].to].key);
		json_str(e[i].reason);
		printf(",\"if_swapped\":");
		json_str(e[i].if_swapped);
		printf("}}\n");
	}
}

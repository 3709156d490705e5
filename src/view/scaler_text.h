/*
 * scaler_text.h — the plain-text views of loss scaling (no curses): the
 * static walk, a GradScaler simulation with its scale plot, and the AMP
 * step order.  `fptutor scaler` prints them; lesson blocks can too.  Each
 * view takes the model's inputs, runs the model (src/train/scaler.h) and
 * writes to a FILE, honouring view_tty (colour, UTF-8 symbols; see term.h).
 * Lines fit 80 columns.
 */
#ifndef FPTUTOR_VIEW_SCALER_TEXT_H
#define FPTUTOR_VIEW_SCALER_TEXT_H

#include <stdio.h>

#include "fp/fp.h"
#include "train/scaler.h"

/* The static walk: one gradient, several scales, in one dtype. */
typedef struct view_scaler_walk {
	const fp_format *dtype;
	const char *grad_text;		/* the gradient as given ("1e-8") */
	const fp_real *grad;		/* finite, nonzero */
	const char *grad_max_text;	/* NULL when no largest gradient */
	const fp_real *grad_max;
	const double *scales;		/* fp32 values, finite, > 0 */
	int nscales;
} view_scaler_walk;

/* A table (scale, scaled value and bits, unscaled, error, verdict), what
 * each verdict means, and with a largest gradient the window of scales
 * that make the gradient normal and keep the largest one finite. */
void view_scaler_walk_text(FILE *out, const view_scaler_walk *w);

/* The simulation: its settings, a plot of the scale over the steps with
 * the skipped steps marked beneath, the counts, whether and where the
 * scale settled (or, with a largest gradient, when it would), the events,
 * and with accumulation the micro-batch sequence and the scheduler count.
 * grad_max_text names cfg->grad_max as the user wrote it (or NULL). */
void view_scaler_sim_text(FILE *out, const scaler_sim_cfg *cfg,
    const char *grad_max_text);

/* The canonical AMP step order, each step with its call and the reason
 * for each edge, then the constraints between steps further apart. */
void view_steporder_text(FILE *out);

/* ---- shared by the scaler views -------------------------------------- */

/* "2^16" for a power of two, else the scale with fp32's digits. */
char *view_scaler_scale_str(double scale, char *buf, size_t n);
/* "65536 (2^16)" for powers of two up to 2^30, else view_scaler_scale_str. */
char *view_scaler_scale_long(double scale, char *buf, size_t n);
/* Write text from column col, wrapping before column 79 with continuation
 * lines indented by ind; ends the line. */
void view_scaler_wrap(FILE *out, int col, int ind, const char *text);
int view_scaler_imax(int a, int b);

#endif

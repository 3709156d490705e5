/*
 * train_text.h — the plain-text view of the controlled comparison (`fptutor
 * train`): loss curves of every mode in one chart, the loss-scale trend of
 * the modes with a scaler, a few steps of each mode, and the summary table.
 * Fits 80 columns; UTF-8 markers and block characters in a UTF-8 locale,
 * ASCII otherwise (view_tty, term.h).  No curses: the train lab draws its
 * own screen from the same records.
 *
 * Who calls what: src/cli/train.c runs each mode with toy_run_step(),
 * keeps every step's record, and hands the runs to view_train_text().
 */
#ifndef FPTUTOR_VIEW_TRAIN_TEXT_H
#define FPTUTOR_VIEW_TRAIN_TEXT_H

#include <stdio.h>

#include "train/toy.h"

typedef struct view_train_run {
	const toy_mode_info *mode;
	const toy_step *steps;	/* steps[0 .. nsteps - 1] */
	long nsteps;
	toy_summary sum;
} view_train_run;

/* Everything below, in order. */
void view_train_text(FILE *out, const toy_config *cfg,
    const view_train_run *runs, int n);

/* What was run: model, data, optimizer, modes. */
void view_train_header(FILE *out, const toy_config *cfg, int nmodes);
/* All modes' loss per step on a log scale, width x height cells of plot
 * (at most 64 x 20), with a legend.  Modes earlier in runs[] are drawn
 * over later ones, so a later mode shows where it leaves the first. */
void view_train_plot(FILE *out, const view_train_run *runs, int n, int width,
    int height);
/* The loss scale per step of each run that has a scaler: a bar of block
 * characters (log2 of the scale) and the list of changes. */
void view_train_scales(FILE *out, const view_train_run *runs, int n, int width);
/* Selected steps of one run: the first, every skipped one (up to 5), and
 * five evenly spaced. */
void view_train_steps(FILE *out, const view_train_run *run);
/* One column per mode; the first nonfinite values and notes below. */
void view_train_summary(FILE *out, const view_train_run *runs, int n);

/* A value as the shortest decimal that reads back as the same fp32 value
 * ("0.0343"), or "inf", "-inf", "nan".  n >= 24. */
char *view_train_num(double v, char *buf, size_t n);

#endif

/*
 * scaler_cli.h — `fptutor scaler` inside src/cli: the options scaler.c
 * reads, and the JSON writers of scaler_json.c (one object per line on
 * stdout: walk rows and a summary, simulation steps and a summary, the
 * step order's steps and edges).
 */
#ifndef FPTUTOR_CLI_SCALER_CLI_H
#define FPTUTOR_CLI_SCALER_CLI_H

#include <stdbool.h>

#include "fp/fp.h"
#include "train/scaler.h"

#define SCALER_CLI_MAX_SCALES 64

typedef struct scaler_opts {
	const fp_format *dtype;
	bool json, no_color, order;
	const char *grad_text;
	fp_real grad;
	const char *grad_max_text;
	fp_real grad_max;
	double scales[SCALER_CLI_MAX_SCALES];
	int nscales;
	long simulate;		/* 0: no simulation */
	scaler_params params;
	const char *sim_only;	/* the first simulation option seen */
	const char *walk_only;	/* the first walk option seen */
	scaler_range *inf;
	size_t ninf, capinf;
	long accumulate;
} scaler_opts;

void scaler_cli_json_walk(const scaler_opts *o);
void scaler_cli_json_sim(const scaler_sim_cfg *cfg);
void scaler_cli_json_order(void);

#endif

/*
 * bench_inspect.c — how fast `fptutor inspect` reads a large file and how
 * much memory it takes (run by `make bench`; figures, not a test).  It
 * writes, in a temporary directory, 1 GiB safetensors checkpoints of
 * gradient-like values, runs the program on each three times and prints
 * the wall time and the peak resident memory of each run (goal: under
 * 2 s and 64 MiB): first in the dtypes checkpoints are stored in (four
 * BF16 and four F16 tensors of 128 MiB, counted per bit pattern), then
 * four F32 tensors of 256 MiB and four F64 ones (each block cast by the
 * engine's array path, the median from a sampled band: src/tensor/
 * wide.c, band.c).  Each file is fresh, so it is read from the page
 * cache.  The load average is printed: the machine may be shared.
 *
 *   bench/bench_inspect [PROGRAM]     (default src/fptutor, from the build dir)
 *
 * Exit status 0 unless the files cannot be written or the program run.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t
splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A gradient-like fp32 pattern: random sign and mantissa, the exponent
 * spread over 2^-40 .. 2^-1 (so every zone of fp16 is met). */
static uint32_t
grad_bits(uint64_t r)
{
	uint32_t e = 127 - 1 - (uint32_t)((r >> 32) % 40);
	return (uint32_t)(r & 0x80000000u) | e << 23 | (uint32_t)(r & 0x7fffff);
}

/* ntensors tensors of per bytes each, dtype F16, BF16, F32 or F64
 * (halves: the first half BF16, the rest F16, when dtype is NULL).  F64
 * values are the F32 ones with 29 more random bits. */
static int
write_file(const char *path, int ntensors, uint64_t per, const char *dtype)
{
	FILE *fp = fopen(path, "wb");
	char h[4096];
	int n = snprintf(h, sizeof h, "{");

	if (fp == NULL) {
		perror(path);
		return -1;
	}
	for (int i = 0; i < ntensors; i++) {
		const char *d = dtype ? dtype : i < ntensors / 2 ? "BF16" : "F16";
		int size = strcmp(d, "F64") == 0 ? 8 : strcmp(d, "F32") == 0 ? 4 : 2;
		n += snprintf(h + n, sizeof h - (size_t)n, "%s\"layer%d.grad\":{\"dtype\":"
		    "\"%s\",\"shape\":[%llu],\"data_offsets\":[%llu,%llu]}", i ? "," : "",
		    i, d, (unsigned long long)(per / (uint64_t)size),
		    (unsigned long long)(per * (uint64_t)i),
		    (unsigned long long)(per * (uint64_t)(i + 1)));
	}
	n += snprintf(h + n, sizeof h - (size_t)n, "}");
	while (n % 8)
		h[n++] = ' ';
	unsigned char len[8];
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)((uint64_t)n >> (8 * i));
	fwrite(len, 1, 8, fp);
	fwrite(h, 1, (size_t)n, fp);
	static unsigned char buf[1 << 20];
	uint64_t seed = 1;
	for (int i = 0; i < ntensors; i++) {
		const char *d = dtype ? dtype : i < ntensors / 2 ? "BF16" : "F16";
		for (uint64_t done = 0; done < per; done += sizeof buf) {
			for (size_t k = 0; k < sizeof buf; k += 4) {
				uint64_t r = splitmix(&seed);
				uint32_t u = grad_bits(r), v;
				if (strcmp(d, "F64") == 0) {	/* 8 bytes: two steps */
					float f;
					memcpy(&f, &u, sizeof f);
					double x = f;
					uint64_t b;
					memcpy(&b, &x, sizeof b);
					b |= splitmix(&seed) & 0x1fffffffu;
					memcpy(buf + k, &b, 8);
					k += 4;
					continue;
				} else if (strcmp(d, "F32") == 0) {
					v = u;
				} else if (strcmp(d, "BF16") == 0) {
					v = (u >> 16) | (grad_bits(r >> 7) >> 16) << 16;
				} else {	/* an fp16 pattern: 5-bit exponent */
					uint32_t a = (uint32_t)r & 0x7fff, b = (uint32_t)(r >> 16) & 0x7fff;
					a = a >= 0x7c00 ? a - 0x4000 : a;
					b = b >= 0x7c00 ? b - 0x4000 : b;
					v = a | (uint32_t)(r >> 63) << 15 | b << 16;
				}
				memcpy(buf + k, &v, 4);
			}
			if (fwrite(buf, 1, sizeof buf, fp) != sizeof buf) {
				perror(path);
				fclose(fp);
				return -1;
			}
		}
	}
	if (fclose(fp) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

/* Run PROGRAM inspect path; the wall time, and the peak RSS in MiB. */
static int
run(const char *prog, const char *path, double *secs, double *mib)
{
	fflush(stdout);		/* not written twice by the child */
	double t0 = now();
	pid_t pid = fork();
	int status;
	struct rusage ru;

	if (pid < 0) {
		perror("bench_inspect: fork");
		return -1;
	}
	if (pid == 0) {
		if (freopen("/dev/null", "w", stdout) == NULL)
			_exit(127);
		execl(prog, prog, "inspect", path, (char *)NULL);
		perror(prog);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench_inspect: wait4");
		return -1;
	}
	*secs = now() - t0;
	*mib = (double)ru.ru_maxrss / 1024.0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "bench_inspect: %s inspect %s: status %d\n", prog, path,
		    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return -1;
	}
	return 0;
}

static int
measure(const char *prog, const char *path, const char *what, double values,
    int size)
{
	double best = 1e30, peak = 0;

	printf("  %s\n", what);
	for (int r = 0; r < 3; r++) {
		double s, m;
		if (run(prog, path, &s, &m) != 0)
			return -1;
		printf("    run %d: %6.2f s wall, %6.1f MiB peak RSS, %5.1f ns per value\n",
		    r + 1, s, m, s * 1e9 / values);
		best = s < best ? s : best;
		peak = m > peak ? m : peak;
	}
	printf("    best %.2f s, peak %.1f MiB; %.1f s per GiB at that rate\n", best,
	    peak, best * (double)(1u << 30) / (values * size));
	return 0;
}

int
main(int argc, char **argv)
{
	const char *prog = argc > 1 ? argv[1] : "src/fptutor";
	const char *tmp = getenv("TMPDIR");
	char dir[4096], path[4200];
	int st = 0;

	snprintf(dir, sizeof dir, "%s/fptutor-bench.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		perror(dir);
		return 1;
	}
	double load[1] = { 0 };
	printf("bench_inspect: fptutor inspect on files written on the fly "
	    "(goal for 1 GiB: < 2 s, < 64 MiB)\n");
	if (getloadavg(load, 1) == 1)	/* shared machines: say how shared */
		printf("  load average %.2f on %ld processors\n", load[0],
		    sysconf(_SC_NPROCESSORS_ONLN));
	snprintf(path, sizeof path, "%s/ckpt.safetensors", dir);
	double t0 = now();
	if (write_file(path, 8, 128u << 20, NULL) != 0)
		st = 1;
	else {
		printf("  wrote 1 GiB (4 BF16 + 4 F16 tensors of 128 MiB) in %.1f s\n",
		    now() - t0);
		st = measure(prog, path, "1 GiB, BF16 and F16 (counted per bit "
		    "pattern):", (double)(1u << 29), 2) != 0;
	}
	remove(path);
	static const struct { const char *dtype, *what; int size; } wide[] = {
		{ "F32", "1 GiB, F32 (cast a block at a time, the median from a "
		    "sampled band):", 4 },
		{ "F64", "1 GiB, F64 (likewise):", 8 },
	};
	for (size_t w = 0; st == 0 && w < sizeof wide / sizeof wide[0]; w++) {
		snprintf(path, sizeof path, "%s/%s.safetensors", dir, wide[w].dtype);
		t0 = now();
		if (write_file(path, 4, 256u << 20, wide[w].dtype) != 0) {
			st = 1;
			break;
		}
		printf("  wrote 1 GiB (4 %s tensors of 256 MiB) in %.1f s\n",
		    wide[w].dtype, now() - t0);
		st = measure(prog, path, wide[w].what, (double)(1u << 30) / wide[w].size,
		    wide[w].size) != 0;
		remove(path);
	}
	rmdir(dir);
	return st;
}

#!/bin/sh
# simd.sh — the narrower copies of the vector loops: the format engine's
# array paths and inspect's F32/F64 loops are built for AVX2 and AVX-512
# as well as plainly, and a machine runs the widest it has; FPTUTOR_SIMD
# caps that, so here the fast-path tests and inspect's readers and
# figures (check_tensor's "read" case) run again on each narrower copy.
# (On a machine without AVX-512 or AVX2 some of these repeat a copy.)
#
#   tests/simd.sh               run (FPTUTOR and top_srcdir set by make check)
. "${top_srcdir:-.}/tests/lib.sh"

for level in none avx2; do
	if FPTUTOR_SIMD=$level tests/check_fp_fast >/dev/null 2>&1; then
		pass "check_fp_fast with FPTUTOR_SIMD=$level"
	else
		fail "check_fp_fast with FPTUTOR_SIMD=$level"
	fi
	if FPTUTOR_SIMD=$level CK_RUN_CASE=read tests/check_tensor >/dev/null 2>&1
	then
		pass "check_tensor (read) with FPTUTOR_SIMD=$level"
	else
		fail "check_tensor (read) with FPTUTOR_SIMD=$level"
	fi
done
finish

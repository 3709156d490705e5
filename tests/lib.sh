# lib.sh — shared helpers for the shell tests: TAP-like pass/fail lines and
# a summary; sourced, not run.  Expects $FPTUTOR and $top_srcdir.
: "${FPTUTOR:?FPTUTOR must name the built program}"
: "${top_srcdir:=.}"
npass=0
nfail=0
pass() { npass=$((npass + 1)); printf 'ok %d - %s\n' $((npass + nfail)) "$1"; }
fail() { nfail=$((nfail + 1)); printf 'not ok %d - %s\n' $((npass + nfail)) "$1"; }
finish() {
	printf '%d passed, %d failed\n' "$npass" "$nfail"
	[ "$nfail" -eq 0 ]
}

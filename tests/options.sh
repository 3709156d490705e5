#!/bin/sh
# options.sh — one grammar and one set of messages for the options of
# every command, read from each command's --help (not from the code):
# an unknown option, a missing value, a value given to an option that
# takes none, --opt=VALUE against --opt VALUE, abbreviations, and "--"
# ending the options.
#
#   tests/options.sh        run (FPTUTOR and top_srcdir set by make check)
. "${top_srcdir:-.}/tests/lib.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-options.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# ---- every command, and fptutor itself, in the same words --------------
# expect_usage DESCRIPTION CMD MESSAGE ARGS...: exit 2 and exactly
# "fptutor: CMD: MESSAGE" then "Try 'fptutor help CMD'." on stderr.
expect_usage() {
	desc=$1 c=$2 msg=$3
	shift 3
	"$FPTUTOR" "$@" </dev/null >"$tmp/o" 2>"$tmp/e"
	st=$?
	if [ -n "$c" ]; then
		printf "fptutor: %s: %s\nTry 'fptutor help %s'.\n" "$c" "$msg" "$c" >"$tmp/want"
	else
		printf "fptutor: %s\nTry 'fptutor --help'.\n" "$msg" >"$tmp/want"
	fi
	if [ "$st" -eq 2 ] && cmp -s "$tmp/want" "$tmp/e" && [ ! -s "$tmp/o" ]; then
		pass "$desc"
	else
		fail "$desc: status $st, stderr: $(cat "$tmp/e")"
	fi
}
expect_usage "fptutor --bogus" "" "unknown option '--bogus'" --bogus
expect_usage "fptutor -Z" "" "unknown option '-Z'" -Z
expect_usage "fptutor --help=x" "" "option '--help' takes no value" --help=x
ncmd=0
for c in $("$FPTUTOR" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
	ncmd=$((ncmd + 1))
	"$FPTUTOR" help "$c" >"$tmp/help"
	expect_usage "$c --bogus" "$c" "unknown option '--bogus'" "$c" --bogus
	expect_usage "$c -Z (a short option)" "$c" "unknown option '-Z'" "$c" -Z
	# Every option that takes a value (shown as --NAME METAVAR), last on
	# the line without it, and its short form (-X, --NAME METAVAR);
	# --opt=VALUE and --opt VALUE are the same.
	grep -o -- '--[a-z][a-z-]* [A-Z]' "$tmp/help" | sed 's/ .*//' | sort -u >"$tmp/valued"
	while IFS= read -r long; do
		expect_usage "$c $long without its value" "$c" "option '$long' needs a value" "$c" "$long"
		for short in $(sed -n "s/^  *\(-[a-zA-Z]\), $long .*/\1/p" "$tmp/help"); do
			expect_usage "$c $short without its value" "$c" "option '$short' needs a value" "$c" "$short"
		done
		# (in a directory of its own: x@y may be a good value, such as
		# train --dump's directory, and then files are written there)
		mkdir -p "$tmp/v1" "$tmp/v2"
		(cd "$tmp/v1" && "$FPTUTOR" "$c" "$long=x@y" </dev/null >"$tmp/o1" 2>"$tmp/e1"); s1=$?
		(cd "$tmp/v2" && "$FPTUTOR" "$c" "$long" "x@y" </dev/null >"$tmp/o2" 2>"$tmp/e2"); s2=$?
		rm -rf "$tmp/v1" "$tmp/v2"
		if [ "$s1" -eq "$s2" ] && cmp -s "$tmp/e1" "$tmp/e2" && cmp -s "$tmp/o1" "$tmp/o2" &&
		    { [ "$s1" -ne 0 ] || [ -s "$tmp/o1" ] || [ "$long" = --dump ]; }; then
			pass "$c: $long=VALUE is $long VALUE"
		else
			fail "$c: $long=VALUE ($s1: $(cat "$tmp/e1")) differs from $long VALUE ($s2: $(cat "$tmp/e2"))"
		fi
	done <"$tmp/valued"
	# The options that take none refuse a value, and no long option is
	# taken by an abbreviation of its name.
	for long in $(grep -o -- '--[a-z][a-z-]*' "$tmp/help" | sort -u); do
		if ! grep -qx -e "$long" "$tmp/valued"; then
			expect_usage "$c $long=1" "$c" "option '$long' takes no value" "$c" "$long=1"
		fi
		abbr=${long%?}
		grep -q -e "$abbr\([ ,=]\|\$\)" "$tmp/help" ||
			expect_usage "$c $abbr (an abbreviation)" "$c" "unknown option '$abbr'" "$c" "$abbr"
	done
done
[ "$ncmd" -ge 11 ] && pass "the option messages were checked for $ncmd commands" ||
	fail "only $ncmd commands found in fptutor --help"
# "--" ends the options in every command that takes operands.
run calc -- -5*2;	[ "$st" -eq 0 ] && pass "calc -- -5*2 evaluates" || fail "calc -- -5*2: status $st, $err"
run check-lesson -- --quiet
expect "check-lesson -- --quiet: a file named --quiet" 74 "^--quiet: error: cannot open"
run play -- --json
expect "play -- --json: a lesson named --json" 2 "'--json' is neither a lesson id nor a path"
run grade -- --json
expect "grade -- --json: a question id" 2 "unknown question id '--json'"
run lessons -- --json
expect "lessons -- --json: an unexpected argument" 2 "unexpected argument '--json'"

finish

#!/bin/sh
# docs.sh — the documentation stays true: the man pages pass `mandoc -Tlint`
# with no warnings, the options --help prints are documented in fptutor(1),
# and .ci/run runs the README's test command verbatim.
. "${top_srcdir:-.}/tests/lib.sh"

if [ -z "${MANDOC:-}" ] || ! command -v "$MANDOC" >/dev/null 2>&1; then
	echo "mandoc not found: run ./bootstrap (Debian package mandoc)" >&2
	exit 1
fi
for page in "$top_srcdir"/man/*.[1-9]; do
	out=$("$MANDOC" -Tlint -W warning "$page" 2>&1)
	if [ -n "$out" ]; then
		printf '%s\n' "$out"
		fail "$page: mandoc -Tlint reports problems"
	else
		pass "$page: mandoc -Tlint clean"
	fi
done

# Every command in the main help has its section in the man page, and
# every long option its help mentions is in the rendered man page.
text=$("$MANDOC" -Tascii "$top_srcdir/man/fptutor.1" | sed 's/.\x08//g')
for cmd in $("$FPTUTOR" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
	if printf '%s\n' "$text" | grep -q -e "^   $cmd\$"; then
		pass "fptutor(1) has a section for $cmd"
	else
		fail "fptutor(1) has no section for the command $cmd"
	fi
	for opt in $("$FPTUTOR" help "$cmd" | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		if printf '%s\n' "$text" | grep -q -e "$opt"; then
			pass "fptutor(1) documents $cmd $opt"
		else
			fail "fptutor(1) does not document $opt (shown by 'fptutor help $cmd')"
		fi
	done
done

# The README's quick start has exactly two commands; .ci/run runs the second.
cmds=$(sed -n 's/^    \(\.\/bootstrap .*\)$/\1/p' "$top_srcdir/README.md")
n=$(printf '%s\n' "$cmds" | grep -c .)
testcmd=$(printf '%s\n' "$cmds" | sed -n 2p)
[ "$n" -eq 2 ] && pass "README quick start has two commands" ||
	fail "README quick start should have 2 ./bootstrap commands, has $n"
if [ -n "$testcmd" ] && grep -qxF "$testcmd" "$top_srcdir/.ci/run"; then
	pass ".ci/run runs the README's test command: $testcmd"
else
	fail ".ci/run does not run the README's test command '$testcmd'"
fi
finish

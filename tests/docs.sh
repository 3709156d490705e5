#!/bin/sh
# docs.sh — the documentation stays true: the man pages pass `mandoc -Tlint`
# with no warnings; the options --help prints are documented in fptutor(1);
# the README's set-up commands are `./bootstrap` and the test command that
# .ci/run runs verbatim; its package list is bootstrap's; every relative
# link of the README and doc/ leads to a file; every section of
# doc/design.md that the tree cites exists, and nothing cites the design
# by another name; the toy run's claim in fptutor(1) names the seeds and
# the bound tests/check_toy checks; the screen picture, made again by
# tools/screenshot.sh, is the one in doc/ and in the README.
. "${top_srcdir:-.}/tests/lib.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-docs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
readme=$top_srcdir/README.md

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

# The set-up commands: the lines of the README's fenced code blocks that
# run ./bootstrap are exactly `./bootstrap` and then the body of .ci/run's
# readme_tests().
cmds=$(awk '/^```/ { inblock = !inblock; next } inblock' "$readme" | grep '^\./bootstrap')
citest=$(sed -n '/^readme_tests() {$/{n;p;}' "$top_srcdir/.ci/run")
if [ "$cmds" = "$(printf './bootstrap\n%s' "$citest")" ] && [ -n "$citest" ]; then
	pass "README sets up with ./bootstrap, then .ci/run's test command: $citest"
else
	fail "README's ./bootstrap lines should be './bootstrap' and '$citest', are: $(printf '%s' "$cmds" | tr '\n' ' ')"
fi

# The packages the README names are the ones bootstrap installs.
pkgs=$(sed -n 's/^PACKAGES="\(.*\)"$/\1/p' "$top_srcdir/bootstrap")
if [ -n "$pkgs" ] && grep -qF "\`$pkgs\`" "$readme"; then
	pass "README names bootstrap's packages: $pkgs"
else
	fail "README does not name bootstrap's packages as \`$pkgs\`"
fi

# Relative links of the Markdown pages lead to files.
for md in "$readme" "$top_srcdir"/doc/*.md; do
	dir=$(dirname "$md")
	grep -o '](\([^)]*\))' "$md" | sed 's/^](//; s/)$//; s/#.*//' |
	    grep -v -e '^[a-z]*:' -e '^$' | sort -u |
	while read -r link; do
		if [ -e "$dir/$link" ]; then
			echo "ok $link"
		else
			echo "missing $link"
		fi
	done >"$tmp/links"
	n=$(grep -c '^ok' "$tmp/links")
	if grep -q '^missing' "$tmp/links"; then
		fail "${md#"$top_srcdir"/}: no file for the links: $(sed -n 's/^missing //p' "$tmp/links" | tr '\n' ' ')"
	else
		pass "${md#"$top_srcdir"/}: its $n relative links lead to files"
	fi
done

# Citations of doc/design.md's sections (the page, a comma, the section's
# title in double quotes), also across the lines of a comment: each title
# is a "## " heading of the page.
sed -n 's/^## //p' "$top_srcdir/doc/design.md" >"$tmp/sections"
(cd "$top_srcdir" && find . -name .git -prune -o -path ./fuzz/corpus -prune \
    -o -path ./fuzz/found -prune -o -type f \
    \( -name '*.[ch]' -o -name '*.sh' -o -name '*.md' -o -name '*.mk' \
    -o -name '*.am' -o -name '*.ac' -o -name '*.[15]' -o -name bootstrap \
    -o -name run \) -print | sed 's,^\./,,' | sort) >"$tmp/files"
while read -r f; do
	awk '{ sub(/^[ \t]+/, ""); sub(/[ \t]+$/, "")
	       sub(/^(\/\*+|\*+\/?|#+|\/\/|\.\\")[ \t]*/, ""); t = t " " $0 }
	     END { while (match(t, /doc\/design\.md, "[^"]*"/)) {
		     c = substr(t, RSTART, RLENGTH); sub(/^[^"]*"/, "", c); sub(/"$/, "", c)
		     print c; t = substr(t, RSTART + RLENGTH) } }' "$top_srcdir/$f" |
	while read -r c; do
		grep -qxF "$c" "$tmp/sections" && echo "ok $f" || echo "bad $f: \"$c\""
	done
done <"$tmp/files" >"$tmp/cites"
ncite=$(grep -c '^ok' "$tmp/cites")
if grep -q '^bad' "$tmp/cites"; then
	fail "doc/design.md has no section for: $(sed -n 's/^bad //p' "$tmp/cites" | tr '\n' ' ')"
elif [ "$ncite" -gt 0 ]; then
	pass "the $ncite citations of doc/design.md name sections it has"
else
	fail "found no citation of doc/design.md's sections (is the scan broken?)"
fi
# The design page is doc/design.md: no file cites one outside the tree.
(cd "$top_srcdir" && xargs grep -l 'DESIGN[.]md' <"$tmp/files") >"$tmp/old" || :
if [ -s "$tmp/old" ]; then
	fail "these cite a design page that is not in the tree (the design is doc/design.md): $(tr '\n' ' ' <"$tmp/old")"
else
	pass "no file cites a design page outside the tree"
fi

# The toy run's claim in fptutor(1): within 2% of fp32 at the seeds
# tests/check_toy runs, which are the seeds and the bound it checks.
claim=$(printf '%s\n' "$text" | tr -s ' \n' '  ' |
    sed -n 's/.*each end within \([0-9]*\)% of fp32.s final loss, at the default seed and at every seed tests\/check_toy tries (\([^)]*\)).*/\1 \2/p' |
    sed 's/ and /, /; s/, /,/g')
toy=$top_srcdir/tests/check_toy.c
seeds=$(sed -n 's/^static const uint64_t SEEDS\[\] = { \(.*\) };$/\1/p' "$toy" |
    sed 's/UINT64_C(0xffffffffffffffff)/2^64-1/; s/, /,/g')
bound=$(sed -n 's/^#define MANUAL_BOUND 0\.0\([0-9]\)$/\1/p' "$toy")
if [ -n "$seeds" ] && [ "$claim" = "$bound $seeds" ]; then
	pass "fptutor(1)'s toy-run claim is what tests/check_toy checks: within $bound% at $seeds"
else
	fail "fptutor(1) says within/at '$claim'; tests/check_toy checks '$bound $seeds'"
fi

# The screen picture: tools/screenshot.sh makes it again, the same bytes
# as doc/screen.txt and doc/screen.html, and the README's text block is
# doc/screen.txt.
if FPTUTOR=$FPTUTOR sh "$top_srcdir/tools/screenshot.sh" -o "$tmp/shot" >"$tmp/shot.log" 2>&1; then
	for f in screen.txt screen.html; do
		if cmp -s "$tmp/shot/$f" "$top_srcdir/doc/$f"; then
			pass "doc/$f is the screen tools/screenshot.sh captures"
		else
			diff -u "$top_srcdir/doc/$f" "$tmp/shot/$f" | sed 's/^/# /' | head -n 40
			fail "doc/$f is out of date: run tools/screenshot.sh and review the diff"
		fi
	done
else
	sed 's/^/# /' "$tmp/shot.log"
	fail "tools/screenshot.sh failed"
fi
awk '/^```text$/ { inblock = 1; next } inblock && /^```$/ { exit } inblock' "$readme" >"$tmp/readme.screen"
if [ -s "$tmp/readme.screen" ] && cmp -s "$tmp/readme.screen" "$top_srcdir/doc/screen.txt"; then
	pass "README shows doc/screen.txt"
else
	diff -u "$top_srcdir/doc/screen.txt" "$tmp/readme.screen" | sed 's/^/# /' | head -n 40
	fail "README's text block is not doc/screen.txt"
fi
finish

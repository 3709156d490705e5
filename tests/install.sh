#!/bin/sh
# install.sh — `make install DESTDIR=...` from this build tree puts each
# file where configure said (the inst_* directories, set by make check):
# the program, every shipped lesson under $(pkgdatadir)/lessons (and the
# files of lessons/data beside them), fptutor(1)
# and fptutor-lesson(5), the bash completion and the Vim files; nothing
# outside DESTDIR.  The installed program's own lesson directory (what it
# names when a lesson is not found) is the one the lessons went to, and it
# reads them there; `make uninstall` removes everything again.  (The real
# thing, an install into a prefix and the program finding its lessons
# there, is `make installcheck`, which `make distcheck` runs.)
. "${top_srcdir:-.}/tests/lib.sh"
: "${MAKE:=make}" "${abs_top_builddir:?set by make check}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
dest=$tmp/dest
top=$(cd "$top_srcdir" && pwd)

# A make of our own: not the jobs of the make check that runs us.
if ! (cd "$abs_top_builddir" && MAKEFLAGS= MFLAGS= $MAKE -s install DESTDIR="$dest") \
    >"$tmp/log" 2>&1; then
	sed 's/^/# /' "$tmp/log" | tail -n 20
	fail "make install DESTDIR=..."
	finish
	exit 1
fi
pass "make install DESTDIR=..."

# exists DESCRIPTION FILE: FILE is installed (under DESTDIR).
exists() {
	[ -f "$dest$2" ] && pass "installs $1: $2" || fail "does not install $1: $2"
}
exists "the program" "$inst_bindir/fptutor"
[ -x "$dest$inst_bindir/fptutor" ] && pass "the program is executable" ||
	fail "$inst_bindir/fptutor is not executable"
for l in "$top"/lessons/*.lesson; do
	exists "a lesson" "$inst_lessondir/${l##*/}"
done
for f in "$top"/lessons/data/*; do	# what @inspect blocks show, beside them
	exists "a lesson's data" "$inst_lessondir/data/${f##*/}"
done
exists "fptutor(1)" "$inst_man1dir/fptutor.1"
exists "fptutor-lesson(5)" "$inst_man5dir/fptutor-lesson.5"
exists "the bash completion" "$inst_bashcompletiondir/fptutor"
exists "the Vim syntax" "$inst_vimsyntaxdir/fptutorlesson.vim"
exists "the Vim file type" "$inst_vimftdetectdir/fptutor-lesson.vim"
case $inst_bashcompletiondir in
*/bash-completion/completions) pass "the completion is in a completions directory" ;;
*) fail "the completion directory $inst_bashcompletiondir is not bash-completion's" ;;
esac

# Everything is under DESTDIR, in the configured directories: list what
# was installed that the checks above did not name.
(cd "$dest" && find . -type f | sed 's/^\.//' | sort) >"$tmp/all"
grep -v -e "^$inst_bindir/fptutor\$" -e "^$inst_lessondir/[a-z0-9-]*\.lesson\$" \
    -e "^$inst_lessondir/data/[a-z0-9.-]*\$" \
    -e "^$inst_man1dir/fptutor\.1\$" -e "^$inst_man5dir/fptutor-lesson\.5\$" \
    -e "^$inst_bashcompletiondir/fptutor\$" -e "^$inst_vimsyntaxdir/" \
    -e "^$inst_vimftdetectdir/" "$tmp/all" >"$tmp/other"
[ -s "$tmp/other" ] && fail "unexpected files installed: $(cat "$tmp/other")" ||
	pass "nothing else is installed"

# The installed program looks for lessons where they were installed: with
# no search path and no ./lessons, the directory it names is inst_lessondir.
prog=$dest$inst_bindir/fptutor
mkdir "$tmp/empty"
(cd "$tmp/empty" && unset FPTUTOR_LESSON_PATH && "$prog" play no-such-lesson) \
    >/dev/null 2>"$tmp/err"
case $(cat "$tmp/err") in
*" $inst_lessondir, lessons "*|*" in $inst_lessondir, "*)
	pass "the installed program searches $inst_lessondir" ;;
*)	fail "the installed program does not search $inst_lessondir: $(cat "$tmp/err")" ;;
esac
(cd "$tmp/empty" && FPTUTOR_LESSON_PATH=$dest$inst_lessondir "$prog" lessons) >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '^interview ' "$tmp/out"; then
	pass "the installed program reads the installed lessons"
else
	fail "the installed lessons: $(cat "$tmp/out")"
fi
"$prog" check-lesson -q "$dest$inst_lessondir"/*.lesson >"$tmp/out" 2>&1 &&
	pass "every installed lesson is valid" || fail "installed lessons: $(cat "$tmp/out")"
"$MANDOC" -Tlint -W warning "$dest$inst_man1dir/fptutor.1" "$dest$inst_man5dir/fptutor-lesson.5" \
    >"$tmp/out" 2>&1 && pass "the installed man pages are lint-clean" ||
	fail "installed man pages: $(cat "$tmp/out")"

if (cd "$abs_top_builddir" && MAKEFLAGS= MFLAGS= $MAKE -s uninstall DESTDIR="$dest") \
    >"$tmp/log" 2>&1 && [ -z "$(find "$dest" -type f)" ]; then
	pass "make uninstall removes every file"
else
	fail "make uninstall left: $(find "$dest" -type f)"
fi
finish

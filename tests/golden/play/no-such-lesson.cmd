FPTUTOR_LESSON_PATH=../lessons "$FPTUTOR" play no-such-lesson 2>"${TMPDIR:-/tmp}/fptutor-golden.$$"; st=$?
# the installed directory depends on --prefix: hide it
sed "s|, [^,]*/lessons, lessons| ..., lessons|" "${TMPDIR:-/tmp}/fptutor-golden.$$" >&2
rm -f "${TMPDIR:-/tmp}/fptutor-golden.$$"; exit $st

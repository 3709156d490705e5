d=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-golden.XXXXXX") && cd "$d" || exit 1
{ printf "@lesson too-large\\n@title T\\n@summary S.\\n\\n@step One\\n"; head -c 1100000 /dev/zero | tr "\\0" "\\n"; } >too-large.lesson
"$FPTUTOR" check-lesson too-large.lesson; st=$?
cd / && rm -rf "$d"; exit $st

#!/bin/sh
# tools.sh — what tools/ ships:
#   1. tools/fptutor.bash, driven as bash drives it: source it, set
#      COMP_WORDS and COMP_CWORD, call _fptutor, check COMPREPLY.  Lesson
#      and question ids come from the program (`fptutor lessons --json`),
#      here along FPTUTOR_LESSON_PATH=tests/lessons;
#   2. the Vim syntax: a .lesson file gets the file type, and a comment, a
#      header line, a computed value, a question line, a rubric keyword and
#      phrase get their syntax groups.
# A part is skipped when bash or vim is missing (both missing: exit 77).
. "${top_srcdir:-.}/tests/lib.sh"
if ! command -v bash >/dev/null 2>&1 && ! command -v vim >/dev/null 2>&1; then
	echo "neither bash nor vim found: skipped"
	exit 77
fi
top=$(cd "$top_srcdir" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-tools.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/d" && : >"$tmp/d/mine.lesson" && : >"$tmp/d/other.txt"
# complete WORDS...: the completions of the last word, sorted, one line.
complete_words() {
	(cd "$tmp" && FPTUTOR_LESSON_PATH=$top/tests/lessons bash -c '
		. "$0" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_fptutor
		printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
		"$top/tools/fptutor.bash" "$FPTUTOR" "$@")
}
# check DESCRIPTION WANT WORDS...: the completions are exactly WANT.
check() {
	want=$1 what=$2
	shift 2
	got=$(complete_words "$@")
	got=${got% }
	[ "$got" = "$want" ] && pass "complete $what: $got" ||
		fail "complete $what: got '$got', want '$want'"
}
# has DESCRIPTION WORD WORDS...: the completions include WORD.
has() {
	word=$1 what=$2
	shift 2
	case " $(complete_words "$@") " in
	*" $word "*) pass "complete $what offers $word" ;;
	*) fail "complete $what: no $word in: $(complete_words "$@")" ;;
	esac
}

if command -v bash >/dev/null 2>&1; then
for c in bits calc scaler train lessons play review drill grade check-lesson help; do
	has "$c" "a command" ""
done
check "check-lesson" "ch" ch
check "--help --version" "options before a command" --
check "--format --from-bits --help --json --no-color" "bits --" bits --
has -f "bits -" bits -
has --order "scaler --" scaler --
has --answers "play --" play --
check "fp16,bf16" "a list of formats" bits -f fp16,b
check "autocast-bf16 autocast-fp16" "calc dtypes" calc -d auto
check "fp16-noscale fp16-params" "train modes" train --mode fp16-
check "scale swallow" "drill kinds" drill s
has --record "drill --" drill --
has --level "drill --" drill --
check "easy" "drill levels" drill --level e
has --stats "review --" review --
check "d/ fp16-range overflow-demo" "lesson ids and directories" play ""
check "overflow-demo" "a lesson id" play ov
check "demo-max-bits demo-max-fp16" "question ids" grade demo-m
check "d/mine.lesson" "lesson files" check-lesson d/
check "d/mine.lesson" "a lesson file for play" play d/m
check "" "a number" train --steps ""
check "check-lesson" "help COMMAND" help che
else
	echo "# bash not found: the completion not tested"
fi

# ---- 2. Vim ---------------------------------------------------------------
if command -v vim >/dev/null 2>&1; then
	cat >"$tmp/t.lesson" <<'EOF'
# a comment
@lesson t
@step One
Max {max fp16}.
@question q-one text
Why?
@rubric
concept c 1: overflow | "too big"
@end
EOF
	cat >"$tmp/probe.vim" <<EOF
set rtp^=$top/tools/vim
filetype on
syntax on
e $tmp/t.lesson
let out = [&ft]
for [l, c] in [[1,3],[3,1],[4,6],[5,1],[5,11],[5,17],[8,1],[8,27],[9,1]]
  call add(out, synIDattr(synID(l, c, 1), 'name'))
endfor
call writefile(out, '$tmp/vim.out')
qa!
EOF
	vim -Nu NONE -i NONE -es -S "$tmp/probe.vim" </dev/null >/dev/null 2>&1
	got=$(tr '\n' ' ' <"$tmp/vim.out" 2>/dev/null)
	want="fptutorlesson lessonComment lessonHeader lessonValueKey lessonQuestion lessonQid lessonQtype lessonRubricKey lessonRubricString lessonQpart "
	[ "$got" = "$want" ] && pass "vim: the file type and the syntax groups" ||
		fail "vim: got '$got', want '$want'"
else
	echo "# vim not found: the syntax file not tested"
fi
finish

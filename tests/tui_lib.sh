# tui_lib.sh — driving the full-screen UI through tmux for the screen
# tests: a private tmux server, a detached session of a fixed size, keys
# sent, the screen captured and compared with a golden screen.  Sourced
# after lib.sh; not run.  Without tmux, sourcing it ends the script with
# status 77 (automake's SKIP) and a line saying why (tui_need_tmux).
#
#   tui_start COLS ROWS [VAR=VALUE...] -- ARGS...   run $FPTUTOR ARGS
#   tui_keys KEY...        tmux send-keys names: Space Enter Left BSpace C-w
#   tui_type TEXT          literal text
#   tui_wait TEXT [SECS]   until TEXT is on screen (default 10 s); 1 if not
#   tui_gone TEXT [SECS]   until TEXT is no longer on screen
#   tui_changed FILE [SECS] until the screen differs from FILE (a capture)
#   tui_screen             print the screen as text
#   tui_golden NAME        compare the screen with $golden_dir/NAME.screen
#                          (lib.sh's golden: FPTUTOR_UPDATE_GOLDEN=1
#                          rewrites it); records pass/fail
#   tui_resize COLS ROWS
#   tui_exit_status [SECS] wait for the program to end, print its status
#   tui_stop               end the session and the server ($tui_sock is
#                          then the next session's socket)
#
# The program runs with TERM=xterm-256color, LANG/LC_ALL=C.UTF-8 unless
# overridden, and a private XDG_STATE_HOME ($tui_state) so tests never
# touch the user's progress.  Waiting polls the screen, never sleeps a
# fixed time, so a slow machine is slow but not flaky.

# Every tmux-driven script skips, the same way, where tmux is missing.
tui_need_tmux() {
	command -v tmux >/dev/null 2>&1 && return 0
	echo "SKIP: ${0##*/}: tmux is not installed (./bootstrap installs it)"
	exit 77
}
tui_need_tmux

: "${golden_dir:=$top_srcdir/tests/golden/tui}"
tui_tmp=$(mktemp -d "${TMPDIR:-/tmp}/fptutor-tui.XXXXXX") || exit 99
tui_nsock=0
tui_sock=$tui_tmp/sock.0
tui_state=$tui_tmp/state
trap 'tui_stop; rm -rf "$tui_tmp"' EXIT

tui_tmux() { tmux -S "$tui_sock" -f /dev/null "$@"; }

tui_start() {
	cols=$1 rows=$2
	shift 2
	envs="TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 XDG_STATE_HOME=$tui_state"
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		envs="$envs $1"
		shift
	done
	[ "${1:-}" = -- ] && shift
	cmd="env -u NO_COLOR $envs"
	for a in "$FPTUTOR" "$@"; do
		cmd="$cmd '$(printf %s "$a" | sed "s/'/'\\\\''/g")'"
	done
	tui_stop
	mkdir -p "$tui_state"
	# remain-on-exit is set before the session starts, so a
	# program that exits at once (a refusal) still leaves its status.
	tui_tmux start-server \; set-option -g remain-on-exit on \; \
	    new-session -d -s t -x "$cols" -y "$rows" "$cmd" >/dev/null || return 1
	tui_tmux set-option -t t status off >/dev/null
}

tui_keys() { tui_tmux send-keys -t t "$@"; }
tui_type() { tui_tmux send-keys -t t -l "$1"; }
tui_screen() { tui_tmux capture-pane -p -t t; }

tui_wait() {
	n=$(( ${2:-10} * 20 ))
	while [ "$n" -gt 0 ]; do
		tui_screen | grep -F -q -- "$1" && return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

tui_gone() {
	n=$(( ${2:-10} * 20 ))
	while [ "$n" -gt 0 ]; do
		tui_screen | grep -F -q -- "$1" || return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

tui_changed() {
	n=$(( ${2:-10} * 20 ))
	while [ "$n" -gt 0 ]; do
		tui_screen | cmp -s - "$1" || return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

tui_golden() {
	tui_screen >"$tui_tmp/screen"
	if golden "$golden_dir/$1.screen" "$tui_tmp/screen"; then
		pass "screen $1"
	else
		fail "screen $1"
	fi
}

tui_resize() { tui_tmux resize-window -t t -x "$1" -y "$2"; }

tui_exit_status() {
	n=$(( ${1:-10} * 20 ))
	while [ "$n" -gt 0 ]; do
		st=$(tui_tmux display-message -p -t t '#{pane_dead}:#{pane_dead_status}')
		case $st in
		1:?*)	echo "${st#1:}"; return 0 ;;
		# tmux 3.3 can miss the SIGCHLD of a program that ends while
		# it is busy: the pane is dead, the program a zombie.  A
		# SIGCHLD of our own makes the server reap it.
		1:)	kill -CHLD "$(tui_tmux display-message -p '#{pid}')" 2>/dev/null ;;
		esac
		sleep 0.05
		n=$((n - 1))
	done
	echo timeout
	return 1
}

# The next session gets a socket of its own: a server told to exit can
# still hold the old one when the next starts there, and that start fails
# ("server exited unexpectedly").
tui_stop() {
	tui_tmux kill-server >/dev/null 2>&1 || :
	tui_nsock=$((tui_nsock + 1))
	tui_sock=$tui_tmp/sock.$tui_nsock
}

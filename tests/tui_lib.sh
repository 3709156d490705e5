# tui_lib.sh — driving the full-screen UI through tmux for the screen
# tests: a private tmux server, a detached session of a fixed size, keys
# sent, the screen captured and compared with a golden screen.  Sourced
# after lib.sh; not run.  Without tmux, sourcing it ends the script with
# status 77 (automake's SKIP) and a line saying why (tui_need_tmux).
#
#   tui_start COLS ROWS [VAR=VALUE...] -- ARGS...   run $FPTUTOR ARGS
#   tui_keys KEY...        tmux send-keys names: Space Enter Left BSpace C-w
#   tui_type TEXT          literal text
#   tui_wait TEXT [SECS]   until TEXT is on screen (default 30 s); 1 if not
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
# And for the scripts' checks:
#   check NAME COMMAND...  pass when COMMAND succeeds, else fail and show
#                          the screen
#   on_screen TEXT, off_screen TEXT, last_row TEXT (the key bar)
#   said TEXT              TEXT on screen or in the 5 rows above it (what a
#                          program that ended at once printed)
#   status_is N            the program ended with status N
#   press_until TEXT KEY [MAX]  press KEY until TEXT shows (at most MAX
#                          times, default 6)
#
# The program runs with TERM=xterm-256color, LANG/LC_ALL=C.UTF-8 unless
# overridden, and a private XDG_STATE_HOME ($tui_state) so tests never
# touch the user's progress.  Waiting polls the screen, never sleeps a
# fixed time, so a slow machine is slow but not flaky.
#
# Every session gets a server on a socket of its own ($tui_sock changes
# with each tui_start or tui_server): a server that kill-server has told
# to go may still accept a connection on its socket while it exits, so
# the next session's commands, sent to the same socket, could land in the
# dying server and be lost with it ("no server running").  tui_stop also
# waits until the old server's process is gone.

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

# tui_server COLS ROWS COMMAND: stop the last server, start a new one on a
# fresh socket with a detached session t running COMMAND.  remain-on-exit
# is set before the session starts, so a program that exits at once (a
# refusal) still leaves its status.
tui_server() {
	tui_stop
	tui_nsock=$((tui_nsock + 1))
	tui_sock=$tui_tmp/sock.$tui_nsock
	tui_tmux start-server \; set-option -g remain-on-exit on \; \
	    new-session -d -s t -x "$1" -y "$2" "$3" >/dev/null || return 1
	tui_tmux set-option -t t status off >/dev/null
}

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
	mkdir -p "$tui_state"
	tui_server "$cols" "$rows" "$cmd"
}

tui_keys() { tui_tmux send-keys -t t "$@"; }
tui_type() { tui_tmux send-keys -t t -l "$1"; }
tui_screen() { tui_tmux capture-pane -p -t t; }

tui_wait() {
	n=$(( ${2:-30} * 20 ))
	while [ "$n" -gt 0 ]; do
		tui_screen | grep -F -q -- "$1" && return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

tui_gone() {
	n=$(( ${2:-30} * 20 ))
	while [ "$n" -gt 0 ]; do
		tui_screen | grep -F -q -- "$1" || return 0
		sleep 0.05
		n=$((n - 1))
	done
	return 1
}

tui_changed() {
	n=$(( ${2:-30} * 20 ))
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
	n=$(( ${1:-30} * 20 ))
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

# End the server and wait until its process is gone (no socket is reused,
# but a server left running would hold its panes' programs).
tui_stop() {
	[ -S "$tui_sock" ] || return 0
	pid=$(tui_tmux display-message -p '#{pid}' 2>/dev/null) || pid=
	tui_tmux kill-server >/dev/null 2>&1 || :
	n=600	# a server never reaped (no init to do it) stops the wait
	while [ -n "$pid" ] && [ "$n" -gt 0 ] && tui_running "$pid"; do
		sleep 0.05
		n=$((n - 1))
	done
	rm -f "$tui_sock"
}

# Whether process pid is still running: there, and not a zombie.  A
# server that has exited is a zombie until its parent reaps it, and an
# init that reaps now and then (as in some containers) would make every
# session wait a second or two for nothing.
tui_running() {
	kill -0 "$1" 2>/dev/null || return 1
	case $(ps -o stat= -p "$1" 2>/dev/null) in
	Z*)	return 1 ;;
	esac
	return 0
}

check() {
	name=$1
	shift
	if "$@"; then
		pass "$name"
	else
		fail "$name"
		tui_screen 2>&1 | sed 's/^/# /'
	fi
}
on_screen() { tui_screen | grep -F -q -- "$1"; }
off_screen() { ! on_screen "$1"; }
last_row() { tui_screen | tail -n 1 | grep -F -q -- "$1"; }
# (read again for a few seconds: under load tmux may know a refused run's
# exit status before it has drawn the run's last lines)
said() {
	_n=50
	while [ "$_n" -gt 0 ]; do
		tui_tmux capture-pane -p -J -S -5 -t t | grep -F -q -- "$1" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}
status_is() {
	got=$(tui_exit_status)
	[ "$got" = "$1" ] || { echo "# exit status: $got, expected $1"; return 1; }
}
press_until() {
	n=0
	while [ "$n" -lt "${3:-6}" ] && off_screen "$1"; do
		tui_keys "$2"
		n=$((n + 1))
		tui_wait "$1" 1
	done
	on_screen "$1"
}

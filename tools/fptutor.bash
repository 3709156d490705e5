# tools/fptutor.bash — bash completion for fptutor(1).
#
# Completes the commands and each command's options as `fptutor --help` and
# `fptutor help COMMAND` list them (so new commands and options need no
# change here), the values of -f/--format, -d/--dtype, --mode and --dtype,
# lesson ids (play, learn) and question ids (grade) as `fptutor lessons
# --json` reports them along FPTUTOR_LESSON_PATH, and file names where a
# command takes files (.npy and .safetensors for inspect).  `make install` puts it in bash-completion's
# completionsdir; to try it from a checkout: `. tools/fptutor.bash`.

# The program being completed: the word typed (src/fptutor, ./fptutor),
# else fptutor on PATH.
_fptutor_prog()
{
	local p=${COMP_WORDS[0]}
	p=${p/#\~/$HOME}
	if [[ $p == */* && -x $p ]] || type -P -- "$p" >/dev/null 2>&1; then
		printf '%s\n' "$p"
	else
		printf 'fptutor\n'
	fi
}

# The value of "KEY":"..." (a string) or the elements of "KEY":[...] (an
# array of strings) in each JSON line on standard input.
_fptutor_json()
{
	sed -n -e "s/.*\"$1\":\\(\"[^\"]*\"\\).*/\\1/p" \
	    -e "s/.*\"$1\":\\[\\([^]]*\\)\\].*/\\1/p" |
		tr ',' '\n' | sed -n 's/^"\([^"]*\)"$/\1/p'
}

_fptutor()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	local prog cmd= i w
	(( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	prog=$(_fptutor_prog)
	COMPREPLY=()

	# The command: the first word after the program that is not an option.
	for (( i = 1; i < COMP_CWORD; i++ )); do
		w=${COMP_WORDS[i]}
		if [[ $w != -* ]]; then
			cmd=$w
			break
		fi
	done

	if [[ -z $cmd ]]; then
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$("$prog" --help 2>/dev/null |
			    sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')" -- "$cur"))
		fi
		return 0
	fi

	local formats='fp16 bf16 fp32 tf32 e4m3 e5m2'
	# inspect's --grad takes no value (scaler's does).
	[[ $cmd == inspect && $prev == --grad ]] && prev=
	# grade --class and play take formats of files, not of numbers
	if [[ $prev == --format && $cmd == grade ]]; then
		COMPREPLY=($(compgen -W 'csv jsonl' -- "$cur"))
		return 0
	elif [[ $prev == --format && $cmd == play ]]; then
		COMPREPLY=($(compgen -W 'text markdown' -- "$cur"))
		return 0
	fi
	case $prev in
	-f|--format)
		COMPREPLY=($(compgen -W "$formats all" -- "${cur##*,}"))
		_fptutor_list_prefix
		return 0 ;;
	-d|--dtype)
		if [[ $cmd == calc ]]; then
			COMPREPLY=($(compgen -W "$formats autocast-fp16 autocast-bf16" -- "${cur##*,}"))
			_fptutor_list_prefix
		else
			COMPREPLY=($(compgen -W "$formats" -- "$cur"))
		fi
		return 0 ;;
	--mode)
		COMPREPLY=($(compgen -W 'fp32 fp16 fp16-noscale bf16 fp16-params' -- "${cur##*,}"))
		_fptutor_list_prefix
		return 0 ;;
	-l|--level)
		COMPREPLY=($(compgen -W '1 2 3 easy normal hard' -- "$cur"))
		return 0 ;;
	-a|--answers|--class)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0 ;;
	--dump)
		COMPREPLY=($(compgen -d -S / -- "$cur"))
		compopt -o nospace 2>/dev/null
		return 0 ;;
	--tensor|--share)
		return 0 ;;	# a name or a number: nothing to offer
	--grad|--grad-max|--scale|--inf-steps|--init-scale|--growth-factor|\
	--backoff-factor|--growth-interval|--accumulate|--simulate|--steps|--seed|\
	-n|--count|-s)
		return 0 ;;	# a number: nothing to offer
	esac

	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$("$prog" help "$cmd" 2>/dev/null |
		    grep -o -e '--[a-z][a-z-]*' -e '^ *-[a-zA-Z],' | tr -d ' ,' | sort -u)" -- "$cur"))
		return 0
	fi

	case $cmd in
	help)
		COMPREPLY=($(compgen -W "$("$prog" --help 2>/dev/null |
		    sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')" -- "$cur")) ;;
	play|learn)
		COMPREPLY=($(compgen -W "$("$prog" lessons --json 2>/dev/null |
		    _fptutor_json id)" -- "$cur"))
		COMPREPLY+=($(compgen -f -X '!*.lesson' -- "$cur") $(compgen -d -S / -- "$cur")) ;;
	grade)
		COMPREPLY=($(compgen -W "$("$prog" lessons --json 2>/dev/null |
		    _fptutor_json questions)" -- "$cur")) ;;
	check-lesson)
		COMPREPLY=($(compgen -f -X '!*.lesson' -- "$cur") $(compgen -d -S / -- "$cur")) ;;
	inspect)
		COMPREPLY=($(compgen -f -X '!*.npy' -- "$cur")
		    $(compgen -f -X '!*.safetensors' -- "$cur") $(compgen -d -S / -- "$cur")) ;;
	lab)
		if [[ $prev == inspect ]]; then	# lab inspect FILE
			COMPREPLY=($(compgen -f -X '!*.npy' -- "$cur")
			    $(compgen -f -X '!*.safetensors' -- "$cur") $(compgen -d -S / -- "$cur"))
		else
			COMPREPLY=($(compgen -W 'bits calc scaler softmax train inspect' -- "$cur"))
		fi ;;
	drill)
		COMPREPLY=($(compgen -W 'encode decode round ulp swallow overflow scale order' -- "$cur")) ;;
	esac
	[[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
	return 0
}

# For a comma-separated list (fp16,bf<TAB>): put back what came before the
# last comma, and do not add a space, so the list can go on.
_fptutor_list_prefix()
{
	local head=
	[[ $cur == *,* ]] && head=${cur%,*},
	COMPREPLY=("${COMPREPLY[@]/#/$head}")
	compopt -o nospace 2>/dev/null
}

complete -F _fptutor fptutor

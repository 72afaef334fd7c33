# lib.sh - what the end-to-end test scripts share (sourced, not run): a scratch directory,
# pass/fail counting, and the checks.  Each script ends with `finish`.
set -u
YOMI=${YOMI:-./yomi}
DATA=${YOMI_DATA:-data}
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/in"
# Solved tables only where a script is given them: a table in data/ (after `yomi solve`)
# would make analyze answer from it instead of searching.
export YOMI_TABLES="${YOMI_TABLES:-$tmp}"
# Nor the user's: tables are looked for and written in the user's data folder too
# ($XDG_DATA_HOME/yomi, ~/.local/share/yomi), which a test must not read or write.
mkdir "$tmp/home"
export HOME="$tmp/home"
unset XDG_DATA_HOME

# A failure and the summary line name the script: make check runs several side by side,
# their output interleaved.
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: ${0##*/}: $*"; }
# run STATUS CMD...: runs CMD with stdin from $tmp/in (empty unless set by `input`), output
# in $tmp/out and $tmp/err; checks the exit status.
run() {
	run_want=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err" <"$tmp/in"
	run_got=$?
	if [ "$run_got" = "$run_want" ]; then ok; else bad "$* exited $run_got, expected $run_want: $(head -c 300 "$tmp/err")"; fi
}
# input LINE...: the lines the next runs read on stdin.
input() { printf '%s\n' "$@" >"$tmp/in"; }
# has FILE TEXT: FILE (out or err) contains the fixed string TEXT; hasnt: it does not.
has() { if grep -qF -- "$2" "$tmp/$1"; then ok; else bad "$1 lacks '$2': $(tail -c 400 "$tmp/$1")"; fi; }
hasnt() { if grep -qF -- "$2" "$tmp/$1"; then bad "$1 has '$2'"; else ok; fi; }
# same TEXT: stdout is exactly TEXT.  last TEXT: its last line is TEXT.
same() { if [ "$(cat "$tmp/out")" = "$1" ]; then ok; else bad "stdout is '$(cat "$tmp/out")', expected '$1'"; fi; }
last() { if [ "$(tail -n 1 "$tmp/out")" = "$1" ]; then ok; else bad "last line '$(tail -n 1 "$tmp/out")', expected '$1'"; fi; }
# lines N FILE: FILE has N lines.
lines() { n=$(wc -l <"$tmp/$2"); if [ "$n" -eq "$1" ]; then ok; else bad "$2 has $n lines, expected $1"; fi; }
# err1 TEXT: a one-line error containing TEXT, in the form every error takes:
# "yomi: WHAT: ...", the program's name first.
err1() {
	has err "$1"
	lines 1 err
	case $(head -n 1 "$tmp/err") in
	"yomi: "?*) ok ;;
	*) bad "the error does not start with 'yomi: ': $(head -c 200 "$tmp/err")" ;;
	esac
}
# finish: the summary line, and the exit status.
finish() {
	echo "${0##*/}: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}

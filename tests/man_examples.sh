#!/bin/sh
# man_examples.sh - runs every example of man/yomi.1's EXAMPLES section ($YOMI, default
# ./yomi, standing in for `yomi`) and compares what it prints with what the page shows, so
# the examples cannot drift from the program.  Each .EX block runs as one shell script from
# the project's root, standard error merged into its output (the page shows messages
# inline).  In the page's text, an italic word (\fIN\fP: a node count, a time) and a " ... "
# between spaces stand for any text.  One check per block; and one that no font macro glues
# two words of the page together.
. "${0%/*}/lib.sh"
ROOT=$(cd "${0%/*}/.." && pwd)
MAN=$ROOT/man/yomi.1
case $YOMI in /*) ;; *) YOMI=$(pwd)/$YOMI ;; esac

# The blocks as printed: roff escapes decoded, italics marked @ANY@; each block ends with
# a line "@END".
sed -n '/^\.SH EXAMPLES/,/^\.SH SEE ALSO/p' "$MAN" |
	awk '/^\.EX/ { inside = 1; next } /^\.EE/ { inside = 0; print "@END"; next } inside' |
	sed -e 's/\\fI[^\\]*\\fP/@ANY@/g' -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\&//g' \
	    -e 's/\\(mu/x/g' -e 's/\\e/\\/g' >"$tmp/blocks"

# Splits them into $tmp/N.sh (the commands) and $tmp/N.want (the output shown).
awk -v dir="$tmp" '
	BEGIN { n = 1; cont = 0 }
	/^@END$/ { close(dir "/" n ".sh"); close(dir "/" n ".want"); n++; next }
	cont { print > (dir "/" n ".sh"); cont = /\\$/; next }
	/^\$ / { print substr($0, 3) > (dir "/" n ".sh"); cont = /\\$/; next }
	{ print > (dir "/" n ".want") }
	END { print n - 1 > (dir "/count") }
' "$tmp/blocks"

# match WANT GOT: line by line, @ANY@ and " ... " matching any text.
match() {
	awk '
		function quote(s) { gsub(/[][\\.^$*+?(){}|\/]/, "\\\\&", s); return s }
		NR == FNR { want[FNR] = $0; nw = FNR; next }
		{
			ng = FNR
			w = want[FNR]
			if (w !~ /@ANY@| \.\.\. /) { if (w != $0) bad = bad ? bad : FNR; next }
			gsub(/ \.\.\. /, " @ANY@ ", w)
			k = split(w, part, /@ANY@/)
			re = "^"
			for (i = 1; i <= k; i++) re = re (i > 1 ? ".*" : "") quote(part[i])
			if ($0 !~ (re "$")) bad = bad ? bad : FNR
		}
		END {
			if (!bad && nw != ng) bad = (nw < ng ? nw : ng) + 1
			if (bad) { print "line " bad ": shown \"" want[bad] "\""; exit 1 }
		}
	' "$1" "$2"
}

n=$(cat "$tmp/count")
if [ "$n" -lt 15 ]; then bad "only $n example blocks found in yomi.1"; fi
i=1
while [ "$i" -le "$n" ]; do
	: >>"$tmp/$i.want"
	if [ -s "$tmp/$i.sh" ]; then
		{
			# stdout line-buffered, as on a terminal: messages fall where the page shows
			# them (stdbuf preloads a library: ASan builds must be told it may come first)
			echo "yomi() { ASAN_OPTIONS=\"\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}verify_asan_link_order=0\" stdbuf -oL \"$YOMI\" \"\$@\"; }"
			echo "exec 2>&1"
			cat "$tmp/$i.sh"
		} >"$tmp/run.sh"
		(cd "$ROOT" && timeout 60 sh "$tmp/run.sh" </dev/null) >"$tmp/got" 2>&1
		if why=$(match "$tmp/$i.want" "$tmp/got"); then
			ok
		else
			at=$(echo "$why" | sed 's/^line \([0-9]*\):.*/\1/')
			bad "example $i ($(head -n 1 "$tmp/$i.sh" | tr -d '\\')): $why, got \"$(sed -n "${at}p" "$tmp/got" | head -c 200)\""
		fi
	fi
	i=$((i + 1))
done

# No words glued by the alternating font macros (.BR, .RB, .BI, .IB, .IR, .RI), which set
# their arguments with no space between them: ".BR FILES ); one that" printed
# "FILES);onethat".  An argument ending in a letter or digit (not an escape such as \(lq)
# and a next one starting with a letter are two words glued.
glued=$(awk '
/^\.(BR|RB|BI|IB|IR|RI) / {
	s = substr($0, 5); n = 0
	while (length(s)) {
		sub(/^ +/, "", s)
		if (s == "") break
		if (substr(s, 1, 1) == "\"") {
			s = substr(s, 2); i = index(s, "\""); if (!i) i = length(s) + 1
		} else {
			i = index(s, " "); if (!i) i = length(s) + 1
		}
		arg[++n] = substr(s, 1, i - 1); s = substr(s, i + 1)
	}
	for (k = 1; k < n; k++)
		if (arg[k] ~ /[A-Za-z0-9]$/ && arg[k] !~ /\\\(..$/ && arg[k + 1] ~ /^[A-Za-z]/) {
			print "line " NR ": " $0
			break
		}
}' "$MAN")
if [ -z "$glued" ]; then ok; else bad "yomi.1 glues words: $glued"; fi
finish

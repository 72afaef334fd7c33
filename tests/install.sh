#!/bin/sh
# End-to-end test of `make install`: the sources are copied to a scratch tree, built there
# (unoptimized, for time) and installed with PREFIX in the scratch folder, so that the
# installed binary has that PREFIX/share/yomi compiled in, as an installed yomi has its own;
# then the installed yomi is run from a folder with no data/ and no $YOMI_DATA.  (The tree's
# own build is left alone: a PREFIX of its own would rebuild it.)  Needs the tree's
# build/node (tools/deps put it there; linked, not fetched again).
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
root=$(cd "${0%/*}/.." && pwd)
src=$tmp/src
prefix=$tmp/prefix
mkdir "$src" "$src/build" "$tmp/elsewhere"
cp -R "$root/Makefile" "$root/include" "$root/src" "$root/man" "$root/data" "$root/tools" "$src/"
[ -d "$root/build/node" ] && ln -s "$root/build/node" "$src/build/node"
# a make of its own (not the jobs of a make check that runs this script), two jobs
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL CFLAGS=-O0 make -C "$src" -j2 install \
	PREFIX="$prefix" >"$tmp/make.out" 2>&1; then ok; else bad "make install: $(tail -n 5 "$tmp/make.out")"; fi
Y=$prefix/bin/yomi
for f in bin/yomi share/man/man1/yomi.1 share/yomi/othello/eval.bin; do
	if [ -s "$prefix/$f" ]; then ok; else bad "make install did not install PREFIX/$f"; fi
done
# each game's bench positions, as PREFIX/share/yomi/GAME/bench.txt (they were not
# installed: an installed `yomi bench` said "cannot open dobutsu/bench.txt in ./data,
# PREFIX/bin/data: No such file or directory (give --file FILE)")
games=
for f in "$root"/data/*/bench.txt; do
	g=${f%/bench.txt}
	g=${g##*/}
	games="$games $g"
	if cmp -s "$f" "$prefix/share/yomi/$g/bench.txt"; then ok; else bad "PREFIX/share/yomi/$g/bench.txt is not data/$g/bench.txt"; fi
done
# and the installed yomi finds them, from anywhere: every game's bench at a small depth
# searches what the source tree's file holds (the same positions, the same node total)
for g in $games; do
	(cd "$tmp/elsewhere" && env -u YOMI_DATA "$Y" --game "$g" bench --depth 2) >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" = 0 ]; then ok; else bad "installed yomi --game $g bench: exit $st: $(head -c 300 "$tmp/err")"; fi
	"$Y" --game "$g" bench --depth 2 --file "$root/data/$g/bench.txt" >"$tmp/want" 2>&1
	# each position's nodes and best move, and the node total (not the times)
	sed 's/ nodes  *[0-9.]* s / nodes /; s/^\(bench [0-9]* nodes\).*/\1/' "$tmp/out" >"$tmp/got.s"
	sed 's/ nodes  *[0-9.]* s / nodes /; s/^\(bench [0-9]* nodes\).*/\1/' "$tmp/want" >"$tmp/want.s"
	if grep -q '^bench [0-9]' "$tmp/got.s" && cmp -s "$tmp/got.s" "$tmp/want.s"; then ok; else bad "installed yomi --game $g bench: $(head -c 300 "$tmp/out") (expected $(head -c 300 "$tmp/want"))"; fi
done
# the installed man page says where, as the binary does
if grep -q 'PREFIX/share/yomi/GAME/bench.txt' "$prefix/share/man/man1/yomi.1"; then ok; else bad "the installed man page does not say where bench's positions are"; fi
finish

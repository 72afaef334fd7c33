// shogi_oracle.mjs - yomi's shogi rules against two independent implementations, on
// positions of seeded random games: lishogi's rules library shogiops (npm; its legal moves
// at every position, its perft at depth 2) and Debian's Fairy-Stockfish (USI `go perft`, at
// depths 2 and 3).  Both are test oracles only, installed by tools/deps outside the tree.
//
// Neither oracle is infallible (Fairy-Stockfish 11.1 allows some pawn-drop mates): where
// yomi and Fairy-Stockfish disagree, the perft is divided down to the position whose move
// lists differ, and there shogiops and the rules decide.  yomi disagreeing with shogiops is
// always a failure; a Fairy-Stockfish deviation that shogiops does not share is listed.
//
//   node tests/shogi_oracle.mjs YOMI NPM_DIR FAIRY_STOCKFISH [GAMES] [SEED]
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const [yomi, npmDir, fsfPath] = process.argv.slice(2, 5);
const games = Number(process.argv[5] ?? 10);
let seed = BigInt(process.argv[6] ?? 20240601);
if (!yomi || !npmDir || !fsfPath) {
	console.error('usage: node tests/shogi_oracle.mjs YOMI NPM_DIR FAIRY_STOCKFISH [GAMES] [SEED]');
	process.exit(2);
}
const lib = await import(pathToFileURL(`${npmDir}/node_modules/shogiops/dist/index.js`).href);
const { Shogi, makeUsi, parseUsi, sfen: sfenLib, debug, variantUtil } = lib;

function rand(n) {   // xorshift64, seeded: the same games every run
	seed ^= (seed << 13n) & 0xffffffffffffffffn;
	seed ^= seed >> 7n;
	seed ^= (seed << 17n) & 0xffffffffffffffffn;
	return Number(seed % BigInt(n));
}

function parse(sfen) {
	return sfenLib.parseSfen('standard', sfen, false).unwrap();
}

// Every legal move of pos in USI, as shogiops sees them (promotion choices included).
function oracleMoves(pos) {
	const out = [];
	for (const [from, dests] of pos.allMoveDests()) {
		for (const to of dests) {
			const piece = pos.board.get(from);
			if (variantUtil.pieceCanPromote(pos.rules)(piece, from, to, pos.board.get(to))) {
				out.push(makeUsi({ from, to, promotion: true }));
				if (!variantUtil.pieceForcePromote(pos.rules)(piece, to))
					out.push(makeUsi({ from, to, promotion: false }));
			} else {
				out.push(makeUsi({ from, to, promotion: false }));
			}
		}
	}
	for (const [name, dests] of pos.allDropDests())   // names like "sente pawn"
		for (const to of dests)
			out.push(makeUsi({ role: name.split(' ')[1], to }));
	return out;
}

function play(pos, usi) {
	const child = pos.clone();
	child.play(parseUsi(usi));
	return child;
}

// ---- yomi, in filter mode (one line per position) ----
function yomiLines(args, sfens) {
	const r = spawnSync(yomi, ['--game', 'shogi', ...args, '-'], { input: sfens.join('\n') + '\n',
		encoding: 'utf8', maxBuffer: 1 << 28 });
	if (r.status !== 0) {
		console.error(`yomi ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
		process.exit(1);
	}
	return r.stdout.split('\n').slice(0, sfens.length);
}

function yomiDivide(sfen, depth) {
	const r = spawnSync(yomi, ['--game', 'shogi', 'perft', '--divide', '--depth', String(depth), sfen],
		{ encoding: 'utf8' });
	const out = new Map();
	for (const line of r.stdout.split('\n')) {
		const m = line.match(/^(\S+) (\d+)$/);
		if (m && !line.startsWith('perft'))
			out.set(m[1], Number(m[2]));
	}
	return out;
}

// ---- Fairy-Stockfish over USI ----
const fsf = spawn(fsfPath, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const fsfLines = createInterface({ input: fsf.stdout });
const waiting = [];
let current = [];
fsfLines.on('line', (line) => {
	current.push(line);
	if (line.startsWith('Nodes searched:') || line === 'usiok' || line === 'readyok') {
		const done = current;
		current = [];
		waiting.shift()(done);
	}
});
function fsfSend(cmd) {
	return new Promise((resolve) => {
		waiting.push(resolve);
		fsf.stdin.write(cmd + '\n');
	});
}
await fsfSend('usi');
fsf.stdin.write('setoption name UCI_Variant value shogi\n');
await fsfSend('isready');
async function fsfDivide(sfen, depth) {
	const lines = await fsfSend(`position sfen ${sfen}\ngo perft ${depth}`);
	const out = new Map();
	let total = 0;
	for (const line of lines) {
		const m = line.match(/^(\S+): (\d+)$/);
		if (m)
			out.set(m[1], Number(m[2]));
		const t = line.match(/^Nodes searched: (\d+)/);
		if (t)
			total = Number(t[1]);
	}
	return { total, out };
}

// ---- the positions: seeded random games ----
const positions = [];
for (let g = 0; g < games; g++) {
	let pos = Shogi.default();
	for (let ply = 0; ply < 160; ply++) {
		positions.push(sfenLib.makeSfen(pos));
		const moves = oracleMoves(pos);
		if (!moves.length)
			break;
		// Captures and drops a little more often than at random, so hands fill and change.
		let pick = moves[rand(moves.length)];
		for (let tries = 0; tries < 3 && !/\*/.test(pick); tries++) {
			const m = moves[rand(moves.length)];
			if (m.includes('*') || pos.board.get(parseUsi(m).to)) {
				pick = m;
				break;
			}
		}
		pos = play(pos, pick);
	}
}

let failures = 0, fsfDeviations = 0;
function fail(msg) {
	failures++;
	console.error(`FAIL: ${msg}`);
}

// 1. Legal moves at every position.
const yomiMoves = yomiLines(['moves'], positions);
for (let i = 0; i < positions.length; i++) {
	const mine = new Set(yomiMoves[i].split(' ').filter((m) => m && m !== 'win'));
	const theirs = new Set(oracleMoves(parse(positions[i])));
	const extra = [...mine].filter((m) => !theirs.has(m)), missing = [...theirs].filter((m) => !mine.has(m));
	if (extra.length || missing.length)
		fail(`moves of ${positions[i]}: yomi also ${extra.join(' ') || '-'}, yomi lacks ${missing.join(' ') || '-'}`);
}

// 2. perft 2 against shogiops and Fairy-Stockfish, perft 3 against Fairy-Stockfish.
const sample = positions.filter((_, i) => i % 7 === 3);
const deep = sample.filter((_, i) => i % 4 === 0);
const perft2 = yomiLines(['perft', '--depth', '2'], sample).map((l) => Number(l.split(' ')[2]));
const perft3 = yomiLines(['perft', '--depth', '3'], deep).map((l) => Number(l.split(' ')[2]));

// Divides a disagreement with Fairy-Stockfish down to one position and lets shogiops judge.
async function localize(sfen, depth) {
	const theirs = await fsfDivide(sfen, depth), mine = yomiDivide(sfen, depth);
	const pos = parse(sfen);
	if (depth === 1) {
		const oracle = new Set(oracleMoves(pos));
		const yomiSet = new Set([...mine.keys()].filter((m) => m !== 'win'));
		const fsfSet = new Set(theirs.out.keys());
		const same = (a, b) => a.size === b.size && [...a].every((m) => b.has(m));
		if (!same(yomiSet, oracle))
			fail(`moves of ${sfen}: yomi and shogiops differ`);
		else if (!same(fsfSet, oracle)) {
			fsfDeviations++;
			const extra = [...fsfSet].filter((m) => !oracle.has(m)), missing = [...oracle].filter((m) => !fsfSet.has(m));
			console.log(`oracles disagree at ${sfen}: Fairy-Stockfish also ${extra.join(' ') || '-'}, lacks ${missing.join(' ') || '-'}; yomi agrees with shogiops`);
		}
		return;
	}
	for (const [m, n] of theirs.out)
		if (mine.get(m) !== n)
			return localize(sfenLib.makeSfen(play(pos, m)), depth - 1);
	for (const [m] of mine)
		if (!theirs.out.has(m) && m !== 'win')
			return localize(sfen, 1);
	fail(`perft ${depth} of ${sfen}: totals differ but every move's count agrees`);
}

for (let i = 0; i < sample.length; i++) {
	const pos = parse(sample[i]);
	const ops = debug.perft(pos, 2);
	if (perft2[i] !== ops)
		fail(`perft 2 of ${sample[i]}: yomi ${perft2[i]}, shogiops ${ops}`);
	const f = await fsfDivide(sample[i], 2);
	if (f.total !== perft2[i])
		await localize(sample[i], 2);
}
for (let i = 0; i < deep.length; i++) {
	const f = await fsfDivide(deep[i], 3);
	if (f.total !== perft3[i])
		await localize(deep[i], 3);
}
fsf.stdin.write('quit\n');
fsf.stdin.end();

console.log(`shogi oracles: ${positions.length} positions of ${games} random games (moves against shogiops), ` +
	`${sample.length} perft 2 (shogiops, Fairy-Stockfish), ${deep.length} perft 3 (Fairy-Stockfish); ` +
	`${fsfDeviations} Fairy-Stockfish deviation(s) judged by shogiops; ${failures} failure(s)`);
process.exit(failures ? 1 : 0);

// shogi_records.mjs - yomi's KIF and CSA records against an independent implementation,
// the MIT-licensed tsshogi (npm, a test oracle only, installed by tools/deps outside the
// tree), both ways, on seeded random games (from the start and from other positions):
//   tsshogi writes KIF and CSA, yomi reads them (show --record): the same final position;
//   yomi writes them (play --record, then `save FILE.kif`, `save FILE.csa`), tsshogi reads
//   them: the same start position and the same moves.
//
//   node tests/shogi_records.mjs YOMI NPM_DIR [GAMES] [SEED]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [yomi, npmDir] = process.argv.slice(2, 4);
const games = Number(process.argv[4] ?? 8);
let seed = BigInt(process.argv[5] ?? 4711);
if (!yomi || !npmDir) {
	console.error('usage: node tests/shogi_records.mjs YOMI NPM_DIR [GAMES] [SEED]');
	process.exit(2);
}
const ts = await import(pathToFileURL(`${npmDir}/node_modules/tsshogi/dist/esm/index.mjs`).href);

function rand(n) {   // xorshift64, seeded: the same games every run
	seed ^= (seed << 13n) & 0xffffffffffffffffn;
	seed ^= seed >> 7n;
	seed ^= (seed << 17n) & 0xffffffffffffffffn;
	return Number(seed % BigInt(n));
}

const dir = mkdtempSync(join(tmpdir(), 'yomi-records-'));
let failures = 0, checks = 0;
function fail(msg) {
	failures++;
	console.error(`FAIL: ${msg}`);
}
function runYomi(args, input = '') {
	const r = spawnSync(yomi, ['--game', 'shogi', ...args], { input, encoding: 'utf8' });
	return r;
}
const noNumber = (sfen) => sfen.split(' ').slice(0, 3).join(' ');

// The legal moves of a position, from yomi (the rules are tested elsewhere).
function legal(sfen) {
	const r = runYomi(['moves', sfen]);
	return r.stdout.split('\n').filter((m) => m && m !== 'win');
}
function finalSfen(args) {
	const r = runYomi(['show', ...args]);
	const m = r.stdout.match(/^sfen: (.*)$/m);
	return { sfen: m ? m[1] : null, err: r.stderr.trim() };
}

const starts = ['lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
	'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1',
	'lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'];
for (let g = 0; g < games; g++) {
	const start = starts[g % starts.length];
	const plies = 30 + rand(60);
	const moves = [];
	let sfen = start;
	for (let i = 0; i < plies; i++) {
		const list = legal(sfen);
		if (!list.length)
			break;
		moves.push(list[rand(list.length)]);
		const f = finalSfen(['--moves', moves.join(','), start]);
		if (!f.sfen)
			break;
		sfen = f.sfen;
	}
	const usi = `position sfen ${start} moves ${moves.join(' ')}`;
	const rec = ts.Record.newByUSI(usi);
	if (rec instanceof Error) {
		fail(`tsshogi refused ${usi}: ${rec.message}`);
		continue;
	}
	// tsshogi writes, yomi reads
	for (const [ext, text] of [['kif', ts.exportKIF(rec)], ['csa', ts.exportCSA(rec)]]) {
		const file = join(dir, `t${g}.${ext}`);
		writeFileSync(file, text);
		const got = finalSfen(['--record', file]);
		checks++;
		if (!got.sfen || noNumber(got.sfen) !== noNumber(sfen))
			fail(`game ${g}: yomi read tsshogi's ${ext} as ${got.sfen} (${got.err}), expected ${sfen}`);
	}
	// yomi writes, tsshogi reads
	const mine = join(dir, `y${g}.txt`);
	writeFileSync(mine, `[Game "shogi"]\n[Position "${start}"]\n\n${moves.join(' ')} *\n`);
	const kif = join(dir, `y${g}.kif`), csa = join(dir, `y${g}.csa`);
	const r = runYomi(['play', '--first', 'human', '--second', 'human', '--record', mine],
		`save ${kif}\nsave ${csa}\nquit\n`);
	for (const [file, read] of [[kif, ts.importKIF], [csa, ts.importCSA]]) {
		let text;
		try {
			text = readFileSync(file, 'utf8');
		} catch {
			fail(`game ${g}: yomi wrote no ${file}: ${r.stdout.slice(-300)} ${r.stderr}`);
			continue;
		}
		const back = read(text);
		checks++;
		if (back instanceof Error) {
			fail(`game ${g}: tsshogi refused yomi's ${file}: ${back.message}\n${text}`);
			continue;
		}
		const got = back.moves.slice(1).filter((n) => n.move instanceof ts.Move)
			.map((n) => n.move.usi);
		const startBack = back.initialPosition.sfen;
		if (noNumber(startBack) !== noNumber(finalSfen([start]).sfen))
			fail(`game ${g}: tsshogi read the start of ${file} as ${startBack}, expected ${start}`);
		if (got.join(' ') !== moves.join(' '))
			fail(`game ${g}: tsshogi read the moves of ${file} as ${got.join(' ')}, expected ${moves.join(' ')}`);
	}
}
if (!failures)
	rmSync(dir, { recursive: true, force: true });
else
	console.error(`records kept in ${dir}`);
console.log(`shogi records: ${games} random games, ${checks} records checked both ways against tsshogi; ` +
	`${failures} failure(s)`);
process.exit(failures ? 1 : 0);

// shogi_record_end.mjs - how tsshogi (npm, a test oracle only, installed by tools/deps)
// reads the end of KIF and CSA records: for each FILE, one line
//   FILE SPECIAL TO_MOVE MAX_MOVES
// SPECIAL the special move ending the main line (tsshogi's name: resign, timeout,
// foulLose, maxMoves, impass, interrupt, ...; "none" when there is none), TO_MOVE the
// colour to move at it (black, white): the loser of a resignation, a time or foul loss;
// MAX_MOVES the move limit the header gives (KIF 最大手数, CSA $MAX_MOVES), or "-".
//
//   node tests/shogi_record_end.mjs NPM_DIR FILE...
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [npmDir, ...files] = process.argv.slice(2);
if (!npmDir || !files.length) {
	console.error('usage: node tests/shogi_record_end.mjs NPM_DIR FILE...');
	process.exit(2);
}
const ts = await import(pathToFileURL(`${npmDir}/node_modules/tsshogi/dist/esm/index.mjs`).href);
let failed = 0;
for (const file of files) {
	const text = readFileSync(file, 'utf8');
	const rec = file.endsWith('.csa') ? ts.importCSA(text) : ts.importKIF(text);
	if (rec instanceof Error) {
		console.log(`${file} refused: ${rec.message}`);
		failed = 1;
		continue;
	}
	const last = rec.moves[rec.moves.length - 1];
	const special = last.move instanceof ts.Move || last.ply === 0 ? 'none'
		: last.move.type ?? last.move.name;
	const max = rec.metadata.getStandardMetadata(ts.RecordMetadataKey.MAX_MOVES) ?? '-';
	console.log(`${file} ${special} ${last.nextColor} ${max}`);
}
process.exit(failed);

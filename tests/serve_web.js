// serve_web.js - the page of `yomi serve` in a real browser: Debian's Chromium, headless,
// driven by Playwright (playwright-core, installed by tools/deps into build/node).  It opens
// the page, plays Dobutsu moves by clicking (a move in the list, then a piece and a square),
// checks every value shown against `yomi probe`, follows the perfect line to the end, goes
// back and forward, opens a bad position's URL and sees its error, plays tic-tac-toe against
// the perfect engine, and takes screenshots (into $SHOTS, outside git) to look at.
// Environment: YOMI (the binary), YOMI_FAST (an optimized one for the command-line answers),
// DOBUTSU_TABLE, SHOTS, CHROMIUM (default /usr/bin/chromium).
// Prints one line per failure and ends with "N passed, N failed".
'use strict';
const { spawn, spawnSync, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..');
const YOMI = process.env.YOMI || './yomi';
const FAST = process.env.YOMI_FAST || YOMI;
const TABLE = process.env.DOBUTSU_TABLE;
const SHOTS = process.env.SHOTS || path.join(root, 'build', 'screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
let pass = 0, fail = 0;
const ok = () => { pass++; };
const bad = (msg) => { fail++; console.log('FAIL: ' + msg); };
const check = (cond, msg) => (cond ? ok() : bad(msg));
const equal = (got, want, msg) => check(got === want, `${msg}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);

let playwright;
try {
  playwright = require(path.join(root, 'build', 'node', 'node_modules', 'playwright-core'));
} catch (e) {
  console.log('FAIL: playwright-core is not installed in build/node (sh tools/deps)');
  process.exit(1);
}
if (!TABLE) { console.log('FAIL: DOBUTSU_TABLE is not set'); process.exit(1); }

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yomi-web-'));
fs.mkdirSync(SHOTS, { recursive: true });

function yomi(args, input) {
  return execFileSync(FAST, args, { input: input || '', encoding: 'utf8' });
}

// `yomi probe --all --json` of pos: {score, moves: {move: score}}
function probe(pos) {
  const j = JSON.parse(yomi(['probe', '--all', '--json', '--table', TABLE, pos]));
  return { score: j.score, moves: j.moves.map((m) => m.move + ':' + m.score) };
}

function startServer() {
  const ttt = path.join(tmp, 'ttt.yomi');
  yomi(['--game', 'tictactoe', 'solve', '-o', ttt]);
  const server = spawn(YOMI, ['serve', '--port', '0', '--table', TABLE, '--table', ttt,
    '--time', '0.3', '--max-time', '2'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start: ' + err)), 30000);
    server.stderr.on('data', (d) => {
      err += d;
      const m = err.match(/serving (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) { clearTimeout(timer); resolve({ server, base: m[1], log: () => err }); }
    });
    server.on('exit', (code) => reject(new Error('the server exited ' + code + ': ' + err)));
  });
}

// What the page shows: the position's score and every move's, in the page's order.
async function shown(page) {
  await page.waitForSelector('#value[data-score]');
  return page.evaluate(() => ({
    pos: document.getElementById('pos').value,
    score: document.getElementById('value').getAttribute('data-score'),
    moves: [...document.querySelectorAll('#moves .move')].map(
      (b) => b.getAttribute('data-move') + ':' + b.getAttribute('data-score')),
  }));
}

// Waits until the page shows position pos (after a click or a navigation).
async function waitPos(page, pos) {
  await page.waitForFunction((p) => document.getElementById('pos').value === p &&
    (document.getElementById('value').hasAttribute('data-score') ||
     document.getElementById('value').classList.contains('over')), pos, { timeout: 15000 });
}

async function sameAsProbe(page, what) {
  const s = await shown(page);
  const p = probe(s.pos);
  equal(s.score, p.score, `${what}: the value of ${s.pos}`);
  equal(s.moves.join(' '), p.moves.join(' '), `${what}: the moves of ${s.pos}`);
  return s;
}

async function main() {
  const { server, base, log } = await startServer();
  const context = await playwright.chromium.launchPersistentContext(path.join(tmp, 'profile'), {
    executablePath: CHROMIUM, headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1180, height: 860 },
  });
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push('page error: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push('console: ' + m.text()); });
  page.on('requestfailed', (r) => errors.push('request failed: ' + r.url() + ' ' +
    (r.failure() ? r.failure().errorText : '')));
  page.setDefaultTimeout(15000);
  try {
    // ---- Dobutsu: the start position, values as `yomi probe` gives them ----
    await page.goto(base + '/?game=dobutsu');
    const start = await sameAsProbe(page, 'start');
    equal(start.pos, 'gle/1c1/1C1/ELG b - 1', 'the start position');
    check((await page.textContent('#value')).includes('Loses in 78 plies'), 'the start says "Loses in 78 plies"');
    check((await page.textContent('#turn')).includes('first player to move'), 'the side to move is shown');
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-start.png') });

    // a click on a move of the list plays it
    await page.click('#moves .move[data-move="Cb3xb2"]');
    await waitPos(page, 'gle/1C1/3/ELG w C 2');
    await sameAsProbe(page, 'after Cb3xb2');
    check(page.url().includes('pos=gle%2F1C1%2F3%2FELG+w+C+2'), 'the URL holds the position: ' + page.url());
    // a click on a piece, then on a square: Ec1xb2 (c1 is square 2, b2 square 4)
    await page.click('#board-svg rect[data-square="2"]');
    await page.click('#board-svg rect[data-square="4"]');
    await waitPos(page, 'gl1/1e1/3/ELG b Cc 3');
    await sameAsProbe(page, 'after Ec1xb2');
    // a drop from the hand: C*c3 (square 8)
    await page.click('#board-svg rect[data-hand="0:0"]');
    await page.click('#board-svg rect[data-square="8"]');
    await waitPos(page, 'gl1/1e1/2C/ELG w c 4');
    const afterDrop = await sameAsProbe(page, 'after C*c3');
    equal((await page.$$('#record li')).length, 3, 'the record of three moves');
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-moves.png') });

    // back and forward, by the page's buttons and by the browser's
    await page.click('#back');
    await waitPos(page, 'gl1/1e1/3/ELG b Cc 3');
    await page.goBack();
    await waitPos(page, 'gle/1C1/3/ELG w C 2');
    await page.click('#forward');
    await waitPos(page, 'gl1/1e1/3/ELG b Cc 3');
    await page.goForward();
    await waitPos(page, afterDrop.pos);
    // a link to the position opens it alone
    const link = page.url();
    const other = await context.newPage();
    await other.goto(link);
    await waitPos(other, afterDrop.pos);
    await sameAsProbe(other, 'the shared link');
    await other.close();

    // ---- the perfect line to the end, from a position won in a few plies ----
    const sample = yomi(['solve', '--sample', '300', '--seed', '11']).trim().split('\n');
    const answers = yomi(['probe', '--table', TABLE, '-'], sample.join('\n') + '\n').trim().split('\n');
    const k = answers.findIndex((a) => /^#(7|9|11) /.test(a));
    check(k >= 0, 'a sample position won in 7 to 11 plies');
    const near = sample[k], plies = Number(answers[k].slice(1).split(' ')[0]);
    await page.goto(base + '/?game=dobutsu&pos=' + encodeURIComponent(near));
    const nearShown = await sameAsProbe(page, 'a position near the end');
    await page.click('#perfect');
    await page.waitForSelector('#value.over', { timeout: 30000 });
    const line = JSON.parse(yomi(['probe', '--line', '--json', '--table', TABLE, nearShown.pos])).line;
    const played = await page.$$eval('#record li', (lis) => lis.map((li) => li.lastChild.textContent));
    equal(played.join(' '), line.join(' '), 'the perfect line played');
    equal(played.length, plies, 'the line is as long as the win');
    check((await page.textContent('#value')).includes('Game over: first player wins') ||
          (await page.textContent('#value')).includes('Game over: second player wins'), 'the game is over, won');
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-line-end.png') });

    // a drawn line ends at a position's third occurrence, which is not over by itself: the
    // page says why the line stopped (it stopped without a word)
    await page.goto(base + '/?game=dobutsu&pos=' + encodeURIComponent('glC/g2/ee1/L1+C b - 1'));
    await page.waitForSelector('#value[data-score]');
    await page.click('#perfect');
    await page.waitForSelector('#analysis .line-end', { timeout: 30000 });
    equal(await page.textContent('#analysis .line-end'), 'End of the perfect line (threefold repetition)',
      'the end of a drawn line');
    equal((await page.$$('#record li')).length, 12, 'the drawn line\'s moves');

    // ---- a bad position in the URL: the server's error, shown ----
    await page.goto(base + '/?game=dobutsu&pos=' + encodeURIComponent('glee/1c1/1C1/ELG b - 1'));
    await page.waitForSelector('#error:not([hidden])');
    const cli = spawnSync(FAST, ['show', 'glee/1c1/1C1/ELG b - 1'], { encoding: 'utf8' });
    equal(cli.status, 2, 'the command line refuses it too');
    const message = await page.textContent('#error-text');
    equal(message, cli.stderr.trim().replace(/^yomi: show: /, ''), 'the error shown is the command line\'s');
    check(message.startsWith('position: rank 1 has 4 squares'), 'the error: ' + message);
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-error.png') });
    await page.click('#error-start');
    await waitPos(page, 'gle/1c1/1C1/ELG b - 1');
    check(await page.isHidden('#error'), 'the error goes with the start position');

    // an unknown game in the URL: its error, and the link to the start goes to the first
    // game's (it asked for the unknown game again, and showed the same error)
    await page.goto(base + '/?game=chess');
    await page.waitForSelector('#error:not([hidden])');
    check((await page.textContent('#error-text')).startsWith("unknown game 'chess'"), 'the error of ?game=chess');
    await page.click('#error-start');
    await waitPos(page, 'gle/1c1/1C1/ELG b - 1');
    check(await page.isHidden('#error'), 'the error goes with the first game\'s start position');

    // ---- Japanese ----
    await page.goto(base + '/?game=dobutsu&lang=ja&pos=' + encodeURIComponent('gle/1c1/3/ELG b C 2'));
    await page.waitForSelector('#value[data-score]');
    const labels = await page.$$eval('#board-svg text', (ts) => ts.map((x) => x.textContent).join(''));
    check(labels.includes('ラ') && labels.includes('ヒ') && labels.includes('一'), 'Japanese labels: ' + labels);
    check((await page.textContent('#turn')).includes('先手の手番'), 'the side to move in Japanese');
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-ja.png') });

    // ---- a game's name in any case, as the API takes it: the page shows it as its list
    // does (the list showed no game, and the links kept ?game=DobutSU) ----
    await page.goto(base + '/?game=DobutSU');
    await page.waitForSelector('#value[data-score]');
    equal(await page.$eval('#game', (s) => s.value), 'dobutsu', 'the game list for ?game=DobutSU');
    check(page.url().includes('game=dobutsu'), 'the URL names the game as the list does: ' + page.url());

    // ---- tic-tac-toe against the perfect engine ----
    await page.goto(base + '/?game=tictactoe');
    await page.waitForSelector('#value[data-score]');
    await page.selectOption('#engine-kind', 'perfect');
    await page.click('#engine');
    await page.click('#board-svg rect[data-square="4"]');   // b2
    await page.waitForFunction(() => document.querySelectorAll('#record li').length === 2);
    const ttt = await page.$$eval('#record li', (lis) => lis.map((li) => li.lastChild.textContent));
    equal(ttt[0], 'b2', 'the move clicked');
    const tttWant = JSON.parse(yomi(['--game', 'tictactoe', 'probe', '--json', '--table',
      path.join(tmp, 'ttt.yomi'), '.../.x./... o'])).best;
    check(tttWant.includes(ttt[1]), `the engine's reply ${ttt[1]} is one of the best: ${tttWant}`);
    await page.screenshot({ path: path.join(SHOTS, 'tictactoe.png') });

    // ---- Othello: discs, legal moves; the engine's analysis ----
    await page.goto(base + '/?game=othello');
    await page.waitForSelector('#board-svg circle.target');
    equal(await page.$$eval('#board-svg circle.target', (c) => c.length), 4, 'four legal moves marked');
    await page.click('#board-svg rect[data-square="19"]');   // d3
    await page.waitForFunction(() => document.querySelectorAll('#record li').length === 1);
    await page.click('#analyze');
    await page.waitForSelector('#analysis .best', { timeout: 20000 });
    await page.screenshot({ path: path.join(SHOTS, 'othello.png') });
    // a second Analyze gives the first search up, which the server then drops (with its one
    // search thread the second waited for the first to end, and the page then threw the
    // first's answer away)
    const given = [];
    const onFailed = (r) => { if (r.url().includes('/analyze')) given.push(r.failure().errorText); };
    page.on('requestfailed', onFailed);
    await page.selectOption('#engine-kind', '5');   // 2 s: the server's --max-time
    await page.click('#analyze');
    await page.waitForTimeout(300);
    await page.click('#analyze');
    await page.waitForSelector('#analysis .best', { timeout: 20000 });
    page.off('requestfailed', onFailed);
    equal(given.join(' '), 'net::ERR_ABORTED', 'the first of two searches given up');
    await page.goto(base + '/?game=othello6');
    await page.waitForSelector('#board-svg circle.target');
    await page.screenshot({ path: path.join(SHOTS, 'othello6.png') });
    await page.goto(base + '/?game=othello4');
    await page.waitForSelector('#board-svg circle.target');
    await page.screenshot({ path: path.join(SHOTS, 'othello4.png') });
    // a narrow window: one column
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto(base + '/?game=dobutsu');
    await page.waitForSelector('#value[data-score]');
    await page.screenshot({ path: path.join(SHOTS, 'dobutsu-narrow.png'), fullPage: true });
  } catch (e) {
    bad('the browser test stopped: ' + (e.stack || e));
    await page.screenshot({ path: path.join(SHOTS, 'failed.png') }).catch(() => {});
  }
  // the only errors the page may log are the 400 and 404 answers it was asked for, and the
  // search it gave up
  const unexpected = errors.filter((e) => !/status of 40[04]/.test(e) &&
    !/analyze.* net::ERR_ABORTED$/.test(e));
  check(unexpected.length === 0, 'errors in the page: ' + unexpected.join('; '));
  await context.close();
  server.kill('SIGTERM');
  const code = await new Promise((r) => server.on('exit', (c) => r(c)));
  equal(code, 0, 'the server stops at SIGTERM');
  check(!/Sanitizer|runtime error/.test(log()), 'no sanitizer report: ' + log().slice(0, 600));
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`${pass} passed, ${fail} failed`);
  process.exit(fail ? 1 : 0);
}

main().catch((e) => { console.log('FAIL: ' + (e.stack || e)); console.log(`${pass} passed, ${fail + 1} failed`); process.exit(1); });

// app.js - the page of `yomi serve`.  It knows no game: each game's look (board size,
// labels, pieces) comes from /api/GAME, each position's board and legal moves (with the
// squares they change) from /api/GAME/show, the values from /api/GAME/probe.  The URL holds
// the position (?game=G&pos=P&lang=ja), so a position is a link and back/forward work.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

const TEXT = {
  en: {
    game: 'Game', error: 'Error', 'to-start': 'Back to the start position',
    perfect: 'Play the perfect line', stop: 'Stop', engine: 'Play against the engine',
    'engine-stop': 'Stop playing the engine', go: 'Go', moves: 'Moves', analysis: 'Analysis',
    analyze: 'Analyze', api: 'JSON API', 'to-move': '{side} to move',
    win: 'Win in {n}', loss: 'Loss in {n}', 'win-wdl': 'Win', 'loss-wdl': 'Loss', draw: 'Draw',
    'value-win': 'Wins in {n} plies', 'value-loss': 'Loses in {n} plies', 'value-draw': 'Draw',
    'value-win-wdl': 'Wins', 'value-loss-wdl': 'Loses',
    winning: 'Winning moves', drawing: 'Drawing moves', losing: 'Losing moves',
    legal: 'Legal moves', over: 'Game over', wins: '{side} wins', 'drawn': 'Draw',
    'no-table': 'No solved table of this game here: ask the engine.',
    thinking: 'The engine is thinking…', 'engine-perfect': 'perfect play (table)',
    'engine-search': 'search {t} s', best: 'Best', score: 'score', depth: 'depth',
    nodes: 'nodes', you: 'You play {side}', 'no-moves': 'No legal move.',
    'line-end': 'End of the perfect line', pass: 'pass',
  },
  ja: {
    game: 'ゲーム', error: 'エラー', 'to-start': '初期局面に戻る',
    perfect: '最善手順を再生', stop: '停止', engine: 'エンジンと対局',
    'engine-stop': '対局をやめる', go: '表示', moves: '指し手', analysis: '解析',
    analyze: '解析する', api: 'JSON API', 'to-move': '{side}の手番',
    win: '{n}手で勝ち', loss: '{n}手で負け', 'win-wdl': '勝ち', 'loss-wdl': '負け', draw: '引き分け',
    'value-win': '{n}手で勝ち', 'value-loss': '{n}手で負け', 'value-draw': '引き分け',
    'value-win-wdl': '勝ち', 'value-loss-wdl': '負け',
    winning: '勝ちになる手', drawing: '引き分けになる手', losing: '負けになる手',
    legal: '合法手', over: '終局', wins: '{side}の勝ち', 'drawn': '引き分け',
    'no-table': 'このゲームの解析表はありません。エンジンに聞いてください。',
    thinking: 'エンジン思考中…', 'engine-perfect': '完全解（解析表）',
    'engine-search': '探索 {t} 秒', best: '最善手', score: '評価', depth: '深さ',
    nodes: '局面数', you: 'あなたは{side}', 'no-moves': '合法手がありません。',
    'line-end': '最善手順の終わり', pass: 'パス',
  },
};

const state = {
  games: [], looks: {}, game: null, lang: 'en', record: [], at: 0, flip: false,
  show: null, probe: null, selected: null, hover: null, engine: null, token: 0,
  lineTimer: null, busy: false, search: null,
};

function t(key, vars) {
  let s = (TEXT[state.lang] && TEXT[state.lang][key]) || TEXT.en[key] || key;
  for (const [k, v] of Object.entries(vars || {})) s = s.replace('{' + k + '}', v);
  return s;
}

async function api(path, params, signal) {
  const query = params ? '?' + new URLSearchParams(params).toString() : '';
  const r = await fetch('/api/' + path + query, { signal });
  let body;
  try { body = await r.json(); } catch (e) {
    if (e.name === 'AbortError') throw e;
    body = { error: r.status + ' ' + r.statusText };
  }
  if (!r.ok) {
    const err = new Error(body.error || r.statusText);
    err.status = r.status;
    throw err;
  }
  return body;
}

// ---- the URL and the history ----

function here() { return state.record[state.at]; }

function urlOf(entry) {
  const p = new URLSearchParams();
  p.set('game', entry.game);
  if (entry.pos) p.set('pos', entry.pos);
  if (state.lang !== 'en') p.set('lang', state.lang);
  return '/?' + p.toString();
}

function saveState(push) {
  const s = { record: state.record, at: state.at };
  const url = urlOf(here());
  if (push) history.pushState(s, '', url); else history.replaceState(s, '', url);
}

// Goes to a new position: after the current one (a move), or alone (a link, a game).
async function visit(entry, how) {
  stopLine(how === 'line');
  if (how === 'move' || how === 'line' || how === 'engine') {
    state.record = state.record.slice(0, state.at + 1).concat([entry]);
    state.at++;
  } else {
    state.record = [entry];
    state.at = 0;
  }
  saveState(true);
  await load();
}

function fromUrl() {
  const p = new URLSearchParams(location.search);
  state.lang = (p.get('lang') || 'en').toLowerCase() === 'ja' ? 'ja' : 'en';
  const saved = history.state;
  if (saved && saved.record) {
    // back or forward within the record kept here: keep its later moves (forward)
    const same = (a, b) => a && b && a.game === b.game && a.pos === b.pos && a.move === b.move;
    const prefix = saved.record.every((e, i) => same(e, state.record[i]));
    if (!prefix || saved.at >= state.record.length) state.record = saved.record;
    state.at = saved.at;
  } else {
    const game = p.get('game') || (state.games[0] && state.games[0].name) || 'dobutsu';
    state.record = [{ game: game, pos: p.get('pos'), move: null }];
    state.at = 0;
  }
}

// ---- loading a position ----

// A search (/analyze) for this position; the one before, whose answer would be thrown
// away, is given up, so that the server drops it rather than run it first (with one search
// thread a second Analyze waited for the first to end).
function newSearch() {
  if (state.search) state.search.abort();
  state.search = new AbortController();
  return state.search.signal;
}

async function load() {
  const token = ++state.token;
  if (state.search) { state.search.abort(); state.search = null; }
  const entry = here();
  state.selected = null;
  state.hover = null;
  document.documentElement.lang = state.lang;
  showError(null);
  let look;
  try {
    look = state.looks[entry.game] || (state.looks[entry.game] = await api(entry.game));
  } catch (e) {
    if (token === state.token) failed(e);
    return;
  }
  if (look.name !== entry.game) {
    // ?game=Dobutsu: the API takes a game's name in any case, the page's list and links
    // only its own (the list showed no game)
    for (const e of state.record) if (e.game === entry.game) e.game = look.name;
    state.looks[look.name] = look;
    saveState(false);
  }
  state.game = look;
  const params = { lang: state.lang };
  if (entry.pos) params.pos = entry.pos;
  const pos = entry.pos ? { pos: entry.pos } : null;
  try {
    const [show, probe] = await Promise.all([
      api(entry.game + '/show', params),
      look.table ? api(entry.game + '/probe', pos) : Promise.resolve(null),
    ]);
    if (token !== state.token) return;
    state.show = show;
    state.probe = probe;
  } catch (e) {
    if (token === state.token) failed(e);
    return;
  }
  render();
  if (state.engine && state.engine.pending && !state.show.over &&
      state.show.turn === state.engine.side) engineMove(token);
  if (state.engine) state.engine.pending = false;
}

function failed(e) {
  state.show = null;
  state.probe = null;
  showError(e.message);
  render();
}

function showError(msg) {
  $('error').hidden = !msg;
  $('error-text').textContent = msg || '';
}

// ---- values ----

function badge(v) {
  if (v.category === 'draw') return t('draw');
  if (v.distance === null) return t(v.category + '-wdl');
  return t(v.category, { n: v.distance });
}

function valueText(v) {
  if (v.category === 'draw') return t('value-draw');
  if (v.distance === null) return t('value-' + v.category + '-wdl');
  return t('value-' + v.category, { n: v.distance });
}

function sideName(side) {
  const look = state.game && state.game.look;
  if (look) return look.sides[side][state.lang] || look.sides[side].en;
  return side ? 'second player' : 'first player';
}

// The legal moves (show's, with squares) with their values (probe's), best first.
function movesWithValues() {
  const moves = (state.show && state.show.moves) || [];
  if (!state.probe) return moves.map((m) => ({ ...m, value: null }));
  const byName = new Map(moves.map((m) => [m.move, m]));
  return state.probe.moves.map((v) => ({ ...(byName.get(v.move) || { move: v.move }), value: v }));
}

// ---- drawing ----

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const S = 64;   // a square, in SVG units

function geometry(look) {
  const pad = 24, gap = look.hands ? 24 : 0, hand = look.hands ? Math.round(S * 0.85) : 0;
  const width = pad * 2 + look.width * S;
  const height = pad * 2 + look.height * S + 2 * (hand + gap);
  return { pad, gap, hand, width, height, bx: pad, by: pad + hand + gap };
}

function squareXY(look, g, sq) {
  let r = Math.floor(sq / look.width), c = sq % look.width;
  if (state.flip) { r = look.height - 1 - r; c = look.width - 1 - c; }
  return [g.bx + c * S, g.by + r * S];
}

const OWNER = ['#24564a', '#8e3a2c'];

// One piece of kind k (0-based) of side `owner`, centred at (x, y), `size` wide.
function drawPiece(parent, look, k, owner, x, y, size) {
  const kind = look.kinds[k] || {};
  const turned = (owner === 1) !== state.flip;
  const g = el('g', { transform: `translate(${x},${y}) rotate(${turned ? 180 : 0})`, class: 'piece' }, parent);
  const name = (kind.name && (kind.name[state.lang] || kind.name.en)) || '';
  el('title', {}, g).textContent = name + ' (' + sideName(owner) + ')';
  const label = kind.label && (kind.label[state.lang] || kind.label.en);
  const h = size / 2;
  if (look.style === 'disc') {
    el('circle', { r: h * 0.8, cy: turned ? -1.5 : 1.5, fill: 'rgba(0,0,0,.35)' }, g);
    el('circle', { r: h * 0.8, fill: owner ? `url(#disc-white)` : `url(#disc-black)`,
      stroke: owner ? '#9aa' : '#000', 'stroke-width': 1 }, g);
    return g;
  }
  if (look.style === 'mark') {
    if (owner === 0) {
      const d = h * 0.5;
      el('path', { d: `M${-d},${-d}L${d},${d}M${d},${-d}L${-d},${d}`, stroke: '#1f5fbf',
        'stroke-width': size * 0.1, 'stroke-linecap': 'round' }, g);
    } else {
      el('circle', { r: h * 0.55, fill: 'none', stroke: '#c0392b', 'stroke-width': size * 0.1 }, g);
    }
    return g;
  }
  if (look.style === 'koma') {
    const w = h * 0.82, top = -h * 0.9, shoulder = -h * 0.55, bottom = h * 0.88;
    el('path', { d: `M0,${top}L${w * 0.78},${shoulder}L${w},${bottom}L${-w},${bottom}L${-w * 0.78},${shoulder}Z`,
      fill: '#f5dca6', stroke: '#8c6a3a', 'stroke-width': 1.5, 'stroke-linejoin': 'round' }, g);
    if (label) {
      const txt = el('text', { y: size * 0.14, 'text-anchor': 'middle', 'font-size': size * (label.length > 1 ? 0.3 : 0.46),
        'font-family': '"Noto Serif CJK JP", "Noto Sans CJK JP", serif', fill: kind.color || '#1c1c1c',
        'font-weight': 600 }, g);
      txt.textContent = label;
    }
    return g;
  }
  // "tile": Dobutsu's square tiles, the steps as dots
  const r = h * 0.82;
  el('rect', { x: -r, y: -r, width: 2 * r, height: 2 * r, rx: size * 0.14,
    fill: kind.color || '#eee', stroke: OWNER[owner], 'stroke-width': size * 0.05 }, g);
  el('rect', { x: -r + size * 0.08, y: -r + size * 0.08, width: 2 * r - size * 0.16,
    height: 2 * r - size * 0.16, rx: size * 0.1, fill: 'rgba(255,255,255,.55)' }, g);
  for (let bit = 0; bit < 9; bit++) {
    if (!(kind.steps >> bit & 1)) continue;
    const dx = (bit % 3 - 1) * (r - size * 0.15), dy = (Math.floor(bit / 3) - 1) * (r - size * 0.15);
    el('circle', { cx: dx, cy: dy, r: size * 0.055, fill: OWNER[owner] }, g);
  }
  if (label) {
    const txt = el('text', { y: size * 0.15, 'text-anchor': 'middle', 'font-size': size * 0.42,
      'font-weight': 700, fill: '#2a2420',
      'font-family': 'system-ui, "Noto Sans CJK JP", sans-serif' }, g);
    txt.textContent = label;
  }
  return g;
}

const BOARD = {
  tile: { light: '#f4ecd6', line: '#b7a57e', top: '#d3e8f3', bottom: '#dcefcf' },
  koma: { light: '#e9c57f', line: '#7a5a2a' },
  disc: { light: '#2f7d53', line: '#1d5236' },
  mark: { light: '#fbfbfa', line: '#39424a' },
};

const CATEGORY = { win: '#2e8b57', draw: '#7b8590', loss: '#c0392b' };

function drawBoard() {
  const box = $('board');
  box.textContent = '';
  const look = state.game && state.game.look;
  const show = state.show;
  if (!show) return;
  if (!look || !show.board) {   // a game without a look: its own diagram
    const pre = document.createElement('pre');
    pre.textContent = show.diagram || '';
    box.appendChild(pre);
    return;
  }
  const g = geometry(look);
  const svg = el('svg', { viewBox: `0 0 ${g.width} ${g.height}`, role: 'img',
    'aria-label': state.game.title, id: 'board-svg' });
  const defs = el('defs', {}, svg);
  const black = el('radialGradient', { id: 'disc-black', cx: '35%', cy: '30%', r: '75%' }, defs);
  el('stop', { offset: '0', 'stop-color': '#5a5a5a' }, black);
  el('stop', { offset: '1', 'stop-color': '#0b0b0b' }, black);
  const white = el('radialGradient', { id: 'disc-white', cx: '35%', cy: '30%', r: '75%' }, defs);
  el('stop', { offset: '0', 'stop-color': '#ffffff' }, white);
  el('stop', { offset: '1', 'stop-color': '#d6dbdc' }, white);
  const colors = BOARD[look.style] || BOARD.tile;
  const n = look.width * look.height;
  const moves = movesWithValues();
  const last = here().move ? lastMoveSquares() : null;
  // squares
  const squares = el('g', {}, svg);
  for (let sq = 0; sq < n; sq++) {
    const [x, y] = squareXY(look, g, sq);
    const row = Math.floor(sq / look.width);
    let fill = colors.light;
    if (look.style === 'tile' && row === 0) fill = colors.top;
    if (look.style === 'tile' && row === look.height - 1) fill = colors.bottom;
    const cell = el('rect', { x, y, width: S, height: S, fill, stroke: colors.line,
      'stroke-width': look.style === 'mark' ? 0 : 1, class: 'sq', 'data-square': sq }, squares);
    cell.addEventListener('click', (ev) => onSquare(sq, ev));
  }
  if (look.style === 'mark') {   // tic-tac-toe: only the inner lines
    for (let i = 1; i < look.width; i++)
      el('line', { x1: g.bx + i * S, y1: g.by + 6, x2: g.bx + i * S, y2: g.by + look.height * S - 6,
        stroke: colors.line, 'stroke-width': 4, 'stroke-linecap': 'round' }, svg);
    for (let i = 1; i < look.height; i++)
      el('line', { x1: g.bx + 6, y1: g.by + i * S, x2: g.bx + look.width * S - 6, y2: g.by + i * S,
        stroke: colors.line, 'stroke-width': 4, 'stroke-linecap': 'round' }, svg);
  } else {
    el('rect', { x: g.bx, y: g.by, width: look.width * S, height: look.height * S, fill: 'none',
      stroke: colors.line, 'stroke-width': 2.5 }, svg);
  }
  // highlights: the last move, the selected piece, a hovered move
  const overlay = el('g', { 'pointer-events': 'none' }, svg);
  const mark = (sq, color) => {
    const [x, y] = squareXY(look, g, sq);
    el('rect', { x: x + 1, y: y + 1, width: S - 2, height: S - 2, fill: color }, overlay);
  };
  if (last) for (const sq of last) mark(sq, 'rgba(255,205,60,.45)');
  if (state.selected && state.selected.from !== undefined) mark(state.selected.from, 'rgba(47,111,223,.28)');
  if (state.hover) {
    if (state.hover.from !== undefined) mark(state.hover.from, 'rgba(47,111,223,.22)');
    if (state.hover.to !== undefined) mark(state.hover.to, 'rgba(47,111,223,.38)');
  }
  // coordinates
  const files = look.files[state.lang] || look.files.en, ranks = look.ranks[state.lang] || look.ranks.en;
  for (let c = 0; c < look.width; c++) {
    const f = state.flip ? look.width - 1 - c : c;
    const txt = el('text', { x: g.bx + c * S + S / 2, y: g.by - 7, 'text-anchor': 'middle',
      'font-size': 13, fill: '#7a7466' }, svg);
    txt.textContent = files[f] || '';
  }
  for (let r = 0; r < look.height; r++) {
    const rr = state.flip ? look.height - 1 - r : r;
    const txt = el('text', { x: g.bx - 9, y: g.by + r * S + S / 2 + 5, 'text-anchor': 'middle',
      'font-size': 13, fill: '#7a7466' }, svg);
    txt.textContent = ranks[rr] || '';
  }
  // pieces
  const pieces = el('g', { 'pointer-events': 'none' }, svg);
  show.board.squares.forEach((v, sq) => {
    if (!v) return;
    const [x, y] = squareXY(look, g, sq);
    drawPiece(pieces, look, Math.abs(v) - 1, v > 0 ? 0 : 1, x + S / 2, y + S / 2, S);
  });
  // hands: the second player's on top (the first player's when turned round)
  if (look.hands) {
    for (const side of [0, 1]) {
      const top = (side === 1) !== state.flip;
      const y = top ? g.pad : g.height - g.pad - g.hand;
      el('rect', { x: g.bx, y, width: look.width * S, height: g.hand, rx: 8,
        fill: side === show.turn && !show.over ? '#eef3ef' : '#f5f3ee', stroke: '#e0dccf' }, svg);
      let x = g.bx + g.hand / 2 + 2;
      show.board.hands[side].forEach((count, k) => {
        if (!count) return;
        const cx = x, cy = y + g.hand / 2;
        const hit = el('rect', { x: cx - g.hand / 2, y, width: g.hand, height: g.hand,
          fill: 'transparent', class: 'sq', 'data-hand': side + ':' + k }, svg);
        if (state.selected && state.selected.drop === k && side === show.turn)
          el('rect', { x: cx - g.hand / 2 + 2, y: y + 2, width: g.hand - 4, height: g.hand - 4,
            rx: 8, fill: 'rgba(47,111,223,.28)' }, svg);
        drawPiece(el('g', { 'pointer-events': 'none' }, svg), look, k, side, cx, cy, g.hand * 0.86);
        if (count > 1) {
          el('circle', { cx: cx + g.hand * 0.36, cy: cy - g.hand * 0.32, r: 9, fill: '#24303a' }, svg);
          const txt = el('text', { x: cx + g.hand * 0.36, y: cy - g.hand * 0.32 + 4,
            'text-anchor': 'middle', 'font-size': 12, fill: '#fff', 'font-weight': 700 }, svg);
          txt.textContent = count;
        }
        hit.addEventListener('click', () => onHand(side, k));
        x += g.hand + 4;
      });
    }
  }
  // targets: of the selected piece, or every placement (Othello, tic-tac-toe)
  const targets = el('g', { 'pointer-events': 'none' }, svg);
  const placements = moves.length && moves.every((m) => m.from === undefined && m.drop === undefined);
  for (const m of moves) {
    if (m.to === undefined) continue;
    const sel = state.selected;
    const mine = sel && ((sel.from !== undefined && m.from === sel.from) ||
                         (sel.drop !== undefined && m.drop === sel.drop));
    if (!mine && !placements) continue;
    const [x, y] = squareXY(look, g, m.to);
    const color = m.value ? CATEGORY[m.value.category] : (look.style === 'disc' ? '#0c2f1e' : '#2f6fdf');
    const taken = show.board.squares[m.to] !== 0;
    if (taken)
      el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * 0.43, fill: 'none', stroke: color,
        'stroke-width': 4, opacity: 0.8 }, targets);
    else
      el('circle', { cx: x + S / 2, cy: y + S / 2, r: S * (placements ? 0.12 : 0.15), fill: color,
        opacity: 0.75, class: 'target' }, targets);
  }
  box.appendChild(svg);
}

// The squares of the move that led here: the previous position's move, found by name.
function lastMoveSquares() {
  const prev = state.record[state.at - 1];
  if (!prev || !prev.moves) return null;
  const m = prev.moves.find((x) => x.move === here().move);
  if (!m) return null;
  return [m.from, m.to].filter((x) => x !== undefined);
}

// ---- the panels ----

function renderStatus() {
  const show = state.show;
  const turn = $('turn'), value = $('value');
  turn.textContent = '';
  value.textContent = '';
  value.className = 'value';
  value.removeAttribute('data-score');
  if (!show) return;
  if (show.over) {
    const r = show.over.result;
    const who = r === 'draw' ? t('drawn') : t('wins', { side: sideName(r === 'win' ? show.turn : 1 - show.turn) });
    value.className = 'value over';
    value.textContent = t('over') + ': ' + who;
    const small = document.createElement('small');
    small.textContent = show.over.reason ? '(' + show.over.reason + ')' : '';
    value.appendChild(small);
  } else if (show.turn !== null) {
    const dot = document.createElement('span');
    dot.className = 'who';
    dot.style.background = state.game.look && state.game.look.style === 'disc'
      ? (show.turn ? '#fff' : '#111') : OWNER[show.turn];
    turn.appendChild(dot);
    turn.appendChild(document.createTextNode(t('to-move', { side: sideName(show.turn) })));
    if (state.engine) turn.appendChild(document.createTextNode(' · ' + t('you', { side: sideName(1 - state.engine.side) })));
  }
  if (show.board && state.game.look.style === 'disc') {   // discs are the score: count them
    const count = document.createElement('span');
    count.className = 'count';
    const n = (s) => show.board.squares.filter((v) => v * s > 0).length;
    count.textContent = `● ${n(1)} – ${n(-1)} ○`;
    turn.appendChild(count);
  }
  if (state.probe && !show.over) {
    value.className = 'value ' + state.probe.category;
    value.textContent = valueText(state.probe);
    const small = document.createElement('small');
    small.textContent = state.probe.score;
    value.appendChild(small);
    value.setAttribute('data-score', state.probe.score);
  } else if (!show.over && !state.game.table) {
    value.className = 'value';
    const small = document.createElement('small');
    small.textContent = t('no-table');
    value.appendChild(small);
  }
}

function moveButton(m) {
  const b = document.createElement('button');
  b.className = 'move' + (m.value ? ' ' + m.value.category : '');
  b.setAttribute('data-move', m.move);
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = m.move;
  b.appendChild(name);
  if (m.value) {
    b.setAttribute('data-score', m.value.score);
    const badgeEl = document.createElement('span');
    badgeEl.className = 'badge';
    badgeEl.textContent = badge(m.value);
    b.appendChild(badgeEl);
  }
  b.addEventListener('click', () => play(m));
  b.addEventListener('mouseenter', () => { state.hover = m; drawBoard(); });
  b.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
  return b;
}

function renderMoves() {
  const box = $('moves');
  box.textContent = '';
  if (!state.show) return;
  const moves = movesWithValues();
  if (!moves.length) {
    const p = document.createElement('div');
    p.className = 'none';
    p.textContent = state.show.over ? t('over') : t('no-moves');
    box.appendChild(p);
    return;
  }
  const groups = state.probe ? [['win', 'winning'], ['draw', 'drawing'], ['loss', 'losing']]
                             : [[null, 'legal']];
  for (const [cat, title] of groups) {
    const list = moves.filter((m) => !cat || (m.value && m.value.category === cat));
    if (!list.length) continue;
    const group = document.createElement('div');
    group.className = 'group';
    const h = document.createElement('h3');
    h.textContent = t(title);
    group.appendChild(h);
    const div = document.createElement('div');
    div.className = 'list';
    for (const m of list) div.appendChild(moveButton(m));
    group.appendChild(div);
    box.appendChild(group);
  }
}

function renderRecord() {
  const ol = $('record');
  ol.textContent = '';
  state.record.forEach((e, i) => {
    if (!i) return;
    const li = document.createElement('li');
    if (i === state.at) li.className = 'at';
    const num = document.createElement('span');
    num.className = 'n';
    num.textContent = i + '.';
    li.appendChild(num);
    li.appendChild(document.createTextNode(e.move));
    li.addEventListener('click', () => history.go(i - state.at));
    ol.appendChild(li);
  });
}

function renderControls() {
  $('first').disabled = $('back').disabled = state.at === 0;
  $('forward').disabled = state.at >= state.record.length - 1;
  const canLine = !!(state.game && state.game.table && state.show && !state.show.over);
  $('perfect').disabled = !canLine && !state.lineTimer;
  $('perfect').textContent = state.lineTimer ? t('stop') : t('perfect');
  $('perfect').classList.toggle('on', !!state.lineTimer);
  $('engine').textContent = state.engine ? t('engine-stop') : t('engine');
  $('engine').classList.toggle('on', !!state.engine);
  $('engine').disabled = !state.show || (!!state.show.over && !state.engine);
  $('analyze').disabled = !state.show || !!state.show.over;
  const kinds = $('engine-kind');
  const want = [];
  if (state.game && state.game.table) want.push(['perfect', t('engine-perfect')]);
  for (const s of [0.3, 1, 5]) want.push([String(s), t('engine-search', { t: s })]);
  const keep = kinds.value;
  kinds.textContent = '';
  for (const [v, label] of want) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = label;
    kinds.appendChild(o);
  }
  if (want.some(([v]) => v === keep)) kinds.value = keep;
  for (const e of document.querySelectorAll('[data-t]')) {
    if (['perfect', 'engine'].includes(e.id)) continue;
    e.textContent = t(e.getAttribute('data-t'));
  }
  $('lang-en').classList.toggle('on', state.lang === 'en');
  $('lang-ja').classList.toggle('on', state.lang === 'ja');
  $('game').value = here().game;
  $('pos').value = state.show ? state.show.pos : (here().pos || '');
  $('title').textContent = state.game ? state.game.title : '';
  const link = '/api/' + here().game + (state.game && state.game.table ? '/probe' : '/show') +
    (state.show ? '?' + new URLSearchParams({ pos: state.show.pos }) : '');
  $('api-link').href = link;
  $('api-link').textContent = decodeURIComponent(link.replace(/\+/g, ' '));
}

function render() {
  if (state.show) here().moves = state.show.moves;   // for the next position's last move
  document.title = 'yomi · ' + (state.game ? state.game.title : '');
  drawBoard();
  renderStatus();
  renderMoves();
  renderRecord();
  renderControls();
  $('analysis').textContent = '';
}

// ---- playing ----

function play(m, how) {
  if (!m || !m.next) return;
  hideChooser();
  const entry = { game: here().game, pos: m.next, move: m.move };
  if (state.engine && how !== 'engine') state.engine.pending = true;
  return visit(entry, how || 'move');
}

function choose(list, ev) {
  if (list.length === 1) return play(list[0]);
  const box = $('chooser');
  box.textContent = '';
  for (const m of list) box.appendChild(moveButton(m));
  box.style.left = (ev ? ev.clientX : 100) + 'px';
  box.style.top = (ev ? ev.clientY : 100) + 'px';
  box.hidden = false;
}

function hideChooser() { $('chooser').hidden = true; }

function onSquare(sq, ev) {
  if (!state.show || state.show.over || state.lineTimer) return;
  const moves = movesWithValues();
  const sel = state.selected;
  if (sel) {
    const list = moves.filter((m) => m.to === sq &&
      ((sel.from !== undefined && m.from === sel.from) || (sel.drop !== undefined && m.drop === sel.drop)));
    if (list.length) return choose(list, ev);
  }
  const placed = moves.filter((m) => m.to === sq && m.from === undefined && m.drop === undefined);
  if (placed.length) return choose(placed, ev);
  const from = moves.filter((m) => m.from === sq);
  state.selected = from.length && !(sel && sel.from === sq) ? { from: sq } : null;
  hideChooser();
  drawBoard();
}

function onHand(side, k) {
  if (!state.show || state.show.over || side !== state.show.turn || state.lineTimer) return;
  const has = movesWithValues().some((m) => m.drop === k);
  state.selected = has && !(state.selected && state.selected.drop === k) ? { drop: k } : null;
  drawBoard();
}

// ---- the perfect line, the engine, the analysis ----

function stopLine(keep) {
  if (keep || !state.lineTimer) return;
  clearTimeout(state.lineTimer);
  state.lineTimer = null;
}

async function perfectLine() {
  if (state.lineTimer) { stopLine(); renderControls(); return; }
  const entry = here();
  let line;
  try {
    line = await api(entry.game + '/line', entry.pos ? { pos: entry.pos } : null);
  } catch (e) { showError(e.message); return; }
  let k = 0;
  const step = async () => {
    if (k >= line.line.length) {
      state.lineTimer = null;
      renderControls();
      // a drawn line ends where a position stands for the third time, which is not over
      // by itself: say why the line stopped there (it stopped without a word)
      if (state.show && !state.show.over) {
        const end = document.createElement('div');
        end.className = 'line-end';
        end.textContent = t('line-end') + (line.over && line.over.reason ? ' (' + line.over.reason + ')' : '');
        $('analysis').textContent = '';
        $('analysis').appendChild(end);
      }
      return;
    }
    const entryNext = { game: entry.game, pos: line.positions[k], move: line.line[k] };
    k++;
    state.lineTimer = setTimeout(() => {}, 0);   // marks the line as running meanwhile
    await visit(entryNext, 'line');
    if (state.lineTimer) state.lineTimer = setTimeout(step, lineDelay());
  };
  state.lineTimer = setTimeout(step, 0);
  renderControls();
}

function lineDelay() { return 450; }

async function engineMove(token) {
  const kind = $('engine-kind').value;
  const entry = here();
  const think = document.createElement('div');
  think.className = 'thinking';
  think.textContent = t('thinking');
  $('analysis').textContent = '';
  $('analysis').appendChild(think);
  let name = null;
  try {
    if (kind === 'perfect' && state.probe) {
      name = state.probe.moves.length ? state.probe.moves[0].move : null;
    } else {
      const params = { time: kind === 'perfect' ? '1' : kind };
      if (entry.pos) params.pos = entry.pos;
      const a = await api(entry.game + '/analyze', params, newSearch());
      name = a.best;
    }
  } catch (e) { if (e.name !== 'AbortError') showError(e.message); return; }
  if (token !== state.token || !state.engine) return;
  const m = (state.show.moves || []).find((x) => x.move === name);
  if (m) play(m, 'engine');
}

function toggleEngine() {
  if (state.engine) {
    state.engine = null;
  } else if (state.show && !state.show.over) {
    state.engine = { side: 1 - state.show.turn, pending: false };   // you move now
  }
  render();
}

async function analyze() {
  const entry = here();
  const box = $('analysis');
  box.textContent = t('thinking');
  const params = {};
  if (entry.pos) params.pos = entry.pos;
  const kind = $('engine-kind').value;
  if (kind !== 'perfect') params.time = kind;
  const token = state.token;
  const signal = newSearch();
  let a;
  try {
    a = await api(entry.game + '/analyze', params, signal);
  } catch (e) {
    if (e.name !== 'AbortError') box.textContent = e.message;
    return;
  }
  if (token !== state.token || signal.aborted) return;
  box.textContent = '';
  const head = document.createElement('div');
  const best = document.createElement('span');
  best.className = 'best';
  best.textContent = t('best') + ' ' + (a.best || '-');
  const move = (state.show.moves || []).find((m) => m.move === a.best);
  if (move) {   // a click plays it
    best.classList.add('play');
    best.addEventListener('click', () => play(move));
    best.addEventListener('mouseenter', () => { state.hover = move; drawBoard(); });
    best.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
  }
  head.appendChild(best);
  head.appendChild(document.createTextNode(` · ${t('score')} ${a.score}` +
    (a.depth !== undefined ? ` · ${t('depth')} ${a.depth} · ${Number(a.nodes).toLocaleString()} ${t('nodes')} · ${a.time} s` : '')));
  box.appendChild(head);
  const pv = document.createElement('div');
  pv.className = 'pv';
  pv.textContent = (a.pv || []).join(' ');
  box.appendChild(pv);
}

// ---- start ----

function setLang(lang) {
  state.lang = lang;
  saveState(false);
  load();
}

async function start() {
  try {
    state.games = (await api('games')).games;
  } catch (e) { showError(e.message); return; }
  const select = $('game');
  for (const g of state.games) {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.title;
    select.appendChild(o);
  }
  select.addEventListener('change', () => visit({ game: select.value, pos: null, move: null }, 'new'));
  $('first').addEventListener('click', () => history.go(-state.at));
  $('back').addEventListener('click', () => history.back());
  $('forward').addEventListener('click', () => history.forward());
  $('flip').addEventListener('click', () => { state.flip = !state.flip; drawBoard(); });
  $('perfect').addEventListener('click', perfectLine);
  $('engine').addEventListener('click', toggleEngine);
  $('analyze').addEventListener('click', analyze);
  $('pos-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    visit({ game: here().game, pos: $('pos').value.trim() || null, move: null }, 'new');
  });
  $('error-start').addEventListener('click', (ev) => {
    ev.preventDefault();
    // a game the server does not know (?game=chess) has no start: the first game's instead
    // (the link showed the same error again)
    const name = String(here().game).toLowerCase();
    const game = state.games.some((g) => g.name === name) ? name : state.games[0].name;
    visit({ game, pos: null, move: null }, 'new');
  });
  for (const a of document.querySelectorAll('[data-lang]'))
    a.addEventListener('click', (ev) => { ev.preventDefault(); setLang(a.getAttribute('data-lang')); });
  document.addEventListener('keydown', (ev) => {
    if (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT') return;
    if (ev.key === 'ArrowLeft' && state.at > 0) history.back();
    else if (ev.key === 'ArrowRight' && state.at < state.record.length - 1) history.forward();
    else if (ev.key === 'Home' && state.at > 0) history.go(-state.at);
    else if (ev.key === 'f') { state.flip = !state.flip; drawBoard(); }
    else if (ev.key === 'Escape') { hideChooser(); state.selected = null; drawBoard(); }
  });
  document.addEventListener('click', (ev) => {
    if (!$('chooser').hidden && !$('chooser').contains(ev.target) && !ev.target.closest('.sq')) hideChooser();
  });
  window.addEventListener('popstate', () => { stopLine(); fromUrl(); load(); });
  fromUrl();
  saveState(false);
  await load();
}

start();

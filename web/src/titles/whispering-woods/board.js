// Whispering Woods: the market (six tiles, side A up, each showing its colour and the
// path on its back), then the acting player's forest (hexagons: forest tiles, mission
// tiles with their animal pieces, the open positions), their animals and personal area;
// the other forests fold; in solitaire the level card, the score tracker and the round
// track. A turn is played on the pieces: tap a market tile, then where it goes (its
// forest or mission side chosen beside the market); tap an animal, then the tiles of its
// path one by one; a completed tile to refresh the market.
import { h, s } from '../../ui.js';
import { t, tOr } from '../../i18n.js';
import { WOODS_COLOURS, PLAYER_COLOURS } from './palette.js';
import { findMove, makeTarget, moveButton, zoomable, zoomOnHold } from '../../kit/board.js';
import { centreOn, fitScale, hiddenSides, placesBeyond, scrollToShow } from './fit.js';

const R = 30;
const SQ3 = Math.sqrt(3);
// The acting forest on screen: a place to tap never under 32 px across (the forest's box
// scrolls rather), a hexagon never over 96 px (a young forest is not blown up).
const MIN_TAP = 32;
const MAX_HEX = 96;

/** The choices of the turn in progress that are not moves yet (a market tile picked, its
 * side, an animal and the positions walked so far). Kept across redraws of the same step. */
let sel = { key: '' };

/** The acting forest's view across redraws: `whole` the whole forest at a glance (until
 * the next step), `centre` where its box was scrolled to (in the drawing's units, for a
 * seat), `focus` a spot a tap on the whole forest zooms in at. */
const zoom = { whole: false, centre: null, focus: null };

const colourOf = (c) => WOODS_COLOURS[c] || { fill: '#ddd', glyph: '?', text: '#000' };
const xy = (q, r) => [R * SQ3 * (q + r / 2), R * 1.5 * r];
const posKey = (q, r) => `${q},${r}`;

function corners(x, y, r) {
  return Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 180) * (60 * k - 30);
    return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/** An animal piece: its player colour and that colour's shape. */
function animalShape(animal, x, y, r) {
  const c = PLAYER_COLOURS[String(animal).split('-')[0]] || { fill: '#888', shape: 'circle' };
  const common = { fill: c.fill, stroke: '#111', 'stroke-width': 2 };
  if (c.shape === 'circle') return s('circle', { cx: x, cy: y, r, ...common });
  if (c.shape === 'square') return s('rect', { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, rx: 2, ...common });
  if (c.shape === 'triangle') return s('path', { d: `M ${x} ${y - r} L ${x + r} ${y + r * 0.8} L ${x - r} ${y + r * 0.8} Z`, ...common });
  return s('path', { d: `M ${x} ${y - r * 1.1} L ${x + r * 1.1} ${y} L ${x} ${y + r * 1.1} L ${x - r * 1.1} ${y} Z`, ...common });
}

/** A row of path dots (colour and glyph), centred on (x, y); the starting tile's pattern
 * is drawn as its two ends alike (=) and four different colours between (1-4). */
function pathDots(g, path, x, y, d) {
  const n = path.length;
  path.forEach((c, i) => {
    const cx = x + (i - (n - 1) / 2) * d;
    const col = WOODS_COLOURS[c];
    if (col) {
      g.append(s('circle', { cx, cy: y, r: d * 0.46, fill: col.fill, stroke: '#111', 'stroke-width': 0.8 }),
        s('text', { x: cx, y: y + d * 0.2, 'text-anchor': 'middle', 'font-size': d * 0.56, fill: col.text, 'aria-hidden': 'true' }, col.glyph));
    } else {
      const end = c === 'X';
      g.append(s('circle', { cx, cy: y, r: d * 0.46, fill: end ? '#333' : '#fff', stroke: '#111', 'stroke-width': 0.8 }),
        s('text', { x: cx, y: y + d * 0.2, 'text-anchor': 'middle', 'font-size': d * 0.56, fill: end ? '#fff' : '#111', 'aria-hidden': 'true' }, end ? '=' : c.slice(1)));
    }
  });
}

/** A tile in a forest: side A (colour and glyph) or side B (path, points, animal). */
function drawHex(tile, x, y, { mission, animal = '', r = R } = {}) {
  const g = s('g', { class: `ww-hex${mission ? ' mission' : ''}`, dataset: { key: `tile-${tile.id}` } });
  if (!mission) {
    const c = colourOf(tile.colour);
    g.append(s('polygon', { points: corners(x, y, r - 1), fill: c.fill, stroke: '#333', 'stroke-width': 1.5 }),
      s('text', { x, y: y + r * 0.3, 'text-anchor': 'middle', 'font-size': r * 0.9, fill: c.text, 'aria-hidden': 'true' }, c.glyph));
    return g;
  }
  const start = tile.colour === 'NONE';
  g.append(s('polygon', { points: corners(x, y, r - 1), fill: start ? '#fff1c9' : '#fffdf5', stroke: '#333', 'stroke-width': 1.5 }));
  if (!start) g.append(s('polygon', { points: corners(x, y, r - 4), fill: 'none', stroke: colourOf(tile.colour).fill, 'stroke-width': 3 }));
  const d = Math.min(r * 0.36, (r * 1.6) / tile.path.length);
  pathDots(g, tile.path, x, y + r * 0.42, d);
  g.append(s('text', { x, y: y - r * 0.5, 'text-anchor': 'middle', 'font-size': r * 0.34, 'font-weight': 'bold', fill: '#111', 'aria-hidden': 'true' }, `${tile.vp}★`));
  if (animal) g.append(s('g', { dataset: { key: `animal-${animal}` } }, animalShape(animal, x, y - r * 0.05, r * 0.26)));
  return g;
}

/** A position in words a player can find from the starting tile: rows up or down, then
 * tiles left or right in that row, counted from the starting tile's column. That column
 * runs through a tile in every other row and between two tiles in the rows between: the
 * first tile beside it is 1 either way (the count rounds half a tile up), so "2 rows up,
 * 3 tiles right" is the third tile right of the column, 2 rows up; never "2½". */
export function posWords(q, r) {
  const x = q + r / 2; // tiles right of the column (a half in odd rows)
  const parts = [];
  if (r) parts.push(t(r < 0 ? 'ww.pos.up' : 'ww.pos.down', { n: Math.abs(r) }));
  if (x) parts.push(t(x < 0 ? 'ww.pos.left' : 'ww.pos.right', { n: Math.ceil(Math.abs(x)) }));
  return t('ww.pos', { where: parts.join(t('list.sep')) || t('ww.pos.here') });
}

/** A tile by id in words (its face, once seen on this device), with its side. */
export function tileIdWords(id, mission) {
  const face = known(id);
  if (!face) return t(mission ? 'ww.aMissionTile' : 'ww.aTile');
  return tileWords(face, mission);
}

/** A move in words: the tile by its colour and path, the position from the starting
 * tile, the animal by its colour. */
export function woodsLabel(move) {
  const key = `move.whispering-woods.${move.type}`;
  const animal = move.animal ? animalWords(move.animal) : '';
  if (move.type === 'take-forest' || move.type === 'take-mission') {
    const face = known(move.tile);
    const tile = face ? tileWords(face, false) : t('ww.aTile');
    return t(move.animal ? `${key}.animal` : key, { tile, pos: posWords(move.q, move.r), animal });
  }
  if (move.type === 'refresh') return t(key, { tile: tileIdWords(move.tile, true) });
  if (move.type === 'walk') {
    const [q, r] = move.route[move.route.length - 1];
    return t(key, { from: posWords(move.q, move.r), to: posWords(q, r), n: move.route.length });
  }
  return t(key, { animal });
}

export function pathWords(tile) {
  if (tile.colour === 'NONE') return t('ww.startPath');
  return tile.path.map((c) => tOr(`ww.colour.${c}`, c)).join('–');
}

/** A tile in words: its side up, colour, path and points. */
export function tileWords(tile, mission) {
  if (tile.colour === 'NONE') return t('ww.startTileText', { path: pathWords(tile), vp: tile.vp });
  if (mission) return t('ww.missionTileText', { colour: t(`ww.colour.${tile.colour}`), path: pathWords(tile), vp: tile.vp });
  return t('ww.forestTileText', { colour: t(`ww.colour.${tile.colour}`), path: pathWords(tile), vp: tile.vp });
}

export function animalWords(animal) {
  return tOr(`ww.animal.${String(animal).split('-')[0]}`, '?');
}

/** A market or personal-area tile as a small picture: side A (its colour and points, and
 * the path of its back under them, `pathCells`) or side B. */
function tileChip(tile, { mission = false, flipped = false, size = 54 } = {}) {
  if (!mission && !flipped) return marketChip(tile, size);
  const svg = s('svg', { viewBox: '-32 -32 64 64', width: size, height: size, 'aria-hidden': 'true', class: 'ww-chip' });
  if (flipped) {
    svg.append(s('polygon', { points: corners(0, 0, 30), fill: '#8a8a8a', stroke: '#333', 'stroke-width': 1.5 }),
      s('text', { x: 0, y: 6, 'text-anchor': 'middle', 'font-size': 16, fill: '#fff' }, '↺'),
      s('text', { x: 0, y: -12, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: '#fff' }, `${tile.vp}★`));
    return svg;
  }
  svg.append(drawHex(tile, 0, 0, { mission: true, r: 31 }));
  return svg;
}

// A market tile's path cells: 16 units drawn 18 apart (about 14 px on a phone, where the
// chip is about 56 px across; they were 5-7 px dots in a row), at most 3 a row.
const CELL = 18;

/** Where the cells of a path of `n` colours go: one row of up to three; four or more in
 * two rows walked as a snake (1 2 3 / 5 4), so a line through them reads in order.
 * @returns {[number, number][]} cell centres, the first row at y = 0 */
export function pathCells(n) {
  const cols = n <= 3 ? n : Math.ceil(n / 2);
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / cols);
    const col = row % 2 ? cols - 1 - (i % cols) : i % cols;
    return [(col - (cols - 1) / 2) * CELL, row * CELL];
  });
}

/** A market tile: side A's hexagon in its colour with its glyph and points, and the path
 * of its back (side B) on a strip under them, each colour a cell with its glyph, joined
 * by a line in the path's order. */
function marketChip(tile, size) {
  const svg = s('svg', { viewBox: '-32 -32 64 70', width: size, height: Math.round((size * 70) / 64), 'aria-hidden': 'true', class: 'ww-chip ww-market-chip' });
  const c = colourOf(tile.colour);
  const cells = pathCells(tile.path.length);
  const rows = cells.length > 3 ? 2 : 1;
  const top = 4; // the first row's centre
  svg.append(s('polygon', { points: corners(0, 0, 30), fill: c.fill, stroke: '#333', 'stroke-width': 1.5 }),
    s('text', { x: -9, y: -12, 'text-anchor': 'middle', 'font-size': 16, fill: c.text }, c.glyph),
    s('text', { x: 12, y: -13, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 'bold', fill: c.text }, `${tile.vp}★`),
    s('rect', { x: -30, y: top - CELL / 2 - 3, width: 60, height: rows * CELL + 6, rx: 5, fill: '#fffdf5', stroke: '#333', 'stroke-width': 1 }));
  if (cells.length > 1) {
    svg.append(s('polyline', { points: cells.map(([x, y]) => `${x},${y + top}`).join(' '), fill: 'none', stroke: '#111', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }));
  }
  tile.path.forEach((colour, i) => {
    const [x, y] = cells[i];
    const col = colourOf(colour);
    const half = CELL / 2 - 1;
    svg.append(s('rect', { class: 'ww-cell', x: x - half, y: y + top - half, width: 2 * half, height: 2 * half, rx: 3, fill: col.fill, stroke: '#111', 'stroke-width': 1 }),
      s('text', { x, y: y + top + 4.5, 'text-anchor': 'middle', 'font-size': 12.5, fill: col.text }, col.glyph));
  });
  return svg;
}

function resetSelection(key) {
  sel = { key, tile: null, kind: null, animal: null, from: null, route: [] };
  zoom.whole = false;
}

export function renderWoods(container, ctx) {
  const { view, legal, onMove, names, readOnly } = ctx;
  if (!view.players || !view.market || view.bag_size === undefined) throw new Error('not a Whispering Woods view');
  const moves = readOnly ? [] : legal;
  const over = view.phase === 'over';
  const acting = over ? (view.seat ?? 0) : view.current;
  const key = `${view.turn}/${view.phase}/${view.walked}/${view.current}/${moves.length}`;
  if (sel.key !== key) resetSelection(key);
  learn(view);
  const takes = moves.filter((m) => m.type === 'take-forest' || m.type === 'take-mission');
  const walks = moves.filter((m) => m.type === 'walk');
  // one mission tile that can walk: its animal is picked already
  const origins = [...new Set(walks.map((w) => posKey(w.q, w.r)))];
  if (!sel.from && origins.length === 1) sel.from = origins[0];

  const player = view.players[acting];
  const forest = forestBoard(view, player, names, { takes, walks, onMove, active: !over, fit: true });
  const panel = h(`section.ww-player${over ? '' : '.active'}`, { dataset: { seat: acting, ...(over ? {} : { stage: 'acting' }) }, 'aria-label': names(acting) },
    forest.figure, supplyRow(view, player, moves, onMove, forest.apply), personalArea(view, player, moves, onMove));
  const market = marketRow(view, takes, forest.apply);
  const others = view.players.filter((p) => p.seat !== acting);
  container.append(...[
    statusLine(view, names, moves),
    market,
    h('div.step-slot'),
    panel,
    view.solo ? soloBoard(view, player) : comboSupply(view),
    others.length ? h('details.others.ww-others', { open: over }, h('summary', {}, t('game.otherPlayers', { n: others.length })),
      others.map((p) => h('section.ww-player', { dataset: { seat: p.seat }, 'aria-label': names(p.seat) },
        forestBoard(view, p, names, { takes: [], walks: [], onMove, active: false }).figure, personalArea(view, p, [], onMove)))) : null,
  ].filter(Boolean));
  forest.apply();
}

/** What to do now, the round, the bag and everyone's points. */
function statusLine(view, names, moves) {
  const solo = view.solo;
  const prompt = moves.length ? tOr(`ww.prompt.${view.phase}`, '') : '';
  const round = solo ? t('ww.roundOf', { round: view.round, n: solo.rounds_available }) : t('ww.round', { round: view.round });
  return h('div.ww-status', {},
    h('p.ww-prompt', { id: 'ww-prompt' }, prompt || tOr(`ww.phase.${view.phase}`, '')),
    h('p.ww-facts', {},
      view.round ? [h('span', {}, round), ' · '] : null, h('span', {}, t('ww.bag', { n: view.bag_size })),
      view.final_round && view.phase !== 'over' ? [' · ', h('strong', {}, t('ww.finalRound'))] : null,
      h('span.standing', { id: 'standing' }, h('span.standing-label', {}, t('ww.standing')),
        view.players.map((p) => h('span.standing-item', { dataset: { seat: p.seat } }, `${names(p.seat)} `, h('strong', {}, String(p.score)),
          solo ? null : t('ww.doneShort', { n: p.completed.length }))))));
}

/** The six market tiles: tap one to choose it, then its side (when both are allowed). */
function marketRow(view, takes, apply) {
  const box = h('section.ww-market', { 'aria-label': t('ww.market') });
  const tiles = h('div.ww-market-tiles', { role: 'group', 'aria-label': t('ww.market') });
  for (const tile of view.market) {
    const own = takes.filter((m) => m.tile === tile.id);
    const words = tileWords(tile, false);
    // the tile drawn large: a tap on one the player cannot take now, a press and hold on one they can
    const big = () => tileChip(tile, { size: 160 });
    if (own.length) {
      tiles.append(zoomOnHold(h('button.ww-market-tile.legal', {
        type: 'button', 'aria-pressed': String(sel.tile === tile.id), 'aria-label': t('ww.pickTile', { tile: words }), title: words,
        dataset: { key: `tile-${tile.id}`, tile: tile.id, select: '1' },
        on: { click: () => { sel.tile = sel.tile === tile.id ? null : tile.id; apply(); } },
      }, tileChip(tile)), words, big));
    } else {
      const zoom = zoomable(tileChip(tile), words, big);
      zoom.classList.add('ww-market-tile');
      zoom.dataset.key = `tile-${tile.id}`;
      tiles.append(zoom);
    }
  }
  box.append(h('h3', {}, t('ww.market')), tiles);
  const sides = h('div.ww-take-as', { role: 'group', 'aria-label': t('ww.takeAs') });
  const side = (kind) => h(`button.ww-side`, { type: 'button', dataset: { kind }, on: { click: () => { sel.kind = kind; apply(); } } }, t(`ww.takeAs.${kind}`));
  if (takes.some((m) => m.type === 'take-mission')) sides.append(side('forest'), side('mission'));
  box.append(sides);
  return box;
}

/** The forest of `player` as hexagons; for the acting player the open positions for the
 * chosen market tile, the animals that can walk and the steps of the walk in progress. */
function forestBoard(view, player, names, { takes, walks, onMove, active, fit = false }) {
  const cells = player.forest;
  const openSpots = [...new Map(takes.map((m) => [posKey(m.q, m.r), [m.q, m.r]])).values()];
  const origins = [...new Set(walks.map((w) => posKey(w.q, w.r)))];
  const pts = [...cells.map((c) => xy(c.q, c.r)), ...openSpots.map(([q, r]) => xy(q, r))];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - R - 2;
  const minY = Math.min(...ys) - R - 2;
  const W = Math.max(...xs) - minX + R + 2;
  const H = Math.max(...ys) - minY + R + 2;
  const svg = s('svg', { viewBox: `${minX.toFixed(1)} ${minY.toFixed(1)} ${W.toFixed(1)} ${H.toFixed(1)}`, class: 'ww-forest', role: 'group', 'aria-label': t('ww.forestOf', { name: names(player.seat) }) });
  // As large as its box allows (--ww-h: the height it may take); the acting forest is
  // measured and fitted once on screen (`layout`), the others follow the box's width.
  svg.style.aspectRatio = `${W} / ${H}`;
  svg.style.width = `min(100%, calc(var(--ww-h) * ${(W / H).toFixed(3)}))`;
  const byPos = new Map(cells.map((c) => [posKey(c.q, c.r), c]));
  for (const c of cells) {
    const [x, y] = xy(c.q, c.r);
    const g = drawHex(c.tile, x, y, { mission: c.mission, animal: c.animal });
    g.setAttribute('role', 'img');
    g.setAttribute('aria-label', [tileWords(c.tile, c.mission), c.animal ? t('ww.animalOn', { animal: animalWords(c.animal) }) : null].filter(Boolean).join(t('list.clauses')));
    g.dataset.q = c.q;
    g.dataset.r = c.r;
    g.dataset.tile = c.tile.id;
    g.dataset.mission = c.mission ? '1' : '';
    g.dataset.animal = c.animal;
    svg.append(g);
  }
  // the walk so far (a line from the animal through the positions chosen)
  const trail = s('polyline', { class: 'ww-trail', fill: 'none', stroke: '#111', 'stroke-width': 4, 'stroke-dasharray': '6 4', 'stroke-linecap': 'round', 'pointer-events': 'none' });
  const steps = s('g', { class: 'ww-steps' });
  // where the chosen market tile may go: one target per move, shown for the choice made
  const takeTargets = takes.map((m) => {
    const [x, y] = xy(m.q, m.r);
    const g = s('g', { class: 'ww-open', dataset: { tile: m.tile, kind: m.type === 'take-mission' ? 'mission' : 'forest', animal: m.animal || '' } });
    g.append(s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,209,102,0.75)', stroke: '#111', 'stroke-width': 3, 'stroke-dasharray': '7 4', class: 'hl' }),
      s('text', { x, y: y + 8, 'text-anchor': 'middle', 'font-size': 24, 'font-weight': 'bold', fill: '#111', 'aria-hidden': 'true' }, '+'));
    return makeTarget(g, m, woodsLabel(m), onMove);
  });
  // the last step of each walk plays it; the animals that can walk are picked first
  const walkEnds = walks.map((m) => {
    const [q, r] = m.route[m.route.length - 1];
    const [x, y] = xy(q, r);
    const g = s('g', { class: 'ww-walk-end', dataset: { from: posKey(m.q, m.r), prefix: JSON.stringify(m.route.slice(0, -1)) } });
    g.append(s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,209,102,0.6)', stroke: '#111', 'stroke-width': 4, class: 'hl' }),
      s('text', { x, y: y + 9, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 'bold', fill: '#111', 'aria-hidden': 'true' }, '✓'));
    return makeTarget(g, m, woodsLabel(m), onMove);
  });
  const apply = () => {
    applySelection();
    layout();
  };
  const applySelection = () => {
    const kinds = new Set(takes.filter((m) => m.tile === sel.tile).map((m) => (m.type === 'take-mission' ? 'mission' : 'forest')));
    if (!kinds.has(sel.kind)) sel.kind = kinds.has('forest') ? 'forest' : kinds.has('mission') ? 'mission' : null;
    const supply = player.supply;
    if (!sel.animal || !supply.includes(sel.animal)) sel.animal = supply[0] || null;
    for (const g of takeTargets) {
      const d = g.dataset;
      g.style.display = d.tile === sel.tile && d.kind === sel.kind && (d.animal === '' || d.animal === sel.animal) ? '' : 'none';
    }
    const prefix = JSON.stringify(sel.route);
    const open = walks.filter((m) => posKey(m.q, m.r) === sel.from && JSON.stringify(m.route.slice(0, sel.route.length)) === prefix);
    const last = open.length && open[0].route.length === sel.route.length + 1;
    walkEnds.forEach((g, i) => { g.style.display = last && open.includes(walks[i]) ? '' : 'none'; });
    steps.replaceChildren();
    if (open.length && !last) {
      const next = [...new Map(open.map((m) => [posKey(...m.route[sel.route.length]), m.route[sel.route.length]])).values()];
      for (const [q, r] of next) {
        const [x, y] = xy(q, r);
        const tile = byPos.get(posKey(q, r));
        const g = s('g', { class: 'ww-step', role: 'button', tabindex: '0', 'aria-label': t('ww.stepTo', { tile: tile ? tileWords(tile.tile, false) : '' }), dataset: { q, r } },
          s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,255,255,0.35)', stroke: '#111', 'stroke-width': 4, 'stroke-dasharray': '5 3', class: 'hl' }),
          s('text', { x, y: y + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 'bold', fill: '#111', 'aria-hidden': 'true' }, String(sel.route.length + 1)));
        const step = () => { sel.route.push([q, r]); apply(); };
        g.addEventListener('click', step);
        g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); step(); } });
        steps.append(g);
      }
    }
    const points = sel.from && walks.length ? [sel.from.split(',').map(Number), ...sel.route].map(([q, r]) => xy(q, r).map((v) => v.toFixed(1)).join(',')).join(' ') : '';
    trail.setAttribute('points', points);
    for (const el of svg.querySelectorAll('.ww-pick')) el.classList.toggle('chosen', el.dataset.from === sel.from);
    for (const el of document.querySelectorAll('.ww-market-tile.legal')) el.setAttribute('aria-pressed', String(el.dataset.tile === sel.tile));
    for (const el of document.querySelectorAll('.ww-take-as button')) {
      el.hidden = !sel.tile || !kinds.has(el.dataset.kind);
      el.setAttribute('aria-pressed', String(el.dataset.kind === sel.kind));
    }
    for (const el of document.querySelectorAll('.ww-supply [data-animal]')) el.setAttribute('aria-pressed', String(sel.kind === 'mission' && el.dataset.animal === sel.animal));
    const prompt = document.getElementById('ww-prompt');
    if (prompt && takes.length) prompt.textContent = sel.tile ? t(`ww.prompt.place.${sel.kind}`) : t(`ww.prompt.${view.phase}`);
    if (prompt && walks.length) prompt.textContent = sel.from ? t('ww.prompt.walkStep', { n: sel.route.length + 1 }) : t('ww.prompt.walk');
  };
  // the animals that can walk: tap one to start its walk (again: start over)
  for (const from of origins) {
    const [q, r] = from.split(',').map(Number);
    const [x, y] = xy(q, r);
    const cell = byPos.get(from);
    const g = s('g', { class: 'ww-pick', role: 'button', tabindex: '0', dataset: { from }, 'aria-label': t('ww.pickAnimal', { animal: animalWords(cell?.animal), tile: cell ? tileWords(cell.tile, true) : '' }) },
      s('polygon', { points: corners(x, y, R - 2), fill: 'transparent', stroke: '#111', 'stroke-width': 4, class: 'hl' }));
    const pick = () => { sel.from = sel.from === from && !sel.route.length ? null : from; sel.route = []; apply(); };
    g.addEventListener('click', pick);
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(); } });
    svg.append(g);
  }
  svg.append(trail, ...takeTargets, steps, ...walkEnds);
  const toggle = fit ? h('button.ww-zoom', { type: 'button', id: 'ww-zoom', hidden: true, on: { click: () => { zoom.whole = !zoom.whole; layout(); } } }) : null;
  // the words wrap beside the toggle (a line of their own cost the forest 36 px)
  const caption = h('figcaption', {},
    h('span.ww-caption-text', {},
      h('strong', {}, names(player.seat)), ' ',
      h('span.ww-colour-dot', { 'aria-hidden': 'true' }, pieceSvg(`${player.colour}-1`, 14)),
      ` ${t('ww.points', { n: player.score })} · ${t('ww.completed', { n: player.completed.length })}`,
      active ? h('span.visually-hidden', {}, t('text.aside', { note: t('game.toMoveBadge') })) : null),
    toggle);
  const scroll = h('div.ww-forest-scroll', {}, svg);
  // the cues: a shaded side hides more forest; an arrow on it, places to tap
  const box = h('div.ww-forest-view', {}, scroll,
    ['left', 'right', 'top', 'bottom'].map((side) => h('span.ww-more', { dataset: { side }, 'aria-hidden': 'true' })));

  // The acting forest in its box (fit.js): drawn to fit, never smaller than a finger
  // where it is tapped; a box that scrolls shows the places to tap now, shades the sides
  // hiding more, and offers the whole forest at a glance ("Whole forest"), where a tap
  // zooms back in at that spot. Laid out at every draw and every choice (`apply`).
  let scale = 0;
  const placesNow = () => {
    const shown = (list, els) => list.filter((_, i) => els[i].style.display !== 'none');
    let pos = [...shown(takes, takeTargets).map((m) => [m.q, m.r]), ...shown(walks, walkEnds).map((m) => m.route[m.route.length - 1]),
      ...[...steps.children].map((g) => [Number(g.dataset.q), Number(g.dataset.r)])];
    if (!pos.length && walks.length && !sel.from) pos = origins.map((k) => k.split(',').map(Number));
    // nothing chosen yet: every place a move may go, else the forest itself
    if (!pos.length) pos = [...openSpots, ...origins.map((k) => k.split(',').map(Number))];
    if (!pos.length) pos = cells.map((c) => [c.q, c.r]);
    return pos.map(([q, r]) => {
      const [x, y] = xy(q, r);
      return { x0: (x - R - minX) * scale, y0: (y - R - minY) * scale, x1: (x + R - minX) * scale, y1: (y + R - minY) * scale };
    });
  };
  const size = () => ({ boxW: scroll.clientWidth, boxH: scroll.clientHeight, contentW: W * scale, contentH: H * scale });
  const cues = () => {
    if (!scale) return;
    const at = { left: scroll.scrollLeft, top: scroll.scrollTop };
    const { boxW, boxH, contentW, contentH } = size();
    box.dataset.more = hiddenSides({ boxW, boxH, contentW, contentH, at }).join(' ');
    box.dataset.places = placesBeyond(placesNow(), at, boxW, boxH).join(' ');
    if (fit) zoom.centre = { seat: player.seat, x: (at.left + boxW / 2) / scale + minX, y: (at.top + boxH / 2) / scale + minY };
  };
  const reveal = () => {
    if (!scale) return;
    const { boxW, boxH, contentW, contentH } = size();
    let at = { left: scroll.scrollLeft, top: scroll.scrollTop };
    const was = zoom.centre;
    if (was?.seat === player.seat) at = { left: (was.x - minX) * scale - boxW / 2, top: (was.y - minY) * scale - boxH / 2 };
    const focus = zoom.focus;
    zoom.focus = null;
    const to = focus
      ? centreOn({ boxW, boxH, contentW, contentH, point: [(focus[0] - minX) * scale, (focus[1] - minY) * scale] })
      : scrollToShow({ boxW, boxH, contentW, contentH, places: placesNow(), at });
    scroll.scrollLeft = to.left;
    scroll.scrollTop = to.top;
    cues();
  };
  let here = null; // in the whole forest: a tap zooms in at that spot
  const layout = () => {
    const boxW = scroll.clientWidth;
    if (!fit || !boxW) return;
    const boxH = parseFloat(getComputedStyle(scroll).maxHeight) || boxW;
    // with nothing to tap in it now (a market tile to choose first, another's turn) the
    // whole forest is in sight, as on the table; tapping, never under a finger's size
    const shown = (el) => el.style.display !== 'none';
    const tapped = takeTargets.some(shown) || walkEnds.some(shown) || steps.children.length || walks.length;
    const all = Math.min(boxW / W, boxH / H);
    const near = fitScale({ w: W, h: H, boxW, boxH, min: tapped ? MIN_TAP / (SQ3 * (R - 3)) : 0, max: MAX_HEX / (SQ3 * R) });
    const over = near > all * 1.001;
    const whole = over && zoom.whole;
    scale = whole ? all : near;
    svg.style.width = `${Math.floor(W * scale)}px`;
    svg.style.height = `${Math.floor(H * scale)}px`;
    scale = Math.floor(W * scale) / W;
    box.classList.toggle('whole', whole);
    toggle.hidden = !over;
    toggle.textContent = t(whole ? 'ww.zoomIn' : 'ww.wholeForest');
    toggle.setAttribute('aria-pressed', String(whole));
    here?.remove();
    here = null;
    if (whole) {
      here = s('rect', { class: 'ww-zoom-here', x: minX, y: minY, width: W, height: H, fill: 'transparent', role: 'button', 'aria-label': t('ww.zoomHere') });
      here.addEventListener('click', (e) => {
        const r = svg.getBoundingClientRect();
        zoom.whole = false;
        zoom.focus = [(e.clientX - r.left) / scale + minX, (e.clientY - r.top) / scale + minY];
        layout();
      });
      svg.append(here);
    }
    reveal();
  };
  if (fit) {
    scroll.addEventListener('scroll', cues, { passive: true });
    // a box that changes width (a phone turned, a window resized) fits the forest again
    let width = 0;
    new ResizeObserver(() => {
      if (scroll.clientWidth && scroll.clientWidth !== width) {
        width = scroll.clientWidth;
        layout();
      }
    }).observe(scroll);
  }
  return { figure: h('figure.ww-forest-box', { dataset: { seat: player.seat } }, caption, box), apply, layout };
}

function pieceSvg(animal, size) {
  return s('svg', { viewBox: '-10 -10 20 20', width: size, height: size, 'aria-hidden': 'true' }, animalShape(animal, 0, 0, 7));
}

/** The animals not yet in the forest: solitaire's first animal and the animal of a new
 * mission tile are chosen here. */
function supplyRow(view, player, moves, onMove, apply) {
  const items = player.supply.map((animal) => {
    const words = animalWords(animal);
    const start = findMove(moves, 'start-animal', { animal });
    const kind = t(`ww.kind.${String(animal).split('-')[0]}`);
    if (start) return moveButton('button.ww-animal.legal', start, woodsLabel(start), onMove, pieceSvg(animal, 24), kind);
    if (view.solo && moves.some((m) => m.type === 'take-mission' && m.animal === animal)) {
      return h('button.ww-animal', { type: 'button', dataset: { animal }, 'aria-label': t('ww.chooseAnimal', { animal: words }),
        on: { click: () => { sel.animal = animal; sel.kind = 'mission'; apply(); } } }, pieceSvg(animal, 24), kind);
    }
    return h('span.ww-animal', { title: words }, pieceSvg(animal, 22), h('span.visually-hidden', {}, words));
  });
  return h('div.ww-supply', {}, h('span.kv-label', {}, t('ww.supply')), items.length ? items : '—');
}

/** Completed mission tiles (flipped ones paid for a refresh) and combo cards; in step 1
 * an unflipped one is a button that flips it to refresh the market. The unflipped tiles
 * come first (each group in the order completed): on a phone the acting player's area is
 * one row that scrolls sideways, and the tiles a refresh may flip lead it. */
function personalArea(view, player, moves, onMove) {
  const order = player.completed.map((c, i) => i);
  order.sort((a, b) => Number(player.completed[a].flipped) - Number(player.completed[b].flipped) || a - b);
  const tiles = order.map((i) => {
    const c = player.completed[i];
    const tile = player.completed_faces?.[i] || known(c.tile);
    const words = [tileWords(tile, true), t('ww.walkedBy', { animal: animalWords(c.animal) }), c.flipped ? t('ww.flippedNote') : null].filter(Boolean).join(t('list.clauses'));
    const move = findMove(moves, 'refresh', { tile: c.tile });
    const chip = tileChip(tile, { mission: true, flipped: c.flipped, size: 40 });
    return move
      ? moveButton('button.ww-done.legal', move, `${woodsLabel(move)} — ${words}`, onMove, chip)
      : h('span.ww-done', { title: words, dataset: { key: `done-${c.tile}` } }, chip, h('span.visually-hidden', {}, words));
  });
  const combos = player.combos.map((card) => h('span.chip.ww-combo', {}, t('ww.comboCard', { n: card.slice(1, card.indexOf('-')) })));
  return h('div.ww-area', {}, h('span.kv-label', {}, t('ww.personalArea')), tiles.length ? tiles : '—', combos);
}

/** Every tile face a view has shown (all are public once out of the bag): events name
 * tiles by id, and the move log says them by colour. A tile never seen on this device
 * (a replay opened at its end) is "a tile". */
const KNOWN = new Map();
const LEVEL = { missions: [] };
export function learn(view) {
  for (const tile of view.market) KNOWN.set(tile.id, tile);
  for (const p of view.players) {
    for (const c of p.forest) KNOWN.set(c.tile.id, c.tile);
    for (const f of p.completed_faces || []) KNOWN.set(f.id, f);
  }
  for (const f of [...(view.solo?.track_faces || []), ...(view.solo?.extra_faces || [])]) KNOWN.set(f.id, f);
  if (view.solo) LEVEL.missions = view.solo.missions;
}

export function known(id) {
  return KNOWN.get(id) || null;
}

/** A level mission by its index on the level card, in the current language. */
export function levelMission(index) {
  const m = LEVEL.missions[index];
  if (!m) return String(Number(index) + 1);
  return document.documentElement.lang === 'ja' ? m.name_ja : m.name_en;
}

function comboSupply(view) {
  const types = [2, 3, 4, 5];
  return h('section.ww-combos', { 'aria-label': t('ww.comboCards') }, h('h3', {}, t('ww.comboCards')),
    h('p', {}, types.map((n, i) => h('span.chip', {}, t('ww.comboLeft', { n, left: view.combo_supply[i] ?? 0, vp: COMBO_VP[i] })))));
}

const COMBO_VP = [3, 5, 8, 12];

/** Solitaire: the level card (missions, minimum score, penalty per refresh), the score
 * tracker and the bear, the round track and the tiles set aside. */
function soloBoard(view, player) {
  const solo = view.solo;
  const name = document.documentElement.lang === 'ja' ? solo.name_ja : solo.name_en;
  const flips = player.completed.filter((c) => c.flipped).length;
  const track = [];
  for (let i = 0; i < 12; i++) track.push(roundSpace(`R${i + 1}`, solo.track_faces[i]));
  solo.missions.forEach((m, i) => track.push(roundSpace(`E${i + 1}`, solo.extra_faces[i], i >= solo.rounds_available - 12)));
  return h('section.ww-solo', { id: 'ww-solo', 'aria-label': t('ww.levelCard') },
    h('h3', {}, t('ww.levelCardOf', { name })),
    h('ul.ww-level', { id: 'ww-level' }, solo.missions.map((m) => h(`li${m.achieved ? '.done' : ''}`, {},
      h('span', { 'aria-hidden': 'true' }, m.achieved ? '✓ ' : '○ '),
      document.documentElement.lang === 'ja' ? m.name_ja : m.name_en,
      h('span.visually-hidden', {}, m.achieved ? t('text.aside', { note: t('ww.achieved') }) : '')))),
    // the minimum and the refresh penalty a line each (a "·" between them dangled at the wrap)
    h('p', { id: 'ww-minimum' }, t('ww.minScore', { n: solo.min_score })),
    h('p', { id: 'ww-penalty' }, t('ww.penalty', { n: solo.penalty, flips, total: flips * solo.penalty })),
    h('p', { id: 'ww-tracker' }, t('ww.trackerAt', { n: solo.marker }), solo.bear ? t('ww.withBear') : null,
      h('span.ww-track-bar', { 'aria-hidden': 'true' }, h('span', { style: `width:${Math.round((100 * solo.marker) / 60)}%` }))),
    h('div.ww-rounds', { id: 'ww-rounds', 'aria-label': t('ww.roundTrack') }, h('span.kv-label', {}, t('ww.roundTrack')), track),
    solo.set_aside.length ? h('p.small', {}, t('ww.setAside', { n: solo.set_aside.length })) : null);
}

/** A space of the round track: the colour of the tile that closed its round; an extra
 * space stays locked until a level mission opens it (WW-128). */
function roundSpace(label, tile, locked = false) {
  const c = tile ? colourOf(tile.colour) : null;
  const n = label.slice(1);
  const text = label[0] === 'E' ? t('ww.extraSpace', { n }) : t('ww.roundSpace', { n });
  return h(`span.ww-round${tile ? '.filled' : ''}${locked ? '.locked' : ''}`, { title: text, style: c ? `background:${c.fill};color:${c.text}` : '' },
    label[0] === 'E' ? `+${n}` : n, h('span.visually-hidden', {}, ` ${tile ? t('text.labelled', { label: text, text: t(`ww.colour.${tile.colour}`) }) : text}`));
}

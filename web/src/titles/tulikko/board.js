// Tulikko: the central board (a cross of five slots, the centre hidden) with slide-in
// arrows, then each player's wilderness map (4 × 5 spaces, printed symbols, tiles and
// the tokens on their edges). Legal moves are highlighted where they happen; every other
// space and arrow is a space (kit markSpace): a tap there says why it plays nothing.
import { h, s } from '../../ui.js';
import { t } from '../../i18n.js';
import { TULIKKO_COLOURS, TULIKKO_SYMBOLS } from './palette.js';
import { askFirst, findMove, makeTarget, markSpace, moveLabel } from '../../kit/board.js';

const ROWS = 4;
const COLS = 5;
const CELL = 56;

function tileColour(id) {
  return id ? id.split('-')[1] : '';
}

function tileLabel(id) {
  if (!id) return t('tul.empty');
  const colour = tileColour(id);
  return t('tul.tile', { colour: t(`tul.colour.${colour}`) });
}

/** A forest tile, keyed by its id (kit/animate.js follows it from slot to slot). */
function drawTile(g, x, y, size, id, extra = {}) {
  const c = TULIKKO_COLOURS[tileColour(id)] || { fill: '#888', glyph: '?', text: '#fff' };
  g.append(s('g', { dataset: { key: id }, class: 'tile' },
    s('rect', { x, y, width: size, height: size, rx: 6, fill: c.fill, stroke: '#222', 'stroke-width': 1.5, ...extra }),
    s('text', { x: x + size / 2, y: y + size / 2 + size * 0.14, 'text-anchor': 'middle', 'font-size': size * 0.42, fill: c.text, 'aria-hidden': 'true' }, c.glyph),
  ));
}

export function renderTulikko(container, ctx) {
  const { view, legal, onMove, names, readOnly } = ctx;
  if (!view.maps || !view.arms) throw new Error('not a Tulikko view');
  const active = ctx.activeSeat;
  const header = h('div.tul-status', {},
    view.phase === 'setup' || !view.round ? null : [h('span', {}, t('tul.round', { round: view.round })), ' · '],
    h('span', {}, t(`tul.phase.${view.phase}`)),
    view.phase === 'setup' && active !== null && view.maps[active]?.start_tile ? [' · ', h('span.chip', {}, t('tul.startTile'), ' ', tileSwatch(view.maps[active].start_tile))] : null,
    view.revealed ? [' · ', h('span.chip', {}, t('tul.revealed'), ' ', tileSwatch(view.revealed))] : null,
    view.taken ? [' · ', h('span.chip', {}, t('tul.taken'), ' ', tileSwatch(view.taken), view.placement_symbol ? ` → ${TULIKKO_SYMBOLS[view.placement_symbol] || ''} ${t(`tul.symbol.${view.placement_symbol}`)}` : '')] : null,
  );
  const over = view.phase === 'over';
  // The map in play (the player to move, else the viewer's) sits under the central board
  // with the step's controls; the other maps come after, smaller.
  const [first, ...rest] = orderMaps(view, active);
  const main = mapBoard(view, first, names, first.seat === active && !readOnly ? legal : [], onMove, first.seat === active, active);
  if (!over) {
    main.dataset.stage = 'acting';
    main.querySelector('svg.tul-map').dataset.fit = ''; // shrinks if the controls would go under the bar
  }
  // the standing (tokens still to place, as penalty points) is the score strip above the
  // board (kit/score.js): a line of its own here pushed the map's targets under 40 px
  container.append(header, h('div.tul-layout', {},
    centralBoard(view, readOnly ? [] : legal, onMove),
    h(over ? 'div.tul-maps.over' : 'div.tul-maps', {}, main, over ? null : h('div.step-slot'),
      ...rest.map((m) => mapBoard(view, m, names, [], onMove, false, active)))),
  h('details.tul-goals-box', { open: over || window.matchMedia('(min-width: 900px)').matches }, h('summary', {}, t('tul.goals')), goals(view, names)));
}

/** Landscape cards, symbol cards and aurora tiles: what each requires (a tiny diagram)
 * and who achieved, claimed or holds what. */
function goals(view, names) {
  const seatList = (flags) => flags.map((f, i) => (f ? names(i) : null)).filter(Boolean).join(t('list.sep')) || '—';
  // what the diagram shows, for screen readers: a clause after the visible words
  const hidden = (text) => h('span.visually-hidden', {}, `${t('list.clauses')}${text}`);
  const me = view.seat ?? view.current ?? 0;
  const row = (diagram, ...text) => h('li', {}, h('span.tul-req-box', {}, diagram), h('span', {}, ...text));
  return h('div.tul-goals', {},
    h('section', { 'aria-label': t('tul.landscape') }, h('h3', {}, t('tul.landscape')),
      h('ul', {}, (view.landscape || []).map((card) => row(landscapeDiagram(card),
        h('strong', {}, t(`tul.card.${String(card.id).split('-')[0]}`)), ` — ${t('tul.achievedBy', { names: seatList(card.achieved) })}`,
        hidden(landscapeText(card)))))),
    h('section', { 'aria-label': t('tul.symbols') }, h('h3', {}, t('tul.symbols')),
      h('ul', {}, (view.symbols || []).map((sym) => row(symbolDiagram(sym, me),
        `${TULIKKO_SYMBOLS[sym.symbol] || ''} ${t(`tul.symbol.${sym.symbol}`)} — `,
        sym.claimed_by === null ? t('tul.unclaimed') : t('tul.claimedBy', { name: names(sym.claimed_by) }),
        hidden(t('tul.req.symbol', { symbol: t(`tul.symbol.${sym.symbol}`), n: sym.cells?.[me]?.length ?? 5 })))))),
    h('section', { 'aria-label': t('tul.auroras') }, h('h3', {}, t('tul.auroras')),
      h('ul', {}, (view.auroras || []).map((a) => row(auroraDiagram(a),
        ` ${t(`tul.effect.${a.effect}`)} — `,
        a.holder === null ? t('tul.unclaimed') : t('tul.heldBy', { name: names(a.holder) }),
        a.active ? '' : t('text.aside', { note: t('tul.used') }),
        hidden(`${t('tul.req.aurora', { n: a.threshold, colour: t(`tul.colour.${a.colour}`) })}${a.after ? t('tul.req.after') : ''}`))))));
}

const MINI = 9;

/** A small grid of `rows` × `cols` mini cells. */
function miniGrid(rows, cols) {
  const W = cols * MINI + 2;
  const H = rows * MINI + 2;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W * 1.6, height: H * 1.6, 'aria-hidden': 'true', class: 'tul-req' });
  svg.append(s('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, fill: '#f4f1e8', stroke: '#b9b2a0', 'stroke-width': 0.5 }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) svg.append(s('rect', { x: 1 + c * MINI + 0.4, y: 1 + r * MINI + 0.4, width: MINI - 0.8, height: MINI - 0.8, fill: 'none', stroke: '#ddd6c4', 'stroke-width': 0.4 }));
  }
  return svg;
}

function miniTile(svg, r, c, colour, mark = '') {
  const col = TULIKKO_COLOURS[colour] || { fill: '#666', glyph: mark, text: '#fff' };
  const x = 1 + c * MINI;
  const y = 1 + r * MINI;
  svg.append(s('rect', { x: x + 0.8, y: y + 0.8, width: MINI - 1.6, height: MINI - 1.6, rx: 1.2, fill: col.fill, stroke: '#222', 'stroke-width': 0.5 }));
  const glyph = colour ? col.glyph : mark;
  if (glyph) svg.append(s('text', { x: x + MINI / 2, y: y + MINI / 2 + 2.3, 'text-anchor': 'middle', 'font-size': 6, fill: col.text }, glyph));
}

/** The requirement of a landscape card, drawn: tiles (coloured, "all different" as 1-4,
 * "differs from" as ≠ marks), a river pattern on the vertex grid, or a river rule. */
function landscapeDiagram(card) {
  if (card.kind === 'river') {
    if (card.rule === 'pattern') {
      const segs = card.segments || [];
      const maxI = Math.max(1, ...segs.flat().map((v) => v[0]));
      const maxJ = Math.max(1, ...segs.flat().map((v) => v[1]));
      const svg = miniGrid(maxI, maxJ);
      for (const [a, b] of segs) {
        svg.append(s('line', { x1: 1 + a[1] * MINI, y1: 1 + a[0] * MINI, x2: 1 + b[1] * MINI, y2: 1 + b[0] * MINI, stroke: '#0072B2', 'stroke-width': 2.2, 'stroke-linecap': 'round' }));
      }
      return svg;
    }
    // a river rule: a chain of `min_chain` tokens (sides touched) drawn on a 4 × 5 map
    const svg = miniGrid(4, 5);
    const path = { adjacent_sides: 'M 1 19 L 19 19 L 19 37', opposite_sides: 'M 19 1 L 19 37', six_connected: 'M 10 10 L 37 10 L 37 28 L 28 28' }[card.rule] || '';
    if (path) svg.append(s('path', { d: path, fill: 'none', stroke: '#0072B2', 'stroke-width': 2.2, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }));
    svg.append(s('text', { x: 44, y: 35, 'text-anchor': 'end', 'font-size': 7, 'font-weight': 'bold', fill: '#000' }, `${card.min_chain}`));
    return svg;
  }
  const cells = card.cells || [];
  const rows = card.absolute ? 4 : Math.max(1, ...cells.map(([r]) => r + 1));
  const cols = card.absolute ? 5 : Math.max(1, ...cells.map(([, c]) => c + 1));
  const svg = miniGrid(rows, cols);
  const marks = new Set((card.neq || []).flat());
  cells.forEach(([r, c], i) => {
    if (card.colours?.length) miniTile(svg, r, c, card.colours[i]);
    else miniTile(svg, r, c, '', card.distinct ? String(i + 1) : marks.has(i) ? '≠' : '');
  });
  return svg;
}

function landscapeText(card) {
  if (card.kind === 'river') {
    if (card.rule === 'pattern') return t('tul.req.riverPattern', { n: (card.segments || []).length });
    return t(`tul.req.${card.rule}`, { n: card.min_chain });
  }
  if (card.kind === 'colour') return t('tul.req.colour', { list: (card.colours || []).map((c) => t(`tul.colour.${c}`)).join(t('list.sep')) });
  const parts = [t('tul.req.shape', { n: (card.cells || []).length })];
  if (card.distinct) parts.push(t('tul.req.distinct'));
  if ((card.neq || []).length) parts.push(t('tul.req.neq'));
  if (card.absolute) parts.push(t('tul.req.absolute'));
  return parts.join(t('list.sep'));
}

/** A symbol card: the spaces of that symbol on the viewer's map, all to be covered. */
function symbolDiagram(sym, seat) {
  const svg = miniGrid(4, 5);
  for (const cell of sym.cells?.[seat] || []) miniTile(svg, Math.floor(cell / 5), cell % 5, '', TULIKKO_SYMBOLS[sym.symbol] || '•');
  return svg;
}

/** An aurora tile: `threshold` tiles of its colour. */
function auroraDiagram(a) {
  const tiles = a.tiles?.length ? a.tiles : Array(a.threshold).fill(a.colour);
  const svg = miniGrid(1, tiles.length);
  tiles.forEach((colour, i) => miniTile(svg, 0, i, colour));
  return svg;
}

function tileSwatch(id) {
  const c = TULIKKO_COLOURS[tileColour(id)] || { fill: '#888', glyph: '?', text: '#fff' };
  return h('span.swatch', { style: `background:${c.fill};color:${c.text}`, title: tileLabel(id), dataset: { key: id } }, c.glyph, h('span.visually-hidden', {}, tileLabel(id)));
}

function orderMaps(view, active) {
  const maps = [...view.maps];
  const first = active ?? view.seat ?? view.current;
  maps.sort((a, b) => (a.seat === first ? -1 : b.seat === first ? 1 : a.seat - b.seat));
  return maps;
}

function centralBoard(view, legal, onMove) {
  const size = 70;
  const gap = 6;
  // The margin holds the slide-in arrows: each arrow's tap area is the whole strip along
  // its side, deep enough to stay at least 40 px when the board is drawn 210 px wide.
  const pad = 76;
  const W = pad * 2 + size * 3 + gap * 2;
  const svg = s('svg', { viewBox: `0 0 ${W} ${W}`, class: 'tul-central', role: 'group', 'aria-label': t('tul.central') });
  const pos = { N: [1, 0], W: [0, 1], E: [2, 1], S: [1, 2] };
  const at = (cx, cy) => [pad + cx * (size + gap), pad + cy * (size + gap)];
  for (const side of ['N', 'E', 'S', 'W']) {
    const [x, y] = at(...pos[side]);
    const g = s('g', { role: 'img', 'aria-label': t('text.labelled', { label: t(`side.${side}`), text: tileLabel(view.arms[side]) }) });
    if (view.arms[side]) drawTile(g, x, y, size, view.arms[side]);
    else g.append(s('rect', { x, y, width: size, height: size, rx: 6, fill: '#eee', stroke: '#999', 'stroke-dasharray': '4 3' }));
    const sym = view.side_symbols?.[side];
    if (sym) g.append(s('text', { x: x + 10, y: y + 16, 'font-size': 14, fill: '#111', 'aria-hidden': 'true', class: 'sym' }, TULIKKO_SYMBOLS[sym] || ''));
    svg.append(g);
  }
  const [cx, cy] = at(1, 1);
  svg.append(s('g', { role: 'img', 'aria-label': t('tul.centreHidden'), dataset: { animSink: '' } },
    s('rect', { x: cx, y: cy, width: size, height: size, rx: 6, fill: '#3b3b4f', stroke: '#222' }),
    s('text', { x: cx + size / 2, y: cy + size / 2 + 8, 'text-anchor': 'middle', 'font-size': 24, fill: '#fff', 'aria-hidden': 'true' }, '?')));
  // slide-in arrows on each side of the board, pointing inwards
  const mid = W / 2;
  const arrows = {
    N: [mid, pad / 2, 'M -16 -11 L 16 -11 L 0 13 Z', [W - 2 * pad, pad]],
    S: [mid, W - pad / 2, 'M -16 11 L 16 11 L 0 -13 Z', [W - 2 * pad, pad]],
    W: [pad / 2, mid, 'M -11 -16 L -11 16 L 13 0 Z', [pad, W - 2 * pad]],
    E: [W - pad / 2, mid, 'M 11 -16 L 11 16 L -13 0 Z', [pad, W - 2 * pad]],
  };
  for (const side of ['N', 'E', 'S', 'W']) {
    const move = findMove(legal, 'slide', { side }) || findMove(legal, 'use-reslide', { side });
    // the re-slide spends an aurora tile (once per game): its arrows are drawn apart from
    // a slide's (dashed, the aurora's violet) and a tap on one asks first, in words
    const aurora = move?.type === 'use-reslide';
    const [x, y, d, [w, hgt]] = arrows[side];
    const g = s('g', { transform: `translate(${x} ${y})`, class: move ? `arrow legal${aurora ? ' aurora' : ''}` : 'arrow' });
    if (move) g.append(s('rect', { x: -w / 2, y: -hgt / 2, width: w, height: hgt, fill: 'transparent', class: 'hit' }));
    const ring = aurora ? { fill: '#efe3fb', stroke: '#5b2a86', 'stroke-dasharray': '6 4' } : { fill: move ? '#ffd166' : 'transparent', stroke: move ? '#111' : 'none' };
    g.append(s('circle', { r: 27, ...ring, 'stroke-width': 2.5, ...(move ? { class: 'hl' } : {}) }), s('path', { d, fill: aurora ? '#5b2a86' : move ? '#111' : '#767676' }));
    if (move) makeTarget(g, move, moveLabel('tulikko', move), aurora ? askAurora(onMove, 'reslide', { side: t(`side.${side}`) }) : onMove);
    else markSpace(g, { type: 'slide', side });
    svg.append(g);
  }
  return h('figure.tul-central-box', {}, svg, h('figcaption', {}, t('tul.central')));
}

function mapBoard(view, m, names, legal, onMove, isActive, active = null) {
  const pad = 6;
  const W = pad * 2 + COLS * CELL;
  const H = pad * 2 + ROWS * CELL;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'tul-map', role: 'group', 'aria-label': t('tul.map', { name: names(m.seat), animal: t(`tul.animal.${m.animal}`) }) });
  const xy = (cell) => [pad + (cell % COLS) * CELL, pad + Math.floor(cell / COLS) * CELL];
  for (let cell = 0; cell < ROWS * COLS; cell++) {
    const [x, y] = xy(cell);
    const row = Math.floor(cell / COLS);
    const col = cell % COLS;
    const id = m.cells[cell];
    const sym = m.symbols?.[cell];
    const what = [tileLabel(id), sym ? t(`tul.symbol.${sym}`) : null].filter(Boolean).join(t('list.sep'));
    const g = s('g', { role: 'img', dataset: { cell }, 'aria-label': t('text.labelled', { label: t('tul.cell', { row: row + 1, col: col + 1 }), text: what }) });
    g.append(s('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, fill: '#f4f1e8', stroke: '#b9b2a0' }));
    if (sym) g.append(s('text', { x: x + CELL / 2, y: y + CELL / 2 + 9, 'text-anchor': 'middle', 'font-size': 24, fill: '#6e675a', 'aria-hidden': 'true' }, TULIKKO_SYMBOLS[sym] || ''));
    if (id) drawTile(g, x + 4, y + 4, CELL - 8, id);
    if (isActive && view.token_cell === cell) g.append(s('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 5, fill: 'none', stroke: '#111', 'stroke-width': 3 }));
    const move = findMove(legal, 'place', { row, col }) || findMove(legal, 'move-to', { row, col }) || findMove(legal, 'use-move-tile', { row, col });
    if (move) {
      g.append(s('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 5, fill: 'rgba(255,209,102,0.6)', stroke: '#111', 'stroke-width': 3, 'stroke-dasharray': '7 3', class: 'hl' }));
      // picking a tile up spends the move-tile aurora tile: asked first, like the re-slide
      const spends = move.type === 'use-move-tile';
      makeTarget(g, move, moveLabel('tulikko', move), spends ? askAurora(onMove, 'moveTile', { at: t('tul.at', { row: row + 1, col: col + 1 }) }) : onMove);
    } else if (active !== null && m.seat !== active) markSpace(g, null, { owner: names(m.seat) });
    else markSpace(g, { type: view.phase === 'move' ? 'move-to' : 'place', row, col });
    svg.append(g);
  }
  // tokens on edges
  for (const [a, b, token] of m.edges || []) svg.append(edgeMark(xy, a, b, token, m.animal));
  // token targets: the edge between the new tile and each pending neighbour
  if (isActive && view.token_cell >= 0) {
    for (const move of legal.filter((mv) => mv.type === 'place-token')) {
      const n = move.row * COLS + move.col;
      const [ax, ay] = xy(view.token_cell);
      const [bx, by] = xy(n);
      const g = s('g', { class: 'edge-target' });
      // r 19: as large as two targets around one tile can be without overlapping
      g.append(s('circle', { cx: (ax + bx) / 2 + CELL / 2, cy: (ay + by) / 2 + CELL / 2, r: 19, fill: '#ffd166', stroke: '#111', 'stroke-width': 2.5, class: 'hl' }),
        s('text', { x: (ax + bx) / 2 + CELL / 2, y: (ay + by) / 2 + CELL / 2 + 7, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 'bold', 'aria-hidden': 'true' }, '+'));
      makeTarget(g, move, moveLabel('tulikko', move), onMove);
      svg.append(g);
    }
  }
  const supply = h('div.supply', {},
    counter('●', t('tul.animalsShort'), m.animals, t('tul.animals')),
    counter('≈', t('tul.riversShort'), m.rivers, t('tul.rivers')),
    counter('▦', t('tul.stackShort'), m.stack_size, t('tul.stack')));
  return h(`figure.tul-map-box${isActive ? '.active' : ''}`, { dataset: { seat: m.seat } },
    // the owner and the supply share the caption's line
    h('figcaption', {}, h('span', {}, h('strong', {}, names(m.seat)), ` — ${t(`tul.animal.${m.animal}`)}`, isActive ? h('span.visually-hidden', {}, t('text.aside', { note: t('game.toMoveBadge') })) : null), supply),
    svg);
}

/** A tap that would spend an aurora tile asks first (`tul.ask.<what>.*`, in words). */
function askAurora(onMove, what, params) {
  return askFirst(onMove, { title: t(`tul.ask.${what}.title`), text: t(`tul.ask.${what}.text`, params), yes: t('tul.ask.use') });
}

/** A labelled counter: glyph, word, number (the word says what the glyph means). */
function counter(glyph, word, n, title) {
  return h('span.counter', { title }, h('span', { 'aria-hidden': 'true' }, glyph), ` ${word} `, h('strong', {}, String(n)));
}

function edgeMark(xy, a, b, token, animal) {
  const [ax, ay] = xy(a);
  const [bx, by] = xy(b);
  const cx = (ax + bx) / 2 + CELL / 2;
  const cy = (ay + by) / 2 + CELL / 2;
  const river = token === 1;
  return s('g', { role: 'img', 'aria-label': river ? t('tul.riverToken') : t('tul.animalToken', { animal: t(`tul.animal.${animal}`) }) },
    s(river ? 'rect' : 'circle', river ? { x: cx - 10, y: cy - 7, width: 20, height: 14, rx: 4, fill: '#56B4E9', stroke: '#003' } : { cx, cy, r: 9, fill: '#D55E00', stroke: '#200' }),
    s('text', { x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': 11, fill: '#000', 'aria-hidden': 'true' }, river ? '≈' : t(`tul.animalShort.${animal}`)));
}

// Ducks in Tow: the park (hex tiles with their ducks and the pawns), the face-up
// display, and each player's tow, food, hand and completed cards. Ducks carry a shape
// per colour (circle, triangle, square, diamond) as well as the colour.
import { h, s } from '../ui.js';
import { t } from '../i18n.js';
import { DUCK_COLOURS, PAWN_COLOURS } from './palette.js';
import { findMove, makeTarget, moveLabel } from './index.js';

// PROVISIONAL park maps (core/games/ducks_in_tow/data.py MAPS, DIT-GAP05): axial (q, r)
// by tile count. Used only while the view does not carry the coordinates itself.
const LAYOUTS = {
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [-1, 2], [0, 2], [1, 2]],
  11: [[0, 0], [1, 0], [2, 0], [3, 0], [0, 1], [1, 1], [2, 1], [-1, 2], [0, 2], [1, 2], [2, 2]],
  14: [[1, 0], [2, 0], [3, 0], [0, 1], [1, 1], [2, 1], [3, 1], [-1, 2], [0, 2], [1, 2], [2, 2], [-1, 3], [0, 3], [1, 3]],
};
const LETTERS = ['Y', 'O', 'B', 'G'];
const R = 46;

function duckShape(colour, x, y, r = 7) {
  const c = DUCK_COLOURS[colour];
  const common = { fill: c.fill, stroke: '#111', 'stroke-width': 1.2 };
  if (c.shape === 'circle') return s('circle', { cx: x, cy: y, r, ...common });
  if (c.shape === 'square') return s('rect', { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, ...common });
  if (c.shape === 'triangle') return s('path', { d: `M ${x} ${y - r} L ${x + r} ${y + r * 0.8} L ${x - r} ${y + r * 0.8} Z`, ...common });
  return s('path', { d: `M ${x} ${y - r} L ${x + r} ${y} L ${x} ${y + r} L ${x - r} ${y} Z`, ...common });
}

function duckChip(colour, n) {
  const svg = s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, duckShape(colour, 8, 8, 6.5));
  return h('span.duck-chip', { title: t(`duck.colour.${colour}`) }, svg, `×${n}`, h('span.visually-hidden', {}, t(`duck.colour.${colour}`)));
}

function counts(list) {
  const items = (list || []).map((n, i) => (n ? duckChip(LETTERS[i], n) : null)).filter(Boolean);
  return items.length ? items : ['—'];
}

function foodChips(list) {
  const items = (list || []).map((n, i) => (n ? h('span.food-chip', { style: `border-color:${DUCK_COLOURS[LETTERS[i]].fill}` }, `${LETTERS[i]}·${n}`, h('span.visually-hidden', {}, t(`duck.colour.${LETTERS[i]}`))) : null)).filter(Boolean);
  return items.length ? items : ['—'];
}

export function renderDucks(container, ctx) {
  const { view, legal, onMove, names, readOnly } = ctx;
  if (!view.tiles || !view.players) throw new Error('not a Ducks in Tow view');
  const moves = readOnly ? [] : legal;
  container.append(
    h('div.dit-status', {},
      h('span', {}, t(`dit.phase.${view.phase}`) === `dit.phase.${view.phase}` ? view.phase : t(`dit.phase.${view.phase}`)), ' · ',
      view.phase === 'over' ? null : h('span', {}, t('dit.actionsLeft', { n: view.actions_left })),
      view.shaken ? [' · ', h('span', {}, t('dit.shaken'), ' ', duckChip(view.shaken, 1))] : null,
      view.end_trigger >= 0 ? [' · ', h('strong', {}, t('dit.finalTurns', { n: view.final_turns_left }))] : null),
    h('div.dit-layout', {}, park(view, moves, onMove, names), h('div.dit-side', {}, display(view, moves, onMove), players(view, moves, onMove, names, ctx))),
  );
}

function park(view, legal, onMove, names) {
  const layout = view.tiles.map((tile, i) => (tile.q !== undefined ? [tile.q, tile.r] : (LAYOUTS[view.tiles.length] || [])[i] || [i % 4, Math.floor(i / 4)]));
  const pts = layout.map(([q, r]) => [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - R - 4;
  const minY = Math.min(...ys) - R - 4;
  const W = Math.max(...xs) - minX + R + 4;
  const H = Math.max(...ys) - minY + R + 4;
  const svg = s('svg', { viewBox: `${minX} ${minY} ${W} ${H}`, class: 'dit-park', role: 'group', 'aria-label': t('dit.park') });
  view.tiles.forEach((tile, i) => {
    const [x, y] = pts[i];
    const corners = Array.from({ length: 6 }, (_, k) => {
      const a = (Math.PI / 180) * (60 * k - 30);
      return `${x + (R - 2) * Math.cos(a)},${y + (R - 2) * Math.sin(a)}`;
    }).join(' ');
    const role = tile.role;
    const fill = role === 'GS' ? '#fde7c8' : role === 'AD' ? '#f3d9ea' : '#d8eedf';
    const pawns = view.players.filter((p) => p.pawn === i);
    const ducks = tile.ducks || [];
    const label = `${t('dit.tile', { n: i + 1 })}: ${t(`dit.role.${role}`)}${tile.location ? ` ${tile.location}` : ''}; ${t('dit.ducksHere', { list: ducks.map((n, c) => (n ? `${t(`duck.colour.${LETTERS[c]}`)} ${n}` : null)).filter(Boolean).join(', ') || '0' })}${pawns.length ? `; ${t('dit.pawnsHere', { names: pawns.map((p) => names(p.seat)).join(', ') })}` : ''}`;
    const g = s('g', { role: 'img', 'aria-label': label, dataset: { tile: i } });
    g.append(s('polygon', { points: corners, fill, stroke: '#555', 'stroke-width': 1.5 }));
    g.append(s('text', { x, y: y - R * 0.5, 'text-anchor': 'middle', 'font-size': 11, fill: '#333', 'aria-hidden': 'true' }, `${i + 1} ${role === 'GS' ? t('dit.short.GS') : role === 'AD' ? t('dit.short.AD') : tile.location || ''}`));
    let k = 0;
    ducks.forEach((n, c) => {
      for (let j = 0; j < n; j++, k++) g.append(duckShape(LETTERS[c], x - 22 + (k % 4) * 15, y - 6 + Math.floor(k / 4) * 15, 6));
    });
    pawns.forEach((p, j) => g.append(s('circle', { cx: x - 12 + j * 12, cy: y + R * 0.55, r: 7, fill: PAWN_COLOURS[p.pawn_colour] || '#999', stroke: '#000', 'stroke-width': 1.5 }),
      s('text', { x: x - 12 + j * 12, y: y + R * 0.55 + 4, 'text-anchor': 'middle', 'font-size': 9, fill: p.pawn_colour === 'blue' ? '#fff' : '#000', 'aria-hidden': 'true' }, String(p.seat + 1))));
    const move = findMove(legal, 'move', { to: i }) || findMove(legal, 'disperse', { tile: i });
    if (move) {
      g.append(s('polygon', { points: corners, fill: 'rgba(255,209,102,0.35)', stroke: '#111', 'stroke-width': 3, 'stroke-dasharray': '7 4', class: 'hl' }));
      makeTarget(g, move, moveLabel('ducks-in-tow', move), onMove);
    }
    svg.append(g);
  });
  return h('figure.dit-park-box', {}, svg, h('figcaption', {}, t('dit.park')));
}

function display(view, legal, onMove) {
  const cards = view.display.map((card) => {
    const move = findMove(legal, 'take-display', { card });
    return move
      ? h('button.card.legal', { type: 'button', on: { click: () => onMove(move) }, 'aria-label': moveLabel('ducks-in-tow', move) }, card)
      : h('span.card', {}, card);
  });
  const deckMove = findMove(legal, 'take-deck');
  return h('section.dit-display', { 'aria-label': t('dit.display') },
    h('h3', {}, t('dit.display')),
    h('div.cards', {}, cards,
      deckMove ? h('button.card.deck.legal', { type: 'button', on: { click: () => onMove(deckMove) } }, t('dit.deck', { n: view.deck_size })) : h('span.card.deck', {}, t('dit.deck', { n: view.deck_size }))),
    h('p.small', {}, t('dit.bags'), ' ', counts(view.duck_bag), ' · ', t('dit.foodBag'), ' ', foodChips(view.food_bag)));
}

function players(view, legal, onMove, names) {
  return h('div.dit-players', {}, view.players.map((p) => {
    const active = p.seat === view.current && view.phase !== 'over';
    const hand = p.hand
      ? p.hand.map((card) => {
        const drop = legal.filter((m) => m.type === 'drop-off' && m.card === card);
        const discard = findMove(legal, 'discard-card', { card });
        return h('span.card', {}, card,
          ...drop.map((m) => h('button.mini.legal', { type: 'button', 'aria-label': moveLabel('ducks-in-tow', m), on: { click: () => onMove(m) } }, m.side === 'left' ? '⇤' : '⇥')),
          discard ? h('button.mini.legal', { type: 'button', 'aria-label': moveLabel('ducks-in-tow', discard), on: { click: () => onMove(discard) } }, '✕') : null);
      })
      : [h('span.card.back', {}, t('dit.handSize', { n: p.hand_size }))];
    return h(`section.dit-player${active ? '.active' : ''}`, { dataset: { seat: p.seat }, 'aria-label': names(p.seat) },
      h('h3', {}, h('span.pawn-dot', { style: `background:${PAWN_COLOURS[p.pawn_colour] || '#999'}` }), names(p.seat), active ? h('span.badge.turn-badge', {}, t('game.toMoveBadge')) : null),
      h('dl.kv', {},
        h('dt', {}, t('dit.tow')), h('dd', {}, counts(p.tow)),
        h('dt', {}, t('dit.food')), h('dd', {}, foodChips(p.food)),
        p.front?.some((n) => n) ? [h('dt', {}, t('dit.front')), h('dd', {}, counts(p.front))] : null,
        h('dt', {}, t('dit.hand')), h('dd', {}, hand),
        h('dt', {}, t('dit.tableau')), h('dd', {}, (p.tableau || []).map((slot) => tableauCard(slot))),
        h('dt', {}, t('dit.formations')), h('dd', {}, `${(p.claims || []).length} · ${t('dit.points', { n: p.formation_points })}`)));
  }));
}

/** A completed card: its four colour rows, a duck where one is printed or adopted. */
function tableauCard(slot) {
  const svg = s('svg', { viewBox: '0 0 20 44', width: 20, height: 44, 'aria-hidden': 'true' });
  LETTERS.forEach((colour, row) => {
    svg.append(s('rect', { x: 0.5, y: 0.5 + row * 11, width: 19, height: 10, fill: row % 2 ? '#f4f1e8' : '#fff', stroke: '#bbb', 'stroke-width': 0.5 }));
    if (slot.printed?.[row] || slot.adopted?.[row]) {
      const duck = duckShape(colour, 10, 5.5 + row * 11, 4);
      if (slot.adopted?.[row]) duck.setAttribute('stroke-dasharray', '1.5 1');
      if (slot.used?.[row]) duck.setAttribute('opacity', '0.45');
      svg.append(duck);
    }
  });
  const ducks = LETTERS.filter((_, row) => slot.printed?.[row] || slot.adopted?.[row]).map((c) => t(`duck.colour.${c}`)).join(', ');
  return h('span.card.done.tableau', { title: `${slot.card}: ${ducks}` }, svg, h('span', {}, slot.card), h('span.visually-hidden', {}, ducks));
}

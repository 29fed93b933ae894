// Ducks in Tow: the park (hex tiles with their ducks and the pawns), the face-up
// display, and each player's tow, food, hand and completed cards. Ducks carry a shape
// per colour (circle, triangle, square, diamond) as well as the colour.
import { h, s } from '../../ui.js';
import { t, tOr } from '../../i18n.js';
import { DUCK_COLOURS, PAWN_COLOURS } from './palette.js';
import { findMove, makeTarget, markSpace, moveButton, moveLabel, zoomable, zoomOnHold } from '../../kit/board.js';

const LETTERS = ['Y', 'O', 'B', 'G'];
// The action phase and the steps inside an action (a shaken duck, the Gift Shop): the
// actions left count there, not in the upkeep (disperse, food, hand).
export const ACTION_STEPS = new Set(['actions', 'shake', 'gift_draw', 'discard_card', 'discard_food']);
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

/** Food by colour (a duck shape of that colour and the count); a colour the player may
 * return now is a button (upkeep, Gift Shop overflow). */
function foodChips(list, legal = [], onMove = null) {
  const items = (list || []).map((n, i) => {
    if (!n) return null;
    const colour = LETTERS[i];
    const style = `border-color:${DUCK_COLOURS[colour].fill}`;
    const svg = s('svg', { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' }, duckShape(colour, 8, 8, 6));
    const text = [svg, `${n}`, h('span.visually-hidden', {}, ` ${t(`duck.colour.${colour}`)}`)];
    const move = findMove(legal, 'return-food', { colour });
    return move
      ? moveButton('button.food-chip.legal', move, moveLabel('ducks-in-tow', move, duckLabel), onMove, ...text)
      : h('span.food-chip', { style, title: t(`duck.colour.${colour}`) }, text);
  }).filter(Boolean);
  return items.length ? items : ['—'];
}

/** Colour counts [Y, O, B, G] as duck chips (a picker's choice of food or ducks). */
export function duckCounts(list) {
  return h('span.duck-counts', {}, counts(list));
}

/** moveLabel's formatter: colour counts and colours in words. */
export function duckLabel(key, value) {
  if (Array.isArray(value) && value.length === 4) {
    return value.map((n, i) => (n ? `${t(`duck.colour.${LETTERS[i]}`)}×${n}` : null)).filter(Boolean).join(t('list.sep')) || '—';
  }
  if (key === 'colour' || key === 'keep' || key === 'release') return tOr(`duck.colour.${value}`, value);
  if (key === 'card') return cardName(value);
  if (key === 'formation') return formationName(value);
  return undefined;
}

/** A formation card by its name (the board's and the log's: dit.formation.<id>). */
export function formationName(id, fallback = id) {
  return tOr(`dit.formation.${id}`, fallback);
}

/** `el`, followed by kit/animate.js as `key` (a card from the display into a hand). */
function keyed(el, key) {
  el.dataset.key = key;
  return el;
}

/** A location card by its place (the card id is the engine's, not the player's). */
export function cardName(id) {
  const [code, n] = String(id).split('-');
  if (code.startsWith('ST')) return t('dit.startCard');
  const place = tOr(`dit.place.${code}`, code);
  return n ? t('dit.cardOf', { place, n }) : place;
}

/** Colours [Y, O, B, G] (a row each) where `pick(row)` holds, in words. */
const colourList = (pick) => LETTERS.filter((_, row) => pick(row)).map((c) => t(`duck.colour.${c}`)).join(t('list.sep'));

export function renderDucks(container, ctx) {
  const { view, legal, onMove, names, readOnly } = ctx;
  if (!view.tiles || !view.players) throw new Error('not a Ducks in Tow view');
  const moves = readOnly ? [] : legal;
  const status = [
    h('span', {}, tOr(`dit.phase.${view.phase}`, view.phase)),
    ACTION_STEPS.has(view.phase) ? h('span', {}, t('dit.actionsLeft', { n: view.actions_left })) : null,
    view.shaken ? h('span', {}, t('dit.shaken'), ' ', duckChip(view.shaken, 1)) : null,
    view.end_trigger >= 0 && view.phase !== 'over' ? h('strong', {}, t('dit.finalTurns', { n: view.final_turns_left })) : null,
  ].filter(Boolean);
  // The player to move (else the viewer) comes first, beside the park; the others fold.
  const first = view.phase === 'over' ? null : view.current;
  const [acting, others] = players(view, moves, onMove, names, first);
  // the standing: points so far (longest rows + formation cards), labelled
  const standing = h('span.standing', { id: 'standing' },
    h('span.standing-label', {}, t('dit.standing')),
    view.players.map((p) => h('span.standing-item', { dataset: { seat: p.seat } }, `${names(p.seat)} `,
      h('strong', {}, String((p.rows || []).reduce((a, b) => a + b, 0) + (p.formation_points || 0))))));
  container.append(
    h('div.dit-status', {}, status.flatMap((part, i) => (i ? [' · ', part] : [part])), standing),
    h('div.dit-layout', {},
      h('div.dit-main', {}, park(view, moves, onMove, names), h('div.step-slot'), acting),
      h('div.dit-side', {}, display(view, moves, onMove), formationCards(view, names), others)),
  );
}

function park(view, legal, onMove, names) {
  const layout = view.tiles.map((tile, i) => (tile.q !== undefined ? [tile.q, tile.r] : [i % 4, Math.floor(i / 4)]));
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
    const what = tile.location ? t('dit.roleAt', { role: t(`dit.role.${role}`), place: tOr(`dit.place.${tile.location}`, tile.location) }) : t(`dit.role.${role}`);
    const label = [
      t('text.labelled', { label: t('dit.tile', { n: i + 1 }), text: what }),
      t('dit.ducksHere', { list: duckLabel('ducks', ducks) }),
      pawns.length ? t('dit.pawnsHere', { names: pawns.map((p) => names(p.seat)).join(t('list.sep')) }) : null,
    ].filter(Boolean).join(t('list.clauses'));
    const g = s('g', { role: 'img', 'aria-label': label, dataset: { tile: i } });
    g.append(s('polygon', { points: corners, fill, stroke: '#555', 'stroke-width': 1.5 }));
    // a legal tile: tinted under its ducks and label (they stay readable), a thick dashed rim
    const move = findMove(legal, 'move', { to: i }) || findMove(legal, 'disperse', { tile: i });
    if (move) g.append(s('polygon', { points: corners, fill: 'rgba(255,209,102,0.75)', stroke: '#111', 'stroke-width': 4, 'stroke-dasharray': '8 4', class: 'hl' }));
    g.append(s('text', { x, y: y - R * 0.5, 'text-anchor': 'middle', 'font-size': 11, fill: '#333', 'aria-hidden': 'true' }, `${i + 1} ${role === 'GS' ? t('dit.short.GS') : role === 'AD' ? t('dit.short.AD') : tile.location ? tOr(`dit.placeShort.${tile.location}`, '') : ''}`));
    let k = 0;
    ducks.forEach((n, c) => {
      for (let j = 0; j < n; j++, k++) g.append(duckShape(LETTERS[c], x - 22 + (k % 4) * 15, y - 6 + Math.floor(k / 4) * 15, 6));
    });
    pawns.forEach((p, j) => g.append(s('g', { dataset: { key: `pawn-${p.seat}` } },
      s('circle', { cx: x - 12 + j * 12, cy: y + R * 0.55, r: 7, fill: PAWN_COLOURS[p.pawn_colour] || '#999', stroke: '#000', 'stroke-width': 1.5 }),
      s('text', { x: x - 12 + j * 12, y: y + R * 0.55 + 4, 'text-anchor': 'middle', 'font-size': 9, fill: p.pawn_colour === 'blue' ? '#fff' : '#000', 'aria-hidden': 'true' }, String(p.seat + 1)))));
    if (move) makeTarget(g, move, moveLabel('ducks-in-tow', move, duckLabel), onMove);
    else markSpace(g, { type: 'move', to: i }); // a tap here says why the pawn cannot go there now
    svg.append(g);
  });
  return h('figure.dit-park-box', {}, svg, h('figcaption', {}, t('dit.park')));
}

function display(view, legal, onMove) {
  const cards = view.display.map((card) => {
    const move = findMove(legal, 'take-display', { card });
    const face = view.cards?.[card];
    return move
      // taken on a tap; opens whole on a press and hold
      ? keyed(zoomOnHold(moveButton('button.card.face.legal', move, `${moveLabel('ducks-in-tow', move, duckLabel)} — ${cardText(card, face)}`, onMove, cardSvg(face)), cardText(card, face), () => cardSvg(face)), card)
      : h('span.card.face', { dataset: { key: card } }, zoomable(cardSvg(face), cardText(card, face), () => cardSvg(face)));
  });
  const deckMove = findMove(legal, 'take-deck');
  return h('section.dit-display', { 'aria-label': t('dit.display') },
    h('h3', {}, t('dit.display')),
    h('div.cards', {}, cards,
      deckMove ? moveButton('button.card.deck.legal', deckMove, moveLabel('ducks-in-tow', deckMove), onMove, t('dit.deck', { n: view.deck_size })) : h('span.card.deck', {}, t('dit.deck', { n: view.deck_size }))),
    h('p.small', {}, t('dit.bags'), ' ', counts(view.duck_bag), ' · ', t('dit.foodBag'), ' ', foodChips(view.food_bag)));
}

/** [the acting (or viewing) player's panel, the others folded]. */
function players(view, legal, onMove, names, first) {
  const me = first ?? view.seat ?? 0;
  const panels = view.players.map((p) => {
    const active = p.seat === view.current && view.phase !== 'over';
    const hand = p.hand
      ? p.hand.map((card) => {
        const drop = legal.filter((m) => m.type === 'drop-off' && m.card === card);
        const discard = findMove(legal, 'discard-card', { card });
        const face = view.cards?.[card];
        const mine = (m, glyph) => moveButton('button.mini.legal', m, moveLabel('ducks-in-tow', m, duckLabel), onMove, glyph);
        const choices = [...drop.map((m) => mine(m, m.side === 'left' ? '⇤' : '⇥')), discard ? mine(discard, '✕') : null].filter(Boolean);
        // a card's choices stand beside it, not under it: the hand stays one card high
        return h(`span.card.face${choices.length ? '.has-moves' : ''}`, { dataset: { key: card } }, zoomable(cardSvg(face), cardText(card, face), () => cardSvg(face)),
          choices.length ? h('span.card-moves', {}, choices) : null);
      })
      : [h('span.card.back', {}, t('dit.handSize', { n: p.hand_size }))];
    const claimable = legal.filter((m) => m.type === 'claim');
    return h(`section.dit-player${active ? '.active' : ''}`, { dataset: { seat: p.seat, ...(p.seat === me ? { stage: 'acting' } : {}) }, 'aria-label': names(p.seat) },
      h('h3', {}, h('span.pawn-dot', { style: `background:${PAWN_COLOURS[p.pawn_colour] || '#999'}` }), names(p.seat), active ? h('span.badge.turn-badge', {}, t('game.toMoveBadge')) : null),
      h('dl.kv', {},
        // the tow and the food share a row (a phone's height is worth more than its width)
        h('dt', {}, rowName(t('dit.tow'))), h('dd.tow-food', {}, counts(p.tow), h('span.kv-label', {}, t('dit.food')), foodChips(p.food, active ? legal : [], onMove)),
        p.front?.some((n) => n) ? [h('dt', {}, rowName(t('dit.front'))), h('dd', {}, counts(p.front))] : null,
        h('dt', {}, rowName(t('dit.hand'))), h('dd.card-strip.hand', {}, hand),
        h('dt', {}, rowName(t('dit.tableau'))), h('dd.card-strip.tableau-strip', {}, (p.tableau || []).map((slot) => tableauCard(slot, view.cards?.[slot.card]))),
        h('dt', {}, rowName(t('dit.formations'))), h('dd', {}, t('dit.claimed', { n: (p.claims || []).length, points: p.formation_points }), active && claimable.length ? ' ' : null)));
  });
  const acting = panels.find((el) => Number(el.dataset.seat) === me);
  const others = panels.filter((el) => el !== acting);
  return [acting, others.length ? h('details.others', {}, h('summary', {}, t('game.otherPlayers', { n: others.length })), others) : null];
}

const CW = 34;
const ROW = 11;
const TOP = 13;

/** The colours of a card's printed ducks, row by row (from the face, else the slot). */
function printedRows(face, slot) {
  if (face?.rows) return face.rows.map((c) => Boolean(c));
  return LETTERS.map((_, row) => Boolean(slot?.printed?.[row]));
}

/**
 * A location or start card as printed: its location symbol on top, the grey zone of
 * four colour rows (a duck symbol where one is printed, an empty dashed space of that
 * row's shape elsewhere) and the number of ducks needed at the bottom. A tableau slot
 * adds the adopted ducks (dashed outline) and dims the ducks a formation covers.
 */
function cardSvg(face, slot = null) {
  const H = TOP + ROW * 4 + 12;
  const svg = s('svg', { viewBox: `0 0 ${CW} ${H}`, width: CW, height: H, 'aria-hidden': 'true', class: 'dit-card-face' });
  const start = face?.kind === 'start';
  svg.append(s('rect', { x: 0.5, y: 0.5, width: CW - 1, height: H - 1, rx: 3, fill: start ? '#fff4d6' : '#fffdf5', stroke: '#777', 'stroke-width': 0.8 }));
  svg.append(fitted(s('text', { x: CW / 2, y: 10, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 'bold', fill: '#333' }, start ? t('dit.startShort') : tOr(`dit.placeShort.${face?.location || (slot?.card || '?').split('-')[0]}`, '')), CW - 3, 8));
  // the grey zone: where formation cards may lie (4 rows x 1 column)
  svg.append(s('rect', { x: 2, y: TOP - 1, width: CW - 4, height: ROW * 4 + 2, fill: '#e4e4e4', stroke: '#aaa', 'stroke-width': 0.5 }));
  const printed = printedRows(face, slot);
  LETTERS.forEach((colour, row) => {
    const cy = TOP + row * ROW + ROW / 2;
    svg.append(s('line', { x1: 2, x2: CW - 2, y1: TOP + row * ROW, y2: TOP + row * ROW, stroke: '#fff', 'stroke-width': 0.6 }));
    const adopted = slot?.adopted?.[row];
    if (printed[row] || adopted) {
      const duck = duckShape(colour, CW / 2, cy, 4.2);
      if (adopted && !printed[row]) duck.setAttribute('stroke-dasharray', '1.5 1');
      if (slot?.used?.[row]) duck.setAttribute('opacity', '0.45');
      svg.append(duck);
    } else {
      const empty = duckShape(colour, CW / 2, cy, 3.6);
      empty.setAttribute('fill', 'none');
      empty.setAttribute('stroke', '#888');
      empty.setAttribute('stroke-width', '0.7');
      empty.setAttribute('stroke-dasharray', '1.2 1');
      svg.append(empty);
    }
  });
  const need = face ? face.needed : printed.filter(Boolean).length;
  if (start) svg.append(s('text', { x: CW / 2, y: H - 3, 'text-anchor': 'middle', 'font-size': 7.5, fill: '#333' }, '★'));
  else {
    // ducks needed to complete the card: a number in a circle
    svg.append(s('circle', { cx: CW / 2, cy: H - 6, r: 4.6, fill: '#fff', stroke: '#333', 'stroke-width': 0.7 }));
    svg.append(s('text', { x: CW / 2, y: H - 3.6, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 'bold', fill: '#111' }, String(need)));
  }
  return svg;
}

/** A row's name in the panel's narrow first column: it breaks between its words only
 * (「ロケ/ーションカー/ド」 was cut anywhere). Japanese has no spaces, so the breaks
 * are made: between a katakana word and what is not katakana, and before a trailing
 * 「カード」 (「完成した／ロケーション／カード」); CSS keeps the rest whole (keep-all). */
function rowName(text) {
  const words = String(text).match(/[\u30a0-\u30ff]+|[^\u30a0-\u30ff]+/g) || [];
  const parts = words.flatMap((w) => w.split(/(?=カード$)/));
  return parts.flatMap((w, i) => (i ? [h('wbr'), w] : [w]));
}

/** An SVG text squeezed to `width` when its words would run past it (a card is 34
 * wide: "Fountain" in bold was cut to "ountain"); estimated, as it is drawn unattached:
 * a wide (CJK) character is 1 em, another about 0.62 em in bold. */
function fitted(text, width, size) {
  const guess = [...text.textContent].reduce((sum, ch) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.62) * size, 0);
  if (guess > width) {
    text.setAttribute('textLength', String(width));
    text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  return text;
}

/** A card in words, for screen readers and tooltips. */
function cardText(id, face, slot = null) {
  const printed = printedRows(face, slot);
  const ducks = colourList((row) => printed[row]) || '—';
  const empty = colourList((row) => !printed[row] && !slot?.adopted?.[row]) || '—';
  const adopted = colourList((row) => slot?.adopted?.[row] && !printed[row]);
  const start = face?.kind === 'start';
  const clauses = [
    start ? t('dit.cardDucks', { list: ducks }) : t('dit.needs', { n: face ? face.needed : printed.filter(Boolean).length, list: ducks }),
    t('dit.emptySpaces', { list: empty }),
    adopted ? t('dit.adopted', { list: adopted }) : null,
  ];
  return t('text.labelled', { label: start ? t('dit.startCard') : cardName(id), text: clauses.filter(Boolean).join(t('list.clauses')) });
}

/** A completed card: as printed, with adopted ducks and formation-covered ducks. */
function tableauCard(slot, face) {
  return h('span.card.face.done.tableau', { dataset: { key: slot.card } }, zoomable(cardSvg(face, slot), cardText(slot.card, face, slot), () => cardSvg(face, slot)));
}

/** The formation cards on the table and claimed: pattern, points and owner. */
function formationCards(view, names) {
  const faces = Object.values(view.formation_cards || {});
  if (!faces.length) return null;
  const owners = {};
  for (const p of view.players) for (const c of p.claims || []) (owners[c.formation] ||= []).push(names(p.seat));
  const open = new Set(view.formations || []);
  return h('section.dit-formations', { 'aria-label': t('dit.formationCards') },
    h('h3', {}, t('dit.formationCards')),
    h('div.cards', {}, faces.map((f) => {
      const status = open.has(f.id) ? t('dit.available') : t('dit.claimedBy', { names: (owners[f.id] || []).join(t('list.sep')) || '—' });
      const about = [t('dit.points', { n: f.points }), t('dit.formationSize', { w: f.width, h: f.height }), status].join(t('list.clauses'));
      const label = t('text.labelled', { label: formationName(f.id, f.name), text: about });
      // opens whole on a tap, like every card face looked at
      return h(`span.card.face${open.has(f.id) ? '' : '.done'}`, { dataset: { formation: f.id } },
        zoomable(h('span.dit-formation-face', {}, formationSvg(f), h('span', { 'aria-hidden': 'true' }, `${f.points}★`)), label, () => formationSvg(f)));
    })));
}

function formationSvg(f) {
  const C = 9;
  const W = Math.max(f.width, 1) * C + 4;
  const H = 4 * C + 4;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, 'aria-hidden': 'true' });
  svg.append(s('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 2, fill: '#e4e4e4', stroke: '#aaa', 'stroke-width': 0.5 }));
  for (let dc = 0; dc < f.width; dc++) {
    for (let dr = 0; dr < f.height; dr++) svg.append(s('rect', { x: 2 + dc * C + 0.5, y: 2 + dr * C + 0.5, width: C - 1, height: C - 1, fill: '#fff', stroke: '#ccc', 'stroke-width': 0.4 }));
  }
  for (const [dc, dr] of f.cells) svg.append(s('circle', { cx: 2 + dc * C + C / 2, cy: 2 + dr * C + C / 2, r: 3, fill: '#333' }));
  return svg;
}

// Rewild: South America: the scoreboard's display (wildlife, predation, plant rows), the
// acting player's hex board with its biome tiles, tall trees and animal markers, their
// hand of player cards, stock and the three biome card rows; the other players fold.
//
// A turn is tapped where it happens: a half of an action card (or the harvest card) in
// the hand; a tile's hexes on the board, one by one (a hex that finishes a placement
// plays it, one that starts it is a lead: data-leads); a tile to upgrade; a display card,
// then where it goes (hexes, a tall tree, a biome row, its prey). The expert modules'
// choices are tapped the same way: a wildlife card to reserve, a card to re-trigger (then
// its new prey), a meeple's centre hex, a tile to relocate (then its new hexes). In a
// solo game players[1] is the opponent: its board shown, its face-down pile only counted.
import { h, s } from '../../ui.js';
import { t, tOr } from '../../i18n.js';
import { makeLead, makeTarget, moveButton, moveLabel, zoomable, zoomOnHold } from '../../kit/board.js';
import { BIOME_COLOURS, EMPTY_HEX, PLAYER_COLOURS, RESOURCES } from './palette.js';

const GAME = 'rewild-south-america';
const ROWS = 5; // the board's rows (RW-GAP01); a field is column * ROWS + row
const R = 30;
const HH = Math.sqrt(3) * R;
const BIOMES = ['S', 'G', 'R'];
const DECKS = ['wildlife', 'predation', 'plant'];
const OUTSIDE = -2; // `cover` of a field beyond the boundary
const ACTION_CARDS = ['S1', 'S2', 'G1', 'G2', 'R1', 'R2'];

// What the player has picked so far in a choice made in several taps (a display card,
// hexes, an extension's field); forgotten when the legal moves change.
let pick = { sig: '', card: null, fields: [], field: -1, tile: -1, again: -1 };
// Which card each placed uid is (uids are never reused), for the moves and the log that
// name a card by its uid (a re-trigger, a meeple, a switch).
const uidCard = new Map();
// The table's modules as last drawn, for the log's words (module 1 ends at 9 animals).
let longGame = false;

export const cardName = (id) => tOr(`rw.card.${id}`, t('rw.aCard'));
const cardText = (id) => t('text.labelled', { label: cardName(id), text: tOr(`rw.text.${id}`, '') });
const biomeName = (b) => t(`rw.biome.${b}`);

/** moveLabel's and the log's formatter: cards, biomes, hexes, halves and resources in words. */
export function rwLabel(key, value, move) {
  if (key === 'card' && move?.type === 'reserved' && !value) return t('rw.passReserve');
  if (key === 'card') return ACTION_CARDS.includes(value) || value === 'H' ? t(`rw.action.${value}`) : cardName(value);
  if (key === 'half') return move?.card ? t(`rw.halfText.${move.card}.${value}`) : undefined;
  if (key === 'biome') return biomeName(typeof value === 'number' ? BIOMES[value] : value);
  if (key === 'kind') return t(`rw.tile.${value}`);
  if (key === 'resource') return t(`rw.resource.${value}`);
  if (key === 'amount' || key === 'vp' || key === 'slot' || key === 'plant_hexes') return key === 'slot' ? Number(value) + 1 : value;
  if (key === 'row') return t(`rw.deck.${DECKS[value]}`);
  if (move?.type === 'wildlife' && (key === 'fields' || key === 'plant_hexes')) return wildlifeHexes(key, move);
  if (key === 'fields' || key === 'field') return [].concat(value).map((f) => t('rw.hexAt', { col: Math.floor(f / ROWS) + 1, row: (f % ROWS) + 1 })).join(t('list.sep'));
  if (key === 'display') return value.filter(Boolean).map(cardName).join(t('list.sep'));
  // a payment: all of it on its first field, in words
  if (key === 'mineral') return ['mineral', 'water', 'seed'].map((k, i) => (move?.[k] ? t('rw.amount', { n: move[k], resource: t(`rw.resource.${i}`) }) : null)).filter(Boolean).join(t('list.sep'));
  if (key === 'water' || key === 'seed') return '';
  if (key === 'why') return whyText(value);
  if (key === 'uid') return uidCard.has(value) ? cardName(uidCard.get(value)) : t('rw.aCard');
  return undefined;
}

/** Where an animal's markers go: its board hexes, then the plant-provided ones. */
function wildlifeHexes(key, move) {
  if (key === 'fields') return move.fields.length ? rwLabel('field', move.fields) : '';
  return move.plant_hexes ? t('rw.plantHexes', { n: move.plant_hexes }) : '';
}

const TRIGGERS = new Set(['animals', 'board-full', 'wildlife-deck']);

function whyText(why) {
  if (why === 'animals' && longGame) return t('rw.trigger.animals9'); // RW-165
  if (TRIGGERS.has(why)) return t(`rw.trigger.${why}`);
  if (why.startsWith('complete-')) return t('rw.why.complete', { biome: biomeName(why.slice(9)) });
  if (why === 'stars' || why === 'tree') return t(`rw.why.${why}`);
  return cardName(why);
}

export function renderRewild(container, ctx) {
  const { view } = ctx;
  if (!Array.isArray(view.display) || !Array.isArray(view.players) || !view.players.every((p) => Array.isArray(p.cover))) throw new Error('not a Rewild view');
  const legal = ctx.readOnly ? [] : ctx.legal || [];
  container.dataset.phase = view.phase;
  const sig = JSON.stringify(legal);
  if (pick.sig !== sig) pick = { sig, card: null, fields: [], field: -1, tile: -1, again: -1 };
  for (const p of view.players) for (const c of p.cards || []) uidCard.set(c.uid, c.card);
  longGame = Boolean(view.expert?.long_game);
  const redraw = () => {
    const controls = container.querySelector('#step-controls');
    container.replaceChildren();
    draw(container, ctx, legal, redraw);
    if (controls) container.querySelector('.step-slot')?.append(controls);
  };
  draw(container, ctx, legal, redraw);
  if (legal.length && shownStep.get(container) !== sig) {
    shownStep.set(container, sig);
    requestAnimationFrame(() => showActing(container));
  }
}

// On a phone the acting panel (board, hand, tableau rows) is taller than what is left
// under the scoreboard's display once the score strip and a long status line are there
// (#38 item 11: its tableau rows ran up to 73 px under the bottom bar). Each new step of
// a player here brings the whole panel into view, clear of the bottom bar and the score
// strip (their scroll padding: style.css), scrolling only as far as needed (the board,
// its controls and the display's cards stay on screen); a board already in view stays.
// Once a step and a screen (a language switch draws the screen anew: again).
const shownStep = new WeakMap();

function showActing(container) {
  const panel = container.querySelector('[data-stage=acting]');
  if (!panel?.isConnected || !window.matchMedia('(max-width: 699px)').matches) return;
  panel.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
}

function draw(container, ctx, legal, redraw) {
  const { view, names, onMove } = ctx;
  const over = view.phase === 'over';
  const me = over ? (view.seat ?? 0) : view.current;
  const status = [
    h('span', {}, t('rw.round', { n: view.round })),
    view.final_round ? h('strong', {}, t(view.round >= view.final_round ? 'rw.finalRound' : 'rw.oneMoreRound')) : null,
    h('span', {}, tOr(`rw.phase.${view.phase}`, '')),
  ].filter(Boolean);
  const panels = view.players.map((p, seat) => playerPanel(view, p, seat, seat === me ? legal : [], names, onMove, redraw, seat === me));
  const others = panels.filter((_, seat) => seat !== me);
  container.append(
    // each board's points: the score strip above the board (kit/score.js), not a line here
    h('div.rw-status', {}, status.flatMap((part, i) => (i ? [' · ', part] : [part]))),
    h('div.rw-layout', { dataset: { phase: view.phase } },
      display(view, legal, onMove, redraw),
      h('div.rw-main', {}, panels[me]),
      // solo: the opponent's board and pile shown, under its own name (RW-200)
      others.length ? h('details.others', { open: over || Boolean(view.expert?.solo) }, h('summary', {}, view.expert?.solo ? t('rw.opponent') : t('game.otherPlayers', { n: others.length })), others) : null),
  );
}

// -- the scoreboard's display (RW-029) ------------------------------------------------

function display(view, legal, onMove, redraw) {
  // a reservation (module 2, RW-167) is tapped on the wildlife card too
  const attracting = legal.filter((m) => ['wildlife', 'predation', 'plant', 'reserve'].includes(m.type));
  // the chosen card in words: what it needs and does (its button shows only its name)
  const chosen = pick.card ? cardAt(view, pick.card.row, pick.card.slot) : '';
  const mine = reservedOf(view, view.current);
  return h('section.rw-display', { 'aria-label': t('rw.scoreboard') },
    chosen ? h('p.rw-picked', { role: 'status' }, t('rw.picked', { card: cardText(chosen) })) : null,
    // a reserved wildlife card (RW-168): attracted like a displayed one, slot -1
    mine ? h('div.rw-row.rw-reserved', {}, h('span.rw-deck', {}, t('rw.reserved', { card: '' })), cardCell(mine, 0, -1, attracting, onMove, redraw, '')) : null,
    view.display.map((row, r) => h('div.rw-row', { dataset: { deck: DECKS[r] } },
      h('span.rw-deck', { title: t(`rw.deck.${DECKS[r]}`) }, h('span.visually-hidden', {}, t(`rw.deck.${DECKS[r]}`)), t(`rw.deckShort.${DECKS[r]}`), h('small', {}, String(view.deck_sizes?.[r] ?? ''))),
      row.map((id, slot) => {
        if (!id) return h('span.rw-card.empty', {}, '');
        // keyed by the card (and its copy), so a card sliding right on a refill glides
        return cardCell(id, r, slot, attracting, onMove, redraw, `card-${id}-${row.slice(0, slot).filter((x) => x === id).length}`);
      }))));
}

/** The wildlife card `seat` reserved and has yet to attract (module 2), or ''. */
function reservedOf(view, seat) {
  return (view.expert?.reserved || []).find((x) => x.seat === seat)?.card || '';
}

const cardAt = (view, row, slot) => (slot < 0 ? reservedOf(view, view.current) : view.display[row][slot]);

/** One card of the scoreboard (or the reserved one): a move, a first tap, or a face. */
function cardCell(id, r, slot, attracting, onMove, redraw, key) {
  const moves = attracting.filter((m) => (m.type === DECKS[r] || (r === 0 && m.type === 'reserve')) && m.slot === slot);
  const picked = pick.card && pick.card.row === r && pick.card.slot === slot;
  const face = [h('span.rw-glyph', { 'aria-hidden': 'true' }, tOr(`rw.glyph.${id}`, '')), h('span.rw-name', {}, cardName(id))];
  // a card that plays on a tap opens whole on a press and hold
  if (moves.length === 1) return keyed(zoomOnHold(moveButton('button.rw-card.legal', moves[0], `${moveLabel(GAME, moves[0], rwLabel)} — ${cardText(id)}`, onMove, ...face), cardText(id), () => bigCard(id)), key);
  if (moves.length) {
    const el = zoomOnHold(h(`button.rw-card.legal${picked ? '.picked' : ''}`, { type: 'button', 'aria-pressed': picked ? 'true' : 'false' }, ...face), cardText(id), () => bigCard(id));
    makeLead(el, moves, `${t('rw.pickCard')} — ${cardText(id)}`, () => {
      pick.card = picked ? null : { row: r, slot };
      pick.fields = [];
      redraw();
    });
    return keyed(el, key);
  }
  return keyed(h('span.rw-card', {}, zoomable(h('span.rw-face', {}, ...face), cardText(id), () => bigCard(id))), key);
}

function bigCard(id) {
  return h('div.rw-big', {}, h('p.rw-big-glyph', {}, tOr(`rw.glyph.${id}`, '')), h('h3', {}, cardName(id)), h('p', {}, tOr(`rw.text.${id}`, '')));
}

function keyed(el, key) {
  el.dataset.key = key;
  return el;
}

// -- a player: board, stock, hand, played cards, biome rows ---------------------------

function playerPanel(view, p, seat, legal, names, onMove, redraw, acting) {
  const active = seat === view.current && view.phase !== 'over';
  const ch = choices(view, p, legal);
  const stock = (p.stock || []).map((n, i) => h('span.rw-res', { title: t(`rw.resource.${i}`) }, h('span', { style: `color:${RESOURCES[i].colour}`, 'aria-hidden': 'true' }, RESOURCES[i].glyph), String(n), h('span.visually-hidden', {}, ` ${t(`rw.resource.${i}`)}`)));
  return h(`section.rw-player${active ? '.active' : ''}`, { dataset: { seat, ...(acting ? { stage: 'acting' } : {}) }, 'aria-label': names(seat) },
    h('h3', {}, h('span.pawn-dot', { style: `background:${PLAYER_COLOURS[seat % 4]}` }), names(seat), ' ', h('span.rw-score', {}, `${p.score}★`),
      view.start === seat ? h('span.badge', { title: t('rw.startPlayer') }, t('rw.startShort')) : null,
      active ? h('span.badge.turn-badge', {}, t('game.toMoveBadge')) : null, h('span.rw-stock', {}, stock)),
    h('div.rw-board-row', {}, board(view, p, seat, ch, onMove, redraw), acting ? h('div.step-slot') : null),
    ch.turns.length ? h('div.rw-turns', { role: 'group', 'aria-label': t('rw.pickTurn') }, ch.turns.map((m) => moveButton('button.step.legal', m, moveLabel(GAME, m, rwLabel), onMove))) : null,
    view.expert?.solo && seat === 1 ? h('p.rw-pile', {}, t('rw.pile', { n: view.pile })) : null,
    hand(p, legal, onMove),
    biomeRows(p, legal, ch, onMove, redraw));
}

function hand(p, legal, onMove) {
  // not choosing a card: one line, each card with the half it was played for
  if (!legal.some((m) => m.type === 'play' || m.type === 'harvest')) {
    return h('div.rw-hand.compact', { 'aria-label': t('rw.hand') }, [...ACTION_CARDS, 'H'].map((id) => {
      const played = (p.played || []).find((x) => x.split(':')[0] === id);
      const inHand = (p.hand || []).includes(id);
      const name = id === 'H' ? t('rw.action.H') : t(`rw.actionShort.${id}`);
      return h(`span.rw-action${inHand ? '' : '.played'}`, { title: played ? t('text.labelled', { label: t(`rw.action.${id}`), text: t(`rw.halfText.${id}.${played.split(':')[1]}`) }) : t(`rw.action.${id}`) },
        h('span.rw-action-name', {}, name, played ? ` ${t(`rw.halfShort.${id}.${played.split(':')[1]}`)}` : ''));
    }));
  }
  const cards = [...ACTION_CARDS, 'H'].map((id) => {
    const inHand = (p.hand || []).includes(id);
    const played = (p.played || []).find((x) => x.split(':')[0] === id);
    if (id === 'H') {
      const move = legal.find((m) => m.type === 'harvest');
      const face = [h('span.rw-action-name', {}, t('rw.action.H'))];
      return move ? moveButton('button.rw-action.legal', move, moveLabel(GAME, move, rwLabel), onMove, ...face) : h('span.rw-action', {}, ...face);
    }
    const halves = ['top', 'bottom'].map((half) => {
      const move = legal.find((m) => m.type === 'play' && m.card === id && m.half === half);
      const text = t(`rw.halfShort.${id}.${half}`);
      if (move) return moveButton('button.rw-half.legal', move, moveLabel(GAME, move, rwLabel), onMove, text);
      const up = played && played.endsWith(`:${half}`);
      return h(`span.rw-half${up ? '.up' : ''}`, { title: t(`rw.halfText.${id}.${half}`) }, text);
    });
    return h(`span.rw-action${inHand ? '' : '.played'}`, { title: `${t(`rw.action.${id}`)}${inHand ? '' : t('text.aside', { note: t('rw.played') })}` },
      h('span.rw-action-name', {}, t(`rw.actionShort.${id}`)), halves);
  });
  return h('div.rw-hand', { 'aria-label': t('rw.hand') }, cards);
}

function biomeRows(p, legal, ch, onMove, redraw) {
  const picked = pick.card ? legal.filter((m) => m.type === DECKS[pick.card.row] && m.slot === pick.card.slot) : [];
  // a re-trigger (module 3, RW-185): the card itself, then (a predation card) its new prey
  const again = legal.filter((m) => m.type === 'retrigger');
  return h('div.rw-biomes', {}, BIOMES.map((b, i) => {
    const cards = (p.cards || []).filter((c) => c.biome === b);
    // a plant goes into a row; so does an animal living on the row's plant-provided hexes only
    const into = picked.find((m) => m.type === 'plant' && m.biome === b && (m.prey ?? -1) < 0);
    const chips = cards.filter((c) => !c.covered).map((c) => {
      const under = cards.find((x) => x.uid === c.on);
      const prey = picked.find((m) => m.prey === c.uid);
      const label = `${cardText(c.card)}${under ? ` — ${t('rw.onTop', { card: cardName(under.card) })}` : ''}`;
      const face = [h('span.rw-glyph', { 'aria-hidden': 'true' }, tOr(`rw.glyph.${c.card}`, '')), h('span.rw-name', {}, cardName(c.card)),
        under ? h('span.rw-under', { title: t('rw.onTop', { card: cardName(under.card) }) }, '⤓', tOr(`rw.glyph.${under.card}`, '')) : null];
      if (prey) return keyed(moveButton('button.rw-chip.legal', prey, `${moveLabel(GAME, prey, rwLabel)} — ${label}`, onMove, ...face), `placed-${c.uid}`);
      const onto = again.find((m) => m.uid === pick.again && m.prey === c.uid);
      if (onto) return keyed(moveButton('button.rw-chip.legal', onto, `${moveLabel(GAME, onto, rwLabel)} — ${label}`, onMove, ...face), `placed-${c.uid}`);
      const mine = pick.again < 0 ? again.filter((m) => m.uid === c.uid) : [];
      if (mine.length === 1) return keyed(moveButton('button.rw-chip.legal', mine[0], `${moveLabel(GAME, mine[0], rwLabel)} — ${label}`, onMove, ...face), `placed-${c.uid}`);
      if (mine.length) {
        const el = h('button.rw-chip.legal', { type: 'button' }, ...face);
        return keyed(makeLead(el, mine, `${t('rw.pickCard')} — ${label}`, () => {
          pick.again = c.uid;
          redraw();
        }), `placed-${c.uid}`);
      }
      // a card looked at opens whole on a tap (not inside a row that is itself a button)
      if (into) return keyed(h('span.rw-chip', { title: label }, ...face), `placed-${c.uid}`);
      return keyed(h('span.rw-chip', {}, zoomable(h('span.rw-face', {}, ...face), label, () => bigCard(c.card))), `placed-${c.uid}`);
    });
    const head = [h('span.rw-biome-glyph', { title: biomeName(b), style: `background:${BIOME_COLOURS[b].fill};color:${BIOME_COLOURS[b].text}` }, BIOME_COLOURS[b].glyph),
      h('span.visually-hidden', {}, biomeName(b)), p.completed?.[i] ? h('span.rw-done', { title: t('rw.completed') }, '✔') : null];
    // the row's plant-provided hexes, tapped like the board's own while a wildlife card is chosen
    for (let k = 0; k < (p.plant_hexes?.[i] || 0); k++) {
      const el = hexChoice(h('button.rw-chip.rw-plant-hex', { type: 'button' }, '✿', t('rw.plantHex')), plantHex(i, k), ch, t('rw.plantHex'), redraw, onMove);
      if (el) chips.unshift(el);
    }
    const row = h(`div.rw-biome${into ? '.legal' : ''}`, { dataset: { biome: b } }, head, h('span.rw-chips', {}, chips.length ? chips : h('span.rw-none', {}, '—')));
    if (into) return moveButton('button.rw-biome.legal', into, moveLabel(GAME, into, rwLabel), onMove, head, h('span.rw-chips', {}, chips));
    return row;
  }));
}

// -- the hex board (RW-061..RW-091) ---------------------------------------------------

function centre(f) {
  const c = Math.floor(f / ROWS);
  const r = f % ROWS;
  return [R + c * 1.5 * R, HH / 2 + r * HH + (c % 2 ? HH / 2 : 0)];
}

function corners(x, y, k = R - 0.5) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i;
    return `${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}

/** A plant-provided hex of biome `b` (RW-146), as a choice: below the board's fields. */
const plantHex = (b, k) => -1 - b * 10 - k;

/** `el` as a step of the hex choice at `f` (the move it completes, a lead, or a chosen
 * hex to give back), or null when `f` is no choice now. */
function hexChoice(el, f, ch, label, redraw, onMove) {
  const offer = ch.hexes.get(f);
  if (offer?.move) return moveButton('button.rw-chip.rw-plant-hex.legal', offer.move, `${moveLabel(GAME, offer.move, rwLabel)} — ${label}`, onMove, ...el.childNodes);
  if (offer?.leads.length) {
    el.classList.add('legal');
    return makeLead(el, offer.leads, `${t('rw.pickHex')} — ${label}`, () => {
      pick.fields = [...pick.fields, f].sort((a, c) => a - c);
      redraw();
    });
  }
  if (pick.fields.includes(f)) {
    el.classList.add('picked');
    el.setAttribute('aria-label', `${t('rw.unpickHex')} — ${label}`);
    el.addEventListener('click', () => {
      pick.fields = pick.fields.filter((x) => x !== f);
      redraw();
    });
    return el;
  }
  return null;
}

/** The choices the board offers now: {hexes: field -> {move?, leads[]}, tiles: tile -> move}. */
function choices(view, p, legal) {
  const hexes = new Map();
  const tiles = new Map();
  const leads = new Map(); // tile -> the moves a first tap on it leads to (a relocation)
  const offer = (f, move, lead) => {
    const e = hexes.get(f) || { move: null, leads: [] };
    if (lead) e.leads.push(move);
    else e.move = move;
    hexes.set(f, e);
  };
  // a set of fields chosen hex by hex: a hex that completes a candidate plays it
  // several moves on the same hexes (a relocated tile turned): the last hex is a lead too,
  // then each way is a button beside the board (`turns`)
  const turns = [];
  const sameSet = (a, b) => a.length === b.length && a.every((f) => b.includes(f));
  const chooser = (cands) => {
    const live = cands.filter(([fields]) => pick.fields.every((f) => fields.includes(f)));
    for (const [fields, move] of live) {
      const last = fields.length === pick.fields.length + 1;
      const twins = last && live.filter(([g]) => sameSet(g, fields)).length > 1;
      for (const f of fields) {
        if (pick.fields.includes(f)) continue;
        offer(f, move, !last || twins);
      }
    }
    if (pick.fields.length) turns.push(...live.filter(([g]) => sameSet(g, pick.fields)).map(([, m]) => m));
  };
  switch (view.phase) {
    case 'place':
      chooser(legal.filter((m) => m.type === 'place').map((m) => [m.fields, m]));
      break;
    case 'extend': {
      const ext = legal.filter((m) => m.type === 'extend');
      if (pick.field >= 0) {
        for (const m of ext.filter((x) => x.field === pick.field)) tiles.set(m.tile, m);
      } else {
        for (const m of ext) offer(m.field, m, ext.some((x) => x.field === m.field && x.tile !== m.tile));
      }
      break;
    }
    case 'upgrade':
      for (const m of legal) if (m.type === 'tree' || m.type === 'flip') tiles.set(m.tile, m);
      break;
    case 'attract':
      if (pick.card && pick.card.row === 0) {
        const mine = legal.filter((m) => m.type === 'wildlife' && m.slot === pick.card.slot);
        // a plant-provided hex is one more hex to choose, drawn in its biome row
        const b = (m) => BIOMES.indexOf(m.biome);
        chooser(mine.filter((m) => (m.canopy ?? -1) < 0).map((m) => [[...Array.from({ length: m.plant_hexes }, (_, k) => plantHex(b(m), k)), ...m.fields], m]));
        for (const m of mine) if ((m.canopy ?? -1) >= 0) tiles.set(m.canopy, m);
      }
      break;
    case 'meeple': // module 4: the configuration's centre (RW-193)
      for (const m of legal) if (m.type === 'meeple') offer(m.field, m, false);
      break;
    case 'relocate': { // module 2: the tile, then its new hexes (RW-180)
      const moves = legal.filter((m) => m.type === 'relocate');
      if (pick.tile >= 0) chooser(moves.filter((m) => m.tile === pick.tile).map((m) => [[...m.fields, ...(m.ext >= 0 ? [m.ext] : [])], m]));
      else for (const m of moves) leads.set(m.tile, [...(leads.get(m.tile) || []), m]);
      break;
    }
    default:
  }
  return { hexes, tiles, leads, turns };
}

function board(view, p, seat, ch, onMove, redraw) {
  const n = p.cover.length;
  const cols = Math.ceil(n / ROWS);
  const W = 2 * R + (cols - 1) * 1.5 * R;
  const H = ROWS * HH + HH / 2;
  const svg = s('svg', { viewBox: `-2 -2 ${W + 4} ${H + 4}`, class: 'rw-board', role: 'group', 'aria-label': t('rw.board') });
  const { hexes, tiles } = ch;
  const tileMoves = new Map([...tiles].map(([i, m]) => [i, m]));
  const markerOf = new Map();
  const meeples = new Map((view.expert?.meeples || []).filter((m) => m.seat === seat).map((m) => [m.field, m]));
  for (const c of p.cards || []) for (const f of c.hexes || []) markerOf.set(f, c);
  for (let f = 0; f < n; f++) {
    const [x, y] = centre(f);
    const ti = p.cover[f];
    if (ti === OUTSIDE) continue; // beyond the expert side's boundary (RW-184)
    const tile = ti >= 0 ? p.tiles[ti] : null;
    const kind = tile ? (tile.ext === f ? 'S' : tile.kind) : null;
    const colour = kind ? BIOME_COLOURS[kind] : null;
    const g = s('g', { dataset: { field: f } });
    g.append(s('polygon', { points: corners(x, y), fill: colour ? colour.fill : EMPTY_HEX, stroke: tile ? '#333' : '#b9ae98', 'stroke-width': tile ? 1.6 : 1, 'stroke-dasharray': tile ? null : '3 2' }));
    if (tile) {
      const art = s('g', { dataset: { key: `tile-${seat}-${ti}-${f}` } });
      art.append(s('text', { x, y: y - R * 0.42, 'text-anchor': 'middle', 'font-size': 13, fill: colour.text, 'aria-hidden': 'true' }, colour.glyph));
      if (tile.ext === f) art.append(s('text', { x: x + R * 0.45, y: y - R * 0.35, 'font-size': 10, fill: '#000', 'aria-hidden': 'true' }, '+'));
      if (tile.tree && tile.fields[0] === f) {
        art.append(s('path', { d: `M ${x} ${y - R * 0.85} L ${x + R * 0.42} ${y - R * 0.05} L ${x - R * 0.42} ${y - R * 0.05} Z`, fill: '#0b4d2c', stroke: '#fff', 'stroke-width': 1 }));
        art.append(s('rect', { x: x - 2, y: y - R * 0.05, width: 4, height: R * 0.25, fill: '#5a3a1a' }));
      }
      g.append(art);
    }
    const marker = markerOf.get(f);
    if (marker || (tile && tile.canopy >= 0 && tile.fields[0] === f)) {
      const card = marker || (p.cards || []).find((c) => c.uid === tile.canopy);
      const cy = marker ? y + R * 0.3 : y - R * 0.5;
      g.append(s('g', { dataset: { key: `marker-${seat}-${card?.uid}-${f}${marker ? '' : '-top'}` } },
        s('circle', { cx: x, cy, r: R * 0.34, fill: '#fff', stroke: PLAYER_COLOURS[seat % 4], 'stroke-width': 3 }),
        s('text', { x, y: cy + 5, 'text-anchor': 'middle', 'font-size': 13, 'aria-hidden': 'true' }, card ? tOr(`rw.glyph.${card.card}`, '🐾') : '🐾')));
    }
    const meeple = meeples.get(f);
    if (meeple) {
      g.append(s('g', { dataset: { key: `meeple-${seat}-${meeple.uid}` } },
        s('rect', { x: x - R * 0.62, y: y - R * 0.12, width: R * 0.34, height: R * 0.34, rx: 3, fill: PLAYER_COLOURS[seat % 4], stroke: '#fff', 'stroke-width': 1.5 }),
        s('title', {}, t('text.labelled', { label: t('rw.meeple'), text: cardName(uidCard.get(meeple.uid)) }))));
    }
    const chosen = pick.fields.includes(f) || pick.field === f;
    if (chosen) g.append(s('polygon', { points: corners(x, y, R - 4), fill: 'rgba(0,114,178,0.35)', stroke: '#003f7f', 'stroke-width': 4 }));
    const offer = hexes.get(f);
    const tileMove = ti >= 0 ? tileMoves.get(ti) : undefined;
    const tileLead = ti >= 0 ? ch.leads.get(ti) : undefined;
    const label = hexLabel(f, tile, kind, marker);
    if (offer?.move || tileMove) {
      const move = offer?.move || tileMove;
      g.append(s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,209,102,0.55)', stroke: '#111', 'stroke-width': 3, 'stroke-dasharray': '6 3', class: 'hl' }));
      makeTarget(g, move, `${moveLabel(GAME, move, rwLabel)} — ${label}`, onMove);
    } else if (offer?.leads.length) {
      g.append(s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,209,102,0.4)', stroke: '#111', 'stroke-width': 2, 'stroke-dasharray': '3 3', class: 'hl' }));
      makeLead(g, offer.leads, `${t('rw.pickHex')} — ${label}`, () => {
        if (view.phase === 'extend') pick.field = f;
        else pick.fields = [...pick.fields, f].sort((a, b) => a - b);
        redraw();
      });
    } else if (tileLead) {
      g.append(s('polygon', { points: corners(x, y, R - 3), fill: 'rgba(255,209,102,0.4)', stroke: '#111', 'stroke-width': 2, 'stroke-dasharray': '3 3', class: 'hl' }));
      makeLead(g, tileLead, `${t('rw.pickTile')} — ${label}`, () => {
        pick.tile = ti;
        redraw();
      });
    } else if (chosen) {
      g.setAttribute('role', 'button');
      g.setAttribute('tabindex', '0');
      g.setAttribute('aria-label', `${t('rw.unpickHex')} — ${label}`);
      g.classList.add('target');
      g.addEventListener('click', () => {
        pick.fields = pick.fields.filter((x) => x !== f);
        pick.field = -1;
        redraw();
      });
    } else g.append(s('title', {}, label));
    svg.append(g);
  }
  return h('figure.rw-board-box', {}, svg);
}

function hexLabel(f, tile, kind, marker) {
  const where = t('rw.hexAt', { col: Math.floor(f / ROWS) + 1, row: (f % ROWS) + 1 });
  if (!tile) return t('text.labelled', { label: where, text: t('rw.emptyField') });
  const parts = [t(`rw.tile.${kind}`)];
  if (tile.tree) parts.push(t('rw.tile.T'));
  if (marker) parts.push(cardName(marker.card));
  return t('text.labelled', { label: where, text: parts.join(t('list.sep')) });
}

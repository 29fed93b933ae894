// Valley of the Torii: the two wheels (the large one with its centre tile; in solo its
// solo side, links and grey fans), the acting artist's painting board with its seals,
// scroll and paintbrush, the tiles a seal drew, the other boards (folded) and the five
// objective cards. Every step of a turn is a tap on a wheel tile, a board slot, a drawn
// tile or a token; the water seal and the paintbrush are tapped first, then the tiles
// they act on (the board then offers every such move itself: data-covers). A placement
// that completes a ≠ line offering several seals is a tap on its slot too: the slot is
// chosen, then the seal, beside the board. Every other slot, wheel tile and board is a
// space (kit markSpace): a tap there says why it plays nothing now.
import { h, s } from '../../ui.js';
import { t, tOr, pick } from '../../i18n.js';
import { LANDSCAPES, RAINBOW, TORII, PAPER, END_SLOT } from './palette.js';
import { findMove, makeLead, makeTarget, markSpace, moveButton } from '../../kit/board.js';
import { tileName, moveText, objectiveName, remember, rememberObjectives, rememberWheels, slotName } from './words.js';

const WHEEL_IDS = ['large', 'small'];
const TILE = 38; // a tile on a wheel (its tap target is HIT)
const HIT = 46;
const CELL = 56; // a board slot
const ROW_H = 50;

// A tap that only selects (the water seal's first tile, the cherry seal's drawn tile, a
// slot whose placement gains a seal to choose), kept across redraws of the same step.
const picked = { step: '', mode: '', first: null, slot: null };

function stepKey(view) {
  return `${view.turn}:${view.phase}:${view.to_move.join(',')}:${view.wheels.flat().join(',')}`;
}

/** A tile face: landscape colour and glyph, torii mark, paintbrush mark. */
function tileShape(view, id, x, y, size, { key = true } = {}) {
  const face = view.tiles[id];
  remember(id, face);
  const look = face && face.landscape ? LANDSCAPES[face.landscape] : RAINBOW;
  const g = s('g', { class: 'tor-tile', dataset: key ? { key: id } : {} });
  const half = size / 2;
  g.append(s('rect', { x: x - half, y: y - half, width: size, height: size, rx: 5, fill: look.fill, stroke: '#333', 'stroke-width': 1.2 }));
  g.append(s('text', { x, y: y + size * 0.16, 'text-anchor': 'middle', 'font-size': size * 0.46, fill: look.text, 'aria-hidden': 'true' }, look.glyph));
  if (face?.torii) {
    const c = TORII[face.torii];
    const tx = x + half - size * 0.2;
    const ty = y - half + size * 0.2;
    g.append(s('circle', { cx: tx, cy: ty, r: size * 0.19, fill: c.fill, stroke: '#111', 'stroke-width': 0.8 }));
    g.append(s('text', { x: tx, y: ty + size * 0.08, 'text-anchor': 'middle', 'font-size': size * 0.22, fill: face.torii === 'yellow' ? '#111' : '#fff', 'aria-hidden': 'true' }, c.glyph));
  }
  if (face?.brush) g.append(s('text', { x: x - half + size * 0.2, y: y + half - size * 0.08, 'text-anchor': 'middle', 'font-size': size * 0.3, fill: '#111', 'aria-hidden': 'true' }, '✎'));
  g.append(s('title', {}, tileName(id)));
  return g;
}

/** A tile as a small HTML chip (a picker's choice, the drawn tiles). */
export function tileChip(view, id) {
  const svg = s('svg', { viewBox: '0 0 40 40', width: 40, height: 40, 'aria-hidden': 'true' }, tileShape(view, id, 20, 20, 36, { key: false }));
  return h('span.tor-chip', {}, svg, h('span.visually-hidden', {}, tileName(id)));
}

function recessXY(n, i, cx, cy, r) {
  const a = (Math.PI / 180) * (-90 + (i + 0.5) * (360 / n));
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function wheels(view, moves, onMove, mode, redraw) {
  const solo = view.solo;
  const specs = solo ? [{ w: 0, cx: 192, cy: 111, r: 86 }] : [{ w: 0, cx: 111, cy: 111, r: 86 }, { w: 1, cx: 298, cy: 111, r: 60 }];
  const svg = s('svg', { viewBox: '0 0 384 222', class: 'tor-wheels', role: 'group', 'aria-label': t('tor.wheels') });
  svg.append(s('defs', {}, s('linearGradient', { id: 'tor-rainbow', x1: 0, y1: 0, x2: 1, y2: 1 },
    ...['#e66', '#fc6', '#ff8', '#8e8', '#8cf', '#c9f'].map((c, i) => s('stop', { offset: `${i * 20}%`, 'stop-color': c })))));
  for (const { w, cx, cy, r } of specs) {
    const ring = view.wheels[w];
    const n = ring.length;
    const wheelId = WHEEL_IDS[w];
    const avail = new Set(view.available[w]);
    svg.append(s('circle', { cx, cy, r: r + 24, fill: '#f6f1e7', stroke: '#a89b83', 'stroke-width': 2 }));
    svg.append(s('circle', { cx, cy, r: r - 24, fill: '#e9e0cc', stroke: '#a89b83', 'stroke-width': 1 }));
    if (solo) {
      for (const [a, b] of view.layout.links) {
        const [x1, y1] = recessXY(n, a, cx, cy, r - 22);
        const [x2, y2] = recessXY(n, b, cx, cy, r - 22);
        svg.append(s('line', { x1, y1, x2, y2, stroke: '#8a7a5c', 'stroke-width': 2, 'stroke-dasharray': '4 3' }));
      }
    }
    // the arrow: between the last recess and the first, pointing at both
    svg.append(s('path', { d: `M ${cx - 7} ${cy - r - 27} L ${cx + 7} ${cy - r - 27} L ${cx} ${cy - r - 15} Z`, fill: '#b03a2e', 'aria-hidden': 'true' }));
    if (w === 0 && view.centre) {
      const c = tileShape(view, view.centre, cx, cy, TILE);
      c.append(s('title', {}, t('tor.centre', { landscape: t(`tor.landscape.${view.scroll_landscape}`) })));
      svg.append(c);
    }
    ring.forEach((tile, i) => {
      const [x, y] = recessXY(n, i, cx, cy, r);
      const g = s('g', { dataset: { wheel: wheelId, recess: i } });
      g.append(s('rect', { x: x - HIT / 2, y: y - HIT / 2, width: HIT, height: HIT, rx: 8, fill: 'transparent', class: 'hit' }));
      if (solo && view.layout.fans.includes(i)) {
        const [fx, fy] = recessXY(n, i, cx, cy, r - 30);
        svg.append(s('text', { x: fx, y: fy + 4, 'text-anchor': 'middle', 'font-size': 12, fill: '#777', 'aria-hidden': 'true' }, '◔'));
      }
      const where = { wheel: wheelId, recess: i };
      if (!tile) {
        g.append(s('circle', { cx: x, cy: y, r: TILE / 2 - 4, fill: 'none', stroke: '#b9ad95', 'stroke-width': 1.5, 'stroke-dasharray': '3 3' }));
        svg.append(markSpace(g, { type: 'take', ...where }));
        return;
      }
      if (avail.has(i)) g.append(s('rect', { x: x - TILE / 2 - 3, y: y - TILE / 2 - 3, width: TILE + 6, height: TILE + 6, rx: 7, fill: 'none', stroke: '#2a7', 'stroke-width': 2.5 }));
      g.append(tileShape(view, tile, x, y, TILE));
      if (view.phase === 'rainbow_put' && view.rainbow_pick[0] === w && view.rainbow_pick[1] === i) {
        // the wheel tile chosen for the rainbow swap, waiting for its board tile
        g.append(s('rect', { x: x - HIT / 2 + 1, y: y - HIT / 2 + 1, width: HIT - 2, height: HIT - 2, rx: 8, fill: 'rgba(0,114,178,0.25)', stroke: '#0072B2', 'stroke-width': 4, class: 'picked' }));
      }
      let move = null;
      if (mode === 'paint') move = findMove(moves, 'paint', where);
      else if (mode === 'swap') {
        const first = picked.first;
        if (first && first.wheel === wheelId && first.recess !== i) {
          const [a, b] = [Math.min(first.recess, i), Math.max(first.recess, i)];
          move = findMove(moves, 'swap-wheel', { wheel: wheelId, a, b });
        } else if (!first || first.wheel !== wheelId || first.recess === i) {
          if (moves.some((m) => m.type === 'swap-wheel' && m.wheel === wheelId)) {
            selectTarget(g, first && first.recess === i && first.wheel === wheelId, t('tor.swapFirst', { tile: tileName(tile) }), () => {
              picked.first = first && first.recess === i && first.wheel === wheelId ? null : { wheel: wheelId, recess: i };
              redraw();
            });
          }
        }
      } else {
        move = findMove(moves, 'take', where) || findMove(moves, 'rainbow-pick', where)
          || (view.refilled === w ? findMove(moves, 'reserve', { recess: i }) : null);
      }
      if (move) {
        g.append(s('rect', { x: x - TILE / 2 - 3, y: y - TILE / 2 - 3, width: TILE + 6, height: TILE + 6, rx: 7, fill: 'none', stroke: '#111', 'stroke-width': 3, 'stroke-dasharray': '6 3', class: 'hl' }));
        makeTarget(g, move, moveText(move), onMove);
      } else if (!g.dataset.select) markSpace(g, mode === 'swap' ? null : { type: mode === 'paint' ? 'paint' : 'take', ...where });
      svg.append(g);
    });
  }
  return svg;
}

/** An SVG element that selects (no move yet): the first tile of a water-seal swap. */
function selectTarget(g, on, label, fn) {
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'button');
  g.setAttribute('aria-pressed', on ? 'true' : 'false');
  g.setAttribute('aria-label', label);
  g.classList.add('target', 'select');
  g.dataset.select = '1';
  const bbox = g.querySelector('.hit');
  g.append(s('rect', { x: Number(bbox.getAttribute('x')) + 1, y: Number(bbox.getAttribute('y')) + 1, width: HIT - 2, height: HIT - 2, rx: 8, fill: on ? 'rgba(0,114,178,0.3)' : 'none', stroke: '#0072B2', 'stroke-width': on ? 4 : 2, 'stroke-dasharray': on ? '' : '4 3' }));
  g.addEventListener('click', fn);
  g.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      fn();
    }
  });
}

function slotXY(slot) {
  return [CELL / 2 + 2 + slot.x2 * (CELL / 2), 2 + (5 - slot.row) * ROW_H + ROW_H / 2];
}

/** One painting board: tiles, paper tiles, the ≠ and scroll slots, the dark end slots;
 * the slots this step can fill (or replace) are targets. */
function boardSvg(view, b, moves, onMove, { small = false, cherryTile = null, owner = null, redraw = null } = {}) {
  const slots = view.layout.slots;
  const W = CELL / 2 + 4 + Math.max(...slots.map((x) => x.x2)) * (CELL / 2) + CELL / 2;
  const H = 4 + 5 * ROW_H;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: small ? 'tor-board small' : 'tor-board', role: 'group', 'aria-label': t('tor.board') });
  const board = view.boards[b];
  const lines = new Set(view.layout.seal_lines.flat());
  const paper = new Set(view.paper);
  slots.forEach((slot, i) => {
    const [x, y] = slotXY(slot);
    const tile = board[i];
    const g = s('g', { dataset: { slot: slot.id, row: slot.row } });
    const top = slot.row === 5;
    g.append(s('rect', { x: x - CELL / 2 + 1, y: y - ROW_H / 2 + 1, width: CELL - 2, height: ROW_H - 2, rx: 6, fill: paper.has(slot.id) ? PAPER : top ? END_SLOT : '#fbf8f1', stroke: '#b5a98f', 'stroke-width': 1, class: 'hit' }));
    if (paper.has(slot.id)) {
      g.append(s('path', { d: `M ${x - 18} ${y + 14} L ${x + 18} ${y - 14} M ${x - 18} ${y} L ${x} ${y - 14} M ${x} ${y + 14} L ${x + 18} ${y}`, stroke: '#c9b98f', 'stroke-width': 1.5, 'aria-hidden': 'true' }));
      g.append(s('title', {}, t('tor.paper')));
    } else if (!tile) {
      if (lines.has(slot.id)) g.append(s('text', { x, y: y + 7, 'text-anchor': 'middle', 'font-size': 20, fill: '#9a8a6a', 'aria-hidden': 'true' }, '≠'));
      if (slot.id === view.layout.scroll_slot) {
        const look = LANDSCAPES[view.scroll_landscape];
        g.append(s('rect', { x: x - 14, y: y - 10, width: 28, height: 20, rx: 9, fill: look?.fill || '#ddd', stroke: '#8a7a5c', 'stroke-width': 1.2 }));
        g.append(s('text', { x, y: y + 5, 'text-anchor': 'middle', 'font-size': 13, fill: look?.text || '#111', 'aria-hidden': 'true' }, look?.glyph || ''));
        g.append(s('title', {}, t('tor.scrollSlot', { landscape: t(`tor.landscape.${view.scroll_landscape}`) })));
      }
    } else g.append(tileShape(view, tile, x, y, CELL - 10));
    const here = slotMoves(moves, slot.id, cherryTile);
    if (here.length) {
      const bamboo = here[0].bamboo;
      const on = here.length > 1 && picked.slot === slot.id;
      g.append(s('rect', { x: x - CELL / 2 + 3, y: y - ROW_H / 2 + 3, width: CELL - 6, height: ROW_H - 6, rx: 6, fill: on ? 'rgba(0,114,178,0.3)' : tile ? 'none' : 'rgba(255,209,102,0.75)', stroke: on ? '#0072B2' : bamboo ? '#009E73' : '#111', 'stroke-width': on ? 4 : 3, 'stroke-dasharray': on ? '' : '7 3', class: on ? 'hl picked' : 'hl' }));
      if (bamboo) g.append(s('text', { x: x + CELL / 2 - 12, y: y - ROW_H / 2 + 16, 'font-size': 13, fill: '#0b3d17', 'aria-hidden': 'true' }, '‖'));
      if (here.length === 1) makeTarget(g, here[0], moveText(here[0]), onMove);
      else {
        // the seal is chosen next, beside the board (sealChoice); a second tap unchooses
        makeLead(g, here, `${moveText({ ...here[0], seal: '' })}${t('tor.thenSeal')}`, () => {
          picked.slot = on ? null : slot.id;
          redraw?.();
        });
        g.setAttribute('aria-pressed', String(on));
      }
    } else markSpace(g, small ? null : triedAt(view, slot.id, cherryTile), { owner });
    svg.append(g);
  });
  return svg;
}

/** The moves that fill (or replace) `slot` now: one, or one per seal the placement
 * may gain (a ≠ line completed: the slot is tapped, then the seal). */
function slotMoves(moves, slot, cherryTile) {
  const here = moves.filter((m) => (m.type === 'place' || m.type === 'rainbow-put') && m.slot === slot);
  if (here.length) return here;
  const replace = cherryTile ? findMove(moves, 'cherry-replace', { tile: cherryTile, slot }) : null;
  return replace ? [replace] : [];
}

/** The move a tap on the acting board's `slot` would make in this phase, were it legal
 * (the engine then says why it is not: the slot is taken, not supported, not yet…). */
function triedAt(view, slot, cherryTile) {
  if (view.phase === 'over') return null;
  if (view.phase === 'rainbow_put') return { type: 'rainbow-put', slot };
  if (view.phase === 'cherry_pick') return cherryTile ? { type: 'cherry-replace', tile: cherryTile, slot } : null;
  return { type: 'place', slot };
}

/** The seals a placement in the chosen slot may gain: one button each, over the
 * board just above the slot (or below it, near the top), the slot marked on the board;
 * and a way back to choosing the slot. It covers rows the choice does not need. */
function sealChoice(view, moves, onMove, redraw) {
  const id = picked.slot;
  const here = id ? moves.filter((m) => (m.type === 'place' || m.type === 'rainbow-put') && m.slot === id) : [];
  const slot = view.layout.slots.find((x) => x.id === id);
  if (here.length < 2 || !slot) return null;
  const box = h('div.tor-seal-choice', { id: 'tor-seal-choice', role: 'group', 'aria-label': t('tor.sealChooseAt', { slot: slotName(id) }) },
    h('span.tor-seal-prompt', {}, t('tor.sealChoose')),
    h('span.tor-seal-options', {},
      here.map((move) => {
        const look = LANDSCAPES[move.seal];
        return moveButton('button.tor-token.tor-seal-option.legal', move, moveText(move), onMove,
          h('span.tor-seal-glyph', { style: `background:${look.fill};color:${look.text}` }, look.glyph), t(`tor.landscape.${move.seal}`));
      }),
      h('button.tor-token.tor-seal-back', { type: 'button', id: 'tor-seal-back', 'aria-label': t('common.cancel'), title: t('common.cancel'), on: { click: () => { picked.slot = null; redraw(); } } }, '✕')));
  // where the slot is on the drawing (boardSvg's rows), as a share of its height
  const y = slotXY(slot)[1];
  const H = 4 + 5 * ROW_H;
  const top = ((y - ROW_H / 2) / H) * 100;
  if (top > 35) box.style.bottom = `${(100 - top).toFixed(1)}%`;
  else box.style.top = `${(((y + ROW_H / 2) / H) * 100).toFixed(1)}%`;
  return box;
}

/** An artist's tokens: seals (a seal that acts now is a button), scroll, paintbrush,
 * the reserved tile on the mountain seal. */
function tokens(view, b, moves, onMove, mode, setMode) {
  const out = [];
  if (b < view.scrolls.length && view.scrolls[b]) out.push(h('span.tor-token', {}, t('tor.scrollToken', { n: view.scrolls[b].replace(/\D/g, '') })));
  const artist = !view.solo || b === 0;
  if (!artist) return out;
  for (const [seal, holder] of Object.entries(view.seal_holder)) {
    if (holder !== b) continue;
    const name = t(`tor.seal.${seal}`);
    const look = LANDSCAPES[seal];
    const glyph = h('span.tor-seal-glyph', { style: `background:${look.fill};color:${look.text}` }, look.glyph);
    const act = seal === 'village' ? findMove(moves, 'draw-village')
      : seal === 'cherry' ? findMove(moves, 'use-cherry')
        : seal === 'mountain' ? findMove(moves, 'take-reserved') : null;
    const reserved = seal === 'mountain' && view.reserved[b] ? [' ', tileChip(view, view.reserved[b])] : [];
    if (act) out.push(moveButton('button.tor-token.legal', act, moveText(act), onMove, glyph, name, ...reserved));
    else if (seal === 'water' && moves.some((m) => m.type === 'swap-wheel')) {
      out.push(h(`button.tor-token.legal${mode === 'swap' ? '.on' : ''}`, { type: 'button', id: 'tor-water', 'aria-pressed': String(mode === 'swap'), on: { click: () => setMode(mode === 'swap' ? '' : 'swap') } }, glyph, mode === 'swap' ? t('tor.swapCancel') : t('tor.swapStart')));
    } else out.push(h('span.tor-token', {}, glyph, name, ...reserved));
  }
  if (view.brush_owner === b) {
    const usable = moves.some((m) => m.type === 'paint');
    if (usable) out.push(h(`button.tor-token.legal${mode === 'paint' ? '.on' : ''}`, { type: 'button', id: 'tor-brush', 'aria-pressed': String(mode === 'paint'), on: { click: () => setMode(mode === 'paint' ? '' : 'paint') } }, '✎ ', mode === 'paint' ? t('tor.paintCancel') : t('tor.paintStart')));
    else out.push(h('span.tor-token', {}, '✎ ', view.brush_on_board ? t('tor.brushOnBoard') : t('tor.brushOwned')));
  }
  return out;
}

function boardName(view, b, names) {
  return view.solo && b === view.boards.length - 1 ? t('tor.opponent') : names(b);
}

/** Whose a board is, as a name (a solo game's opponent board: the opponent). */
function ownerName(view, b, names) {
  return view.solo && b === view.boards.length - 1 ? t('tor.opponentName') : names(b);
}

function panel(view, b, moves, onMove, names, extra) {
  const { acting, mode, setMode, cherryTile, redraw } = extra;
  const mover = view.to_move.includes(b) && !(view.solo && b > 0);
  return h(`section.tor-player${mover ? '.active' : ''}`, { dataset: { seat: b, ...(acting ? { stage: 'acting' } : {}) }, 'aria-label': boardName(view, b, names) },
    h('h3', {}, boardName(view, b, names), mover ? h('span.badge.turn-badge', {}, t('game.toMoveBadge')) : null,
      h('span.tor-tokens', {}, tokens(view, b, acting ? moves : [], onMove, mode, setMode))),
    h('div.tor-board-wrap', {}, boardSvg(view, b, acting ? moves : [], onMove, { small: !acting, cherryTile, redraw, owner: acting ? null : ownerName(view, b, names) }),
      acting ? sealChoice(view, moves, onMove, redraw) : null));
}

/** What the step holds in hand: the tile to place, the drawn tiles to choose from. */
function tray(view, moves, onMove, redraw) {
  const items = [];
  if (view.holding && view.phase === 'place') items.push(h('span.tor-tray-label', {}, t('tor.holding')), h('span.tor-held', { dataset: { key: view.holding } }, tileChip(view, view.holding)));
  if (view.drawn && view.drawn.length) {
    items.push(h('span.tor-tray-label', {}, t('tor.drawn')));
    for (const tile of view.drawn) {
      const move = findMove(moves, 'pick', { tile });
      if (move) items.push(moveButton('button.tor-drawn.legal', move, moveText(move), onMove, tileChip(view, tile)));
      else if (view.phase === 'cherry_pick' && moves.some((m) => m.type === 'cherry-replace' && m.tile === tile)) {
        const on = picked.first === tile;
        items.push(h(`button.tor-drawn.select${on ? '.on' : ''}`, { type: 'button', dataset: { select: '1', tile }, 'aria-pressed': String(on), 'aria-label': t('tor.cherryChoose', { tile: tileName(tile) }), on: { click: () => { picked.first = on ? null : tile; redraw(); } } }, tileChip(view, tile)));
      } else items.push(tileChip(view, tile));
    }
  } else if (view.drawn_count && !view.drawn) items.push(h('span.tor-tray-label', {}, t('tor.drawnHidden', { n: view.drawn_count })));
  return items.length ? h('div.tor-tray', { id: 'tor-tray' }, items) : null;
}

function objectives(view) {
  return h('details.tor-goals', {},
    h('summary', {}, t('tor.objectives')),
    h('ul', {}, view.objectives.map((o) => {
      const look = LANDSCAPES[o.landscape];
      return h('li', {}, h('span.tor-seal-glyph', { style: `background:${look.fill};color:${look.text}` }, look.glyph),
        h('span', {}, h('strong', {}, objectiveName(o.id)), ' ', pick(o, 'text')));
    })));
}

function status(view, names) {
  const mover = view.to_move[0];
  const who = mover === undefined ? '' : names(mover);
  return h('div.tor-status', {},
    h('strong.tor-prompt', {}, tOr(`tor.phase.${view.phase}`, view.phase, { name: who })),
    h('span', {}, t('tor.round', { round: view.round })),
    ' · ', h('span', {}, t('tor.bag', { n: view.bag_size })),
    view.end_triggered && view.phase !== 'over' ? [' · ', h('strong', {}, t('tor.lastRound'))] : null,
    ' · ', h('span', {}, t('tor.scroll', { landscape: t(`tor.landscape.${view.scroll_landscape}`), n: view.stack.length })));
}

export function renderTorii(container, ctx) {
  const { view, legal, onMove, names, readOnly } = ctx;
  if (!view.wheels || !view.layout || !view.tiles) throw new Error('not a Valley of the Torii view');
  remember(null, null, names, view.solo ? view.boards.length - 1 : -1);
  rememberObjectives(view.objectives);
  rememberWheels(view);
  const moves = readOnly ? [] : legal;
  const key = stepKey(view);
  if (picked.step !== key) Object.assign(picked, { step: key, mode: '', first: null, slot: null });
  const covers = ['swap-wheel', 'paint', 'cherry-replace'].filter((type) => moves.some((m) => m.type === type));
  const wheelBox = h('div.tor-wheel-box');
  const trayBox = h('div.tor-tray-box');
  const actingBox = h('div.tor-acting-box');
  const othersBox = h('div.tor-others');
  const draw = () => {
    const mode = picked.mode;
    const setMode = (next) => { Object.assign(picked, { mode: next, first: null, slot: null }); draw(); };
    const first = view.phase === 'over' ? null : view.to_move[0];
    const actingBoard = first !== undefined && first !== null && !(view.solo && first > 0) ? first : view.seat ?? 0;
    const cherryTile = view.phase === 'cherry_pick' ? picked.first : null;
    const extra = { mode, setMode, cherryTile, redraw: draw };
    const others = view.boards.map((_, b) => b).filter((b) => b !== actingBoard)
      .map((b) => panel(view, b, [], onMove, names, { ...extra, acting: false }));
    wheelBox.replaceChildren(wheels(view, moves, onMove, mode, draw));
    trayBox.replaceChildren(tray(view, moves, onMove, draw) || '');
    actingBox.replaceChildren(panel(view, actingBoard, moves, onMove, names, { ...extra, acting: true }));
    othersBox.replaceChildren(others.length ? h('details.others', {}, h('summary', {}, view.solo ? t('tor.opponent') : t('game.otherPlayers', { n: others.length })), others) : '');
  };
  draw();
  container.append(
    status(view, names),
    h('div.tor-layout', { dataset: covers.length ? { covers: covers.join(' ') } : {} },
      h('div.tor-main', {}, wheelBox, trayBox, h('div.step-slot'), actingBox),
      h('div.tor-side', {}, othersBox, objectives(view))),
  );
}

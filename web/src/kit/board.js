// The shared board kit: what every title's board uses to turn legal moves into things
// to tap. It imports no board (titles import it; the registry imports the titles).
//
// A title's board marks every element that plays a move with `data-move` (makeTarget
// for SVG, moveButton for HTML). The game screen then offers every legal move the board
// did not draw as a control beside the board (stepControls): single moves as buttons,
// a family of choices (the Gift Shop's food, which ducks to feed) as a compact picker.
// The full move list stays only as the accessible fallback.
import { h } from '../ui.js';
import { t, tOr } from '../i18n.js';

/** Does a legal move match `fields`? Returns the move or undefined. */
export function findMove(legal, type, fields = {}) {
  return legal.find((m) => m.type === type && Object.entries(fields).every(([k, v]) => JSON.stringify(m[k]) === JSON.stringify(v)));
}

/** The key a move is known by on the page (data-move). */
export function moveKey(move) {
  return JSON.stringify(move);
}

/** A move's fields as words for `move.<game>.<type>` strings (1-based rows, sides named). */
export function moveParams(move, format = null) {
  const params = { ...move };
  for (const [k, v] of Object.entries(params)) {
    const own = format?.(k, v, move);
    if (own !== undefined) params[k] = own;
    else if (k === 'row' || k === 'col' || k === 'column') params[k] = Number(v) + 1;
    else if (k === 'side') params[k] = t(`side.${v}`);
    else if (Array.isArray(v)) params[k] = v.join(', ');
    else if (k === 'to' || k === 'tile') params[k] = Number(v) + 1;
  }
  return params;
}

/** A move as words, in the current language ("Slide the tile in from the north"). */
export function moveLabel(game, move, format = null) {
  if (!move || !move.type) return t('move.unknown');
  const key = `move.${game}.${move.type}`;
  const text = t(key, moveParams(move, format));
  if (text !== key) return text;
  const rest = Object.entries(move).filter(([k]) => k !== 'type').map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
  return `${move.type}${rest.length ? ` (${rest.join(', ')})` : ''}`;
}

/** Make an SVG element a button for `move`: click, Enter/Space, focusable, labelled. */
export function makeTarget(el, move, label, onMove) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.classList.add('target');
  el.dataset.move = moveKey(move);
  el.addEventListener('click', () => onMove(move));
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onMove(move);
    }
  });
  return el;
}

/** Mark `el` (SVG or HTML) a space of the board: a tap on it that plays nothing now
 * says why (kit/refusal.js, through the game screen). `tried`: the move a tap there
 * would make if it were legal (the engine is asked why it is not); `owner`: whose board
 * it is, when it is not the acting player's. A space that carries a target stays one. */
export function markSpace(el, tried = null, { owner = null } = {}) {
  el.dataset.space = '';
  if (tried) el.dataset.try = moveKey(tried);
  if (owner !== null && owner !== undefined) el.dataset.owner = owner;
  return el;
}

/** Make `el` (SVG or HTML) the first tap of a choice made in several taps: it plays no
 * move itself (`onTap` narrows the board's choice) and names the moves it leads to. */
export function makeLead(el, moves, label, onTap) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.classList.add('target', 'lead');
  el.dataset.leads = JSON.stringify(moves.map(moveKey));
  el.addEventListener('click', onTap);
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onTap();
    }
  });
  return el;
}

/** An HTML button that plays `move` (hand cards, food chips, step controls). */
export function moveButton(spec, move, label, onMove, ...content) {
  return h(spec, { type: 'button', 'aria-label': label, dataset: { move: moveKey(move), type: move.type }, on: { click: () => onMove(move) } }, ...(content.length ? content : [label]));
}

/** The keys of the moves a board draws: its targets (data-move) and the moves a first
 * tap of a choice made in several taps leads to (data-leads: a JSON list of keys, e.g. a
 * hex of a tile that covers three). */
export function drawnMoves(board) {
  const drawn = new Set([...board.querySelectorAll('[data-move]')].map((el) => el.dataset.move));
  for (const el of board.querySelectorAll('[data-leads]')) for (const key of JSON.parse(el.dataset.leads)) drawn.add(key);
  return drawn;
}

/**
 * The current step's controls: every legal move the board did not draw (`drawn`: the
 * data-move keys on the board). A type with one or two moves gets buttons; more (14
 * Gift Shop food choices) fold into a picker. `title` may give `option(move)` (the
 * content of one choice: duck chips rather than words) and `label(move)`.
 */
export function stepControls(game, legal, drawn, onMove, title = {}) {
  const label = (m) => (title.label ? title.label(m) : moveLabel(game, m));
  const groups = new Map();
  for (const move of legal) {
    if (drawn.has(moveKey(move))) continue;
    if (!groups.has(move.type)) groups.set(move.type, []);
    groups.get(move.type).push(move);
  }
  const box = h('div.step-controls', { id: 'step-controls', role: 'group', 'aria-label': t('game.stepControls') });
  for (const [type, moves] of groups) {
    if (moves.length <= 2) {
      for (const m of moves) box.append(moveButton('button.step.legal', m, label(m), onMove));
      continue;
    }
    const summary = tOr(`pick.${game}.${type}`, type);
    box.append(h('details.picker', { dataset: { type } },
      h('summary', { dataset: { type } }, summary, h('span.picker-count', {}, t('text.aside', { note: moves.length }))),
      h('div.picker-options', {}, moves.map((m) => moveButton('button.step.option.legal', m, label(m), onMove, title.option?.(m) ?? label(m))))));
  }
  return groups.size ? box : null;
}

/**
 * On a phone the board, the acting player's part and the step's controls share one
 * screen above the bottom bar. Where they do not (a caption or a status line that
 * wrapped, a picker among the controls), the drawing a title marked `data-fit` shrinks
 * by what overflows, to no less than 3/4 of its size: it is measured, not guessed,
 * because what wraps depends on names, counts and the language.
 */
export function fitAboveBar(board, bar) {
  const art = board.querySelector('[data-fit]');
  const last = board.querySelector('#step-controls') || board.querySelector('[data-stage=acting]');
  // what scrolls into view (a focused target, a title's acting panel) stops above the bar
  document.documentElement.style.setProperty('--bar-h', `${bar.offsetHeight}px`);
  if (!art || !last) return;
  art.style.maxHeight = '';
  if (!window.matchMedia('(max-width: 699px)').matches) return;
  const over = last.getBoundingClientRect().bottom + window.scrollY - (window.innerHeight - bar.offsetHeight);
  if (over <= 0) return;
  const height = art.getBoundingClientRect().height;
  art.style.maxHeight = `${Math.floor(Math.max(0.75 * height, height - over - 4))}px`;
}

/** `onMove` for a move that spends something a player holds once (Tulikko's aurora
 * tiles): the tap first asks, in words (`title`, `text`, the `yes` button's words), and
 * the move is played only on yes; "Not now" (or Escape) plays nothing. */
export function askFirst(onMove, ask) {
  return (move) => {
    const close = () => { dialog.close(); dialog.remove(); };
    const no = h('button', { type: 'button', id: 'ask-first-no', on: { click: close } }, ask.no || t('ask.notNow'));
    const dialog = h('dialog.ask-first', { id: 'ask-first', 'aria-labelledby': 'ask-first-title', on: { close: () => dialog.remove() } },
      h('h2', { id: 'ask-first-title' }, ask.title), h('p', {}, ask.text),
      h('div.action-row', {},
        h('button.primary', { type: 'button', id: 'ask-first-yes', on: { click: () => { close(); onMove(move); } } }, ask.yes),
        no));
    document.body.append(dialog);
    dialog.showModal();
    no.focus();
  };
}

/** A card face that opens larger on a tap (`face()` draws it again, big). */
export function zoomable(small, text, face) {
  return h('button.zoom-face', { type: 'button', 'aria-label': t('card.zoom', { card: text }), title: text, on: { click: () => zoomCard(face(), text) } }, small);
}

/** A card that plays a move on a tap opens whole on a press and hold (a long press on a
 * phone, a right click with a mouse: `contextmenu`) and plays nothing then. */
export function zoomOnHold(el, text, face) {
  el.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    zoomCard(face(), text);
  });
  return el;
}

function zoomCard(content, text) {
  const close = () => { dialog.close(); dialog.remove(); };
  const dialog = h('dialog.card-zoom', { id: 'card-zoom', 'aria-label': text, on: { click: (e) => { if (e.target === dialog) close(); } } },
    // a drawn face (SVG) is told in words under it; a face in words already says it all
    h('div.card-zoom-face', {}, content), content instanceof SVGElement ? h('p', {}, text) : null,
    h('button.primary', { type: 'button', id: 'card-zoom-close', on: { click: close } }, t('common.close')));
  document.body.append(dialog);
  dialog.showModal();
}

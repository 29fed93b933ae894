// One board renderer per game, all drawn from the engine's view; any other game (and
// any view a renderer does not understand) gets the generic board. Every renderer
// takes (container, ctx) with ctx = {view, legal, seat, activeSeat, names, readOnly,
// onMove, seats} and highlights the legal moves it can place on the board; the screen
// lists every legal move as a button as well (keyboard play, rare moves).
import { renderGeneric } from './generic.js';
import { renderTulikko } from './tulikko.js';
import { renderDucks } from './ducks.js';
import { t, tOr } from '../i18n.js';
import { h } from '../ui.js';

const RENDERERS = { tulikko: renderTulikko, 'ducks-in-tow': renderDucks };

export function renderBoard(game, container, ctx) {
  container.replaceChildren();
  container.dataset.game = game;
  if (!ctx.view) {
    container.append(h('p.note', {}, t('board.noView')));
    return;
  }
  const render = RENDERERS[game];
  if (render) {
    try {
      render(container, ctx);
      return;
    } catch (err) {
      console.warn(`board ${game} failed, generic board instead`, err);
      container.replaceChildren();
    }
  }
  renderGeneric(container, ctx);
}

/** A move as words, in the current language ("Slide the tile in from the north"). */
export function moveLabel(game, move, view) {
  if (!move || !move.type) return t('move.unknown');
  const params = { ...move };
  for (const [k, v] of Object.entries(params)) {
    if (k === 'row' || k === 'col' || k === 'column') params[k] = Number(v) + 1;
    else if (k === 'side') params[k] = t(`side.${v}`);
    else if (Array.isArray(v)) params[k] = game === 'ducks-in-tow' && v.length === 4 ? colourCounts(v) : v.join(', ');
    else if (k === 'colour') params[k] = tOr(`duck.colour.${v}`, v);
    else if (k === 'to' || k === 'tile') params[k] = Number(v) + 1;
  }
  const key = `move.${game}.${move.type}`;
  const text = t(key, params);
  if (text !== key) return text;
  const rest = Object.entries(move).filter(([k]) => k !== 'type').map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`);
  return `${move.type}${rest.length ? ` (${rest.join(', ')})` : ''}`;
}

function colourCounts(counts) {
  const letters = ['Y', 'O', 'B', 'G'];
  return counts.map((n, i) => (n ? `${t(`duck.colour.${letters[i]}`)}×${n}` : null)).filter(Boolean).join(' ') || '—';
}

/** Does a legal move match `fields`? Returns the move or undefined. */
export function findMove(legal, type, fields = {}) {
  return legal.find((m) => m.type === type && Object.entries(fields).every(([k, v]) => JSON.stringify(m[k]) === JSON.stringify(v)));
}

/** Make an SVG element a button for `move`: click, Enter/Space, focusable, labelled. */
export function makeTarget(el, move, label, onMove) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.classList.add('target');
  el.dataset.move = JSON.stringify(move);
  el.addEventListener('click', () => onMove(move));
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onMove(move);
    }
  });
  return el;
}

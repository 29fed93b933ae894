// The generic board: the view as a readable summary (scores, hand, counts). Used for
// the kernel's fixture game and as a fallback while a title's renderer cannot draw a view.
import { h } from '../ui.js';
import { t, tOr } from '../i18n.js';
import { moveLabel } from './board.js';

export function renderGeneric(container, { view, names, seat }) {
  const rows = [];
  for (const [key, value] of Object.entries(view)) {
    rows.push(h('dt', {}, label(key)), h('dd', {}, show(value, names)));
  }
  container.append(h('div.generic-board', { role: 'region', 'aria-label': t('board.label') },
    seat !== null && seat !== undefined ? h('p.note', {}, t('board.youAre', { name: names(seat) })) : null,
    h('dl', {}, rows)));
}

/** A title with no folder of its own: the generic board, moves in words. */
export function generic(id) {
  return { id, render: renderGeneric, label: (move) => moveLabel(id, move), howto: null };
}

function label(key) {
  return tOr(`view.${key}`, key.replace(/_/g, ' '));
}

function show(value, names) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== 'object')) return value.join(', ') || '—';
    return h('ul', {}, value.map((v) => h('li', {}, show(v, names))));
  }
  if (typeof value === 'object') return h('dl.nested', {}, Object.entries(value).flatMap(([k, v]) => [h('dt', {}, label(k)), h('dd', {}, show(v, names))]));
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  return String(value);
}

// Ducks in Tow in the PWA: its board, how to play, its words, its moves and events in
// words, and the content of a picker's choice (duck chips for the Gift Shop's food and
// feeding).
import './style.css';
import { renderDucks, duckCounts, duckLabel, cardName, formationName } from './board.js';
import * as howto from './howto.js';
import guide from './guide.js';
import * as strings from './strings.js';
import { moveLabel } from '../../kit/board.js';
import { t } from '../../i18n.js';

/** An event's field in words (colour counts, colours, cards by place, tiles by number). */
function logParams(key, value) {
  if (value === null || value === undefined) return undefined;
  if (key === 'to' || key === 'tile') return value + 1;
  if (key === 'side') return t(`dit.side.${value}`);
  if (key === 'cards') return value.map(cardName).join(t('list.sep'));
  return duckLabel(key, value);
}

/** The outcome's fields on the end screen: the formation cards each player claimed by
 * their names, as the board names them (not the engine's ids). */
export function trail(key, value, { names }) {
  if (key !== 'formations' || !Array.isArray(value)) return undefined;
  return value.map((ids, seat) => t('end.seatValue', { name: names(seat), value: ids.map((id) => formationName(id)).join(t('list.sep')) || '—' })).join(' · ');
}

export default {
  id: 'ducks-in-tow',
  render: renderDucks,
  label: (move) => moveLabel('ducks-in-tow', move, duckLabel),
  option: (move) => (move.type === 'gift-food' || move.type === 'feed' ? duckCounts(move.food || move.ducks) : undefined),
  logParams,
  trail,
  howto,
  guide,
  strings,
};

// Tulikko in the PWA: its board, how to play, its words, and its moves and events in words.
import './style.css';
import { renderTulikko } from './board.js';
import * as howto from './howto.js';
import guide from './guide.js';
import * as strings from './strings.js';
import { moveLabel } from '../../kit/board.js';
import { t, tOr } from '../../i18n.js';

const COLS = 5;
const colourOf = (tile) => tOr(`tul.colour.${String(tile).split('-')[1]}`, '?');
const cellName = (cell) => t('tul.at', { row: Math.floor(cell / COLS) + 1, col: (cell % COLS) + 1 });

/** An event's field in words (tiles by colour, spaces by row and column). */
function logParams(key, value) {
  if (value === null || value === undefined) return undefined;
  if (['tile', 'inserted', 'ejected', 'uncovered'].includes(key)) return colourOf(value);
  if (key === 'cell' || key === 'a' || key === 'b') return cellName(value);
  if (key === 'side') return t(`side.${value}`);
  if (key === 'kind') return t(`tul.token.${value}`);
  if (key === 'symbol') return t(`tul.symbol.${value}`);
  if (key === 'effect') return t(`tul.effect.${value}`);
  if (key === 'card') return tOr(`tul.card.${String(value).split('-')[0]}`, value);
  if (key === 'aurora') return t('tul.aurora', { colour: colourOf(value), n: String(value).split('-')[2] });
  if (key === 'reason') return tOr(`end.reason.${value}`, value);
  return undefined;
}

/** The outcome's fields on the end screen: without a tie there is nothing to say about
 * one (`tied` holds the winner alone), so those lines are left out, as Torii's are. */
export function trail(key, value) {
  if (key === 'tied' && Array.isArray(value) && value.length < 2) return false;
  if (key === 'tie_break_used' && !value) return false;
  return undefined;
}

export default {
  id: 'tulikko',
  render: renderTulikko,
  label: (move) => moveLabel('tulikko', move, (k, v) => (k === 'card' ? logParams(k, v) : undefined)),
  logParams,
  trail,
  // the score so far (kit/score.js) is a penalty: said under its breakdown
  scoreNote: () => t('score.lowerWins'),
  howto,
  guide,
  strings,
};

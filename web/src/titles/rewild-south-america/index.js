// Rewild: South America in the PWA: its board, how to play, its words, its moves and
// events in words, and the end-game effects of the scoring trail card by card.
import { renderRewild, rwLabel, cardName } from './board.js';
import * as howto from './howto.js';
import * as strings from './strings.js';
import { moveLabel } from '../../kit/board.js';
import { t } from '../../i18n.js';

/** The outcome's end-game effects ({seat, card, vp} each) in words, seat by seat, after
 * the points each seat scored during the game (its score minus these). */
function trail(key, value, { names, outcome }) {
  if (key !== 'end_points' || !Array.isArray(value)) return undefined;
  return outcome.scores.map((score, seat) => {
    const mine = value.filter((p) => p.seat === seat);
    const during = score - mine.reduce((sum, p) => sum + p.vp, 0);
    return `${names(seat)}: ${[t('rw.duringGame', { n: during }), ...mine.map((p) => t('rw.cardPoints', { card: cardName(p.card), n: p.vp }))].join(t('list.sep'))}`;
  }).join(' · ');
}

export default {
  id: 'rewild-south-america',
  render: renderRewild,
  label: (move) => moveLabel('rewild-south-america', move, rwLabel),
  logParams: rwLabel,
  trail,
  howto,
  strings,
};

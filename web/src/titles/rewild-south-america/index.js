// Rewild: South America in the PWA: its board, how to play, its words, its moves and
// events in words, and the end-game effects of the scoring trail card by card.
import './style.css';
import { renderRewild, rwLabel, cardName } from './board.js';
import * as howto from './howto.js';
import guide from './guide.js';
import * as strings from './strings.js';
import { moveLabel } from '../../kit/board.js';
import { t } from '../../i18n.js';
import { h } from '../../ui.js';

/** The outcome's end-game effects ({seat, card, vp} each) in words, seat by seat, after
 * the points each seat scored during the game (its score minus these); in a solo game
 * the opponent's score after its multiplier and who won (RW-228..RW-230). */
function trail(key, value, { names, outcome }) {
  const solo = outcome.opponent !== null && outcome.opponent !== undefined;
  if (key === 'opponent_raw' || key === 'opponent_factor') return false; // in the opponent's line
  if (key === 'opponent' && solo) {
    const theirs = (outcome.end_points || []).filter((p) => p.seat === 1);
    const result = t(outcome.won ? 'rw.soloWon' : 'rw.soloLost');
    return [t('rw.soloScore', { n: value, raw: outcome.opponent_raw, factor: outcome.opponent_factor, result }),
      theirs.length ? t('rw.opponentEnd', { cards: theirs.map((p) => t('rw.cardPoints', { card: cardName(p.card), n: p.vp })).join(t('list.sep')) }) : null,
    ].filter(Boolean).join(t('log.join'));
  }
  // the tie-breaks name the opponent too (its values follow the human's)
  if ((key === 'completed' || key === 'rainforest') && solo && Array.isArray(value)) {
    return value.map((v, seat) => t('end.seatValue', { name: seat ? t('rw.opponent') : names(seat), value: v })).join(' · ');
  }
  if (key !== 'end_points' || !Array.isArray(value)) return undefined;
  // a line each: the seats' card lists ran together in one paragraph
  return outcome.scores.map((score, seat) => {
    const mine = value.filter((p) => p.seat === seat);
    const during = score - mine.reduce((sum, p) => sum + p.vp, 0);
    const points = [t('rw.duringGame', { n: during }), ...mine.map((p) => t('rw.cardPoints', { card: cardName(p.card), n: p.vp }))].join(t('list.sep'));
    return h('div.rw-end-line', {}, t('end.seatValue', { name: names(seat), value: points }));
  });
}

export default {
  id: 'rewild-south-america',
  render: renderRewild,
  label: (move) => moveLabel('rewild-south-america', move, rwLabel),
  logParams: rwLabel,
  trail,
  // the score so far (kit/score.js): the points of the game so far, then each end-game effect
  scorePart: (part) => (part.key === 'during_play' ? t('score.part.rw.during') : part.key === 'end_points' ? t('score.part.rw.end', { card: cardName(part.ref) }) : undefined),
  // the solo opponent: players[1] of a game whose record has 1 seat (RW-200)
  seatName: () => t('rw.opponent'),
  // ... and its final score, after its multiplier, a row of the end screen's table
  soloOpponent: (outcome) => (outcome.opponent == null ? null : { name: t('rw.opponent'), score: outcome.opponent }),
  howto,
  guide,
  strings,
};

// The end screen: scores, ranks, winners, and the scoring trail — every other field
// of the game's Outcome (tie-break values, per-seat details) listed so each point
// can be explained; a title may put a field of its own in words (`trail`) and
// name its points in its rulebook's word (`end.score.<game>`, `end.trail.<game>`).
import { h } from './ui.js';
import { t, tOr } from './i18n.js';
import { titleOf } from './titles/index.js';

const BASE = new Set(['scores', 'ranks', 'winners', 'won']);

export function endPanel(game, outcome, names, info = {}) {
  const seats = outcome.scores.map((_, i) => i);
  const order = [...seats].sort((a, b) => outcome.ranks[a] - outcome.ranks[b]);
  const lowerWins = Boolean(info.lower_score_wins);
  // solo and co-operative: the seats rank first among themselves, but carry the winner's
  // star only when they won (`won`), else "You lost." would sit beside a star
  const starred = outcome.won === false ? [] : outcome.winners;
  // a field this game does not use (null: a solitaire field in a competitive game) is left out
  // and one a title shows within another (its trail answers false) too
  const trailKeys = Object.keys(outcome).filter((k) => !BASE.has(k) && outcome[k] !== null && ownTrail(game, k, outcome, names) !== false);
  return h('div.end-screen', { id: 'end-screen' },
    h('h2', {}, t('end.title')),
    h('p.winners', { id: 'winners' }, outcome.won != null ? wonOrLost(outcome.won, seats.length)
      : t('end.winners', { names: outcome.winners.map(names).join(t('list.sep')) })),
    lowerWins ? h('p.note', {}, t('end.lowerWins')) : null,
    h('table.scores', {},
      h('caption.visually-hidden', {}, tOr(`end.score.${game}`, t('end.scores'))),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('end.rank')), h('th', { scope: 'col' }, t('end.player')), h('th', { scope: 'col' }, tOr(`end.score.${game}`, t('end.score'))))),
      h('tbody', {}, scoreRows(game, outcome, names, order, starred).map((row) => h('tr', { class: row.star ? 'winner' : row.opponent ? 'opponent' : '' },
        h('td', {}, String(row.rank)), h('th', { scope: 'row' }, row.name, row.star ? h('span', { 'aria-label': t('end.winner') }, ' ★') : ''), h('td', {}, String(row.score)))))),
    trailKeys.length ? h('details.trail', { open: true }, h('summary', {}, tOr(`end.trail.${game}`, t('end.trail'))),
      h('dl', {}, trailKeys.flatMap((k) => [trailLabel(game, k) ? h('dt', {}, trailLabel(game, k)) : null, h('dd', {}, ownTrail(game, k, outcome, names) ?? trailValue(k, outcome[k], names, seats.length))]))) : null,
  );
}

/** The score table's rows, best first: the seats, and in a solo game against the rules'
 * opponent (`soloOpponent(outcome)` of the title: {name, score}) that opponent too,
 * ranked by the result (`won` already holds who wins a tie). It holds no seat, so it
 * was a line of the trail below a table that ranked the loser first. */
function scoreRows(game, outcome, names, order, starred) {
  const rows = order.map((s) => ({ rank: outcome.ranks[s], name: names(s), score: outcome.scores[s], star: starred.includes(s) }));
  const opponent = rows.length === 1 && outcome.won != null ? titleOf(game).soloOpponent?.(outcome) : null;
  if (!opponent) return rows;
  const theirs = { ...opponent, rank: outcome.won ? 2 : 1, star: false, opponent: true };
  return outcome.won ? [...rows, theirs] : [theirs, { ...rows[0], rank: 2 }];
}

/** A title may show a field of its outcome itself (`trail(key, value, {names, outcome})`:
 * a score pad rather than raw numbers); undefined leaves it to the generic words, false
 * leaves the field out (the title shows it within another). */
function ownTrail(game, key, outcome, names) {
  return titleOf(game).trail?.(key, outcome[key], { names, outcome });
}

/** A field's heading; a blank one (`trail.<game>.<key>`: '') shows the field under the
 * trail's own heading alone (Torii's score pad). */
function trailLabel(game, key) {
  return tOr(`trail.${game}.${key}`, tOr(`trail.${key}`, key.replace(/_/g, ' ')));
}

const SEAT_LISTS = new Set(['tied', 'placed_all', 'winners']);

function trailValue(key, value, names, nSeats) {
  if (key === 'end_reason' && typeof value === 'string') {
    return tOr(`end.reason.${value}`, value);
  }
  if (SEAT_LISTS.has(key) && Array.isArray(value)) return value.map(names).join(t('list.sep')) || '—';
  if (Array.isArray(value) && value.length === nSeats) {
    return value.map((v, i) => t('end.seatValue', { name: names(i), value: fmt(v) })).join(' · ');
  }
  return fmt(value);
}

function fmt(v) {
  if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.length ? v.map(fmt).join(' / ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A solo player won or lost (against the rules' opponent, or a solitaire level); a
 * co-operative table won or lost together. */
function wonOrLost(won, nSeats) {
  if (nSeats === 1) return t(won ? 'end.soloWon' : 'end.soloLost');
  return t(won ? 'end.tableWon' : 'end.tableLost');
}

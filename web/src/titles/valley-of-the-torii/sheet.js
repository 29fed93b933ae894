// The score pad on the end screen: one column per board (the solo opponent's last),
// one row per way to score (TOR-107..111, TOR-165, TOR-153), so every point is explained.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { objectiveName } from './words.js';

/** Only the ways to score this table has: the paintbrush among artists (solo never
 * scores it, TOR-153), the rainbow tiles with their variant (`outcome.rainbow`). */
function sheetTable(sheets, { objectives, rainbow }, names, artists) {
  const who = (b) => (b >= artists ? t('tor.opponentName') : names(b));
  const solo = sheets.length > artists;
  const rows = [
    ['scroll', (x) => x.scroll],
    ...(solo ? [] : [['paintbrush', (x) => x.paintbrush]]),
    ...objectives.map((id, n) => [id, (x) => x.objectives[n], objectiveName(id)]),
    ['torii', (x) => x.torii],
    ...(rainbow ? [['rainbow', (x) => x.rainbow]] : []),
    ...(sheets.some((x) => x.bonus) ? [['bonus', (x) => x.bonus]] : []),
  ];
  return h('table.tor-sheet', { id: 'tor-sheet' },
    // for screen readers: on screen the trail's heading names it (one heading, not three)
    h('caption.visually-hidden', {}, t('tor.sheet.caption')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, ''), sheets.map((_, b) => h('th', { scope: 'col' }, who(b))))),
    h('tbody', {},
      rows.map(([key, value, label]) => h('tr', {}, h('th', { scope: 'row' }, key.startsWith('OBJ_') ? label : t(`tor.sheet.${key}`)),
        sheets.map((x) => h('td', {}, key === 'torii' ? t('tor.sheet.toriiCell', { vp: value(x), n: x.torii_count }) : String(value(x)))))),
      h('tr.total', {}, h('th', { scope: 'row' }, t('tor.sheet.total')), sheets.map((x) => h('td', {}, h('strong', {}, String(x.total)))))));
}

/** Solo: the opponent board, whose column is the pad's last (after the artists'),
 * with its total (difficulty bonus included); null with no opponent. */
export function soloOpponent(outcome) {
  const artists = outcome.scores.length;
  return outcome.sheets.length > artists ? { name: t('tor.opponentName'), score: outcome.sheets[artists].total } : null;
}

/** The title's outcome fields in words (endscreen.js asks; undefined: the generic words). */
export function scoreSheet(key, value, { names, outcome }) {
  if (key === 'sheets') return sheetTable(value, outcome, names, outcome.scores.length);
  if (key === 'rainbow') return false; // the pad's rows say it
  if (key === 'objectives') return value.map(objectiveName).join(t('list.sep'));
  // without a tie there is nothing to say: the fields are left out, not "none"
  if (key === 'tie_break') return value ? t(`tor.tieBreak.${value}`) : false;
  if (key === 'tied' && value.length < 2) return false;
  return undefined;
}

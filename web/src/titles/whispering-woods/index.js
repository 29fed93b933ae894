// Whispering Woods in the PWA: its board, how to play, its words, and its moves and
// events in words (tiles by colour and path, positions from the starting tile).
import './style.css';
import { renderWoods, woodsLabel, tileIdWords, animalWords, posWords, known, levelMission } from './board.js';
import * as howto from './howto.js';
import guide from './guide.js';
import * as strings from './strings.js';
import { t, tOr } from '../../i18n.js';

const colours = (ids) => ids.map((id) => tOr(`ww.colour.${known(id)?.colour}`, t('ww.aTile'))).join(t('list.sep')) || t('ww.none');

/** An event's field in words. Every event is public (the engine redacts none). */
function logParams(key, value, event) {
  if (value === null || value === undefined) return undefined;
  if (key === 'tile') {
    if (event.type === 'round-closed') return tOr(`ww.colour.${known(value)?.colour}`, t('ww.aTile'));
    return tileIdWords(value, event.type !== 'forest-taken');
  }
  // the market tiles of the drawn tile's colour set aside (WW-115): how many, or none
  if (key === 'purged') return t(value.length ? 'ww.purged' : 'ww.purgedNone', { n: value.length });
  if (['tiles', 'drawn', 'returned'].includes(key)) return colours(value);
  if (key === 'flipped') return tileIdWords(value, true);
  if (key === 'animal') return animalWords(value);
  if (key === 'q') return posWords(event.q, event.r);
  if (key === 'route') return value.length;
  if (key === 'step') return t(`ww.skip.${value}${event.chosen ? '.chosen' : ''}`);
  if (key === 'reason') return event.type === 'final-round' ? t(`ww.finalReason.${value}`) : tOr(`end.reason.${value}`, value);
  if (key === 'card') return t('ww.comboCard', { n: String(value).slice(1, String(value).indexOf('-')) });
  if (key === 'index') return levelMission(value);
  if (key === 'space') return t(value[0] === 'E' ? 'ww.extraSpace' : 'ww.roundSpace', { n: value.slice(1) });
  return undefined;
}

export default {
  id: 'whispering-woods',
  render: renderWoods,
  label: woodsLabel,
  logParams,
  howto,
  guide,
  strings,
};

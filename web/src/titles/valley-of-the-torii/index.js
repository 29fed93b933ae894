// Valley of the Torii in the PWA: its board, how to play, its words, its moves and
// events in words, a picker's choice as tile chips, and the score pad on the end screen.
import './style.css';
import { renderTorii } from './board.js';
import { fieldWords, moveText, moveTextAt, objectiveName } from './words.js';
import { t } from '../../i18n.js';
import { scoreSheet, soloOpponent } from './sheet.js';
import * as howto from './howto.js';
import guide from './guide.js';
import * as strings from './strings.js';

export default {
  id: 'valley-of-the-torii',
  render: renderTorii,
  label: moveText,
  labelAt: moveTextAt,
  logParams: fieldWords,
  trail: scoreSheet,
  // the score so far (kit/score.js): the score pad's rows, an objective card by its name
  scorePart: (part) => (part.key === 'objective' ? objectiveName(part.ref) : t(`tor.sheet.${part.key}`)),
  soloOpponent,
  howto,
  guide,
  strings,
};

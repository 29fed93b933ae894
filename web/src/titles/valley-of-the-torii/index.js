// Valley of the Torii in the PWA: its board, how to play, its words, its moves and
// events in words, a picker's choice as tile chips, and the score pad on the end screen.
import './style.css';
import { renderTorii } from './board.js';
import { fieldWords, moveText, moveTextAt } from './words.js';
import { scoreSheet, soloOpponent } from './sheet.js';
import * as howto from './howto.js';
import * as strings from './strings.js';

export default {
  id: 'valley-of-the-torii',
  render: renderTorii,
  label: moveText,
  labelAt: moveTextAt,
  logParams: fieldWords,
  trail: scoreSheet,
  soloOpponent,
  howto,
  strings,
};

// The game screen's layout: every part the views draw into, in its place. One screen on
// a phone: the head, the turn (or "viewing move N"), then the board with the acting
// player's panel and the step's controls; undo and the history scrubber in a bar that
// stays at the bottom; the move log, the fallback move list and the rest after.
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { hasRules } from '../../titles/index.js';
import { gameTitle } from '../../catalogue.js';

/**
 * The parts of the screen, each drawn by one view.
 * @typedef {object} Parts
 * @property {HTMLElement} title the game's (or table's) title
 * @property {HTMLElement | null} kindName the game's name beside a table's own title
 * @property {HTMLElement} turn whose turn (turn.js)
 * @property {HTMLElement} history "viewing move N" and the way back (bar.js)
 * @property {HTMLElement} lastTurn another player's last turn, summed up (log.js)
 * @property {HTMLElement} notice the notices and a take-back to answer (turn.js)
 * @property {HTMLElement} people a hosted table's invitations and who is here (table.js)
 * @property {HTMLElement} clockLine an online table's clock (clock.js)
 * @property {HTMLElement} errorBox why the last action failed (refusal.js)
 * @property {HTMLElement} boardBox the board and the step's controls (board.js)
 * @property {HTMLElement} hintBox a hint, under the board (board.js)
 * @property {HTMLElement} actions the fallback move list (movelist.js)
 * @property {HTMLElement} logBox the move log (log.js)
 * @property {HTMLElement} controls export and report (report.js)
 * @property {HTMLElement} bar undo (or a replay's ▶) and the scrubber (bar.js)
 * @property {HTMLElement} end the results, share, rematch, review (end.js)
 * @property {HTMLElement} extra a hosted seat's queued moves (table.js)
 * @property {HTMLElement} cover the hot seat's "pass the device" (cover.js)
 * @property {HTMLElement} loading the engine's boot, until the session is open
 */

/**
 * What every view draws from: the parts, the controller and its session, names.
 * @typedef {object} View
 * @property {HTMLElement} root
 * @property {Parts} parts
 * @property {import('./controller.js').GameController} ctl
 * @property {any} session the controller's session, as sessions.js made it
 * @property {() => Promise<void>} draw redraws the screen (game.js)
 * @property {(seat: number) => string} names a seat's name (a solo game's automatic opponent's too)
 * @property {{games: any[], info: any}} cat the catalogue and this game's entry (a first visit's come later)
 * @property {{last: {x: number, y: number, at: number} | null}} taps where the last tap was (refusal.js)
 */

/** Build the screen's parts into `root`.
 * @param {HTMLElement} root @param {any} row the game's row @param {any[]} games the catalogue
 * @returns {Parts} */
export function layout(root, row, games) {
  const title = h('h1.game-title', {}, row.title || gameTitle(games, row.game));
  // the game's name beside a table's own title, unless that title holds it already (a
  // branch: "Tulikko (from move 69)")
  const kindName = row.title && !row.title.includes(gameTitle(games, row.game)) ? h('span.game-kind', {}, gameTitle(games, row.game)) : null;
  const parts = {
    title,
    kindName,
    turn: h('p.turn', { id: 'turn', 'aria-live': 'polite' }),
    history: h('div.history-banner', { id: 'history-banner', hidden: true }),
    lastTurn: h('details.last-turn', { id: 'last-turn', hidden: true }),
    notice: h('div.game-notices'),
    people: h('div.table-people', { id: 'table-people' }),
    // an online table's clock: the time left for the seat to move, in words
    clockLine: h('p.clock-left', { id: 'clock-left', hidden: true }),
    errorBox: h('div.move-error', { id: 'move-error', role: 'alert', hidden: true }),
    boardBox: h('div.board', { id: 'board' }),
    hintBox: h('div.hint-box', { id: 'hint-box' }), // a hint, under the board
    actions: h('section.actions', { 'aria-label': t('game.actions') }),
    logBox: h('section.move-log-box', { 'aria-label': t('log.title') }),
    controls: h('div.controls'),
    bar: h('div.game-bar', { id: 'game-bar' }),
    end: h('section.end-box'),
    extra: h('section.extra'),
    cover: h('div.cover', { hidden: true, role: 'dialog', 'aria-modal': 'true' }),
    loading: h('p.loading', { role: 'status' }, t('game.loading')),
  };
  const p = parts;
  root.append(
    // the turn shares the head's line when it fits (a phone's height goes to the board)
    h('div.game-head', {}, title, h('span.badge', {}, t(`kind.${row.kind}`)), kindName, p.turn,
      hasRules(row.game) ? h('a.rules-link', { id: 'rules-link', href: `#/rules/${row.game}` }, t('howto.link')) : null),
    p.history, p.lastTurn, p.notice, p.clockLine, p.people, p.errorBox, p.loading, p.end,
    h('div.game-layout', {}, h('div.board-col', {}, p.boardBox, p.hintBox), h('div.side-col', {}, p.logBox, p.actions, p.controls, p.extra)),
    h('div.game-bar-space'), p.bar, p.cover,
  );
  return parts;
}

// The titles the PWA knows: one line each. A title is a folder (titles/<id>/) whose
// index.js exports {id, render, label, option?, logParams?, trail?, seatName?, soloOpponent?, howto,
// strings}; see web/README.md.
// Everything that differs between titles beyond that comes from the engine's GameInfo.
import tulikko from './tulikko/index.js';
import ducksInTow from './ducks-in-tow/index.js';
import valleyOfTheTorii from './valley-of-the-torii/index.js';
import whisperingWoods from './whispering-woods/index.js';
import rewildSouthAmerica from './rewild-south-america/index.js';
import { generic, renderGeneric } from '../kit/generic.js';
import { scoreStrip } from '../kit/score.js';
import { h } from '../ui.js';
import { addStrings, t } from '../i18n.js';

const TITLES = new Map([tulikko, ducksInTow, valleyOfTheTorii, whisperingWoods, rewildSouthAmerica].map((title) => [title.id, title]));
for (const title of TITLES.values()) addStrings(title.strings);

/** The title `id`, or the generic one (the kernel's fixture game, a title with no folder). */
export function titleOf(id) {
  return TITLES.get(id) || generic(id);
}

/** Does `game` have a How to play summary (titles/<id>/howto.js)? */
export function hasRules(game) {
  return Boolean(titleOf(game).howto);
}

/** Is `rule` cited in the game's summary (so a link to it lands on something)? */
export function citesRule(game, rule) {
  return hasRules(game) && titleOf(game).howto.en.some((s) => s.items.some((i) => i.rules.includes(rule)));
}

/** Draw `game`'s board from ctx.view, under the score so far; a view the title's board
 * cannot draw gets the generic board. ctx = {view, legal, seat, activeSeat, names, readOnly, onMove, seats}. */
export function renderBoard(game, container, ctx) {
  container.replaceChildren();
  container.dataset.game = game;
  if (!ctx.view) {
    container.append(h('p.note', {}, t('board.noView')));
    return;
  }
  try {
    titleOf(game).render(container, ctx);
  } catch (err) {
    console.warn(`board ${game} failed, generic board instead`, err);
    container.replaceChildren();
    renderGeneric(container, ctx);
  }
  placeScore(container, scoreStrip(container, game, ctx, titleOf(game)));
}

/** The score so far (kit/score.js) stays on screen while the player scrolls: on the game
 * screen it sits before the board and the log (`.game-layout`), sticky under the top bar
 * for the whole screen's height (inside the board it would scroll away with it); a board
 * drawn elsewhere has it at its top. */
function placeScore(container, strip) {
  const layout = container.closest('.game-layout');
  const before = layout?.previousElementSibling;
  if (before?.classList.contains('score-box')) before.remove();
  if (!strip) {
    document.documentElement.style.removeProperty('--score-h');
    return;
  }
  if (layout) layout.before(strip);
  else container.prepend(strip);
  // what is scrolled to the top of the screen (scrollIntoView, a link's target) lands below it
  requestAnimationFrame(() => {
    if (strip.isConnected) document.documentElement.style.setProperty('--score-h', `${strip.querySelector('.score-strip').offsetHeight + 8}px`);
  });
}

// Valley of the Torii in words: tiles by landscape and torii, slots by row and place,
// wheels, seals and recesses by name and number; the moves and the move log's fields.
// The faces come from the views drawn so far (a log names tiles that left sight).
import { t, tOr, pick } from '../../i18n.js';
import { moveLabel } from '../../kit/board.js';

const GAME = 'valley-of-the-torii';
const WHEEL_IDS = ['large', 'small'];
const known = { faces: new Map(), names: null, opponent: -1, objectives: new Map(), wheels: [[], []], refilled: -1 };

/** Keep a tile's face (and the names of the seats) for the words of later events. */
export function remember(id, face, names = null, opponent = -1) {
  if (id && face) known.faces.set(id, face);
  if (names) Object.assign(known, { names, opponent });
}

/** Keep the wheels on screen: a move names a recess, its words name the tile there. */
export function rememberWheels(view) {
  Object.assign(known, { wheels: view.wheels, refilled: view.refilled });
}

/** Keep the objective cards' names (the outcome names them by id). */
export function rememberObjectives(list) {
  for (const o of list) known.objectives.set(o.id, o);
}

/** An objective card by its name (else by its landscape and letter). */
export function objectiveName(id) {
  const card = known.objectives.get(id);
  if (card) return t('tor.objectiveName', { name: pick(card, 'name'), letter: card.letter });
  const m = /^OBJ_([A-Z]+)_([ABC])$/.exec(String(id));
  return m ? t('tor.objectiveOf', { landscape: t(`tor.landscape.${m[1].toLowerCase()}`), letter: m[2] }) : String(id);
}

export function tileName(id) {
  if (!id) return t('tor.aTile');
  const face = known.faces.get(id);
  if (!face) return t('tor.aTile');
  if (!face.landscape) return t('tor.rainbowTile');
  const base = t('tor.tile', { landscape: t(`tor.landscape.${face.landscape}`) });
  const marks = [face.torii ? t('tor.torii', { colour: t(`tor.colour.${face.torii}`) }) : null, face.brush ? t('tor.brushIcon') : null].filter(Boolean);
  return marks.length ? t('tor.tileWith', { tile: base, marks: marks.join(t('list.sep')) }) : base;
}

/** "r2c3" as "row 2, space 4" (rows from the bottom, spaces from the left). */
export function slotName(id) {
  const m = /^r(\d+)c(\d+)$/.exec(String(id));
  return m ? t('tor.slot', { row: Number(m[1]), col: Number(m[2]) + 1 }) : String(id);
}

function wheelName(value) {
  const id = typeof value === 'number' ? WHEEL_IDS[value] : value;
  return tOr(`tor.wheel.${id}`, String(value));
}

function seatName(seat) {
  return known.names ? known.names(seat) : String(seat + 1);
}

/** A move's or an event's field in words. */
export function fieldWords(key, value) {
  if (value === null || value === undefined) return undefined;
  if (['tile', 'old', 'new', 'board_tile', 'wheel_tile'].includes(key)) return tileName(value);
  if (key === 'tiles' || key === 'returned') return value.length ? value.map(tileName).join(t('list.sep')) : t('tor.none');
  if (key === 'slot') return slotName(value);
  if (key === 'wheel') return wheelName(value);
  if (key === 'recess' || key === 'a' || key === 'b') return value < 0 ? t('tor.fromBag') : t('tor.recess', { n: value + 1 });
  if (key === 'seal') return value ? t(`tor.seal.${value}`) : '';
  if (key === 'scroll') return tOr(`tor.scrollValue.${value}`, value);
  if (key === 'board') return value === known.opponent ? t('tor.opponent') : seatName(value);
  if (key === 'line') return value === 0 ? 2 : 4;
  if (key === 'next') return seatName(value);
  if (key === 'order') return value.map(seatName).join(t('list.sep'));
  if (key === 'reason') return tOr(`tor.reason.${value}`, value);
  if (key === 'bamboo') return value ? t('tor.withBamboo') : '';
  if (key === 'brush') return value ? t('tor.withBrush') : '';
  if (key === 'swapped') return value ? t('tor.swapped') : t('tor.declined');
  return undefined;
}

/** A move in words as it read in the position `view` shows (a game review lists moves
 * of earlier positions: a recess held another tile then); the wheels on screen kept. */
export function moveTextAt(move, view) {
  const kept = { wheels: known.wheels, refilled: known.refilled };
  if (view?.wheels) rememberWheels(view);
  try {
    return moveText(move);
  } finally {
    Object.assign(known, kept);
  }
}

/** A move in words (also the fallback move list's text). */
export function moveText(move) {
  const wheel = move.wheel ? WHEEL_IDS.indexOf(move.wheel) : move.type === 'reserve' ? known.refilled : -1;
  const tile = wheel >= 0 && move.recess !== undefined ? known.wheels[wheel]?.[move.recess] : undefined;
  let text = moveLabel(GAME, tile && !move.tile ? { ...move, tile } : move, fieldWords);
  if (move.bamboo) text += t('tor.withBamboo');
  if (move.seal) text += t('tor.andSeal', { seal: t(`tor.seal.${move.seal}`) });
  return text;
}

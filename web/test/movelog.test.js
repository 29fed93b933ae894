// src/kit/movelog.js: the line of moves in effect, from the entries alone (a hosted
// game's screen has no engine-made line: its log read "Nothing yet" before).
import { describe, expect, it } from 'vitest';
import { lineOf, logTurns } from '../src/kit/movelog.js';

const move = (seq) => ({ seq, kind: 'entry' });
const takeBack = (seq, to) => ({ seq, kind: 'takeback', to_seq: to });

describe('lineOf', () => {
  it('is every move, 0 first, when nothing was taken back', () => {
    expect(lineOf([])).toEqual([0]);
    expect(lineOf([move(1), move(2), move(3)])).toEqual([0, 1, 2, 3]);
  });

  it('cuts the line back to a take-back\'s target, and goes on from there', () => {
    const entries = [move(1), move(2), move(3), takeBack(4, 1), move(5)];
    expect(lineOf(entries)).toEqual([0, 1, 5]);
  });

  it('takes back to the start, and past an earlier take-back', () => {
    const entries = [move(1), move(2), takeBack(3, 1), move(4), takeBack(5, 0), move(6)];
    expect(lineOf(entries)).toEqual([0, 6]);
    expect(lineOf(entries.slice(0, 4))).toEqual([0, 1, 4]);
  });
});

describe('logTurns: a take-back is a line of the log, saying who', () => {
  const names = (seat) => ['Ana', 'Guest'][seat];
  const by = (entry, seat) => ({ ...entry, seat, events: [] });
  const turns = (entries) => logTurns('high-card', {}, entries, lineOf(entries), names).map((turn) => [turn.seat, turn.sentences]);

  it('says who took back, to which move', () => {
    const entries = [by(move(1), 0), by(move(2), 1), by(move(3), 0), by(takeBack(4, 2), 1), by(move(5), 1)];
    expect(turns(entries)).toEqual([[1, ['Guest took back to move 2.']]]);
  });

  it('forgets a take-back that a later one went back over', () => {
    const entries = [by(move(1), 0), by(move(2), 1), by(takeBack(3, 1), 1), by(move(4), 1), by(takeBack(5, 0), 0), by(move(6), 0)];
    expect(turns(entries)).toEqual([[0, ['Ana took back to move 0.']]]);
    expect(turns(entries.slice(0, 4))).toEqual([[1, ['Guest took back to move 1.']]]);
  });
});

describe('logTurns: a move the table\'s clock made says so, once a turn', () => {
  const names = (seat) => ['Ana', 'Guest'][seat];
  const clocked = (seq, seat) => ({ seq, kind: 'entry', seat, device_id: 'clock', events: [] });

  it('says whose time ran out, once for the turn\'s moves, and "You" to that seat', () => {
    const entries = [clocked(1, 0), clocked(2, 0), { ...move(3), seat: 1, events: [] }, clocked(4, 1)];
    const turns = (viewer) => logTurns('high-card', {}, entries, lineOf(entries), names, viewer).map((turn) => turn.sentences);
    expect(turns(null)).toEqual([
      ['Ana ran out of time; the move was made automatically.'],
      ['Guest ran out of time; the move was made automatically.'],
    ]);
    expect(turns(0)[0]).toEqual(['You ran out of time; the move was made automatically.']);
  });
});

describe('logTurns: a hint shown says so before the move that followed it', () => {
  const names = (seat) => ['Ana', 'Guest'][seat];
  const entry = (seq, seat) => ({ seq, kind: 'entry', seat, events: [] });

  it('names who asked, only on the move made at that position by that seat', () => {
    const entries = [entry(1, 0), entry(2, 1), entry(3, 0)];
    const turns = (hints, viewer = null) => logTurns('high-card', {}, entries, lineOf(entries), names, viewer, hints).map((turn) => [turn.seat, turn.sentences]);
    expect(turns([])).toEqual([]);
    expect(turns([{ seq: 2, seat: 0 }])).toEqual([[0, ['Ana asked for a hint.']]]);
    expect(turns([{ seq: 2, seat: 0 }], 0)).toEqual([[0, ['You asked for a hint.']]]);
    expect(turns([{ seq: 2, seat: 1 }])).toEqual([], 'a hint for a seat that did not move there');
  });
});

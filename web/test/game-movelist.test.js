// The game screen's move list keeps its fold as the player left it across redraws, even
// when a redraw comes before the fold's 'toggle' event (it is dispatched a task later):
// a redraw in between closed the list the player had just opened (e2e: a move button
// "not visible" after the tap on "All moves").
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeDom } from './fakedom.js';

let moveListView;

beforeAll(async () => {
  fakeDom(vi.stubGlobal);
  vi.stubGlobal('navigator', { languages: ['en'], language: 'en' });
  ({ moveListView } = await import('../src/screens/game/movelist.js'));
});

describe('the move list', () => {
  it('stays open across a redraw that comes before its toggle event', () => {
    const actions = globalThis.document.createElement('section');
    const draw = moveListView({ parts: { actions }, ctl: { scrubSeq: null } });
    const how = { legal: [{ type: 'pass' }], readOnly: false, onMove: () => {}, title: { label: () => 'Pass' } };
    draw(how);
    const [fold] = actions.all('details.all-moves');
    expect(fold.attributes.open).toBeUndefined();
    fold.open = true; // the player opened it; the toggle event has not run yet
    draw(how);
    const [again] = actions.all('details.all-moves');
    expect(again).not.toBe(fold);
    expect(again.open ?? again.attributes.open !== undefined).toBeTruthy();
  });
});

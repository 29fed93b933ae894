// Whispering Woods' forest in its box (titles/whispering-woods/fit.js): drawn to fit,
// never smaller than a finger; the box scrolls to the places to tap; the sides hiding
// more are named.
import { describe, expect, it } from 'vitest';
import { centreOn, fitScale, hiddenSides, inside, placesBeyond, scrollToShow } from '../src/titles/whispering-woods/fit.js';

const box = { boxW: 360, boxH: 250 };
const rect = (x, y, size = 40) => ({ x0: x, y0: y, x1: x + size, y1: y + size });

describe('fitScale', () => {
  it('fits the whole content in the box', () => {
    expect(fitScale({ w: 600, h: 300, ...box, min: 0.5, max: 2 })).toBeCloseTo(0.6);
    expect(fitScale({ w: 300, h: 500, ...box, min: 0.4, max: 2 })).toBeCloseTo(0.5);
  });
  it('never draws a small forest larger than max', () => {
    expect(fitScale({ w: 100, h: 100, ...box, min: 0.5, max: 1.4 })).toBe(1.4);
  });
  it('never draws places smaller than min: the box scrolls instead', () => {
    expect(fitScale({ w: 1200, h: 900, ...box, min: 0.68, max: 2 })).toBe(0.68);
  });
});

describe('scrollToShow', () => {
  const content = { contentW: 1000, contentH: 800 };
  it('stays where it is when every place is in sight', () => {
    const at = { left: 100, top: 100 };
    expect(scrollToShow({ ...box, ...content, places: [rect(150, 150), rect(300, 250)], at })).toEqual(at);
  });
  it('centres places that fit in the box together', () => {
    const places = [rect(700, 500), rect(860, 600)];
    const to = scrollToShow({ ...box, ...content, places, at: { left: 0, top: 0 } });
    expect(places.every((p) => inside(p, to, box.boxW, box.boxH))).toBe(true);
    expect(to.left).toBeCloseTo((700 + 900 - 360) / 2);
    expect(to.top).toBeCloseTo((500 + 640 - 250) / 2);
  });
  it('stays inside the content', () => {
    const to = scrollToShow({ ...box, ...content, places: [rect(960, 760)], at: { left: 0, top: 0 } });
    expect(to).toEqual({ left: 640, top: 550 });
    expect(scrollToShow({ ...box, contentW: 300, contentH: 200, places: [rect(10, 10)], at: { left: 50, top: 50 } })).toEqual({ left: 0, top: 0 });
  });
  it('shows as many places as it can when they are too far apart', () => {
    // a ring around the content: three on the right, one on the left
    const places = [rect(0, 300), rect(900, 100), rect(900, 200), rect(900, 300)];
    const to = scrollToShow({ ...box, ...content, places, at: { left: 0, top: 0 } });
    expect(places.filter((p) => inside(p, to, box.boxW, box.boxH)).length).toBe(3);
    expect(inside(places[1], to, box.boxW, box.boxH)).toBe(true);
  });
  it('among equal views moves least from where the player left it', () => {
    const places = [rect(0, 0), rect(900, 700)];
    expect(scrollToShow({ ...box, ...content, places, at: { left: 640, top: 550 } })).toEqual({ left: 640, top: 550 });
    // from further in, just far enough to see the one in the corner
    expect(scrollToShow({ ...box, ...content, places, at: { left: 500, top: 500 } })).toEqual({ left: 580, top: 500 });
  });
});

describe('the cues', () => {
  const content = { contentW: 1000, contentH: 800 };
  it('names the sides with more forest beyond', () => {
    expect(hiddenSides({ ...box, ...content, at: { left: 0, top: 0 } })).toEqual(['right', 'bottom']);
    expect(hiddenSides({ ...box, ...content, at: { left: 640, top: 550 } })).toEqual(['left', 'top']);
    expect(hiddenSides({ ...box, ...content, at: { left: 300, top: 300 } })).toEqual(['left', 'right', 'top', 'bottom']);
    expect(hiddenSides({ ...box, contentW: 360, contentH: 200, at: { left: 0, top: 0 } })).toEqual([]);
  });
  it('names the sides with places beyond, a place cut by the edge too', () => {
    const at = { left: 300, top: 300 };
    expect(placesBeyond([rect(400, 400)], at, box.boxW, box.boxH)).toEqual([]);
    expect(placesBeyond([rect(100, 400), rect(640, 530)], at, box.boxW, box.boxH)).toEqual(['left', 'right', 'bottom']);
    expect(placesBeyond([rect(400, 280)], at, box.boxW, box.boxH)).toEqual(['top']);
  });
  it('centres on a point, inside the content', () => {
    expect(centreOn({ ...box, ...content, point: [500, 400] })).toEqual({ left: 320, top: 275 });
    expect(centreOn({ ...box, ...content, point: [20, 790] })).toEqual({ left: 0, top: 550 });
  });
});

describe('a market tile path', () => {
  it('is one row of up to three cells, else a snake of two rows, each cell next to the one before', async () => {
    const { pathCells } = await import('../src/titles/whispering-woods/board.js');
    expect(pathCells(3)).toEqual([[-18, 0], [0, 0], [18, 0]]);
    expect(pathCells(4)).toEqual([[-9, 0], [9, 0], [9, 18], [-9, 18]]);
    expect(pathCells(5)).toEqual([[-18, 0], [0, 0], [18, 0], [18, 18], [0, 18]]);
    for (const n of [2, 3, 4, 5, 6]) {
      const cells = pathCells(n);
      for (let i = 1; i < n; i++) expect(Math.hypot(cells[i][0] - cells[i - 1][0], cells[i][1] - cells[i - 1][1])).toBe(18);
    }
  });
});

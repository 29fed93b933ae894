// The guided first game (issue #38, "A first game that teaches"): a title's guide is a
// list of steps (titles/<id>/guide.js); each says something in the rulebook's words,
// may point at a part of the screen (a CSS selector: an outline on it, the words in a
// callout next to it, never over it and above the bottom bar), and waits for "Next" or
// for the player's own move matching the step (`move(m)`), made on the board as usual.
// "Skip" ends it at any step; the last step says the rest is a normal game. The guide
// never blocks the board: the callout sits beside what it points at, and a move it did
// not ask for is played (the guide says so, Undo takes it back). Where it stands is the
// game row's `guide` ({title, step}, so a reload resumes it); once finished or skipped
// it is gone from the row and remembered per title in the settings (`guides`), so it
// is never offered again unless asked (How to play's "guided first game").
import { h } from '../ui.js';
import { t } from '../i18n.js';
import * as store from '../storage.js';

/** @typedef {{say: string, point?: string, move?: (move: any) => boolean}} GuideStep */
/** @typedef {{seed: string, botSeed: number, steps: GuideStep[]}} Guide */

const SETTING = 'guides';

/** {title: 'done' | 'skipped'}: the titles whose guide was followed to its end or skipped. */
export async function guidesSeen() {
  return (await store.getSetting(SETTING, {})) || {};
}

async function remember(title, how) {
  await store.setSetting(SETTING, { ...(await guidesSeen()), [title]: how });
}

/**
 * The guide of a game on the game screen.
 * @param {{root: HTMLElement, row: any, guide: Guide, bar: HTMLElement}} opts
 * `row`: the game row (its `guide` is {title, step}); `bar`: the bottom bar it stays above.
 */
export function guideRunner({ root, row, guide, bar }) {
  const steps = guide.steps;
  const title = row.guide.title;
  let index = Math.min(row.guide?.step || 0, steps.length - 1);
  let off = false;
  let wrong = false; // the last move was not the one this step asks for
  let placedFor = -1; // the step the target was last scrolled into view for
  const words = h('p.guide-words', { id: 'guide-words', 'aria-live': 'polite' }); // each step heard as it comes
  const note = h('p.guide-note', { id: 'guide-note', role: 'status', hidden: true });
  const count = h('span.guide-count', { id: 'guide-count' });
  const next = h('button.primary', { id: 'guide-next', type: 'button', on: { click: () => advance() } });
  const skip = h('button', { id: 'guide-skip', type: 'button', on: { click: () => finish('skipped') } }, t('guide.skip'));
  const callout = h('div.guide-callout', { id: 'guide', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'guide-words' },
    h('div.guide-head', {}, h('strong', {}, t('guide.title')), ' ', count), words, note, h('div.guide-actions', {}, next, skip));
  root.append(callout);

  const save = () => store.updateGame(row.id, (r) => ({ ...r, guide: r.guide ? { ...r.guide, step: index } : r.guide }));

  async function advance() {
    if (off) return;
    if (index >= steps.length - 1) return finish('done');
    index += 1;
    wrong = false;
    row.guide = { ...row.guide, step: index };
    await save();
    draw();
  }

  async function finish(how) {
    if (off) return;
    off = true;
    row.guide = null;
    await store.updateGame(row.id, (r) => ({ ...r, guide: null }));
    await remember(title, how);
    stop(); // the callout goes once both are written
  }

  function stop() {
    off = true;
    callout.remove();
    watch.disconnect();
    for (const el of root.querySelectorAll('.guide-spot, .guide-move')) el.classList.remove('guide-spot', 'guide-move');
    window.removeEventListener('scroll', onScroll);
  }

  /** Where the callout goes: next to the target (below it, else above it), within the
   * screen between the sticky top (the top bar, the score) and the bottom bar; the target
   * is scrolled into that room first when it is not in it. */
  function place(scroll) {
    if (off) return;
    const step = steps[index];
    const targets = step.point ? [...root.querySelectorAll(step.point)].filter((el) => el.getClientRects().length) : [];
    callout.dataset.point = targets.length ? step.point : '';
    const tops = [...document.querySelectorAll('.topbar, .score-box')].map((el) => el.getBoundingClientRect().bottom);
    const top = Math.max(0, ...tops) + 4;
    const barTop = bar.getBoundingClientRect().top - 4;
    const height = callout.offsetHeight;
    if (!targets.length) {
      callout.style.top = `${Math.max(top, barTop - height)}px`;
      return;
    }
    const box = () => {
      const rects = targets.map((el) => el.getBoundingClientRect());
      return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
    };
    let r = box();
    if (scroll) {
      // the target and the callout both in the room: the target's top just under the
      // callout's room above it, or under the sticky top when the callout goes below
      const fitsBelow = r.bottom - r.top + height + 8 <= barTop - top;
      const want = fitsBelow ? top : top + height + 8;
      if (r.top < want || r.bottom > (fitsBelow ? barTop - height - 8 : barTop)) {
        window.scrollBy(0, r.top - want);
        r = box();
      }
    }
    let y;
    if (r.bottom + 8 + height <= barTop) y = r.bottom + 8;
    else if (r.top - 8 - height >= top) y = r.top - 8 - height;
    else y = r.bottom + 8 <= barTop - height ? r.bottom + 8 : Math.max(top, barTop - height); // no room: the bottom
    callout.style.top = `${Math.round(y)}px`;
  }

  /** The outline on what the step points at; the moves it asks for marked too (a tap
   * that leads to one of them as well): the board draws its own steps between redraws. */
  function mark() {
    if (off) return;
    const step = steps[index];
    for (const el of root.querySelectorAll('.guide-spot, .guide-move')) el.classList.remove('guide-spot', 'guide-move');
    if (step.point) for (const el of root.querySelectorAll(step.point)) el.classList.add('guide-spot');
    if (!step.move) return;
    for (const el of root.querySelectorAll('#board [data-move], #board [data-leads]')) {
      const moves = el.dataset.move ? [el.dataset.move] : JSON.parse(el.dataset.leads || '[]');
      if (moves.some((key) => step.move(JSON.parse(key)))) el.classList.add('guide-move');
    }
  }
  const watch = new MutationObserver(() => requestAnimationFrame(mark));
  const boardBox = root.querySelector('#board');
  if (boardBox) watch.observe(boardBox, { childList: true, subtree: true });

  function onScroll() {
    if (!off) requestAnimationFrame(() => place(false));
  }
  window.addEventListener('scroll', onScroll, { passive: true });

  /** Draw the step (after every redraw of the game screen: the board's elements are new). */
  function draw() {
    if (off) return;
    const step = steps[index];
    const last = index === steps.length - 1;
    callout.dataset.step = String(index);
    callout.dataset.wait = step.move ? 'move' : 'next';
    words.textContent = t(step.say);
    count.textContent = t('guide.count', { n: index + 1, total: steps.length });
    note.hidden = !wrong;
    // Undo takes it back where the rules let it (a move that showed hidden things stays)
    note.textContent = wrong ? t(document.querySelector('#undo:disabled') ? 'guide.notThatKept' : 'guide.notThat') : '';
    next.hidden = Boolean(step.move);
    next.textContent = last ? t('guide.done') : t('guide.next');
    skip.hidden = last;
    mark();
    place(placedFor !== index);
    placedFor = index;
  }

  return {
    draw,
    /** A move the player made here: the step's move moves the guide on; another says so. */
    moved(move) {
      if (off) return;
      const step = steps[index];
      if (!step.move) return;
      if (step.move(move)) advance();
      else {
        wrong = true;
        draw();
      }
    },
    /** The player took a move back: the step waits again, with nothing to correct. */
    undone() {
      if (off || !wrong) return;
      wrong = false;
      draw();
    },
    stop,
    get active() {
      return !off;
    },
  };
}

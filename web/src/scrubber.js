// History scrubber: a slider and step buttons over the whole record (undone entries
// included: the record never loses one). Any point is shown read-only; "play from
// here" starts a branch there, or (`noBranch`) says why it cannot yet.
// It comes in two parts: the `bar` (the slider row, kept in reach at the bottom of the
// game screen) and the `banner` (which move is on screen and the way back, at the top).
import { h } from './ui.js';
import { t } from './i18n.js';

export function scrubber({ max, value, entries, describe, onChange, onBranch, noBranch }) {
  const live = value === max;
  const slider = h('input', {
    id: 'scrub', type: 'range', min: 0, max, step: 1, value,
    'aria-label': t('scrub.label'),
    'aria-valuetext': t('scrub.position', { seq: value, max }),
  });
  slider.addEventListener('change', () => onChange(Number(slider.value)));
  slider.addEventListener('input', () => { label.textContent = positionText(Number(slider.value)); });
  const step = (to) => onChange(Math.max(0, Math.min(max, to)));
  const btn = (id, text, aria, to, disabled) => h('button.step', { id, type: 'button', 'aria-label': aria, title: aria, disabled, on: { click: () => step(to) } }, text);
  const positionText = (seq) => `${t('scrub.position', { seq, max })} — ${describe(seq ? entries[seq - 1] : null)}`;
  const label = h('span.scrub-label', { id: 'scrub-label', 'aria-live': 'polite' }, positionText(value));
  const bar = h('div.scrubber', { role: 'group', 'aria-label': t('scrub.title') },
    h('div.scrub-row', {},
      btn('scrub-first', '|◀', t('scrub.first'), 0, value === 0),
      btn('scrub-prev', '◀', t('scrub.prev'), value - 1, value === 0),
      slider,
      btn('scrub-next', '▶', t('scrub.next'), value + 1, live),
      btn('scrub-last', '▶|', t('scrub.last'), max, live),
    ));
  const banner = h('div.scrub-banner', {},
    label,
    live ? null : h('div.scrub-actions', {},
      h('button.primary', { id: 'scrub-live', type: 'button', on: { click: () => step(max) } }, t('scrub.backToLive')),
      onBranch ? h('button', { id: 'play-from-here', type: 'button', on: { click: onBranch } }, t('scrub.branch'))
        : noBranch ? h('div.control', {}, h('button', { id: 'play-from-here', type: 'button', disabled: true, 'aria-describedby': 'no-branch-reason' }, t('scrub.branch')), h('small.reason', { id: 'no-branch-reason' }, noBranch))
          : null,
    ));
  return { bar, banner };
}

// An online table's clock: the time left for the seat to move, in words ("23 h left"),
// for a clocked table's current position; hidden otherwise. Redrawn every second.
import { formatTimeLeft, t } from '../../i18n.js';

/** @param {import('./layout.js').View} v */
export function drawClock(v) {
  const { session, names } = v;
  const { clockLine } = v.parts;
  const snap = session.snapshot;
  const clock = session.kind === 'hosted' ? session.row.hosted.clock : null;
  if (!clock || clock.deadline == null || snap.over || v.ctl.scrubSeq !== null) {
    clockLine.hidden = true;
    return;
  }
  const left = formatTimeLeft(clock.deadline - Date.now());
  clockLine.textContent = snap.activeSeat !== null ? t('clock.yours', { left })
    : t('clock.theirs', { name: snap.toMove.map(names).join(t('list.sep')), left });
  clockLine.title = `${t('new.onTimeout')}: ${t(`timeout.${clock.on_timeout}`)}`;
  clockLine.dataset.deadline = String(clock.deadline);
  clockLine.hidden = false;
}

/** Keep the clock line up to date, every second, until the returned stop.
 * @param {import('./layout.js').View} v @returns {() => void} */
export function tickClock(v) {
  const clockTimer = setInterval(() => { if (!v.ctl.disposed) drawClock(v); }, 1000);
  return () => clearInterval(clockTimer);
}

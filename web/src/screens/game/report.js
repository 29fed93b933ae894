// Export and "report a problem": the record as a file, and a report that asks what went
// wrong and shows what will be sent first (report.js sends it).
import { h, toast, download } from '../../ui.js';
import { t } from '../../i18n.js';
import { reportProblem, reportSummary } from '../../report.js';
import { gameTitle } from '../../catalogue.js';
import { call } from '../../engine.js';

/** What a report carries: the row, the error on screen, the move that failed.
 * @typedef {{row: any, error?: any, attempt?: any}} ReportContext */

/** Export and report, under the move list.
 * @param {import('./layout.js').View} v */
export function drawControls(v) {
  const { session, ctl } = v;
  const { controls, errorBox } = v.parts;
  controls.replaceChildren(
    h('div.control', {},
      h('button', { id: 'export', type: 'button', on: { click: () => exportRecord(session).catch((err) => toast(String(err?.message || err), 'error')) } }, t('game.export')),
      reportButton(v.cat, () => ({ row: session.row, error: errorBox.hidden ? null : ctl.lastError, attempt: errorBox.hidden ? null : ctl.lastAttempt }))),
  );
}

/** A `.kifu` file: the record in the compact form (what `kifu` reads and writes, and
 * what Import takes back). A running hosted game has no full record here (the seed
 * stays on the server): its entries as this seat sees them, as JSON.
 * @param {any} session */
async function exportRecord(session) {
  const name = `${(session.row.title || session.game).replace(/[^\w-]+/g, '_')}-${session.id.slice(0, 12)}`;
  if (session.kind === 'hosted') {
    download(`${name}.kifu.json`, JSON.stringify({ entries: session.snapshot.entries }));
    return;
  }
  const { record_kifu: bytes } = await call('record', { record_id: session.rid, form: 'compact' });
  download(`${name}.kifu`, bytes, 'application/vnd.kifu.record');
}

/** "Report a problem": asks what went wrong and shows what will be sent first.
 * @param {{games: any[]}} cat the catalogue @param {() => ReportContext} ctx what to report, at the tap */
export function reportButton(cat, ctx) {
  return h('button', { id: 'report', type: 'button', on: { click: () => openReport(cat, ctx()) } }, t('report.button'));
}

/** @param {{games: any[]}} cat @param {ReportContext} c */
function openReport(cat, c) {
  const sum = reportSummary(c.row, c.error, c.attempt);
  const what = h('textarea', { id: 'report-text', rows: 3, maxlength: 2000 });
  const dialog = h('dialog.report-dialog', { id: 'report-dialog', 'aria-labelledby': 'report-title' },
    h('h2', { id: 'report-title' }, t('report.title')),
    h('label', { for: 'report-text' }, t('report.what')), what,
    h('h3', {}, t('report.sent')),
    h('ul.report-sent', { id: 'report-sent' },
      h('li', {}, t('report.sentRecord', { game: gameTitle(cat.games, sum.game), n: sum.moves })),
      sum.error ? h('li', {}, t('report.sentError', { text: sum.error })) : null,
      sum.attempt ? h('li', {}, t('report.sentAttempt', { move: sum.attempt })) : null,
      h('li', {}, t('report.sentBrowser', { ua: sum.browser }))),
    h('div.action-row', {},
      h('button.primary', { id: 'report-send', type: 'button', on: { click: async () => {
        dialog.close();
        const result = await reportProblem(c.row, c.error, c.attempt, what.value.trim());
        toast(result.uploaded ? t('report.uploaded') : t('report.downloaded'));
        dialog.remove();
      } } }, t('report.send')),
      h('button', { type: 'button', on: { click: () => { dialog.close(); dialog.remove(); } } }, t('common.cancel'))));
  document.body.append(dialog);
  dialog.showModal();
  what.focus();
}

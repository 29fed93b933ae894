// "Report a problem": the record (as stored, seed included for local games), the
// engine version, the error and the move that failed, as a core.kernel.BugReport.
// Uploaded to /api/reports; downloaded as a file when the server cannot be reached.
// The report carries the record as JSON (what `kifu repro` and the server read): the
// row's compact bytes are converted by the engine, not parsed here.
import { api, ApiError } from './api.js';
import { call } from './engine.js';
import { rowRecord } from './storage.js';
import { download } from './ui.js';

/** The row's record as JSON text, or null (a hosted game before its end, or bytes the
 * engine cannot read: the report then says so in its error). */
export async function reportRecordJson(row) {
  const record = rowRecord(row);
  if (!record) return { recordJson: null, problem: '' };
  if (record.record_json) return { recordJson: record.record_json, problem: '' };
  try {
    return { recordJson: (await call('convert', { ...record, form: 'json' })).record_json, problem: '' };
  } catch (err) {
    return { recordJson: null, problem: `the stored record did not decode: ${err.message || err}` };
  }
}

export function buildReport(row, recordJson, error, attempt, description = '') {
  // Hosted games have a full record only once they are over (the seed stays secret before).
  let engineVersion;
  try {
    engineVersion = JSON.parse(recordJson).genesis.engine_version;
  } catch {
    engineVersion = '';
  }
  const errorText = typeof error === 'string' ? error : error?.message ? String(error.message) : 'user report: no error shown';
  const fields = [
    `"game":${JSON.stringify(row.game)}`,
    `"engine_version":${JSON.stringify(engineVersion)}`,
    `"record":${recordJson || 'null'}`,
    `"error":${JSON.stringify(errorText)}`,
    attempt ? `"attempt":${JSON.stringify(attempt)}` : null,
    `"note":${JSON.stringify(`${description ? `${description}\n` : ''}ui ${navigator.userAgent}`)}`,
    `"created_at":${Date.now()}`,
  ].filter(Boolean);
  return `{${fields.join(',')}}`;
}

/** What a report carries, in words, for the player to see before sending. */
export function reportSummary(row, error, attempt) {
  const record = Boolean(rowRecord(row));
  return {
    game: row.game,
    moves: record ? row.seq || 0 : 0, // the row keeps its record's entry count
    record,
    error: typeof error === 'string' ? error : error?.message || '',
    attempt: attempt ? JSON.stringify(attempt.move) : '',
    browser: navigator.userAgent,
  };
}

export async function reportProblem(row, error, attempt = null, description = '') {
  const { recordJson, problem } = await reportRecordJson(row);
  const shown = typeof error === 'string' ? error : error?.message || '';
  const text = buildReport(row, recordJson, problem ? [shown, problem].filter(Boolean).join('; ') : error, attempt, description);
  try {
    const { data } = await api('POST', '/api/reports', { body: text });
    return { uploaded: true, id: data.report_id, reproduced: data.reproduced };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    download(`kifu-report-${row.id.slice(0, 12)}-${Date.now()}.json`, text);
    return { uploaded: false, reason: err.message };
  }
}

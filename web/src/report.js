// "Report a problem": the record (as stored, seed included for local games), the
// engine version, the error and the move that failed, as a core.kernel.BugReport.
// Uploaded to /api/reports; downloaded as a file when the server cannot be reached.
import { api, ApiError } from './api.js';
import { download } from './ui.js';

export function buildReport(row, error, attempt, description = '') {
  // Hosted games have a full record only once they are over (the seed stays secret before).
  const recordJson = row.record_json || row.hosted?.recordJson || null;
  let engineVersion = '';
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
  const recordJson = row.record_json || row.hosted?.recordJson || null;
  let moves = 0;
  try {
    moves = JSON.parse(recordJson).entries.length;
  } catch {
    moves = 0;
  }
  return {
    game: row.game,
    moves,
    record: Boolean(recordJson),
    error: typeof error === 'string' ? error : error?.message || '',
    attempt: attempt ? JSON.stringify(attempt.move) : '',
    browser: navigator.userAgent,
  };
}

export async function reportProblem(row, error, attempt = null, description = '') {
  const text = buildReport(row, error, attempt, description);
  try {
    const { data } = await api('POST', '/api/reports', { body: text });
    return { uploaded: true, id: data.report_id, reproduced: data.reproduced };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    download(`kifu-report-${row.id.slice(0, 12)}-${Date.now()}.json`, text);
    return { uploaded: false, reason: err.message };
  }
}

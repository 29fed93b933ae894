// The server's HTTP API (server/API.md), same origin. Failures become ApiError:
// status 0 / code 'offline' when the server cannot be reached at all.

/** A problem reply (server/API.md: RFC 9457 problem details plus `code` and `rule_id`).
 * @typedef {{code?: string, detail?: string, title?: string, rule_id?: string} & Record<string, any>} Problem */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status; 0 when the server could not be reached
   * @param {Problem | null} [problem]
   */
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code || (status === 0 ? 'offline' : `http-${status}`);
    this.rule_id = problem?.rule_id || '';
    this.problem = problem || {};
  }
  get offline() {
    return this.status === 0;
  }
}

/** `body` may be a string (sent as is: record texts) or an object (JSON-encoded).
 * @param {'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {{body?: any, token?: string | null, timeout?: number}} [options]
 * @returns {Promise<{status: number, data: any, text: string}>} the reply, its JSON parsed */
export async function api(method, path, { body, token, timeout = 15000 } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: controller.signal,
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, { code: 'offline', detail: 'server unreachable' });
  } finally {
    clearTimeout(timer);
  }
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text.slice(0, 200) };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return { status: response.status, data, text };
}

/** Is this device online as far as the app can tell? (navigator first, then a ping.) */
export async function reachable() {
  if (!navigator.onLine) return false;
  try {
    const response = await fetch('/health', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

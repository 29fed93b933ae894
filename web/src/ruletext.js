// The words a player reads when the rules refuse a move, a take-back or a hosted move.
// Japanese: the rule's wording from strings/rules.ja.js. English: the engine's own
// message, which names the very tile or card. Either way followed by the rule ID.
import { getLang, has, t } from './i18n.js';

/** `err` carries the kernel's {code, rule_id} and its message (`detail` or `message`):
 * an EngineError, an ApiError, a take-back refusal or a rejected hosted move. */
export function ruleText(game, err) {
  const code = err?.code || '';
  const rule = err?.rule_id || '';
  const message = err?.detail || err?.message || '';
  // A code can mean different things per game, and one code can cover several rules.
  const key = code ? [`rules.${game}.${code}.${rule}`, `rules.${game}.${code}`, `rules.kernel.${code}`].find(has) : undefined;
  const text = key && (getLang() !== 'en' || !message) ? t(key) : message || code || t('err.generic');
  // Unknown codes (server-side problems) keep their code: it is all there is to go on.
  const id = rule || (key ? '' : code);
  return id ? `${text} [${id}]` : text;
}

// The words a player reads when the rules refuse a move, a take-back or a hosted move.
// Japanese: the rule's wording from strings/rules.ja.js. English: the engine's own
// message, which names the very tile or card. The rule ID is not shown in the text
// (it is developer's shorthand): the screens link "why?" to How to play at that rule.
import { getLang, has, t } from './i18n.js';

/** `err` carries the kernel's {code, rule_id} and its message (`detail` or `message`):
 * an EngineError, an ApiError, a take-back refusal or a rejected hosted move. */
export function ruleText(game, err) {
  const code = err?.code || '';
  const rule = err?.rule_id || '';
  const message = err?.detail || err?.message || '';
  // A code can mean different things per game, and one code can cover several rules.
  const key = code ? [`rules.${game}.${code}.${rule}`, `rules.${game}.${code}`, `rules.kernel.${code}`].find(has) : undefined;
  return key && (getLang() !== 'en' || !message) ? t(key) : message || t('err.generic');
}

// Seats as players read them: a name, a bot's name ("Easy bot"), else "Player N".
import { t, tOr } from './i18n.js';

/** A bot's name as players read it ("Easy bot"), or its id when not translated. */
export function botLabel(name) {
  return tOr(`bot.${name}`, name);
}

export function seatName(row, seat) {
  const bot = row.seatKinds?.[seat] === 'bot' && row.bots?.[seat];
  return row.names?.[seat] || (bot ? botLabel(bot) : t('seat.default', { n: seat + 1 }));
}

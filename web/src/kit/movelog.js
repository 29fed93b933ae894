// The move log: what happened, in words, built from the events a seat may see (the
// record as redacted for it: another player's deck draw is "a card"). Each event type
// with a wording `log.<game>.<event type>` (`{name}` the player, third person for
// everyone, past tense so "You" reads too) becomes a sentence; a `.hidden` wording is
// used when the event's secret was redacted. A title formats its own fields
// (`title.logParams(key, value)`); events with no wording (bookkeeping) are skipped.
import { h } from '../ui.js';
import { t, has } from '../i18n.js';

/** The sentence for one event, or null. */
export function eventText(game, event, names, title, viewer) {
  const base = `log.${game}.${event.type}`;
  if (!has(base)) return null;
  const params = {};
  let hidden = false;
  for (const [k, v] of Object.entries(event)) {
    if (v === null) hidden = true;
    if (k === 'seat') params.name = v === viewer && viewer !== null && viewer !== undefined ? t('log.you') : names(v);
    else params[k] = title.logParams?.(k, v, event) ?? v;
  }
  const key = hidden && has(`${base}.hidden`) ? `${base}.hidden` : base;
  return t(key, params);
}

// Events after which the next entry is another turn, even by the same seat: a solo
// game is one seat's entries from start to end, and its log was one paragraph.
const TURN_ENDS = new Set(['turn-ended', 'turn-passed', 'turn-started', 'round-closed']);

/**
 * The log of the entries in `line` (seqs in effect), grouped into turns (consecutive
 * entries of one seat, up to an event that ends a turn: TURN_ENDS). Returns {list:
 * <ol>, summary: <ul> | null, latest}: `summary` sums up what happened since `since`
 * last moved (the pass-the-device screen), `latest` is the newest turn ({seat, text}).
 */
export function moveLog(game, title, entries, line, names, { viewer = null, last = 40, since = undefined } = {}) {
  const turns = [];
  let ended = false; // the entries so far closed a turn
  for (const seq of line || []) {
    const entry = entries[seq - 1];
    if (!entry || entry.kind === 'takeback') continue;
    const events = entry.events || [];
    const ends = events.some((ev) => TURN_ENDS.has(ev.type));
    const sentences = events.map((ev) => eventText(game, ev, names, title, viewer)).filter(Boolean);
    if (!sentences.length) {
      ended = ended || ends;
      continue;
    }
    const prev = turns[turns.length - 1];
    if (prev && prev.seat === entry.seat && !ended) {
      prev.sentences.push(...sentences);
      prev.last = seq;
    } else turns.push({ seat: entry.seat, first: seq, last: seq, sentences });
    ended = ends;
  }
  const item = (turn) => h('li', { dataset: { seat: turn.seat, seq: turn.last } },
    h('span.log-turn', {}, turn.sentences.map((s) => h('span.log-line', {}, s))));
  const list = h('ol.move-log', { id: 'move-log', reversed: true },
    turns.slice(-last).reverse().map(item));
  if (!turns.length) list.append(h('li.empty', {}, t('log.empty')));
  let summary = null;
  if (since !== undefined) {
    let from = turns.length;
    while (from > 0 && turns[from - 1].seat !== since) from--;
    const recent = turns.slice(from).filter((turn) => turn.seat !== since);
    if (recent.length) summary = h('ul.log-summary', {}, recent.map((turn) => h('li', {}, turn.sentences.join(t('log.join')))));
  }
  const tail = turns[turns.length - 1];
  const latest = tail ? { seat: tail.seat, text: tail.sentences.join(t('log.join')) } : null;
  return { list, summary, latest };
}

// The move log: what happened, in words, built from the events a seat may see (the
// record as redacted for it: another player's deck draw is "a card"). Each event type
// with a wording `log.<game>.<event type>` (`{name}` the player, third person for
// everyone, past tense so "You" reads too) becomes a sentence; a `.hidden` wording is
// used when the event's secret was redacted. A title formats its own fields
// (`title.logParams(key, value)`); events with no wording (bookkeeping) are skipped.
import { h } from '../ui.js';
import { t, has, getLang } from '../i18n.js';

// The subject of a sentence, while it is being worded: a seat's name is put in after
// (or left out: a sentence that goes on about the player just named says it once).
const SUBJECT = '\u0000';
// Languages that leave out a subject just named, and how a sentence opens with it:
// 「あなたが竹タイルを取りました。竹タイルを2段目…に配置しました。」 English keeps it.
const DROPS = { ja: new RegExp(`^${SUBJECT}[がは]`) };

/** The words of one event before its subject is settled: {key, params, name, subject}
 * (`subject`: the sentence opens with the player as its subject), or null. */
function worded(game, event, names, title, viewer) {
  const base = `log.${game}.${event.type}`;
  if (!has(base)) return null;
  const params = {};
  let hidden = false;
  let name = null;
  for (const [k, v] of Object.entries(event)) {
    if (v === null) hidden = true;
    if (k === 'seat') {
      name = v === viewer && viewer !== null && viewer !== undefined ? t('log.you') : names(v);
      params.name = SUBJECT;
    } else params[k] = title.logParams?.(k, v, event) ?? v;
  }
  const key = hidden && has(`${base}.hidden`) ? `${base}.hidden` : base;
  const drop = DROPS[getLang()];
  return { key, params, name, seat: event.seat, subject: Boolean(drop && name !== null && drop.test(t(key, params))) };
}

/** A sentence: its subject left out (`again`: the sentence before named the same player
 * as its subject) or put in; `then`: it runs on into the next (a `.then` wording). */
function sentence(words, again, then) {
  const key = then && has(`${words.key}.then`) ? `${words.key}.then` : words.key;
  const text = t(key, words.params);
  const drop = DROPS[getLang()];
  return (again && drop ? text.replace(drop, '') : text).replaceAll(SUBJECT, words.name ?? '');
}

/** The sentences of a turn's events in order: a subject the sentence before named as
 * its own is not said again, and a sentence with a `.then` wording runs on into such a
 * sentence ("…をプレイし、草原タイルを配置しました。"). */
function sentences(items) {
  const again = items.map((w, i) => i > 0 && w.subject && items[i - 1].subject && items[i - 1].seat === w.seat);
  return items.map((w, i) => sentence(w, again[i], Boolean(again[i + 1])));
}

/** The sentence for one event, or null. */
export function eventText(game, event, names, title, viewer) {
  const words = worded(game, event, names, title, viewer);
  return words ? sentence(words, false, false) : null;
}

// Events after which the next entry is another turn, even by the same seat: a solo
// game is one seat's entries from start to end, and its log was one paragraph.
const TURN_ENDS = new Set(['turn-ended', 'turn-passed', 'turn-started', 'round-closed']);

/** The take-backs still part of the story of `line`, by the seq they went back to: a
 * take-back whose target is in the line and after which every later move in the line
 * was made (one undone by a later take-back is gone with what it went back over). */
function takebacksIn(entries, line) {
  const at = new Map();
  const position = new Map((line || []).map((seq, i) => [seq, i]));
  for (const entry of entries) {
    if (entry?.kind !== 'takeback') continue;
    const i = position.get(entry.to_seq ?? 0);
    if (i === undefined || line.slice(i + 1).some((seq) => seq < entry.seq)) continue;
    at.set(entry.to_seq ?? 0, [...(at.get(entry.to_seq ?? 0) || []), entry]);
  }
  return at;
}

/** The turns of the log ({seat, first, last, sentences}): consecutive entries of one
 * seat up to an event that ends a turn (TURN_ENDS), each event a sentence; a take-back
 * is a turn of its own, where it went back to ("Guest took back to move 3"). `hints`
 * ({seq, seat}: a hint shown to `seat` at position `seq`) put "took a hint" before the
 * move that followed it. */
export function logTurns(game, title, entries, line, names, viewer = null, hints = []) {
  const turns = [];
  let ended = false; // the entries so far closed a turn
  const takebacks = takebacksIn(entries, line);
  const tookBack = (seq) => {
    for (const entry of takebacks.get(seq) || []) {
      turns.push({ seat: entry.seat, first: entry.seq, last: entry.seq, words: [], text: t('log.takeback', { name: names(entry.seat), to: entry.to_seq ?? 0 }) });
      ended = true;
    }
  };
  tookBack(0);
  let before = null; // the entry before, in the line
  for (const seq of line || []) {
    const entry = entries[seq - 1];
    const earlier = before;
    before = entry;
    if (!entry || entry.kind === 'takeback') continue;
    const events = entry.events || [];
    const ends = events.some((ev) => TURN_ENDS.has(ev.type));
    const words = events.map((ev) => worded(game, ev, names, title, viewer)).filter(Boolean);
    // an online table's clock played this turn (device "clock"): said once, first
    if (entry.device_id === 'clock' && !(earlier?.device_id === 'clock' && earlier.seat === entry.seat)) {
      const name = entry.seat === viewer && viewer !== null ? t('log.you') : names(entry.seat);
      words.unshift({ key: 'log.clock', params: { name: SUBJECT }, name, seat: entry.seat, subject: false });
    }
    // a casual table's hint (sessions.js suggest): said before the move it came before
    if (hints.some((hint) => hint.seq === seq - 1 && hint.seat === entry.seat)) {
      const name = entry.seat === viewer && viewer !== null ? t('log.you') : names(entry.seat);
      const drop = DROPS[getLang()];
      const subject = Boolean(drop && drop.test(t('log.hinted', { name: SUBJECT })));
      words.unshift({ key: 'log.hinted', params: { name: SUBJECT }, name, seat: entry.seat, subject });
    }
    const prev = turns[turns.length - 1];
    if (!words.length) ended = ended || ends;
    else {
      if (prev && prev.seat === entry.seat && !ended && !prev.text) {
        prev.words.push(...words);
        prev.last = seq;
      } else turns.push({ seat: entry.seat, first: seq, last: seq, words });
      ended = ends;
    }
    tookBack(seq);
  }
  for (const turn of turns) turn.sentences = turn.text ? [turn.text] : sentences(turn.words);
  return turns;
}

/**
 * The log of the entries in `line` (seqs in effect), grouped into turns (consecutive
 * entries of one seat, up to an event that ends a turn: TURN_ENDS). Returns {list:
 * <ol>, summary: <ul> | null, latest}: `summary` sums up what happened since `since`
 * last moved (the pass-the-device screen), `latest` is the newest turn ({seat, text}).
 */
export function moveLog(game, title, entries, line, names, { viewer = null, last = 40, since = undefined, hints = [] } = {}) {
  const turns = logTurns(game, title, entries, line, names, viewer, hints);
  const item = (turn) => h('li', { dataset: { seat: turn.seat, seq: turn.last } },
    h('span.log-turn', {}, turn.sentences.map((s) => h('span.log-line', {}, s))));
  // it scrolls (style.css): a keyboard reaches it too (axe: scrollable-region-focusable)
  const list = h('ol.move-log', { id: 'move-log', reversed: true, tabindex: '0' },
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

/** The seqs in effect after `entries` (a record's, or a seat's redacted copy), 0 first:
 * each entry adds its seq, a take-back cuts the line back to its target (as the
 * kernel's Timeline.line; a hosted game's screen has only the entries).
 * @param {{seq: number, kind?: string, to_seq?: number}[]} entries
 * @returns {number[]} */
export function lineOf(entries) {
  const line = [0];
  for (const entry of entries) {
    if (entry.kind === 'takeback') line.splice(line.indexOf(entry.to_seq ?? 0) + 1);
    else line.push(entry.seq);
  }
  return line;
}

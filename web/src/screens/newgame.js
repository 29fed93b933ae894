// New game: title, players (humans on this device / bots / remote invitations),
// options from the engine's GameInfo option schema, the take-back policy; each bot
// seat picks one of the game's bots by name (the catalogue's `bots`).
// An option is offered only where it applies (its spec's `players` and `when`; left out,
// the engine takes its default), in words: a choice or a short int range is a picker of
// named values (`option.<name>.<value>`, `offered`), a set of places (`rows`) is drawn
// as the board to tap. The form keeps what was chosen: across a change of players, and
// across "Why?" / How to play and back (the history entry's state, `saveDraft`).
// Only seats on this device and bots: a local game (this device decides), unless
// "host online" is ticked. Any remote seat: a hosted game. In a hosted game the
// server decides and plays the bot seats itself (they get no invite).
import { h, newGameSeed, newSeed, uuid, toast } from '../ui.js';
import { t, pick, tOr, has } from '../i18n.js';
import * as store from '../storage.js';
import { catalogue } from '../catalogue.js';
import { call } from '../engine.js';
import { api, ApiError } from '../api.js';
import { go } from '../router.js';
import { requestSync } from '../sync.js';
import { saveHostedSeat } from '../records.js';
import { seatsOf } from '../sessions.js';
import { botLabel } from '../seats.js';
import { citesRule, hasRules, titleOf } from '../titles/index.js';
import { applies, covers, intValues, placesOf } from '../options.js';

/** The times per move the form offers ([seconds, words]; 0: no clock). */
const CLOCKS = [[0, 'clock.none'], [3600, 'clock.hour'], [86400, 'clock.day'], [3 * 86400, 'clock.days3']];

export async function newGameScreen(root) {
  root.append(h('h1', {}, t('new.title')));
  const status = h('p', { role: 'status' }, t('new.loadingGames'));
  root.append(status);
  let games;
  try {
    games = await catalogue();
  } catch (err) {
    status.textContent = `${t('new.noEngine')} ${err.message || ''}`;
    status.className = 'error';
    return;
  }
  status.remove();
  const draft = takeDraft(games);
  const form = h('form.new-game', { id: 'new-game-form', novalidate: true });
  root.append(form);

  const gameSelect = h('select', { id: 'ng-game', name: 'game' }, games.map((g) => h('option', { value: g.id }, pick(g, 'title'))));
  const titleInput = h('input', { id: 'ng-title', name: 'title', type: 'text', maxlength: 60 });
  const playersInput = h('select', { id: 'ng-players', name: 'players' });
  // How to play the chosen game (hidden for a game without a summary).
  const rulesLink = h('a.rules-link', { id: 'ng-rules' }, t('howto.link'));
  rulesLink.addEventListener('click', () => saveDraft(true));
  const drawRulesLink = () => {
    rulesLink.href = `#/rules/${gameSelect.value}`;
    rulesLink.hidden = !hasRules(gameSelect.value);
  };
  const seatsBox = h('fieldset.seats', {}, h('legend', {}, t('new.seats')));
  const optionsBox = h('fieldset.options', {}, h('legend', {}, t('new.options')));
  const takeback = h('select', { id: 'ng-takeback', name: 'takeback' },
    ['casual', 'friendly', 'strict'].map((p) => h('option', { value: p }, t(`takeback.${p}`))));
  const modeNote = h('p.note', { id: 'ng-mode', 'aria-live': 'polite' });
  // An online table's clock (turn-based play over days): the time per move and what
  // happens when it runs out (server/API.md `clock`).
  const clockSelect = h('select', { id: 'ng-clock', name: 'clock' },
    CLOCKS.map(([seconds, key]) => h('option', { value: seconds }, t(key))));
  const onTimeout = h('select', { id: 'ng-timeout', name: 'on_timeout' },
    ['bot', 'skip', 'abandon'].map((k) => h('option', { value: k }, t(`timeout.${k}`))));
  const timeoutField = h('div.field', {}, h('label', { for: 'ng-timeout' }, t('new.onTimeout')), onTimeout);
  const drawClock = () => { timeoutField.hidden = clockSelect.value === '0'; };
  clockSelect.addEventListener('change', drawClock);
  const clockBox = h('div.clock-box', { id: 'ng-clock-box' },
    h('div.field', {}, h('label', { for: 'ng-clock' }, t('new.clock')), clockSelect, h('p.note', {}, t('new.clockNote'))),
    timeoutField);
  const online = h('input', { id: 'ng-online', type: 'checkbox' });
  online.addEventListener('change', () => drawMode());

  form.append(
    h('div.field', {}, h('label', { for: 'ng-game' }, t('new.game')), h('div.select-with-link', {}, gameSelect, rulesLink)),
    h('div.field', {}, h('label', { for: 'ng-title' }, t('new.gameTitle')), titleInput),
    h('div.field', {}, h('label', { for: 'ng-players' }, t('new.players')), playersInput),
    seatsBox,
    optionsBox,
    h('div.field', {}, h('label', { for: 'ng-takeback' }, t('new.takeback')), takeback),
    h('div.field.option-bool', {}, online, h('label', { for: 'ng-online' }, t('new.online'))),
    modeNote,
    clockBox,
    h('div.action-row', {}, h('button.primary', { type: 'submit', id: 'ng-create' }, t('new.create')), h('a.button', { href: '#/' }, t('common.cancel'))),
  );

  const info = () => games.find((g) => g.id === gameSelect.value);
  let seatRows = [];
  /** The options as chosen (name → value), kept while the form redraws. */
  let chosen = {};
  if (draft) {
    gameSelect.value = draft.game;
    titleInput.value = draft.title || '';
    playersInput.append(h('option', { value: draft.players, selected: true }, String(draft.players)));
    takeback.value = draft.takeback || 'casual';
    online.checked = !!draft.online;
    chosen = { ...(draft.options || {}) };
    clockSelect.value = String(draft.clock || 0);
    onTimeout.value = draft.onTimeout || 'bot';
  }
  drawClock();

  /** What the form holds now, to come back to. */
  function draftOf() {
    return {
      game: gameSelect.value,
      title: titleInput.value,
      players: Number(playersInput.value),
      seats: seatRows.map((r) => ({ name: r.name.value, kind: r.kind.value, bot: r.bot.value })),
      options: { ...chosen },
      takeback: takeback.value,
      online: online.checked,
      clock: Number(clockSelect.value),
      onTimeout: onTimeout.value,
    };
  }

  /** Kept in this history entry's state (Back finds it), and once more for the next
   * form opened (How to play's own "New game" link) when `leaving` for a "why?". */
  function saveDraft(leaving = false) {
    const d = draftOf();
    history.replaceState({ ...(history.state || {}), newGame: d }, '');
    if (leaving) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
  }
  form.addEventListener('change', () => saveDraft());
  form.addEventListener('input', () => saveDraft());

  function drawPlayers() {
    const g = info();
    const prev = Number(playersInput.value) || Math.min(Math.max(2, g.min_players), g.max_players);
    playersInput.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h('option', { value: n, selected: n === Math.min(Math.max(prev, g.min_players), g.max_players) }, String(n));
    }));
    drawSeats();
  }

  function drawSeats() {
    const n = Number(playersInput.value);
    const old = seatRows.length ? seatRows.map((r) => ({ name: r.name.value, kind: r.kind.value, bot: r.bot.value })) : draft?.seats || [];
    // The engine's bots for this game, by name (catalogue `bots`: "random" first).
    const bots = info().bots?.length ? info().bots : ['random'];
    // A new opponent is the title's own bot: a player expects a game, not random moves.
    const preferred = bots.find((b) => b !== 'random') ?? bots[0];
    seatRows = Array.from({ length: n }, (_, i) => {
      // Empty names stay empty in the record of names: the UI shows "Player N" in the
      // current language instead.
      const name = h('input', { id: `ng-seat-${i}-name`, type: 'text', maxlength: 30, value: old[i]?.name ?? '', placeholder: t('seat.default', { n: i + 1 }) });
      const kind = h('select', { id: `ng-seat-${i}-kind`, 'aria-label': t('new.seatKind', { n: i + 1 }) },
        ['human', 'bot', 'remote'].map((k) => h('option', { value: k, selected: (old[i]?.kind ?? (i === 0 ? 'human' : 'bot')) === k }, t(`seatKind.${k}`))));
      const bot = h('select.seat-bot', { id: `ng-seat-${i}-bot`, 'aria-label': t('new.seatBot', { n: i + 1 }) },
        bots.map((b) => h('option', { value: b, selected: (bots.includes(old[i]?.bot) ? old[i].bot : preferred) === b }, botLabel(b))));
      const showBot = () => { bot.hidden = kind.value !== 'bot'; };
      kind.addEventListener('change', () => { showBot(); drawMode(); });
      showBot();
      return { name, kind, bot, el: h('div.seat-row', {}, h('label', { for: `ng-seat-${i}-name` }, t('seat.default', { n: i + 1 })), name, kind, bot) };
    });
    seatsBox.replaceChildren(h('legend', {}, t('new.seats')), ...seatRows.map((r) => r.el));
    drawMode();
  }

  /** Hosted when a seat is an invitation (then necessarily) or when asked for. */
  function isHosted() {
    return online.checked || seatRows.some((r) => r.kind.value === 'remote');
  }

  function drawMode() {
    const kinds = seatRows.map((r) => r.kind.value);
    online.disabled = kinds.includes('remote');
    if (online.disabled) online.checked = true;
    clockBox.hidden = !isHosted(); // a clock needs the server: a table on this device has none
    modeNote.textContent = isHosted()
      ? kinds.includes('bot') ? t('new.hostedBotsNote') : t('new.hostedNote')
      : kinds.filter((k) => k === 'human').length > 1 ? t('new.hotseatNote') : t('new.localNote');
  }

  /** The value chosen, or the default (an offered value when the default is not one). */
  function valueOf(spec) {
    if (spec.name in chosen) return chosen[spec.name];
    if (spec.offered?.length && !spec.offered.includes(spec.default)) return spec.offered[0];
    return spec.default;
  }

  function drawOptions() {
    const g = info();
    const specs = g.options || [];
    const focused = document.activeElement?.id;
    optionsBox.replaceChildren(h('legend', {}, t('new.options')));
    const shown = specs.filter((spec) => applies(spec, specs, Number(playersInput.value), valueOf));
    if (!shown.length) optionsBox.append(h('p.note', { id: 'ng-no-options' }, t('new.noOptions')));
    const hung = new Set(specs.flatMap((spec) => Object.keys(spec.when || {})));
    for (const spec of shown) {
      const id = `ng-opt-${spec.name}`;
      const value = valueOf(spec);
      let input;
      if (spec.kind === 'bool') input = h('input', { id, type: 'checkbox', checked: !!value });
      else if (spec.kind === 'int' && seatOption(spec)) input = seatSelect(id, spec, value);
      else if (spec.kind === 'int' && spec.rows?.length) input = placesPicker(id, spec, value);
      else if (spec.kind === 'int' && intValues(spec)) {
        input = h('select', { id }, intValues(spec).map((v) => h('option', { value: v, selected: v === value }, intLabel(spec, v))));
      } else if (spec.kind === 'int') input = h('input', { id, type: 'number', value, min: spec.minimum ?? undefined, max: spec.maximum ?? undefined, required: true });
      else input = h('select', { id }, (spec.choices || []).map((c) => h('option', { value: c, selected: c === value }, choiceLabel(spec, c))));
      input.dataset.option = spec.name;
      input.dataset.kind = spec.kind;
      input.addEventListener('change', () => {
        chosen[spec.name] = readOption(input);
        if (hung.has(spec.name)) drawOptions(); // an option that hangs on this one comes or goes
        saveDraft();
      });
      // the rule behind the option: "why?" opens How to play at it (no rule ID on screen)
      const why = spec.rule_id && citesRule(g.id, spec.rule_id)
        ? h('a.rule-link', { href: `#/rules/${g.id}?rule=${spec.rule_id}`, 'aria-label': `${t('howto.ruleLink')} ${pick(spec, 'label')}` }, t('howto.ruleLink')) : null;
      why?.addEventListener('click', () => saveDraft(true));
      const label = spec.rows?.length ? h('span.label', { id: `${id}-label` }, pick(spec, 'label')) : h('label', { for: id }, pick(spec, 'label'));
      const note = tOr(`option.${spec.name}.note`, '');
      optionsBox.append(h(`div.field.option-${spec.kind}`, { dataset: { optionField: spec.name } },
        spec.kind === 'bool' ? [input, label, why] : [h('span.label-row', {}, label, why), input, note ? h('p.note', {}, note) : null]));
    }
    if (focused) document.getElementById(focused)?.focus();
  }

  /** A set of places (bit i for place i) drawn as the board: rows bottom first, each
   * place a toggle; a pressed place is covered. */
  function placesPicker(id, spec, value) {
    const box = h('div.places', { id, role: 'group', 'aria-labelledby': `${id}-label`, dataset: { value: String(value) } });
    const rows = placesOf(spec).map((row, r) => h('div.places-row', { style: `--offset:${spec.row_offsets?.[r] ?? 0}` }, row.map(({ row: n, n: c, bit }) => {
      const place = h('button.place', { type: 'button', 'aria-pressed': String(covers(value, bit)), 'aria-label': t('option.places.place', { row: n, n: c }), dataset: { bit } });
      place.addEventListener('click', () => {
        const on = place.getAttribute('aria-pressed') !== 'true';
        place.setAttribute('aria-pressed', String(on));
        box.dataset.value = String(Number(box.dataset.value) + (on ? 1 : -1) * 2 ** bit);
        box.dispatchEvent(new Event('change', { bubbles: true }));
      });
      return place;
    })));
    box.append(...rows.reverse(), h('p.note.places-key', {}, h('span.place.covered-key', { 'aria-hidden': 'true' }), t('option.places.key')));
    return box;
  }

  /** An int option naming a seat (`first_player`, `…_seat`): offered as the seats, by
   * name, not as a number from 0 (and -1, where the option allows it, as "at random"). */
  function seatOption(spec) {
    return /(^|_)(player|seat)$/.test(spec.name);
  }

  function seatSelect(id, spec, value) {
    const n = Number(playersInput.value) || info().min_players;
    const last = Math.min(n - 1, spec.maximum ?? n - 1);
    return h('select', { id, dataset: { seatOption: '1' } }, Array.from({ length: last - (spec.minimum ?? 0) + 1 }, (_, k) => {
      const seat = (spec.minimum ?? 0) + k; // -1: the engine draws the seat
      const name = seat < 0 ? t('new.atRandom') : seatRows[seat]?.name.value.trim() || t('seat.default', { n: seat + 1 });
      return h('option', { value: seat, selected: seat === value }, name);
    }));
  }

  gameSelect.addEventListener('change', () => {
    chosen = {}; // another game's options
    drawRulesLink();
    seatRows.forEach((r) => { r.bot.value = ''; }); // another game's bots: pick anew
    drawPlayers();
    drawOptions();
  });
  playersInput.addEventListener('change', () => { drawSeats(); drawOptions(); });
  drawRulesLink();
  drawPlayers();
  drawOptions();

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const g = info();
    const options = {};
    for (const input of optionsBox.querySelectorAll('[data-option]')) {
      const kind = input.dataset.kind;
      if (kind === 'bool') options[input.dataset.option] = input.checked;
      else if (input.dataset.seatOption || input.tagName !== 'INPUT') options[input.dataset.option] = readOption(input);
      else if (kind === 'int') {
        const value = Number(input.value);
        if (!Number.isInteger(value) || (input.min !== '' && value < Number(input.min)) || (input.max !== '' && value > Number(input.max))) {
          input.setAttribute('aria-invalid', 'true');
          input.focus();
          return toast(t('new.badOption', { name: input.id.replace('ng-opt-', ''), min: input.min, max: input.max }), 'error');
        }
        options[input.dataset.option] = value;
      } else options[input.dataset.option] = input.value;
    }
    const seats = seatRows.length;
    const names = seatRows.map((r) => r.name.value.trim());
    const seatKinds = seatRows.map((r) => r.kind.value);
    const bots = seatRows.map((r) => (r.kind.value === 'bot' ? r.bot.value || 'random' : null));
    const hosted = isHosted();
    if (hosted && !seatKinds.includes('human')) return toast(t('new.needLocalSeat'), 'error');
    const title = titleInput.value.trim();
    const button = form.querySelector('#ng-create');
    button.disabled = true;
    try {
      const seconds = Number(clockSelect.value);
      const clock = seconds > 0 ? { move_seconds: seconds, on_timeout: onTimeout.value } : null;
      const id = hosted
        ? await createHosted({ g, seats, names, seatKinds, bots, options, takeback: takeback.value, title, clock })
        : await createLocal({ g, seats, names, seatKinds, bots, options, takeback: takeback.value, title });
      go(`#/game/${encodeURIComponent(id)}`);
    } catch (err) {
      toast(err instanceof ApiError && err.offline ? t('new.hostedOffline') : `${t('new.failed')} ${refusedOption(g, err) || err.message || err}`, 'error');
      button.disabled = false;
    }
  });
}

/** "Play again": a new deal with the finished game's title, seats, bots, options and
 * take-back policy — local again, or hosted again with new invitations. */
export async function rematch(row) {
  // the finished record's options and policy, from the engine (the row keeps bytes)
  const record = store.rowRecord(row);
  const played = record ? await call('load', { ...record, check: 'replay' }) : {};
  const settings = {
    g: { id: row.game },
    seats: row.seats,
    names: row.names || [],
    seatKinds: row.seatKinds,
    bots: row.bots || row.seatKinds.map(() => null),
    options: played.options || {},
    takeback: played.takeback || row.takeback || 'casual',
    title: row.title || '',
    // the table's clock again (an online table's; none for one that had none)
    clock: row.kind === 'hosted' && row.hosted?.clock ? { move_seconds: row.hosted.clock.move_seconds, on_timeout: row.hosted.clock.on_timeout } : null,
  };
  return row.kind === 'hosted' ? createHosted(settings) : createLocal(settings);
}

const DRAFT_KEY = 'kifu.newGameDraft';

/** The form to come back to: this history entry's (Back from "why?"), else the one left
 * for How to play's "New game" link (used once); null for a fresh form. */
function takeDraft(games) {
  let draft = history.state?.newGame || null;
  try {
    draft ||= JSON.parse(sessionStorage.getItem(DRAFT_KEY) || 'null');
  } catch {
    draft = null;
  }
  sessionStorage.removeItem(DRAFT_KEY);
  return draft && games.some((g) => g.id === draft.game) ? draft : null;
}

/** The engine refused the table's options (its SetupError names an option): the words
 * of the option's note (`option.<name>.note`: what it needs), the field marked invalid;
 * null when no option with a note is named (the engine's own words are shown then). */
function refusedOption(g, err) {
  const message = String(err?.message || err);
  const spec = (g.options || []).find((o) => has(`option.${o.name}.note`) && document.getElementById(`ng-opt-${o.name}`)
    && [o.name, ...Object.keys(o.when || {})].some((name) => message.includes(name)));
  if (!spec) return null;
  document.getElementById(`ng-opt-${spec.name}`).setAttribute('aria-invalid', 'true');
  return t(`option.${spec.name}.note`);
}

/** An option input's value as the engine takes it. */
function readOption(input) {
  const kind = input.dataset.kind;
  if (kind === 'bool') return input.checked;
  if (input.classList.contains('places')) return Number(input.dataset.value);
  if (kind === 'int') return Number(input.value);
  return input.value;
}

/** An int option's value in words: `option.<name>.<value>`, else `option.<name>.value`
 * ({n}: "Level 3"), else the number. */
function intLabel(spec, value) {
  return tOr(`option.${spec.name}.${value}`, tOr(`option.${spec.name}.value`, String(value), { n: value }), { n: value });
}

/** A choice option's value in words (`option.<name>.<choice>`; {choice} is the value,
 * for a label that names it, like an objective card's letter). */
function choiceLabel(spec, choice) {
  return tOr(`option.${spec.name}.${choice}`, choice, { choice });
}

/** A guided first game of `game` (kit/guide.js): you against its easy bot on the
 * guide's fixed deal, default options; the row says the guide runs, from its first step. */
export async function guidedGame(game, guide) {
  return createLocal({
    g: { id: game }, seats: 2, names: [], seatKinds: ['human', 'bot'], bots: [null, 'greedy'], options: {}, takeback: 'casual', title: '',
    seed: guide.seed, botSeed: guide.botSeed, guide: { title: game, step: 0 },
  });
}

/** Starts the guided first game of `game` (its row, then its screen). */
export function guideButton(game, name) {
  const button = h('button.guide-offer', { type: 'button', dataset: { game }, on: { click: async () => {
    button.disabled = true;
    try {
      go(`#/game/${encodeURIComponent(await guidedGame(game, titleOf(game).guide))}`);
    } catch (err) {
      toast(String(err?.message || err), 'error');
      button.disabled = false;
    }
  } } }, t('guide.offer', { game: name }));
  return button;
}

async function createLocal({ g, seats, names, seatKinds, bots, options, takeback, title, seed = newGameSeed(), botSeed = newSeed(), guide = undefined }) {
  const id = `r-${uuid()}`;
  const now = Date.now();
  await call('new', { game: g.id, seats, seed, record_id: id, options, takeback, created_at: now });
  const { record_kifu: recordKifu } = await call('record', { record_id: id, form: 'compact' });
  const summary = await call('summary', { record_id: id });
  await store.putGame({
    id,
    game: g.id,
    kind: 'local',
    title,
    names,
    seats,
    seatKinds: seatKinds.map((k) => (k === 'remote' ? 'human' : k)),
    bots,
    botSeed,
    takeback,
    record_kifu: recordKifu,
    seq: summary.seq,
    toMove: summary.to_move,
    over: false,
    outcome: null,
    createdAt: now,
    lastMoveAt: 0,
    sync: { state: 'pending' },
    ...(guide ? { guide } : {}),
  });
  requestSync(id);
  return id;
}

/** The server deals and plays the bot seats ({seat: bot name}); the seats of this
 * device's humans are claimed here, the invitations shown in the game. */
async function createHosted({ g, seats, names, seatKinds, bots, options, takeback, title, clock = null }) {
  const botSeats = Object.fromEntries(bots.flatMap((b, i) => (b ? [[i, b]] : [])));
  const { data } = await api('POST', '/api/games', { body: { game: g.id, players: seats, options, takeback, names, bots: botSeats, ...(clock ? { clock } : {}) } });
  const mine = seatsOf(seatKinds, 'human');
  const invites = data.invites.map((inv) => ({ ...inv, link: `${location.origin}/#/join/${data.game_id}/${inv.code}` }));
  let firstId = null;
  for (const seat of mine) {
    const invite = data.invites.find((inv) => inv.seat === seat);
    const { data: claimed } = await api('POST', `/api/games/${data.game_id}/seats`, { body: { code: invite.code, name: names[seat] } });
    const id = await saveHostedSeat(data.game_id, claimed.seat, claimed.token, { code: invite.code, title, invites: invites.filter((inv) => seatKinds[inv.seat] === 'remote') });
    firstId = firstId || id;
  }
  return firstId;
}

// What the screens say, in both languages (#38 item 6 and the Japanese review): the end
// screen's trail (endscreen.js and the titles' `trail`), the move log's sentences
// (kit/movelog.js with the titles' words) and Whispering Woods' positions. Each case
// failed on the words before: "Formations claimed: F1", "Tied before the tie-break:
// Medium bot" with no tie, 「プレイヤー1: 0」, three headings over Torii's score pad,
// 「相手のボード」 ranked as a player, 「マーケットからなしを取り除きました」,
// 「開始タイルから上に3、右に2½」, 「あなたが…。あなたが…」.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeDom } from './fakedom.js';

let i18n;
let endPanel;
let logTurns;
let posWords;
let learnWoods;

beforeAll(async () => {
  fakeDom(vi.stubGlobal);
  vi.stubGlobal('navigator', { languages: ['en'], language: 'en' });
  i18n = await import('../src/i18n.js');
  await import('../src/titles/index.js'); // the titles' words
  ({ endPanel } = await import('../src/endscreen.js'));
  ({ logTurns } = await import('../src/kit/movelog.js'));
  ({ posWords, learn: learnWoods } = await import('../src/titles/whispering-woods/board.js'));
});

const NAMES = ['Aki', 'Medium bot'];
const names = (seat) => NAMES[seat];
// a half-width : , ; ( ) beside Japanese (kana, kanji, full-width forms), a space or a
// number between: 「プレイヤー1: 0」
const JA = '\\u3040-\\u30ff\\u4e00-\\u9fff\\uff01-\\uff5e';
const HALF_WIDTH = new RegExp(`[${JA}][0-9A-Za-z]* ?[:,;()]|[:,;()] ?[0-9A-Za-z]*[${JA}]`);

/** The end screen's trail as [heading, text] pairs (a field without a heading: ''). */
function trail(panel) {
  const dl = panel.all('dl')[0];
  const out = [];
  for (const el of dl?.children || []) {
    if (el.tagName === 'DT') out.push([el.textContent, '']);
    else if (out.length && out[out.length - 1][1] === '' && el.tagName === 'DD' && dl.children[dl.children.indexOf(el) - 1]?.tagName === 'DT') out[out.length - 1][1] = el.textContent;
    else out.push(['', el.textContent]);
  }
  return out;
}

const TULIKKO = {
  scores: [3, 5], ranks: [1, 2], winners: [0],
  animals_left: [1, 2], rivers_left: [1, 1], placed_all: [], largest_zone: [4, 3],
  tied: [0], tie_break_used: false, end_reason: 'stacks-empty',
};

const DUCKS = {
  scores: [14, 9], ranks: [1, 2], winners: [0],
  rows: [[3, 2, 0, 1], [2, 2, 1, 0]], row_points: [6, 5], formation_points: [8, 4],
  formations: [['F1', 'F5'], []], tiebreak: [[3, 2], [2, 2]], cards: [6, 5], end_reason: 'cards',
};

const sheet = (total, extra = {}) => ({ scroll: 5, paintbrush: 0, objectives: [4, 2], torii: 6, rainbow: 0, bonus: 0, total, torii_count: 3, ...extra });
const TORII_SOLO = {
  scores: [17], ranks: [1], winners: [0], won: false,
  sheets: [sheet(17), sheet(60, { bonus: 30 })], objectives: ['OBJ_MOUNTAIN_A', 'OBJ_WATER_A'],
  tied: [0], tie_break: '',
};

describe('the end screen', () => {
  it('leaves out the tie lines when nobody tied, and names who tied when some did (Tulikko)', () => {
    i18n.setLang('en');
    const text = endPanel('tulikko', TULIKKO, names).textContent;
    expect(text).not.toContain('Tied before the tie-break');
    expect(text).not.toContain('Tie-break used');
    const tied = endPanel('tulikko', { ...TULIKKO, scores: [3, 3], winners: [0], tied: [0, 1], tie_break_used: true }, names);
    expect(trail(tied)).toContainEqual(['Tied before the tie-break', 'Aki, Medium bot']);
    i18n.setLang('ja');
    expect(endPanel('tulikko', TULIKKO, names).textContent).not.toContain('同点判定');
    expect(trail(endPanel('tulikko', { ...TULIKKO, tied: [0, 1], tie_break_used: true }, names)))
      .toContainEqual(['同点判定前に並んだプレイヤー', 'Aki、Medium bot']);
  });

  it('names the formation cards claimed, as the board does (Ducks in Tow)', () => {
    i18n.setLang('en');
    expect(trail(endPanel('ducks-in-tow', DUCKS, names))).toContainEqual(['Formations claimed', 'Aki: Line of Three, Square · Medium bot: —']);
    i18n.setLang('ja');
    expect(trail(endPanel('ducks-in-tow', DUCKS, names))).toContainEqual(['獲得したフォーメーションカード', 'Aki：三つ並び、正方形 · Medium bot：—']);
  });

  it('writes a seat\'s value with full-width punctuation in Japanese', () => {
    i18n.setLang('ja');
    for (const [game, outcome] of [['tulikko', TULIKKO], ['ducks-in-tow', DUCKS], ['valley-of-the-torii', TORII_SOLO]]) {
      const panel = endPanel(game, outcome, (seat) => `プレイヤー${seat + 1}`);
      const texts = [panel.textContent, ...panel.findAll(() => true).flatMap((el) => Object.values(el.attributes))];
      expect(texts.filter((text) => HALF_WIDTH.test(text)), game).toEqual([]);
    }
    expect(trail(endPanel('tulikko', TULIKKO, (seat) => `プレイヤー${seat + 1}`))).toContainEqual(['残った動物トークン（1つにつき2ポイント）', 'プレイヤー1：1 · プレイヤー2：2']);
  });

  it('puts Torii\'s score pad under one heading, in victory points, and ranks the opponent as 相手', () => {
    i18n.setLang('ja');
    const panel = endPanel('valley-of-the-torii', TORII_SOLO, () => 'あなた');
    expect(panel.all('summary').map((el) => el.textContent)).toEqual(['勝利点の内訳']);
    expect(panel.textContent).not.toContain('ポイント');
    expect(panel.all('th').map((el) => el.textContent)).toContain('勝利点');
    const headings = trail(panel).map(([heading]) => heading);
    expect(headings).toEqual(['', '使用した目標カード']); // the pad (no heading of its own), the cards
    expect(panel.all('caption').every((el) => el.className.includes('visually-hidden'))).toBe(true);
    const ranking = panel.all('table.scores')[0].all('tbody')[0].children.map((tr) => tr.children[1].textContent);
    expect(ranking).toEqual(['相手', 'あなた']);
    expect(panel.all('table.tor-sheet')[0].all('thead')[0].textContent).toBe('あなた相手');
    i18n.setLang('en');
    expect(endPanel('valley-of-the-torii', TORII_SOLO, () => 'You').all('table.scores')[0].textContent).toContain('Opponent');
  });

  it('lists on Torii\'s score pad only the ways to score this table has: 虹タイル with the variant, 絵筆 among artists (never solo)', () => {
    i18n.setLang('ja');
    const rows = (outcome) => endPanel('valley-of-the-torii', outcome, (seat) => `プレイヤー${seat + 1}`)
      .all('table.tor-sheet')[0].all('tbody')[0].children.map((tr) => tr.children[0].textContent);
    const duel = { scores: [17, 21], ranks: [2, 1], winners: [1], sheets: [sheet(17), sheet(21)], objectives: ['OBJ_MOUNTAIN_A', 'OBJ_WATER_A'], tied: [1], tie_break: '', rainbow: false };
    expect(rows(duel)).not.toContain(i18n.t('tor.sheet.rainbow'));
    expect(rows(duel)).toContain(i18n.t('tor.sheet.paintbrush'));
    expect(rows({ ...duel, rainbow: true })).toContain(i18n.t('tor.sheet.rainbow'));
    expect(rows({ ...TORII_SOLO, rainbow: false })).not.toContain(i18n.t('tor.sheet.paintbrush'));
    expect(rows({ ...TORII_SOLO, rainbow: false })).not.toContain(i18n.t('tor.sheet.rainbow'));
    // the flag is the pad's, not a line of the trail
    expect(trail(endPanel('valley-of-the-torii', { ...duel, rainbow: true }, names)).map(([h]) => h)).toHaveLength(2);
  });

  it('says 勝利点 under one heading at a table of two too (Torii), 相手 nowhere', () => {
    i18n.setLang('ja');
    const duel = { scores: [17, 21], ranks: [2, 1], winners: [1], sheets: [sheet(17), sheet(21)], objectives: ['OBJ_MOUNTAIN_A', 'OBJ_WATER_A'], tied: [1], tie_break: '' };
    const panel = endPanel('valley-of-the-torii', duel, (seat) => `プレイヤー${seat + 1}`);
    expect(panel.all('summary').map((el) => el.textContent)).toEqual(['勝利点の内訳']);
    expect(panel.textContent).not.toContain('ポイント');
    expect(panel.textContent).not.toContain('相手');
    expect(trail(panel).map(([heading]) => heading)).toEqual(['', '使用した目標カード']);
  });
});

/** The log's sentences, turn by turn, for entries of events (seat 0 views). */
function log(game, entries) {
  const numbered = entries.map((events, i) => ({ seq: i + 1, kind: 'entry', seat: events[0]?.seat ?? null, events }));
  return logTurns(game, titleOfGame(game), numbered, numbered.map((e) => e.seq), names, 0).map((turn) => turn.sentences);
}

let titles;
const titleOfGame = (game) => titles.titleOf(game);
beforeAll(async () => {
  titles = await import('../src/titles/index.js');
});

describe('the move log', () => {
  const took = { type: 'took', seat: 0, tile: 't1', wheel: 0, brush: false };
  const placed = { type: 'placed', seat: 0, tile: 't1', slot: 'r1c2', bamboo: false };
  const refilled = { type: 'refilled', wheel: 0, tiles: [] };

  it('says a subject once in Japanese: 「あなたが…を取りました。…に配置しました。」', () => {
    i18n.setLang('ja');
    expect(log('valley-of-the-torii', [[took], [placed]])).toEqual([[
      'あなたが大ホイールからタイルを取りました。',
      'タイルを1段目の3番目のスロットに配置しました。',
    ]]);
    // another subject between: the player is named again
    expect(log('valley-of-the-torii', [[took, refilled], [placed]])[0][2]).toBe('あなたがタイルを1段目の3番目のスロットに配置しました。');
    // another player's sentence names them
    expect(log('valley-of-the-torii', [[took], [{ ...placed, seat: 1 }]])).toEqual([
      ['あなたが大ホイールからタイルを取りました。'], ['Medium botがタイルを1段目の3番目のスロットに配置しました。']]);
  });

  it('runs a played card into what it did: 「草原2をプレイし、草原タイルを配置しました。」', () => {
    i18n.setLang('ja');
    const played = { type: 'action-played', seat: 0, card: 'G2', half: 'top', then: 'place' };
    const tile = { type: 'tile-placed', seat: 0, kind: 'G', fields: [3, 4] };
    expect(log('rewild-south-america', [[played], [tile]])[0].join('')).toBe('あなたが草原2をプレイし、草原タイルを配置しました。');
    expect(log('rewild-south-america', [[played]])[0]).toEqual(['あなたが草原2をプレイしました。']);
    i18n.setLang('en');
    expect(log('rewild-south-america', [[played], [tile]])[0]).toEqual(['You played Grassland 2.', 'You placed a grassland tile.']);
    expect(log('valley-of-the-torii', [[took], [placed]])[0][1]).toBe('You placed a tile in row 1, slot 3.');
  });

  it('keeps a mission tile\'s points with the tile, not the animal put on it (Woods)', () => {
    learnWoods({ market: [{ id: 'T-RED-6', colour: 'RED', path: ['RED', 'BLU'], vp: 6 }], players: [] });
    const taken = { type: 'mission-taken', seat: 0, tile: 'T-RED-6', q: 1, r: -2, animal: 'RED' };
    i18n.setLang('en');
    const [said] = log('whispering-woods', [[taken]])[0];
    expect(said).not.toMatch(/points with the/);
    expect(said).toBe('You placed red mission tile: path red–blue, 6 points, 2 rows up from the starting tile, and put the red animal piece (deer) on it.');
    i18n.setLang('ja');
    expect(log('whispering-woods', [[taken]])[0][0]).toContain('その上に赤の動物コマ（シカ）を置きました。');
  });

  it('says what left the market when a solitaire round closes, or that nothing did (Woods)', () => {
    const closed = (purged) => ({ type: 'round-closed', tile: 'x', space: 'R3', purged });
    i18n.setLang('ja');
    const [none] = log('whispering-woods', [[closed([])]])[0];
    expect(none).not.toContain('なしを');
    expect(none).toBe('ラウンドを閉じました：タイルのタイルをラウンド3に置きました。マーケットに同じ色のタイルはありませんでした。');
    expect(log('whispering-woods', [[closed(['a', 'b'])]])[0][0]).toContain('マーケットから同じ色のタイル2枚を取り除きました。');
    i18n.setLang('en');
    expect(log('whispering-woods', [[closed([])]])[0][0]).toContain('; no market tile had that colour.');
    expect(log('whispering-woods', [[closed(['a'])]])[0][0]).toContain('; 1 market tile of that colour went out of the game.');
  });
});

describe('counts', () => {
  it('says none rather than 0, and 1 in the singular', () => {
    i18n.setLang('ja');
    expect(i18n.t('tor.scroll', { landscape: '水', n: 0 })).toBe('巻物：水（残りなし）');
    expect(i18n.t('tor.scroll', { landscape: '水', n: 2 })).toBe('巻物：水（残り2つ）');
    expect(i18n.t('dit.finalTurns', { n: 0 })).toBe('最終ターン：残りなし');
    expect(i18n.t('dit.actionsLeft', { n: 0 })).toBe('残りアクションなし');
    expect(i18n.t('ww.comboLeft', { n: 2, left: 0, vp: 3 })).toBe('×2：残りなし（3ポイント）');
    i18n.setLang('en');
    expect(i18n.t('dit.actionsLeft', { n: 1 })).toBe('1 action left');
    expect(i18n.t('dit.actionsLeft', { n: 3 })).toBe('3 actions left');
    expect(i18n.t('dit.needs', { n: 1, list: 'yellow' })).toBe('needs 1 duck: yellow');
    expect(i18n.t('log.tulikko.landscape-achieved', { name: 'You', card: 'river card', tokens: 1 })).toBe('You achieved the river card and placed an animal token on it.');
    expect(i18n.t('rw.plantHexes', { n: 2 })).toBe('2 plant-provided hexes');
    expect(i18n.t('game.pendingList', { n: 1 })).toBe('1 move queued: it is sent when the server is reachable.');
  });
});

describe('a picker\'s count', () => {
  it('stands in the language\'s own brackets: 「配置して刻印を選ぶ（3）」, "… (3)"', async () => {
    const { stepControls } = await import('../src/kit/board.js');
    const moves = ['a', 'b', 'c'].map((seal) => ({ type: 'place', slot: 'r2c1', seal }));
    const summary = () => stepControls('valley-of-the-torii', moves, new Set(), () => {}, { label: (m) => m.seal }).all('summary')[0].textContent;
    i18n.setLang('ja');
    expect(summary()).toBe('配置して刻印を選ぶ（3）');
    i18n.setLang('en');
    expect(summary()).toBe('Place and choose a seal (3)');
  });
});

describe('instructions', () => {
  it('asks for the two choices of a step in a sentence (Rewild)', () => {
    i18n.setLang('ja');
    expect(i18n.t('rw.phase.attract')).toBe('引き寄せるカードを選び、置く場所を選んでください');
    expect(i18n.t('rw.phase.relocate')).toBe('移動させるバイオームタイルを選び、移動先のヘクスを選んでください');
  });
});

describe('Whispering Woods positions', () => {
  it('counts rows, then whole tiles from the starting tile\'s column: never a half', () => {
    i18n.setLang('ja');
    // 3 rows up (r = -3), 2½ tiles right of the column: the third tile right of it
    expect(posWords(4, -3)).toBe('開始タイルから上へ3段、右へ3つ目');
    expect(posWords(2, 0)).toBe('開始タイルから右へ2つ目');
    expect(posWords(1, -2)).toBe('開始タイルから上へ2段');
    i18n.setLang('en');
    expect(posWords(4, -3)).toBe('3 rows up, 3 tiles right from the starting tile');
    expect(posWords(0, 1)).toBe('1 row down, 1 tile right from the starting tile');
    expect(posWords(-1, 1)).toBe('1 row down, 1 tile left from the starting tile');
    // every position within 4 of the start in words of its own, with no fraction
    const words = new Set();
    for (let q = -4; q <= 4; q++) {
      for (let r = -4; r <= 4; r++) {
        const text = posWords(q, r);
        expect(text).not.toMatch(/½|\./);
        words.add(text);
      }
    }
    expect(words.size).toBe(81);
  });
});

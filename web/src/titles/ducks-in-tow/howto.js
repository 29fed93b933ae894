// Ducks in Tow, how to play: a player's summary of shared/rules/ducks-in-tow.md (rule
// IDs) in the Japanese rulebook's own terms. en and ja have the same sections, items and
// rule IDs (tests/web/test_rules_summary.py). "Kifu: …" says how the engine settles an
// ambiguity (core/games/ducks_in_tow/README.md).
export const en = [
  { title: 'Goal', items: [
    { text: 'Score the most points: duck rows on your completed location cards, plus formation cards.', rules: ['DIT-043', 'DIT-044'] },
  ] },
  { title: 'Setup', items: [
    { text: 'Each player gets a start card (it counts as a completed location card; "First Player" starts), a pawn on a start tile, 4 secret location cards and food by seat: 2, 3, 4, 4.', rules: ['DIT-005', 'DIT-007', 'DIT-024', 'DIT-031'] },
    { text: 'The park: the special action tiles and 4/6/8 location tiles (2/3/4 players), 1 duck on every tile. 4 location cards face up; player count + 2 formation cards.', rules: ['DIT-012', 'DIT-013', 'DIT-014', 'DIT-015', 'DIT-041', 'DIT-026', 'DIT-027'] },
  ] },
  { title: 'Your turn: up to 4 actions', items: [
    { text: 'Any order and combination, the same action again too; fewer than 4 is fine.', rules: ['DIT-051', 'DIT-052', 'DIT-053'] },
    { text: 'Move: your pawn goes to an adjacent tile; the ducks in your tow go with it. Kifu: pawns may share a tile.', rules: ['DIT-055', 'DIT-056', 'DIT-057'] },
    { text: 'Feed: pay 1 food of the same colour per duck on your tile; those ducks join your tow (4 slots at most).', rules: ['DIT-058', 'DIT-060', 'DIT-061', 'DIT-046'] },
    { text: 'Shake the Bag: draw 1 random duck from the duck bag; pay a matching food to add it to your tow, or put it in front of you to be dispersed. Kifu: not with an empty bag.', rules: ['DIT-064', 'DIT-065', 'DIT-066', 'DIT-069'] },
    { text: 'Drop Off: on the location tile matching a card in your hand, move the card\'s 1–3 ducks (matching colours) from your tow in front of you; the card is complete. One Drop Off may complete several cards.', rules: ['DIT-070', 'DIT-071', 'DIT-073', 'DIT-074'] },
    { text: 'Put each completed card at the left or right end of your row of cards, then draw 1 duck from the duck bag and put it in front of you too.', rules: ['DIT-075', 'DIT-077', 'DIT-078'] },
  ] },
  { title: 'Special action tiles', items: [
    { text: 'On a special action tile you may use its action as one of your actions. Kifu: more than once a turn (the rulebook sets no limit).', rules: ['DIT-081', 'DIT-082', 'DIT-083'] },
    { text: 'Gift Shop, food: take up to 2 food of your choice from the food bag; then, if you have more than 4 food, return food until you have 4.', rules: ['DIT-084', 'DIT-085', 'DIT-087'] },
    { text: 'Gift Shop, cards: draw up to 2 location cards (face up or from the top of the deck); then, if you hold more than 4 cards, discard until you hold 4. Kifu: discarded cards leave the game.', rules: ['DIT-088', 'DIT-089', 'DIT-090', 'DIT-091'] },
    { text: 'Adopt: remove 2 ducks from your tow. Keep 1 on an empty duck space in its colour\'s row of a completed card; the other goes in front of you. Kifu: needs such a space.', rules: ['DIT-094', 'DIT-096', 'DIT-097', 'DIT-098', 'DIT-099'] },
  ] },
  { title: 'Formation cards', items: [
    { text: 'Right after a Drop Off or an Adopt you may claim a formation card whose duck pattern matches ducks on your completed cards (printed or adopted). Claiming is not an action.', rules: ['DIT-101', 'DIT-102', 'DIT-105', 'DIT-107'] },
    { text: 'No rotating or mirroring; stay inside the grey zone. Formation cards may overlap, but no duck is used twice.', rules: ['DIT-106', 'DIT-109', 'DIT-110', 'DIT-111'] },
    { text: 'Each is worth 2, 3 or 4 points. Kifu: ducks under it still count for rows.', rules: ['DIT-112', 'DIT-114'] },
  ] },
  { title: 'End of turn', items: [
    { text: 'Disperse the ducks in front of you one at a time: choose an empty tile (else one with the fewest ducks), never one with a pawn; a random duck goes there.', rules: ['DIT-116', 'DIT-118', 'DIT-119', 'DIT-122'] },
    { text: 'Return any unused food you like, then draw food until you hold 4.', rules: ['DIT-124', 'DIT-125'] },
    { text: 'Draw location cards up to 4 (face up or deck top); the face-up cards are refilled to 4; pass the food bag to your left.', rules: ['DIT-127', 'DIT-128', 'DIT-129', 'DIT-131'] },
  ] },
  { title: 'End of game', items: [
    { text: 'Triggered when a player has 8/7/6 completed location cards (2/3/4 players, start card included), or when the last formation card is claimed.', rules: ['DIT-132', 'DIT-133', 'DIT-134', 'DIT-135', 'DIT-136'] },
    { text: 'That player finishes the turn, then every other player gets 1 more turn.', rules: ['DIT-137', 'DIT-138'] },
    { text: 'Kifu also triggers the end this way when the deck and the face-up cards are both empty.', rules: ['DIT-130', 'DIT-132'] },
  ] },
  { title: 'Scoring and ties', items: [
    { text: 'For each of the 4 colours: 1 point per duck in your longest connected horizontal row of that colour across your cards; an empty duck space breaks a row.', rules: ['DIT-141', 'DIT-142', 'DIT-143'] },
    { text: 'Add the points of your formation cards. The most points wins.', rules: ['DIT-144', 'DIT-146'] },
    { text: 'Tie: the longest single row wins, then the next-longest row; if still tied, all tied players win.', rules: ['DIT-147', 'DIT-148', 'DIT-149'] },
  ] },
];

export const ja = [
  { title: '目的', items: [
    { text: '完成したロケーションカードのアヒルの行と、フォーメーションカードで最も多くのポイントを獲得すること。', rules: ['DIT-043', 'DIT-044'] },
  ] },
  { title: '準備', items: [
    { text: '各プレイヤーは開始カード（完成したロケーションカードとして数えます。「ファーストプレイヤー」のカードを配られたプレイヤーが最初のターンを行います）、開始タイルに置いたプレイヤーコマ、秘密の手札のロケーションカード4枚、ターン順に応じたエサ（2・3・4・4つ）を受け取ります。', rules: ['DIT-005', 'DIT-007', 'DIT-024', 'DIT-031'] },
    { text: '公園：スペシャルアクションタイルと、ロケーションタイル4/6/8枚（2/3/4人）。各タイルにアヒルを1羽ずつ。ロケーションカード4枚を表向きに並べ、フォーメーションカードをプレイヤー人数に2を加えた数だけ置きます。', rules: ['DIT-012', 'DIT-013', 'DIT-014', 'DIT-015', 'DIT-041', 'DIT-026', 'DIT-027'] },
  ] },
  { title: '自分のターン：最大4アクション', items: [
    { text: '任意の順序・組み合わせで、同じアクションを繰り返しても構いません。4回未満でも構いません。', rules: ['DIT-051', 'DIT-052', 'DIT-053'] },
    { text: '移動：プレイヤーコマを隣接するタイルに移動します。板のアヒルも一緒に移動します。このアプリでは複数のプレイヤーコマが同じタイルにいても構いません。', rules: ['DIT-055', 'DIT-056', 'DIT-057'] },
    { text: 'エサやり：現在のタイルにいるアヒル1羽につき同じ色のエサを1つ使い、そのアヒルを板に追加します（最大4羽）。', rules: ['DIT-058', 'DIT-060', 'DIT-061', 'DIT-046'] },
    { text: 'バッグを振る：アヒルバッグからアヒル1羽をランダムに引きます。同じ色のエサを使って板に追加するか、目の前に置いて分散させます。このアプリではバッグが空なら行えません。', rules: ['DIT-064', 'DIT-065', 'DIT-066', 'DIT-069'] },
    { text: '降ろす：手札のカードとアイコンが一致するロケーションタイルで、カードに描かれた色のアヒル1〜3羽を板から取り外して目の前に置くと、カードが完成します。1回で何枚でも完成させられます。', rules: ['DIT-070', 'DIT-071', 'DIT-073', 'DIT-074'] },
    { text: '完成したカードは自分の完成したロケーションカードの列の左端または右端に置き、アヒルバッグからランダムに1羽引いて、それも目の前に置きます。', rules: ['DIT-075', 'DIT-077', 'DIT-078'] },
  ] },
  { title: 'スペシャルアクションタイル', items: [
    { text: 'スペシャルアクションタイルの上にいるとき、そのタイルをアクティブにしてアクションの1つとして使えます。このアプリでは1ターンに何度でも使えます（ルールブックに回数の定めはありません）。', rules: ['DIT-081', 'DIT-082', 'DIT-083'] },
    { text: 'ギフトショップ（エサ）：エサバッグから好きなエサを最大2つ獲得します。エサが4つより多ければ、4つになるまでエサバッグに戻します。', rules: ['DIT-084', 'DIT-085', 'DIT-087'] },
    { text: 'ギフトショップ（カード）：ロケーションカードを2枚まで引き（表向きのカードか山札の一番上から）、手札が4枚より多ければ、4枚になるまでカードを捨てます。このアプリでは捨てたカードはゲームから除外されます。', rules: ['DIT-088', 'DIT-089', 'DIT-090', 'DIT-091'] },
    { text: '保護する：板からアヒル2羽を取り外し、1羽を完成したカードのその色と一致する行の空いているアヒルスペースに置きます。もう1羽は目の前に置きます。このアプリではそのスペースがないと行えません。', rules: ['DIT-094', 'DIT-096', 'DIT-097', 'DIT-098', 'DIT-099'] },
  ] },
  { title: 'フォーメーションカード', items: [
    { text: '降ろすか保護した直後に、完成したカードのアヒル（印刷されたシンボルも保護したアヒルも）が同じパターンになっているフォーメーションカードを獲得できます。獲得は「アクション」ではありません。', rules: ['DIT-101', 'DIT-102', 'DIT-105', 'DIT-107'] },
    { text: '回転・反転はできず、グレーゾーンの外にはみ出してはいけません。重ねることはできますが、同じアヒルを2枚に使うことはできません。', rules: ['DIT-106', 'DIT-109', 'DIT-110', 'DIT-111'] },
    { text: '1枚につき2、3、または4ポイント。このアプリではカードの下のアヒルも行のポイントに数えます。', rules: ['DIT-112', 'DIT-114'] },
  ] },
  { title: 'ターン終了', items: [
    { text: '目の前のアヒルを1羽ずつ分散させます。空のタイル（なければアヒルの数が最も少ないタイル）を選ぶと、ランダムなアヒル1羽がそこに置かれます。プレイヤーコマのいるタイルには置けません。', rules: ['DIT-116', 'DIT-118', 'DIT-119', 'DIT-122'] },
    { text: '未使用のエサをいくつでもエサバッグに戻し、エサが4つになるまで引きます。', rules: ['DIT-124', 'DIT-125'] },
    { text: '手札が4枚になるまでロケーションカードを引き（表向きのカードか山札の一番上から）、表向きのカードを4枚に補充し、エサバッグを左隣のプレイヤーに渡します。', rules: ['DIT-127', 'DIT-128', 'DIT-129', 'DIT-131'] },
  ] },
  { title: 'ゲームの終了', items: [
    { text: '誰かの完成したロケーションカードが開始カードを含めて8/7/6枚（2/3/4人）になるか、最後のフォーメーションカードが獲得されるとトリガーされます。', rules: ['DIT-132', 'DIT-133', 'DIT-134', 'DIT-135', 'DIT-136'] },
    { text: 'そのプレイヤーはターンを終え、他の各プレイヤーにさらに1ターン与えられます。', rules: ['DIT-137', 'DIT-138'] },
    { text: 'このアプリでは山札と表向きのカードが両方なくなったときも、同じようにトリガーされます。', rules: ['DIT-130', 'DIT-132'] },
  ] },
  { title: 'スコアリングと同点', items: [
    { text: '4つのアヒルの色ごとに、カードをまたいで水平線上に並んだ最も長い「つながった行」のアヒル1羽につき1ポイント。空いているアヒルスペースで行は途切れます。', rules: ['DIT-141', 'DIT-142', 'DIT-143'] },
    { text: 'ゲーム中に獲得したフォーメーションカードのポイントを加え、最も多くのポイントを獲得したプレイヤーが勝ちます。', rules: ['DIT-144', 'DIT-146'] },
    { text: '同点なら、最も長くつながった行を持つプレイヤー、次に長くつながった行を持つプレイヤーの順で決め、それでも同じならそのプレイヤー全員が勝ちます。', rules: ['DIT-147', 'DIT-148', 'DIT-149'] },
  ] },
];

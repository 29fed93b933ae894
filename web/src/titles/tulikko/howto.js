// Tulikko, how to play: a player's summary of shared/rules/tulikko.md (rule IDs) in the
// Japanese rulebook's own terms. en and ja have the same sections, items and rule IDs
// (tests/web/test_rules_summary.py). "Kifu: …" says how the engine settles an ambiguity
// (core/games/tulikko/README.md).
export const en = [
  { title: 'Goal', items: [
    { text: 'Be the first to place all 18 of your tokens: 12 animal tokens and 6 river tokens. You never gain tokens.', rules: ['TUL-022', 'TUL-007'] },
  ] },
  { title: 'Setup', items: [
    { text: 'Each player has a wilderness map (20 spaces, each of the 4 symbols 5 times), 12 animal and 6 river tokens, and a face-down personal stack of 12 forest tiles (3 per colour).', rules: ['TUL-001', 'TUL-006', 'TUL-009'] },
    { text: '5 neutral tiles fill the cross of the central board; the centre tile is hidden. Each player puts 1 neutral tile on any space of their map.', rules: ['TUL-017', 'TUL-018', 'TUL-019'] },
    { text: '1 river, 1 colour and 1 shape landscape card are drawn; the 4 symbol cards and the aurora tiles ("3" on top of "4" per colour) are laid out.', rules: ['TUL-011', 'TUL-014', 'TUL-016'] },
  ] },
  { title: 'Your turn', items: [
    { text: 'Three steps, in this order: eject a tile, place it, check goals. Turns go clockwise.', rules: ['TUL-024', 'TUL-023'] },
    { text: '1. Reveal the top tile of your stack and slide it into the central board from any of its 4 sides.', rules: ['TUL-026', 'TUL-027'] },
    { text: 'The tile at the opposite end of that line is pushed out and you take it; the revealed tile stays in the board.', rules: ['TUL-028', 'TUL-029'] },
    { text: '2-1. Place the taken tile on an empty space of your map with the symbol of the side it came out of.', rules: ['TUL-030', 'TUL-032', 'TUL-033'] },
    { text: 'Only if no such empty space exists, discard the tile (no tokens that turn).', rules: ['TUL-034', 'TUL-035'] },
    { text: '2-2. For each tile orthogonally adjacent to the new one, put 1 token on the edge between them: an animal token if both tiles are the same colour, a river token if they differ.', rules: ['TUL-036', 'TUL-037', 'TUL-038', 'TUL-039'] },
    { text: 'You may leave any edge empty, but that choice is final. With no token of the needed kind left, the edge stays empty.', rules: ['TUL-042', 'TUL-045', 'TUL-046'] },
    { text: '3. Check your own map against the landscape cards, symbol cards and aurora tiles; apply every goal reached. Kifu checks on discard turns too, and again after a tile is moved.', rules: ['TUL-047', 'TUL-048'] },
  ] },
  { title: 'Landscape cards', items: [
    { text: 'Each card shows an arrangement to build on your map. Rotations count, mirror images do not. Kifu: other tiles and tokens around it do not matter.', rules: ['TUL-050', 'TUL-051', 'TUL-052', 'TUL-053'] },
    { text: 'Shape card: tiles in the pictured shape, any colours unless the card says (≠ signs, or all colours different).', rules: ['TUL-061', 'TUL-063', 'TUL-064', 'TUL-065'] },
    { text: 'Colour card: a 2×2 square of tiles in the pictured colours.', rules: ['TUL-073', 'TUL-074'] },
    { text: 'River card: your river tokens in the pictured pattern, or at least 4 consecutive ones linking two sides of the map, or all 6 connected.', rules: ['TUL-069', 'TUL-070', 'TUL-071', 'TUL-072'] },
    { text: 'Reaching one: place 2 of your animal tokens on your space of that card (just 1 if only 1 is left; Kifu does it for you). Every player can achieve each card once.', rules: ['TUL-054', 'TUL-055', 'TUL-056'] },
  ] },
  { title: 'Symbol cards', items: [
    { text: 'The first player to cover all 5 spaces of one symbol on their map (the start tile counts) achieves that symbol card and places up to 2 animal tokens on it.', rules: ['TUL-076', 'TUL-077'] },
    { text: 'Only that first player achieves it; later players get nothing for it.', rules: ['TUL-078'] },
  ] },
  { title: 'Aurora tiles', items: [
    { text: 'The first player with 3 tiles of a colour on their map (start tile included) takes that colour\'s "3". Another player who then has 4 of that colour takes the "4". Nobody holds both of one colour.', rules: ['TUL-080', 'TUL-081', 'TUL-082'] },
    { text: 'Use an aurora tile at any time during your own turn, once per game, then flip it. Kifu: between steps (before the slide, between taking and placing, after step 3); a tile won this turn can be used at once.', rules: ['TUL-085', 'TUL-086', 'TUL-087'] },
    { text: 'The effect pictures are lost; Kifu gives green free placement, orange move a tile, blue re-slide, purple landscape wildcard.', rules: ['TUL-088'] },
    { text: 'Re-slide: slide the tile you took back in from any side; take the newly pushed-out tile instead and place it by its own exit side.', rules: ['TUL-092', 'TUL-093'] },
    { text: 'Free placement: put the taken tile on any empty space, ignoring the symbol.', rules: ['TUL-096', 'TUL-097'] },
    { text: 'Move a tile: return the tokens on one of your tiles\' edges to your supply, move it to another empty space, then place tokens as usual. Goals already achieved stay achieved.', rules: ['TUL-098', 'TUL-099', 'TUL-100', 'TUL-102'] },
    { text: 'Landscape wildcard: place 2 animal tokens on a landscape card where you have none yet; it counts as achieved.', rules: ['TUL-089', 'TUL-090', 'TUL-091'] },
  ] },
  { title: 'End of game', items: [
    { text: 'When a player has placed all their tokens (checked at the end of a turn), the round is finished so everyone has had the same number of turns.', rules: ['TUL-103', 'TUL-104'] },
    { text: 'Otherwise the game ends after 12 turns, when the stacks are empty.', rules: ['TUL-105'] },
  ] },
  { title: 'Winner and ties', items: [
    { text: 'If exactly one player placed everything, that player wins.', rules: ['TUL-106'] },
    { text: 'Otherwise count penalty points: 2 per unplaced animal token, 1 per unplaced river token. The lowest total wins.', rules: ['TUL-107', 'TUL-108', 'TUL-109'] },
    { text: 'Tie (several finished, or equal lowest total): the largest connected zone of one colour wins; if still tied, the victory is shared.', rules: ['TUL-110', 'TUL-111', 'TUL-112'] },
  ] },
];

export const ja = [
  { title: '目的', items: [
    { text: '自分の動物トークン12個と川トークン6個、合わせて18個を誰より先にすべて配置すること。トークンが増えることはありません。', rules: ['TUL-022', 'TUL-007'] },
  ] },
  { title: '準備', items: [
    { text: '各プレイヤーは荒野マップ（20スペース、4種類のシンボルが5つずつ）、動物トークン12個と川トークン6個、裏向きの個人の山札（森タイル12枚、各色3枚）を持ちます。', rules: ['TUL-001', 'TUL-006', 'TUL-009'] },
    { text: '中立の森タイル5枚で横から中央ボードにスライドさせて十字を作ります。中心のタイルは隠れます。各プレイヤーは中立の森タイル1枚を自分の荒野マップの任意のスペースに置きます。', rules: ['TUL-017', 'TUL-018', 'TUL-019'] },
    { text: '川・色・形の風景カードを1枚ずつ引き、シンボルカード4枚とオーロラタイル（色ごとに「3」を「4」の上に）を並べます。', rules: ['TUL-011', 'TUL-014', 'TUL-016'] },
  ] },
  { title: '自分のターン', items: [
    { text: '次の3つを順番に行います：森タイルを押し出す、置く、目標の達成を確認する。ターンは時計回りです。', rules: ['TUL-024', 'TUL-023'] },
    { text: '1. 個人の山札の一番上の森タイルをめくり、中央ボードの4辺のいずれかからスライドさせます。', rules: ['TUL-026', 'TUL-027'] },
    { text: '反対側から押し出されたタイルを獲得します。めくったタイルは中央ボードに残ります。', rules: ['TUL-028', 'TUL-029'] },
    { text: '2-1. 獲得したタイルを、それが出てきた中央ボードの辺と同じシンボルの空きスペースに置きます。', rules: ['TUL-030', 'TUL-032', 'TUL-033'] },
    { text: '一致するシンボルの空きスペースがないときに限り、置くのではなく捨てます（そのターンはトークンを置きません）。', rules: ['TUL-034', 'TUL-035'] },
    { text: '2-2. 置いたタイルに隣接する（上下左右の）タイルごとに、その間にトークンを1つ置きます。2枚が同じ色なら動物トークン、異なる色なら川トークンです。', rules: ['TUL-036', 'TUL-037', 'TUL-038', 'TUL-039'] },
    { text: 'あえて置かないこともできますが、後から考えを変えることはできません。必要なタイプのトークンが残っていなければ置けません。', rules: ['TUL-042', 'TUL-045', 'TUL-046'] },
    { text: '3. 自分の荒野マップが風景カード・シンボルカード・オーロラタイルの条件を満たしているか確認し、達成したものの効果をすべて適用します。このアプリではタイルを捨てたターンも、タイルを移動した後にも確認します。', rules: ['TUL-047', 'TUL-048'] },
  ] },
  { title: '風景カード', items: [
    { text: 'カードに描かれた配置を自分の荒野マップに作ります。回転しても有効ですが、反転はできません。このアプリでは周りにある他のタイルやトークンは関係ありません。', rules: ['TUL-050', 'TUL-051', 'TUL-052', 'TUL-053'] },
    { text: '形カード：描かれた形に森タイルを置きます。色はカードの指定（≠記号、すべて異なる色）がない限り関係ありません。', rules: ['TUL-061', 'TUL-063', 'TUL-064', 'TUL-065'] },
    { text: '色カード：描かれた色パターンの森タイルで2×2の正方形を作ります。', rules: ['TUL-073', 'TUL-074'] },
    { text: '川カード：川トークンを描かれたパターンに並べる、連続した4つ以上で荒野マップの2辺をつなぐ、または6つすべてを連続させます。', rules: ['TUL-069', 'TUL-070', 'TUL-071', 'TUL-072'] },
    { text: '達成したら、そのカードのあなたの動物が描かれたスペースに動物トークンを2つ置きます（残り1つならその1つ。このアプリが自動で置きます）。各風景カードは全員が一度ずつ達成できます。', rules: ['TUL-054', 'TUL-055', 'TUL-056'] },
  ] },
  { title: 'シンボルカード', items: [
    { text: '自分の荒野マップで、あるシンボルの5スペースすべてを最初に覆ったプレイヤー（開始時のタイルも数えます）がそのシンボルカードを達成し、動物トークンを最大2つ置きます。', rules: ['TUL-076', 'TUL-077'] },
    { text: '達成できるのは最初の1人のプレイヤーのみです。', rules: ['TUL-078'] },
  ] },
  { title: 'オーロラタイル', items: [
    { text: 'ある色の森タイル3枚を最初に配置したプレイヤー（開始時のタイルも数えます）がその色の「3」を獲得し、その後4枚を配置した別のプレイヤーが「4」を獲得します。同じ色のオーロラタイルを2枚持つことはできません。', rules: ['TUL-080', 'TUL-081', 'TUL-082'] },
    { text: '自分のターン中いつでも使えます。各オーロラタイルはゲームごとに一度しか使えず、使ったら非アクティブ面に裏返します。このアプリでは手順の合間（スライドの前、獲得してから置くまで、手順3の後）に使え、そのターンに獲得したタイルもすぐ使えます。', rules: ['TUL-085', 'TUL-086', 'TUL-087'] },
    { text: '効果の絵は失われているため、このアプリでは緑＝自由配置、オレンジ＝タイルの移動、青＝再スライド、紫＝風景カードのワイルドとしています。', rules: ['TUL-088'] },
    { text: '再スライド：獲得したタイルを任意の辺から中央ボードにスライドし直し、新たに押し出されたタイルを代わりに獲得します。置く場所はそのタイルが出てきた辺のシンボルで決まります。', rules: ['TUL-092', 'TUL-093'] },
    { text: '自由配置：獲得したタイルを、シンボルの条件を無視して任意の空きスペースに置きます。', rules: ['TUL-096', 'TUL-097'] },
    { text: 'タイルの移動：自分の森タイル1枚の辺にあるトークンをサプライに戻し、そのタイルを別の空きスペースに移動させ、新しい位置に基づいてトークンを置きます。達成済みの目標はそのまま維持されます。', rules: ['TUL-098', 'TUL-099', 'TUL-100', 'TUL-102'] },
    { text: '風景カードのワイルド：まだ動物トークンを置いていない風景カードに動物トークンを2つ置きます。条件を満たしていなくても達成したことになります。', rules: ['TUL-089', 'TUL-090', 'TUL-091'] },
  ] },
  { title: 'ゲームの終了', items: [
    { text: 'あるプレイヤーがすべてのトークンを配置したら（ターンの終わりに判定）、全員が同じターン数になるようにそのラウンドを終了します。', rules: ['TUL-103', 'TUL-104'] },
    { text: 'そうでなければ、山札がなくなる12ターン終了後にゲームが終わります。', rules: ['TUL-105'] },
  ] },
  { title: '勝者と同点', items: [
    { text: '1人だけがすべてのトークンを配置していれば、そのプレイヤーの勝ちです。', rules: ['TUL-106'] },
    { text: 'そうでなければ、未配置の動物トークン1つにつき2ポイント、川トークン1つにつき1ポイントを数え、最もポイントが低いプレイヤーが勝ちます。', rules: ['TUL-107', 'TUL-108', 'TUL-109'] },
    { text: '同点（複数人が配置し終えた、または最低点が同じ）なら、いずれか1つの色が連続しているゾーンが最大のプレイヤーが勝ちます。それも同じなら勝利を分け合います。', rules: ['TUL-110', 'TUL-111', 'TUL-112'] },
  ] },
];

// Valley of the Torii, how to play: a player's summary of shared/rules/valley-of-the-torii.md
// (rule IDs) in the Japanese rulebook's own terms. en and ja have the same sections, items
// and rule IDs (tests/web/test_rules_summary.py). "Kifu: …" says how the engine settles
// an ambiguity (core/games/valley_of_the_torii/README.md).
export const en = [
  { title: 'Goal', items: [
    { text: 'Artists take turns choosing landscape tiles around the wheels and placing them on their painting board, to score victory points (VP) from the objective cards and torii collections. Most VP wins.', rules: ['TOR-001', 'TOR-020', 'TOR-119'] },
  ] },
  { title: 'Setup', items: [
    { text: 'Both wheels and the paintbrush go in the centre, the 5 seals beside them, and the scroll tokens in a stack, highest on top (2 artists 5/3, 3 artists 5/4/3, 4 artists 5/4/4/3 VP).', rules: ['TOR-004', 'TOR-005', 'TOR-006', 'TOR-007', 'TOR-008', 'TOR-009'] },
    { text: 'One objective card per landscape (mountain, village, bamboo, water, cherry blossom) is chosen at random; for a first game the A cards are recommended.', rules: ['TOR-011', 'TOR-012', 'TOR-013'] },
    { text: 'Tiles drawn from the bag fill every recess of both wheels; one more goes in the large wheel\'s centre slot: its landscape is the scroll landscape for the whole game.', rules: ['TOR-015', 'TOR-016', 'TOR-054'] },
  ] },
  { title: 'Your turn', items: [
    { text: 'Choose one available tile around the wheels and place it on your painting board; then play passes clockwise.', rules: ['TOR-020', 'TOR-021', 'TOR-023'] },
    { text: 'Available tiles: the two at a wheel\'s arrow, and every tile next to an empty recess. The centre tile is never taken.', rules: ['TOR-025', 'TOR-026', 'TOR-029', 'TOR-030', 'TOR-032'] },
    { text: 'When a wheel\'s last tile is taken, it is refilled at once from the bag, clockwise from its arrow; the other wheel waits until it is empty.', rules: ['TOR-033', 'TOR-034', 'TOR-035'] },
    { text: 'Kifu: tap an outlined tile on a wheel, then a highlighted slot of your board.', rules: ['TOR-022'] },
  ] },
  { title: 'Placing tiles', items: [
    { text: 'Your first tile goes in the bottom row. A tile in a higher row must be fully supported by the two tiles below it; the board\'s edge supports a tile in the leftmost column.', rules: ['TOR-042', 'TOR-044', 'TOR-045', 'TOR-046', 'TOR-047'] },
    { text: 'Tiles touching along a side are adjacent; two or more adjacent tiles of one landscape form a group. A placed tile never moves.', rules: ['TOR-050', 'TOR-051', 'TOR-049'] },
    { text: 'With no legal slot left, you take no tile and your turn passes.', rules: ['TOR-053'] },
  ] },
  { title: 'Scrolls and seals', items: [
    { text: 'A tile of the scroll landscape in your scroll slot takes the highest scroll token left (5, 4 or 3 VP). Another landscape there does nothing; you hold at most one scroll.', rules: ['TOR-055', 'TOR-056', 'TOR-057', 'TOR-059'] },
    { text: 'Three different landscapes on the ≠ slots of row 2 or row 4 take an available seal matching one of them, at once. Each line gives one seal per game.', rules: ['TOR-060', 'TOR-061', 'TOR-062', 'TOR-063', 'TOR-065'] },
    { text: 'Each seal is used once, when you choose, and then goes back to the centre.', rules: ['TOR-067', 'TOR-068', 'TOR-069'] },
    { text: 'Water: before choosing, swap two tiles of one wheel. Bamboo: place with one supporting tile fewer (a top-row tile placed so does not end the game).', rules: ['TOR-070', 'TOR-071', 'TOR-072'] },
    { text: 'Mountain: when a wheel has just been refilled, reserve one of its available tiles on the seal; on a later turn place it instead of choosing.', rules: ['TOR-073', 'TOR-075', 'TOR-076'] },
    { text: 'Village: instead of choosing, draw 3 tiles from the bag, keep 1 and return the others.', rules: ['TOR-078', 'TOR-079', 'TOR-080'] },
    { text: 'Cherry blossom: at game end, the tiles around the wheels go back to the bag; draw 4, and replace one tile of your board with one of them. It never returns to the centre.', rules: ['TOR-081', 'TOR-082', 'TOR-083', 'TOR-084', 'TOR-087'] },
  ] },
  { title: 'Paintbrush', items: [
    { text: 'Placing a bamboo tile with a paintbrush icon puts the paintbrush on your board (unless it is on another artist\'s board).', rules: ['TOR-090', 'TOR-091', 'TOR-097'] },
    { text: 'On your next turn you may use it to take any tile around the wheels; it then returns to the centre. Unused, it leaves your board at the end of that turn but stays yours. Its owner at game end scores 2 VP.', rules: ['TOR-092', 'TOR-093', 'TOR-095', 'TOR-096', 'TOR-099'] },
  ] },
  { title: 'Game end and scoring', items: [
    { text: 'A tile placed in the top row (the dark slots) triggers the end: the round is completed so every artist has played the same number of turns.', rules: ['TOR-100', 'TOR-101', 'TOR-102'] },
    { text: 'Score: your scroll token, 2 VP for the paintbrush, each of the 5 objective cards, and your torii sets.', rules: ['TOR-107', 'TOR-108', 'TOR-109', 'TOR-110', 'TOR-111'] },
    { text: 'Torii sets: repeatedly make one set of one torii of every colour you still have; 5 colours 10 VP, 2 colours 2 VP, 1 torii 0 VP (Kifu: 3 colours 4 VP, 4 colours 7 VP).', rules: ['TOR-112', 'TOR-113', 'TOR-115', 'TOR-116'] },
    { text: 'Tie: most torii wins, then the paintbrush owner; otherwise the victory is shared.', rules: ['TOR-120', 'TOR-121', 'TOR-122'] },
  ] },
  { title: 'Paper tiles and alternative boards', items: [
    { text: 'Paper tiles cover the same slots of every board: no tile goes there, but they support tiles above them.', rules: ['TOR-123', 'TOR-124', 'TOR-125', 'TOR-129'] },
    { text: 'Alternative board 1 has one end slot; on alternative board 3 the second ≠ line holds 2 tiles, and 2 different landscapes take one of their 2 seals. You may also design your own board.', rules: ['TOR-131', 'TOR-133', 'TOR-134', 'TOR-128'] },
  ] },
  { title: 'Solo', items: [
    { text: 'You play against an opponent board with the large wheel\'s solo side; the small wheel, seals and paintbrush are not used. Scroll tokens 5 and 3.', rules: ['TOR-138', 'TOR-139', 'TOR-140', 'TOR-142', 'TOR-143'] },
    { text: 'When you take a tile, the tile linked to its recess goes on the opponent board in the same slot; a grey fan (or an empty linked recess) gives it a tile from the bag.', rules: ['TOR-145', 'TOR-146', 'TOR-147', 'TOR-148'] },
    { text: 'The game ends when you place a tile in the top row. The opponent adds its bonus (easy +30, medium +50, hard +70 VP); you win only with more VP.', rules: ['TOR-150', 'TOR-153', 'TOR-154', 'TOR-155', 'TOR-156', 'TOR-157'] },
  ] },
  { title: 'Rainbow tile (promo)', items: [
    { text: 'The rainbow tile goes in the bag; drawn during setup it is replaced and returned. It has no landscape and is worth 2 VP.', rules: ['TOR-159', 'TOR-161', 'TOR-164', 'TOR-165'] },
    { text: 'When it is placed, each artist in turn order, starting with its taker, may swap one tile of their board with any tile around the wheels; then play resumes left of its taker.', rules: ['TOR-166', 'TOR-167', 'TOR-168', 'TOR-169', 'TOR-172'] },
  ] },
];

export const ja = [
  { title: 'ゲームの目的', items: [
    { text: 'アーティストは順番にホイールの周りから風景タイルを選び、自分の絵画ボードに配置します。目標カードや鳥居のコレクションから勝利点を獲得し、最も勝利点の多いアーティストが勝ちます。', rules: ['TOR-001', 'TOR-020', 'TOR-119'] },
  ] },
  { title: 'セットアップ', items: [
    { text: '2つのホイールと絵筆をゲームエリアの中央に置き、すべての刻印をその近くに置きます。巻物トークンは最も高い値が上になるよう積み重ねます（2人：5/3、3人：5/4/3、4人：5/4/4/3勝利点）。', rules: ['TOR-004', 'TOR-005', 'TOR-006', 'TOR-007', 'TOR-008', 'TOR-009'] },
    { text: '目標カードを、風景タイプごと（山、村、竹、水、桜）にランダムに1枚ずつ選びます。初めてのゲームならAの目標カードがお勧めです。', rules: ['TOR-011', 'TOR-012', 'TOR-013'] },
    { text: '袋から引いたタイルで2つのホイールの窪みを埋め、最後にもう1枚を大ホイールの中央の専用スロットに置きます。このタイルの風景が巻物を集められる風景になります。', rules: ['TOR-015', 'TOR-016', 'TOR-054'] },
  ] },
  { title: 'あなたのターン', items: [
    { text: 'ホイールの周りにある利用可能なタイルから1つ選び、あなたの絵画ボードに配置します。その後、時計回りに次のアーティストのターンになります。', rules: ['TOR-020', 'TOR-021', 'TOR-023'] },
    { text: '利用可能なタイルは、矢印で示された位置の2つと、空の窪みの両側にあるタイルです。中央のタイルは取れません。', rules: ['TOR-025', 'TOR-026', 'TOR-029', 'TOR-030', 'TOR-032'] },
    { text: 'ホイールの最後の1枚のタイルが獲得されたら、ただちに袋から矢印の位置から時計回りに補充します。もう一方のホイールは空になるまで補充されません。', rules: ['TOR-033', 'TOR-034', 'TOR-035'] },
    { text: '棋譜では、ホイールの囲まれたタイルをタップし、次にボードの光っているスロットをタップします。', rules: ['TOR-022'] },
  ] },
  { title: 'タイル配置ルール', items: [
    { text: '最初のタイルは一番下の段に配置します。上の段に置くタイルは、その下の2枚のタイルで完全に支えられている必要があります。左端の列ではボードの端も支えになります。', rules: ['TOR-042', 'TOR-044', 'TOR-045', 'TOR-046', 'TOR-047'] },
    { text: 'いずれかの辺で接しているタイルは隣接しています。同じ風景のタイルが2つ以上隣接していると1つのグループになります。置いたタイルは動かせません。', rules: ['TOR-050', 'TOR-051', 'TOR-049'] },
    { text: '置けるスロットがない場合、タイルを取らずにターンを終えます。', rules: ['TOR-053'] },
  ] },
  { title: '巻物トークンと刻印', items: [
    { text: '巻物スロットに巻物の風景のタイルを置くと、残っている最も高い巻物トークン（5、4、3勝利点）を獲得します。他の風景では何も起こりません。巻物は1人1つまでです。', rules: ['TOR-055', 'TOR-056', 'TOR-057', 'TOR-059'] },
    { text: '2段目または4段目の≠のスロットに3つの異なる風景タイルを置くと、そのどれかと一致する利用可能な刻印をただちに獲得します。各刻印ラインは1ゲームに1回だけです。', rules: ['TOR-060', 'TOR-061', 'TOR-062', 'TOR-063', 'TOR-065'] },
    { text: '所持している刻印は好きな時に1回だけ使用でき、使用したら中央に戻します。', rules: ['TOR-067', 'TOR-068', 'TOR-069'] },
    { text: '水：タイルを選ぶ前に同じホイール上の2枚のタイルの位置を交換します。竹：支えるタイルが1枚少なくても置けます（一番上の段に置いてもゲームは終了しません）。', rules: ['TOR-070', 'TOR-071', 'TOR-072'] },
    { text: '山：ホイールが補充されたとき、利用可能なタイルの1枚を確保してこの刻印の上に置きます。以降のターンで、タイルを選ぶ代わりにこのタイルを置けます。', rules: ['TOR-073', 'TOR-075', 'TOR-076'] },
    { text: '村：タイルを選ぶ代わりに袋から3枚引き、1枚を選んで置き、残りを袋に戻します。', rules: ['TOR-078', 'TOR-079', 'TOR-080'] },
    { text: '桜：ゲーム終了時、ホイールの周りのタイルを袋に戻し、4枚引いて1枚選び、ボード上のタイル1枚と置き換えます。一度獲得すると中央に戻されません。', rules: ['TOR-081', 'TOR-082', 'TOR-083', 'TOR-084', 'TOR-087'] },
  ] },
  { title: '絵筆', items: [
    { text: '絵筆アイコンが描かれた竹タイルを配置すると、ただちに絵筆を取ってボードに置きます（他のアーティストのボード上にある間は取れません）。', rules: ['TOR-090', 'TOR-091', 'TOR-097'] },
    { text: '次のターンに絵筆を使うと、ホイールの周囲のタイルを制限なく選べます。その後、絵筆は中央に戻ります。使わなければそのターンの終わりにボードから取り外しますが、所有はそのままです。ゲーム終了時の所有者は2勝利点を獲得します。', rules: ['TOR-092', 'TOR-093', 'TOR-095', 'TOR-096', 'TOR-099'] },
  ] },
  { title: 'ゲーム終了とスコアリング', items: [
    { text: 'いずれかのアーティストが一番上の段（暗いスロット）にタイルを置くとゲーム終了がトリガーされ、全員が同じターン数をプレイするまで現在のラウンドを完了させます。', rules: ['TOR-100', 'TOR-101', 'TOR-102'] },
    { text: '巻物トークン、絵筆の2勝利点、5つの目標カード、鳥居のコレクションの勝利点を合計します。', rules: ['TOR-107', 'TOR-108', 'TOR-109', 'TOR-110', 'TOR-111'] },
    { text: '鳥居は、まだ数えていない色を1つずつ集めたセットを繰り返し作ります。5種類10勝利点、2種類2勝利点、1つ0勝利点（棋譜では3種類4勝利点、4種類7勝利点）。', rules: ['TOR-112', 'TOR-113', 'TOR-115', 'TOR-116'] },
    { text: '同点の場合は最も多くの鳥居を描いたアーティストが勝ち、それも同数なら絵筆の所有者が勝ちます。いなければ勝利を分け合います。', rules: ['TOR-120', 'TOR-121', 'TOR-122'] },
  ] },
  { title: '紙タイルと代替の絵画ボード', items: [
    { text: '紙タイルはすべてのボードの同じスロットに置きます。そこには風景タイルを配置できませんが、上のタイルの支えになります。', rules: ['TOR-123', 'TOR-124', 'TOR-125', 'TOR-129'] },
    { text: '代替の絵画ボード1はゲーム終了スペースが1つのみです。代替の絵画ボード3では2つ目の刻印ラインにタイル2枚しか置けず、異なる風景2枚で2つの刻印のうち1つを獲得できます。自分だけのボードも作れます。', rules: ['TOR-131', 'TOR-133', 'TOR-134', 'TOR-128'] },
  ] },
  { title: 'ソロモード', items: [
    { text: '相手のボードと対戦します。大ホイールはソロ面を上にし、小ホイール、刻印、絵筆は使いません。巻物トークンは5と3です。', rules: ['TOR-138', 'TOR-139', 'TOR-140', 'TOR-142', 'TOR-143'] },
    { text: '選んだタイルが線で別のタイルとつながっていれば、そのタイルを相手のボードの同じ場所に置きます。灰色の扇アイコン（またはつながった窪みが空）なら袋から1枚引いて置きます。', rules: ['TOR-145', 'TOR-146', 'TOR-147', 'TOR-148'] },
    { text: 'あなたが一番上の段にタイルを置いた時点でゲームは終了します。相手には難易度のボーナス（イージー＋30、ミディアム＋50、ハード＋70勝利点）が加えられ、上回った場合だけ勝ちです。', rules: ['TOR-150', 'TOR-153', 'TOR-154', 'TOR-155', 'TOR-156', 'TOR-157'] },
  ] },
  { title: '虹プロモタイル', items: [
    { text: '虹タイルは他のタイルと一緒に袋に入れます。セットアップ中に引いたら別のタイルを引いて袋に戻します。どの風景としてもカウントされず、2勝利点を獲得します。', rules: ['TOR-159', 'TOR-161', 'TOR-164', 'TOR-165'] },
    { text: '置かれた瞬間に効果が発動します。取ったアーティストから始めてターン順に、絵画ボードのタイル1枚をホイールの周りの任意のタイルと交換できます。その後、取った人の左隣からゲームを再開します。', rules: ['TOR-166', 'TOR-167', 'TOR-168', 'TOR-169', 'TOR-172'] },
  ] },
];

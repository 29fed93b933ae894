// Whispering Woods, how to play: a player's summary of shared/rules/whispering-woods.md
// (rule IDs), the Japanese in the rulebook's own terms (shared/seeds/002_*). en and ja
// have the same sections, items and rule IDs (tests/web/test_rules_summary.py). "Kifu: …"
// says how the engine settles an ambiguity (core/games/whispering_woods/README.md).
export const en = [
  { title: 'Goal', items: [
    { text: 'Grow your own forest from market tiles and walk your animal pieces along the paths of mission tiles. Most victory points at the end wins.', rules: ['WW-002', 'WW-003', 'WW-010'] },
  ] },
  { title: 'Tiles', items: [
    { text: 'Tiles come in six colours: fruit (red), flower (purple), mushroom (yellow), leaf (green), water (blue), mineral (grey).', rules: ['WW-004', 'WW-005'] },
    { text: 'Side A up, a tile is a forest tile: its colour, plus the path on its back and its points. Side B up it is a mission tile: a path of colours and the points for completing it.', rules: ['WW-006', 'WW-007', 'WW-008', 'WW-009'] },
  ] },
  { title: 'Setup', items: [
    { text: 'Each player takes a starting tile and the 4 animal pieces of their colour, puts 1 animal on the starting tile and keeps 3 beside it.', rules: ['WW-011', 'WW-013', 'WW-014'] },
    { text: 'Combo cards are sorted by type (×2 to ×5). All tiles go in the bag; 6 drawn tiles, side A up, form the market.', rules: ['WW-015', 'WW-016', 'WW-017'] },
    { text: 'The start player begins every round. Kifu: chosen in the game\'s options, else drawn at random.', rules: ['WW-018', 'WW-019', 'WW-020'] },
  ] },
  { title: 'Your turn', items: [
    { text: 'Three steps, in order: 1) refill and optionally refresh the market, 2) take tiles and place them in your forest, 3) complete mission tiles (optional).', rules: ['WW-022', 'WW-023'] },
    { text: '1) Refill the market to 6 tiles from the bag (not on the very first turn).', rules: ['WW-024', 'WW-025', 'WW-026'] },
    { text: 'You may then refresh the market once: flip one of your completed mission tiles, draw 6 new tiles, and put the old 6 back in the bag. Kifu: only with at least 6 tiles in the bag.', rules: ['WW-028', 'WW-030', 'WW-034', 'WW-035', 'WW-036'] },
    { text: 'A flipped tile still scores its points, but costs you 1 point at the end.', rules: ['WW-037', 'WW-038'] },
    { text: '2) Every placed tile must share an edge with a tile already in your forest; colours need not match.', rules: ['WW-040', 'WW-041', 'WW-042'] },
    { text: 'Option A: take 2 tiles and place them as forest tiles. Option B: take 1 tile, flip it and place it as a mission tile with an animal from your supply on it (at most 3 times a game).', rules: ['WW-043', 'WW-044', 'WW-046', 'WW-047', 'WW-048', 'WW-049'] },
  ] },
  { title: 'Completing missions', items: [
    { text: 'The animal on a mission tile walks over adjacent forest tiles whose colours follow the path, forwards or backwards, starting next to the mission tile.', rules: ['WW-053', 'WW-054', 'WW-055', 'WW-056', 'WW-057'] },
    { text: 'Only forest tiles can be walked; the route\'s shape is free, but no tile twice.', rules: ['WW-058', 'WW-059', 'WW-060'] },
    { text: 'The completed mission tile goes to your personal area; the tile where the animal stopped flips and becomes its new mission tile, which it may complete at once.', rules: ['WW-063', 'WW-066', 'WW-067', 'WW-068'] },
    { text: 'Your forest may never be split: a mission whose removal would separate it cannot be completed.', rules: ['WW-061', 'WW-062', 'WW-078'] },
    { text: 'The starting tile\'s path: start and end on the same colour, with 4 different colours between. Kifu: the 4 also differ from the end colour.', rules: ['WW-080', 'WW-081', 'WW-082'] },
  ] },
  { title: 'Combos', items: [
    { text: 'Completing 2, 3, 4 or 5 mission tiles in one turn earns the matching combo card (6 or more: ×5), taken at the end of step 3.', rules: ['WW-070', 'WW-071', 'WW-073', 'WW-077', 'WW-161'] },
    { text: 'If none of that type is left, take the next lower type.', rules: ['WW-075', 'WW-076'] },
  ] },
  { title: 'End and scoring', items: [
    { text: 'The round becomes the final round when a player has completed 10 mission tiles (2 players), 9 (3 players) or 8 (4 players), or when the bag cannot refill the market. The round is played to its end.', rules: ['WW-084', 'WW-085', 'WW-086', 'WW-087', 'WW-089', 'WW-092'] },
    { text: 'Score: completed mission tiles plus combo cards, minus 1 point for each tile flipped to refresh. Tiles left in the forest score nothing.', rules: ['WW-093', 'WW-094', 'WW-095', 'WW-096'] },
    { text: 'Most points wins; a tie goes to fewer tiles in the forest, and after that the victory is shared.', rules: ['WW-097', 'WW-098', 'WW-099'] },
  ] },
  { title: 'Solitaire', items: [
    { text: 'One starting tile and one animal of each colour; you choose the animal on the starting tile and the animal for each new mission tile. No combo cards.', rules: ['WW-101', 'WW-103', 'WW-160', 'WW-112'] },
    { text: 'Each completed mission tile lies beside the solitaire tile of the animal that walked it; the score marker advances by its points, and at 60 you take the bear.', rules: ['WW-113', 'WW-122', 'WW-123'] },
    { text: '4) Close the round: a tile from the bag goes on the next round space, and the market tiles of its colour are set aside.', rules: ['WW-114', 'WW-115', 'WW-117'] },
    { text: 'A level gives 12 rounds, plus 1 extra round for each of its missions achieved. The game ends when the last available space is filled.', rules: ['WW-118', 'WW-127', 'WW-128', 'WW-129'] },
    { text: 'Clear the level by achieving all its missions and its minimum score before the rounds run out; then go on to the next level, else play it again.', rules: ['WW-124', 'WW-154', 'WW-155', 'WW-156', 'WW-157'] },
    { text: 'Each refresh costs 1 point (Level 5: 2, Level 6: 3).', rules: ['WW-120', 'WW-148', 'WW-153'] },
  ] },
];

export const ja = [
  { title: '目的', items: [
    { text: 'マーケットから選んだタイルで自分の森を成長させ、動物コマにミッションタイルのパスをたどらせます。ゲーム終了時に最も多くのポイントを獲得したプレイヤーの勝ちです。', rules: ['WW-002', 'WW-003', 'WW-010'] },
  ] },
  { title: 'タイルの構造', items: [
    { text: 'タイルには6色があります：果物（赤）、花（紫）、キノコ（黄色）、葉（緑）、水（青）、鉱物（灰色）。', rules: ['WW-004', 'WW-005'] },
    { text: '森タイルの面が上なら森タイルです：タイルの色と、裏面にあるパスとそのポイントを示します。裏返すとミッションタイルです：パスと、完了したときに獲得するポイントを示します。', rules: ['WW-006', 'WW-007', 'WW-008', 'WW-009'] },
  ] },
  { title: 'ゲームのセットアップ', items: [
    { text: '各プレイヤーは開始タイル1つと自分の色の動物コマ4つを受け取り、開始タイルの上に動物コマを1つ置き、残りの3つを近くに置いておきます。', rules: ['WW-011', 'WW-013', 'WW-014'] },
    { text: 'コンボカードをタイプ（×2から×5）ごとに分類します。すべてのタイルをバッグに入れ、6枚を取り出して森タイルの面を上にして置き、マーケットを作ります。', rules: ['WW-015', 'WW-016', 'WW-017'] },
    { text: 'スタートプレイヤーがすべてのラウンドを開始します。このアプリではゲームのオプションで選び、選ばなければランダムに決めます。', rules: ['WW-018', 'WW-019', 'WW-020'] },
  ] },
  { title: 'ゲームプレイ', items: [
    { text: '各ターンは次の手順を順番に実行します：1）マーケットを補充し、オプションで更新する、2）マーケットからタイルを取り出し、森に配置する、3）ミッションタイルを完了する（オプション）。', rules: ['WW-022', 'WW-023'] },
    { text: '1）バッグからタイルを取り出し、6枚になるまでマーケットに置きます（最初のプレイヤーの最初のターンではスキップします）。', rules: ['WW-024', 'WW-025', 'WW-026'] },
    { text: 'さらに1ターンに1回、完了したミッションタイルを裏返してマーケットを更新できます：6枚の新しいタイルを引き、捨てた6枚をバッグに戻します。このアプリではバッグに6枚以上あるときだけです。', rules: ['WW-028', 'WW-030', 'WW-034', 'WW-035', 'WW-036'] },
    { text: '裏返したミッションタイルも通常どおりポイントを獲得しますが、最終スコアから1ポイントが差し引かれます。', rules: ['WW-037', 'WW-038'] },
    { text: '2）配置する各タイルの少なくとも1つの辺は、すでに森にあるタイルの辺に隣接している必要があります。色を合わせる必要はありません。', rules: ['WW-040', 'WW-041', 'WW-042'] },
    { text: '1つ目の選択肢：森タイルを2つ取り、森に配置します。2つ目の選択肢：タイルを1つ取って裏返し、ミッションタイルとして配置し、その上に動物コマを1つ置きます（ゲーム中に最大3回まで）。', rules: ['WW-043', 'WW-044', 'WW-046', 'WW-047', 'WW-048', 'WW-049'] },
  ] },
  { title: 'ミッションタイルを完了する', items: [
    { text: 'ミッションタイルの上の動物コマを、パスの順序または逆の順序の色の森タイル上を、ミッションタイルの隣から連続して隣接するタイルを通って移動させます。', rules: ['WW-053', 'WW-054', 'WW-055', 'WW-056', 'WW-057'] },
    { text: '通過できるのは森タイルだけです。ルートの形状は自由ですが、同じタイルを2度通ることはできません。', rules: ['WW-058', 'WW-059', 'WW-060'] },
    { text: '完了したミッションタイルは個人のゲームエリアに置きます。動物コマがパスを終えたタイルを裏返すと新しいミッションタイルになり、すぐに完了することもできます。', rules: ['WW-063', 'WW-066', 'WW-067', 'WW-068'] },
    { text: 'あなたの森は決して分離してはいけません：ミッションタイルを削除すると森が2つ以上のセクションに分割される場合、そのパスを歩くことはできません。', rules: ['WW-061', 'WW-062', 'WW-078'] },
    { text: '開始タイルのパス：同じ色の森タイルで始まって終わり、その間に異なる色の4つのタイルを通過します。このアプリではその4色は両端の色とも異なります。', rules: ['WW-080', 'WW-081', 'WW-082'] },
  ] },
  { title: 'コンボ', items: [
    { text: '1ターンで2、3、4、5つのミッションタイルを完了すると、対応するコンボカードを獲得します（6つ以上は×5のコンボカード）。ステップ3の終わりに取ります。', rules: ['WW-070', 'WW-071', 'WW-073', 'WW-077', 'WW-161'] },
    { text: '達成したコンボのカードが残っていない場合は、次に低いボーナスを受け取ります。', rules: ['WW-075', 'WW-076'] },
  ] },
  { title: 'ゲーム終了', items: [
    { text: '1人のプレイヤーが10枚（2人プレイ）、9枚（3人プレイ）、8枚（4人プレイ）のミッションタイルを完了するか、バッグのタイルでマーケットを埋められなくなると、最終ラウンドになります。そのラウンドは最後まで行います。', rules: ['WW-084', 'WW-085', 'WW-086', 'WW-087', 'WW-089', 'WW-092'] },
    { text: '最終スコア：完了したミッションタイルとコンボカードのポイントを合計し、マーケットを更新するために裏返したタイルごとに1ポイントを差し引きます。森に残ったタイルはポイントになりません。', rules: ['WW-093', 'WW-094', 'WW-095', 'WW-096'] },
    { text: '最も多くのポイントを獲得したプレイヤーの勝ちです。同点の場合、森にあるタイルが少ない人の勝ち、それでも引き分けなら勝利を分け合います。', rules: ['WW-097', 'WW-098', 'WW-099'] },
  ] },
  { title: 'ソリティアモード', items: [
    { text: '各色の開始タイル1枚ずつと動物コマ1つずつを取ります。開始タイルの上の動物コマと、新しいミッションタイルに置く動物コマは自分で選びます。コンボカードは使いません。', rules: ['WW-101', 'WW-103', 'WW-160', 'WW-112'] },
    { text: '完了したミッションタイルは、パスをたどった動物コマの色のソリティアタイルの横に置きます。スコアマーカーをそのポイントだけ進め、60ポイントに達したらクマのコマを取ります。', rules: ['WW-113', 'WW-122', 'WW-123'] },
    { text: '4）ラウンドを閉じる：バッグからタイル1枚を取り出して次のラウンドのスペースに置き、同じ色のタイルをすべてマーケットから取り除いて片側に置いておきます。', rules: ['WW-114', 'WW-115', 'WW-117'] },
    { text: '各レベルは12ラウンドで、レベルのミッションを1つ達成するたびに追加の1ラウンドが利用可能になります。最後の利用可能なスペースにタイルを置くとゲームは終了します。', rules: ['WW-118', 'WW-127', 'WW-128', 'WW-129'] },
    { text: 'ラウンドがなくなる前にすべてのミッションと最低スコアを達成すればレベルを克服し、次のレベルに進みます。できなければ同じレベルをもう一度プレイします。', rules: ['WW-124', 'WW-154', 'WW-155', 'WW-156', 'WW-157'] },
    { text: 'マーケットを更新するたびに1ポイントが奪われます（レベル5は2ポイント、レベル6は3ポイント）。', rules: ['WW-120', 'WW-148', 'WW-153'] },
  ] },
];

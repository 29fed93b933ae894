// Rewild: South America, how to play: a player's summary of
// shared/rules/rewild-south-america.md (rule IDs) in the Japanese rulebook's own terms.
// en and ja have the same sections, items and rule IDs (tests/web/test_rules_summary.py).
// "Kifu: …" says how the engine settles an ambiguity (core/games/rewild_south_america/README.md).
export const en = [
  { title: 'Goal', items: [
    { text: 'Rewild your player board with biome tiles and attract animals and plants into your three biomes. The most victory points (★) wins.', rules: ['RW-002', 'RW-008', 'RW-092'] },
  ] },
  { title: 'Setup', items: [
    { text: 'Each player starts with 4 minerals, 4 water and 1 seed (never more than 10 of a kind: the excess is forfeited) and 7 player cards: 6 action cards and the harvest card.', rules: ['RW-024', 'RW-022', 'RW-004', 'RW-005'] },
    { text: 'The scoreboard shows 5 wildlife, 3 predation and 3 plant cards. Before each turn the cards slide right and the gaps are filled from the decks; the card revealed last lies leftmost.', rules: ['RW-026', 'RW-029', 'RW-030', 'RW-031'] },
    { text: 'Kifu: the start player is drawn at random; it keeps the start player marker all game.', rules: ['RW-027'] },
  ] },
  { title: 'Your turn', items: [
    { text: 'Play exactly one player card. After an action card you may attract cards from the scoreboard; after the harvest card you may not.', rules: ['RW-035', 'RW-037', 'RW-049'] },
    { text: 'An action card: do its top or its bottom action. The card stays in front of you, turned to show the half you used, until you harvest; only those upright symbols count for card effects.', rules: ['RW-038', 'RW-039', 'RW-040', 'RW-041'] },
    { text: 'You may play an action card only if one of its actions can be done now (Kifu: an upgrade action must upgrade at least one tile). If none can, you must harvest.', rules: ['RW-047', 'RW-048'] },
    { text: 'The harvest card: take all player cards back into your hand, gain 3 seeds per rainforest tile plus half a seed per other tile (rounded up), and 1 water.', rules: ['RW-042', 'RW-043', 'RW-044', 'RW-045'] },
  ] },
  { title: 'The actions', items: [
    { text: 'Top halves place a tile: shrubland (1 mineral, 1 water; 3 hexes), grassland (2 minerals, 2 water; Kifu: 2 hexes), rainforest (3 minerals, 2 water; 1 hex), on empty fields inside the boundary.', rules: ['RW-051', 'RW-054', 'RW-056', 'RW-061', 'RW-063'] },
    { text: 'Costs go down: a mineral or water bonus under the tile, and each adjacent tile once (shrubland −1 mineral, grassland −1 water, wetland −2 water). Never below 0. Stars under the tile score ★ at once.', rules: ['RW-064', 'RW-065', 'RW-066', 'RW-067', 'RW-069'] },
    { text: 'Shrubland 1, Grassland 1, Rainforest 1 (bottom): take 3 minerals, 3 water or 3 seeds, and remove the rightmost plant, predation or wildlife card from the game.', rules: ['RW-052', 'RW-055', 'RW-057', 'RW-059'] },
    { text: 'Shrubland 2 (bottom): extend any of your shrubland tiles by one free extension hex each, on an adjacent empty field.', rules: ['RW-053', 'RW-071', 'RW-073'] },
    { text: 'Grassland 2 and Rainforest 2 (bottom): either put tall trees on rainforest tiles, or flip grassland tiles to the wetland side — 1 water each, not both kinds in one action.', rules: ['RW-058', 'RW-077', 'RW-081'] },
  ] },
  { title: 'Attracting cards', items: [
    { text: 'Attract any number of cards, in any order, but at most 1 predation card and 1 plant card a turn. Each card is fully resolved before the next.', rules: ['RW-096', 'RW-097', 'RW-034', 'RW-099'] },
    { text: 'Wildlife: it needs the number of unoccupied hexes of one biome shown on the card, connected to each other; put an animal marker on each. Grassland and wetland hexes may be mixed.', rules: ['RW-101', 'RW-102', 'RW-103', 'RW-104', 'RW-105'] },
    { text: 'Predation: place it on a visible animal of a type it names, in a biome it can live in; score its ★ at once. It needs no hexes.', rules: ['RW-108', 'RW-109', 'RW-110', 'RW-112'] },
    { text: 'A predated animal loses its end-game effect and no longer counts for effects or the end, but still counts for completing its biome.', rules: ['RW-114', 'RW-115', 'RW-117', 'RW-119'] },
    { text: 'Plants: pay their seeds and put them in a biome they show. The carnivorous plant goes on a visible insect, like a predation card.', rules: ['RW-121', 'RW-122', 'RW-123'] },
    { text: 'Some plants add symbols, others give 1 extra hex of their biome for wildlife (that hex need not touch the others).', rules: ['RW-145', 'RW-146', 'RW-147'] },
  ] },
  { title: 'Tall trees', items: [
    { text: 'A rainforest tile with a tall tree has two places for animals: the ground and the tree. Only animals with the tall-tree symbol can go in a tree.', rules: ['RW-082', 'RW-083'] },
    { text: 'A tall-tree animal on a rainforest ground hex moves up when that tile gets a tree: +4★, and the ground hex is free again. One attracted straight onto an empty tree scores 4★ too.', rules: ['RW-017', 'RW-086', 'RW-088', 'RW-090'] },
  ] },
  { title: 'Effects and biomes', items: [
    { text: 'Immediate effects score when the card is attracted; end-game effects score at the end. They count types, symbols, resources, predated animals and more.', rules: ['RW-012', 'RW-106', 'RW-128', 'RW-132'] },
    { text: 'A biome row with a plant, an insect, a herbivore and a predator (covered cards count) is complete: 6★, once per biome. Then you go on attracting.', rules: ['RW-124', 'RW-125', 'RW-126', 'RW-127'] },
  ] },
  { title: 'End of the game', items: [
    { text: 'The end is triggered when a player has 8 visible animals, fills their player board, or the last wildlife card is revealed.', rules: ['RW-153', 'RW-154', 'RW-155', 'RW-156'] },
    { text: 'The current round is finished, then one more full round is played.', rules: ['RW-157', 'RW-233'] },
    { text: 'Then every end-game effect of a visible card is scored; immediate effects are not scored again.', rules: ['RW-158', 'RW-159'] },
    { text: 'Most ★ wins; a tie goes to more completed biomes, then to more rainforest tiles plus tall trees.', rules: ['RW-160', 'RW-161', 'RW-162'] },
  ] },
  { title: 'Expert mode', items: [
    { text: 'Expert mode is four modules; choose any of them when you start a game, with any number of players or solo.', rules: ['RW-164'] },
    { text: 'Module 1: the end is triggered at 9 visible animals instead of 8.', rules: ['RW-165'] },
    { text: 'Module 2: 7 expert-mode plant cards join the plant deck. A reserve plant reserves once a wildlife card of its biome from the scoreboard (tap it on the scoreboard): it is yours alone and the next wildlife card you attract; until then it counts for nothing.', rules: ['RW-166', 'RW-167', 'RW-168', 'RW-170', 'RW-171'] },
    { text: 'A switch plant goes to the right of another card in your biomes and switches its effect type: immediate becomes end of game (it scores again then), end of game becomes immediate (it scores at once).', rules: ['RW-172', 'RW-173', 'RW-174', 'RW-175', 'RW-176'] },
    { text: 'A relocate plant moves one of your biome tiles, with all on it, elsewhere on your board (tap the tile, then its new hexes); stars uncovered there score. Tiles of an animal meeple cannot move.', rules: ['RW-180', 'RW-181', 'RW-182', 'RW-183'] },
    { text: 'Module 3: the expert side of the player board. Completing a biome gives no 6★: instead re-trigger one card with an immediate effect in that biome at once (tap it), once per biome. A predation card moves onto another prey; predated animals cannot be re-triggered.', rules: ['RW-184', 'RW-185', 'RW-186', 'RW-187', 'RW-188', 'RW-189', 'RW-190'] },
    { text: 'Module 4: 18 expert-mode cards replace their twins. When your tiles match a card’s configuration (any rotation), its animal meeple goes on the configuration’s centre and scores its ★ — before or after the card is attracted, but not once it is predated.', rules: ['RW-191', 'RW-192', 'RW-193', 'RW-194', 'RW-195', 'RW-197'] },
  ] },
  { title: 'Solo mode', items: [
    { text: 'Play against an opponent on its own board (always the base side). You start; your turns are as usual.', rules: ['RW-200', 'RW-202', 'RW-204'] },
    { text: 'Its turn is automatic: it draws its face-down pile’s top card and does the top action (the bottom if it cannot); its harvest card builds the pile again. Only the pile’s size is shown.', rules: ['RW-201', 'RW-205', 'RW-206', 'RW-207'] },
    { text: 'It places tiles column by column from the left, gains resources and removes 2 cards, and upgrades only when that helps it.', rules: ['RW-208', 'RW-211', 'RW-212', 'RW-213', 'RW-214'] },
    { text: 'It attracts a plant, then every wildlife card it has room for (tier-1 effects first), then a predation card that fits its animals.', rules: ['RW-216', 'RW-217', 'RW-220', 'RW-221', 'RW-224'] },
    { text: 'At the end both score their end-game effects; the opponent’s total is multiplied by 1.5 (rounded up), by 2 with any expert module or the challenge. The most ★ wins; the opponent wins ties.', rules: ['RW-228', 'RW-229', 'RW-230'] },
  ] },
];

export const ja = [
  { title: '目的', items: [
    { text: 'バイオームタイルでプレイヤーボードを再野生化し、動物と植物を3つのバイオームに引き寄せます。最も多くの勝利点（★）を獲得したプレイヤーが勝ちます。', rules: ['RW-002', 'RW-008', 'RW-092'] },
  ] },
  { title: 'ゲームの準備', items: [
    { text: '各プレイヤーは鉱石4つ、水4つ、種子1つ（1種類のリソースを10より多く持つことはできず、余分なリソースは没収されます）と、7枚のプレイヤーカード（アクションカード6枚と収穫カード1枚）を持って始めます。', rules: ['RW-024', 'RW-022', 'RW-004', 'RW-005'] },
    { text: 'スコアボードには野生動物カード5枚、捕食カード3枚、植物カード3枚が並びます。各ターンの開始前にカードは右に移動し、空いたスポットは山から補充されます。最後に公開したカードが左端になります。', rules: ['RW-026', 'RW-029', 'RW-030', 'RW-031'] },
    { text: 'このアプリではスタートプレイヤーをランダムに決めます。スタートプレイヤーマーカーはゲーム中ずっとそのプレイヤーが持ちます。', rules: ['RW-027'] },
  ] },
  { title: '自分のターン', items: [
    { text: 'プレイヤーカードを1枚だけプレイします。アクションカードをプレイした後は、スコアボードからカードを引き寄せることができます。収穫カードをプレイした後はできません。', rules: ['RW-035', 'RW-037', 'RW-049'] },
    { text: 'アクションカード：上のアクションか下のアクションのどちらか1つを実行します。カードは使った側のシンボルが正しい方向を向くように目の前に置かれ、収穫するまで再び使用できません。カード効果にカウントされるのは、向いているシンボルのみです。', rules: ['RW-038', 'RW-039', 'RW-040', 'RW-041'] },
    { text: 'アクションカードは、どちらかのアクションを今実行できる場合にのみプレイできます（このアプリでは、アップグレードのアクションは少なくとも1枚のタイルをアップグレードする必要があります）。実行できない場合は収穫カードをプレイしなければなりません。', rules: ['RW-047', 'RW-048'] },
    { text: '収穫カード：すべてのプレイヤーカードを手札に戻し、熱帯雨林タイル1枚につき種子3つ、その他のタイル1枚につき種子0.5（端数繰り上げ）と、水1つを獲得します。', rules: ['RW-042', 'RW-043', 'RW-044', 'RW-045'] },
  ] },
  { title: 'アクション', items: [
    { text: '上のアクションはタイルを配置します：低木地（鉱石1つ、水1つ、3ヘクス）、草原（鉱石2つ、水2つ、このアプリでは2ヘクス）、熱帯雨林（鉱石3つ、水2つ、1ヘクス）。境界内の空きフィールドに配置します。', rules: ['RW-051', 'RW-054', 'RW-056', 'RW-061', 'RW-063'] },
    { text: 'コスト削減：タイルの下の鉱石・水の配置ボーナスと、隣接する各タイル1回ずつ（低木地は鉱石−1、草原は水−1、湿地は水−2）。0未満にはなりません。タイルの下の星はただちに★になります。', rules: ['RW-064', 'RW-065', 'RW-066', 'RW-067', 'RW-069'] },
    { text: '低木地1・草原1・熱帯雨林1（下）：鉱石3つ・水3つ・種子3つのいずれかを獲得し、スコアボードの右端の植物カード・捕食カード・野生動物カードをゲームから取り除きます。', rules: ['RW-052', 'RW-055', 'RW-057', 'RW-059'] },
    { text: '低木地2（下）：望むだけの低木地タイルに、隣接する空きフィールドに低木地拡張タイルを1枚ずつ無料で配置して拡張します。', rules: ['RW-053', 'RW-071', 'RW-073'] },
    { text: '草原2・熱帯雨林2（下）：熱帯雨林タイルに高木を配置するか、草原タイルを湿地面に反転させます。1枚につき水1つ。同じアクションで両方はできません。', rules: ['RW-058', 'RW-077', 'RW-081'] },
  ] },
  { title: 'カードを引き寄せる', items: [
    { text: '何枚でも、どの順序でも引き寄せられますが、1ターンにつき捕食カードと植物カードはそれぞれ最大1枚です。1枚ずつ完全に処理してから次のカードを引き寄せます。', rules: ['RW-096', 'RW-097', 'RW-034', 'RW-099'] },
    { text: '野生動物カード：カードに記載された1つのバイオームの未占有のヘクスが、互いに隣接して必要な数だけ必要です。各ヘクスに動物マーカーを置きます。草原と湿地のヘクスは混在させることができます。', rules: ['RW-101', 'RW-102', 'RW-103', 'RW-104', 'RW-105'] },
    { text: '捕食カード：捕食効果に対応するタイプの見えている動物の上に、そのカードが生息できるバイオームで置き、ただちに★を獲得します。空きヘクスは必要ありません。', rules: ['RW-108', 'RW-109', 'RW-110', 'RW-112'] },
    { text: '捕食された動物はゲーム終了時効果を失い、効果にもゲーム終了のトリガーにもカウントされなくなりますが、バイオームの完成にはカウントされます。', rules: ['RW-114', 'RW-115', 'RW-117', 'RW-119'] },
    { text: '植物カード：指定された数の種子を支払い、カードに記載されたバイオームに置きます。食虫植物は捕食カードのように、見えている昆虫の上に置きます。', rules: ['RW-121', 'RW-122', 'RW-123'] },
    { text: 'シンボルを追加する植物と、野生動物用にそのバイオームのヘクスを1つ追加する植物があります（そのヘクスは他のヘクスと隣接している必要はありません）。', rules: ['RW-145', 'RW-146', 'RW-147'] },
  ] },
  { title: '高木', items: [
    { text: '高木のある熱帯雨林タイルには、動物の場所が2つあります：地面と木の上。木の上に配置できるのは高木のシンボルを持つ動物だけです。', rules: ['RW-082', 'RW-083'] },
    { text: '熱帯雨林の地面にいる高木のシンボルの動物は、そのタイルに高木が配置されると木の上に移動し、4★を獲得します。地面のヘクスは再び空きます。空いている高木に直接引き寄せた場合も4★です。', rules: ['RW-017', 'RW-086', 'RW-088', 'RW-090'] },
  ] },
  { title: '効果とバイオーム', items: [
    { text: '即時効果はカードを引き寄せたときに、ゲーム終了時効果はゲーム終了時に勝利点を獲得します。タイプ、シンボル、リソース、捕食された動物などを数えます。', rules: ['RW-012', 'RW-106', 'RW-128', 'RW-132'] },
    { text: '1つのバイオームに植物、昆虫、草食動物、捕食者（覆われたカードも含む）がそろうと完成です：6★、各バイオーム1回のみ。その後もカードを引き寄せられます。', rules: ['RW-124', 'RW-125', 'RW-126', 'RW-127'] },
  ] },
  { title: 'ゲームの終了', items: [
    { text: '誰かの見えている動物が8枚になるか、プレイヤーボードに空きフィールドが残っていないか、最後の野生動物カードが公開されると、ゲーム終了がトリガーされます。', rules: ['RW-153', 'RW-154', 'RW-155', 'RW-156'] },
    { text: '現在のラウンドを最後まで行い、その後、最終ラウンドをもう1ラウンド行います。', rules: ['RW-157', 'RW-233'] },
    { text: 'その後、見えているカードのゲーム終了時効果をすべて獲得します。即時効果は再び獲得しません。', rules: ['RW-158', 'RW-159'] },
    { text: '最も多くの★を獲得したプレイヤーが勝ちます。同点なら完成したバイオームの数、次に熱帯雨林タイルと高木の合計数が多いプレイヤーが勝ちます。', rules: ['RW-160', 'RW-161', 'RW-162'] },
  ] },
  { title: 'エキスパートモード', items: [
    { text: 'エキスパートモードは互いに独立した4つの要素です。ゲーム開始時に好きなものを組み合わせて選べます（何人でも、ソロモードでも）。', rules: ['RW-164'] },
    { text: '要素1：見えている動物が8匹ではなく9匹になるとゲーム終了がトリガーされます。', rules: ['RW-165'] },
    { text: '要素2：エキスパートモード植物カード7枚を植物の山に加えます。予約植物カードは一度だけ、そのバイオームに住める野生動物カード1枚をスコアボードから予約します（スコアボードのカードをタップ）。そのカードは予約したプレイヤー専用で、次に引き寄せる野生動物カードになります。それまではカード効果にカウントされません。', rules: ['RW-166', 'RW-167', 'RW-168', 'RW-170', 'RW-171'] },
    { text: '効果タイプを変更する植物カードは、自分のバイオームの別のカードの右側に配置し、そのカードの効果タイプを変更します：即時効果はゲーム終了時効果になり（ゲーム終了時に再び発動）、ゲーム終了時効果は即時効果になります（ただちに発動）。', rules: ['RW-172', 'RW-173', 'RW-174', 'RW-175', 'RW-176'] },
    { text: '移動の植物カードは、バイオームタイル1枚（その上のすべてのコンポーネントごと）をプレイヤーボードの別の位置に移動させます（タイル、次に移動先のヘクスをタップ）。移動先の勝利点ボーナスを獲得します。動物ミープルが使用しているタイルは移動できません。', rules: ['RW-180', 'RW-181', 'RW-182', 'RW-183'] },
    { text: '要素3：プレイヤーボードのエキスパートモード面。バイオームを完成しても6★は受け取れず、代わりにそのバイオームの即時効果を持つカード1枚をただちに再発動できます（カードをタップ）。バイオームごとに1回のみ。捕食カードは別の獲物の上に移動します。捕食された動物は再発動できません。', rules: ['RW-184', 'RW-185', 'RW-186', 'RW-187', 'RW-188', 'RW-189', 'RW-190'] },
    { text: '要素4：18枚のエキスパートモードカードを同じ名前のカードと入れ替えます。バイオームタイルがカードの構成と一致すると（任意の向き）、動物ミープルを構成の中心に配置し、★を獲得します。カードを引き寄せる前でも後でも構いませんが、捕食された後は配置できません。', rules: ['RW-191', 'RW-192', 'RW-193', 'RW-194', 'RW-195', 'RW-197'] },
  ] },
  { title: 'ソロモード', items: [
    { text: '自分のプレイヤーボードを持つ対戦相手と対戦します（対戦相手は常にベースモード面）。あなたが先に始め、あなたのターンは通常通りです。', rules: ['RW-200', 'RW-202', 'RW-204'] },
    { text: '対戦相手のターンは自動です：裏向きのデッキからカードを1枚引き、上部のアクションを実行します（できない場合は下部）。収穫カードを引くとデッキを再び準備します。表示されるのはデッキの枚数だけです。', rules: ['RW-201', 'RW-205', 'RW-206', 'RW-207'] },
    { text: '対戦相手は左端の列から順にタイルを配置し、資源を受け取ってカードを2枚ゲームから除外し、役に立つときだけアップグレードします。', rules: ['RW-208', 'RW-211', 'RW-212', 'RW-213', 'RW-214'] },
    { text: '対戦相手は植物、次に配置できるすべての野生動物（ティア1の効果を優先）、次に自分の動物に合う捕食カードの順に引き寄せます。', rules: ['RW-216', 'RW-217', 'RW-220', 'RW-221', 'RW-224'] },
    { text: 'ゲーム終了後、両者がゲーム終了時効果を獲得します。対戦相手のスコアに1.5を掛け（端数繰り上げ）、エキスパートモードまたは挑戦では2を掛けます。勝利点が最も多い方が勝ち、同点の場合は対戦相手の勝ちです。', rules: ['RW-228', 'RW-229', 'RW-230'] },
  ] },
];

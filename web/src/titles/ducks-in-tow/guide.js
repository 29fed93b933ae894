// Ducks in Tow's guided first game (kit/guide.js): you against the easy bot on deal 1,
// your pawn on the Gift Shop (tile 1) next to the Willow Tree (tile 2), whose orange
// duck your orange food feeds; two of your four location cards are Willow Tree cards.
export default {
  seed: '1',
  botSeed: 1,
  steps: [
    { say: 'guide.ducks-in-tow.goal' },
    { say: 'guide.ducks-in-tow.board', point: '#board .dit-park-box' },
    { say: 'guide.ducks-in-tow.move', point: '#board .dit-park-box', move: (m) => m.type === 'move' && m.to === 1 },
    { say: 'guide.ducks-in-tow.feed', point: '#board [data-type=feed]', move: (m) => m.type === 'feed' },
    { say: 'guide.ducks-in-tow.end' },
  ],
};

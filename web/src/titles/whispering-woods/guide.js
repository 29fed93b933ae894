// Whispering Woods' guided first game (kit/guide.js): you against the easy bot on deal 2,
// where you start: two forest tiles from the market, each attached to your forest.
export default {
  seed: '2',
  botSeed: 1,
  steps: [
    { say: 'guide.whispering-woods.goal' },
    { say: 'guide.whispering-woods.board', point: '#board .ww-market' },
    { say: 'guide.whispering-woods.first', point: '#board .ww-market, #board .ww-player.active .ww-forest-box', move: (m) => m.type === 'take-forest' },
    { say: 'guide.whispering-woods.second', point: '#board .ww-market, #board .ww-player.active .ww-forest-box', move: (m) => m.type === 'take-forest' },
    { say: 'guide.whispering-woods.end' },
  ],
};

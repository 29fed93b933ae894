// Tulikko's guided first game (kit/guide.js): you against the easy bot on deal 1, where
// both start tiles are placed at once, then your turn: slide the revealed tile in, place
// the tile pushed out on a space with the symbol of the side it left by.
export default {
  seed: '1',
  botSeed: 1,
  steps: [
    { say: 'guide.tulikko.goal' },
    { say: 'guide.tulikko.board', point: '#board .tul-central-box' },
    { say: 'guide.tulikko.start', point: '#board .tul-map-box.active', move: (m) => m.type === 'place' },
    { say: 'guide.tulikko.slide', point: '#board .tul-central-box', move: (m) => m.type === 'slide' },
    { say: 'guide.tulikko.place', point: '#board .tul-map-box.active', move: (m) => m.type === 'place' },
    { say: 'guide.tulikko.end' },
  ],
};

// Rewild: South America's guided first game (kit/guide.js): you against the easy bot on
// deal 2, where you start: play a shrubland card's top half, place the shrubland tile on
// three hexes of your player board.
export default {
  seed: '2',
  botSeed: 1,
  steps: [
    { say: 'guide.rewild-south-america.goal' },
    { say: 'guide.rewild-south-america.board', point: '#board .rw-display' },
    { say: 'guide.rewild-south-america.play', point: '#board .rw-player.active .rw-hand', move: (m) => m.type === 'play' && m.card.startsWith('S') && m.half === 'top' },
    { say: 'guide.rewild-south-america.place', point: '#board .rw-player.active .rw-board-box', move: (m) => m.type === 'place' },
    { say: 'guide.rewild-south-america.end' },
  ],
};

// Valley of the Torii's guided first game (kit/guide.js): you against the easy bot on
// deal 3, where you start: take an available tile from a wheel, place it on the bottom
// row of your painting board.
export default {
  seed: '3',
  botSeed: 1,
  steps: [
    { say: 'guide.valley-of-the-torii.goal' },
    { say: 'guide.valley-of-the-torii.board', point: '#board .tor-wheel-box' },
    { say: 'guide.valley-of-the-torii.take', point: '#board .tor-wheel-box', move: (m) => m.type === 'take' },
    { say: 'guide.valley-of-the-torii.place', point: '#board .tor-player.active', move: (m) => m.type === 'place' },
    { say: 'guide.valley-of-the-torii.end' },
  ],
};

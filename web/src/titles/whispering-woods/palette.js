// Whispering Woods' colours: the six forest colours (WW-005) in Okabe–Ito hues, each
// with a glyph of its element, so no information is in the hue alone; the four player
// colours (WW-GAP02) each with a shape for their animal pieces.
export const WOODS_COLOURS = {
  RED: { fill: '#D55E00', glyph: '●', text: '#fff' },
  PUR: { fill: '#CC79A7', glyph: '✿', text: '#000' },
  YEL: { fill: '#F0E442', glyph: '▲', text: '#000' },
  GRN: { fill: '#009E73', glyph: '♣', text: '#fff' },
  BLU: { fill: '#0072B2', glyph: '≈', text: '#fff' },
  GRY: { fill: '#999999', glyph: '◆', text: '#000' },
};

export const PLAYER_COLOURS = {
  YEL: { fill: '#F0E442', shape: 'circle', text: '#000' },
  RED: { fill: '#D55E00', shape: 'triangle', text: '#fff' },
  BLU: { fill: '#56B4E9', shape: 'square', text: '#000' },
  GRN: { fill: '#009E73', shape: 'diamond', text: '#fff' },
};

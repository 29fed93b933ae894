// Ducks are yellow, orange, brown and green (the spec's DIT-GAP01; the rulebook names
// none). Okabe–Ito has no brown: a dark brown, far in lightness from the yellow and
// orange beside it, and the square shape carries the colour as well.
export const DUCK_COLOURS = {
  Y: { fill: '#F0E442', shape: 'circle', text: '#000' },
  O: { fill: '#E69F00', shape: 'triangle', text: '#000' },
  B: { fill: '#8C5A2B', shape: 'square', text: '#fff' },
  G: { fill: '#009E73', shape: 'diamond', text: '#fff' },
};

export const PAWN_COLOURS = { red: '#D55E00', blue: '#0072B2', purple: '#CC79A7', white: '#ffffff' };

// Colour-blind-safe palette (Okabe–Ito); every colour also carries a symbol, so no
// information is in the hue alone.
export const TULIKKO_COLOURS = {
  GREEN: { fill: '#009E73', glyph: '♣', text: '#fff' },
  ORANGE: { fill: '#E69F00', glyph: '▲', text: '#000' },
  BLUE: { fill: '#0072B2', glyph: '≈', text: '#fff' },
  PURPLE: { fill: '#CC79A7', glyph: '◆', text: '#000' },
};

export const TULIKKO_SYMBOLS = { SUN: '☀', MOON: '☾', RAIN_CLOUD: '☁', SNOWFLAKE: '❄' };

export const DUCK_COLOURS = {
  Y: { fill: '#F0E442', shape: 'circle', text: '#000' },
  O: { fill: '#E69F00', shape: 'triangle', text: '#000' },
  B: { fill: '#56B4E9', shape: 'square', text: '#000' },
  G: { fill: '#009E73', shape: 'diamond', text: '#fff' },
};

export const PAWN_COLOURS = { red: '#D55E00', blue: '#0072B2', purple: '#CC79A7', white: '#ffffff' };

// Tulikko's colours: colour-blind-safe (Okabe–Ito); every colour also carries a symbol,
// so no information is in the hue alone.
export const TULIKKO_COLOURS = {
  GREEN: { fill: '#009E73', glyph: '♣', text: '#fff' },
  ORANGE: { fill: '#E69F00', glyph: '▲', text: '#000' },
  BLUE: { fill: '#0072B2', glyph: '≈', text: '#fff' },
  PURPLE: { fill: '#CC79A7', glyph: '◆', text: '#000' },
};

export const TULIKKO_SYMBOLS = { SUN: '☀', MOON: '☾', RAIN_CLOUD: '☁', SNOWFLAKE: '❄' };

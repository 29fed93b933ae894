// Valley of the Torii's colours: landscapes and torii colour-blind-safe (Okabe–Ito
// hues), and every one also carries a glyph, so no information is in the hue alone.
export const LANDSCAPES = {
  bamboo: { fill: '#8FD19E', glyph: '‖', text: '#0b3d17' },
  cherry: { fill: '#F4B6D2', glyph: '✿', text: '#5a1033' },
  mountain: { fill: '#B9B0A2', glyph: '▲', text: '#2b241a' },
  water: { fill: '#8EC9F0', glyph: '≈', text: '#0a3350' },
  village: { fill: '#F2D27A', glyph: '⌂', text: '#4a3500' },
};

export const RAINBOW = { fill: 'url(#tor-rainbow)', glyph: '★', text: '#111' };

// Torii colours (a torii mark in the tile's corner) with a shape inside each.
export const TORII = {
  red: { fill: '#D55E00', glyph: '●' },
  blue: { fill: '#0072B2', glyph: '■' },
  green: { fill: '#009E73', glyph: '▲' },
  yellow: { fill: '#F0E442', glyph: '◆' },
  purple: { fill: '#7B3F99', glyph: '★' },
};

export const PAPER = '#efe6d2';
export const END_SLOT = '#4b4458';

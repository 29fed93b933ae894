// Rewild's colours: the biome tiles (Okabe–Ito hues, far apart in lightness) each with
// its own glyph, so no biome is told by hue alone; the player colours (RW-GAP20: red,
// blue, yellow, green) carry the seat's number too.
export const BIOME_COLOURS = {
  S: { fill: '#E69F00', glyph: '▲', text: '#000' }, // shrubland (and its extension)
  G: { fill: '#F0E442', glyph: '≋', text: '#000' }, // grassland
  W: { fill: '#56B4E9', glyph: '≈', text: '#000' }, // wetland
  R: { fill: '#009E73', glyph: '♣', text: '#fff' }, // rainforest
};

export const EMPTY_HEX = '#f4efe4';

export const PLAYER_COLOURS = ['#D55E00', '#0072B2', '#F0E442', '#009E73'];

// mineral, water, seed (the rulebook's 🟫 💧 🌱, drawn with a text font's glyphs and colours)
export const RESOURCES = [{ glyph: '⬢', colour: '#8C5A2B' }, { glyph: '●', colour: '#0072B2' }, { glyph: '✿', colour: '#1b6e3a' }];

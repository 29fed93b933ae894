// The new-game form's options as the engine's option schema describes them (core's
// OptionSpec, the catalogue's `options`), pure: which apply at a table, the values an
// int option is offered as, and a set of places (`rows`) as bits. newgame.js draws them.

/** Does `spec` apply at a table of `players` where `valueOf(other)` is each option's
 * value: its player counts (`players`, empty: any) and the options it hangs on (`when`:
 * name → the values under which it applies; an option that does not apply itself
 * holds none of them). */
export function applies(spec, specs, players, valueOf) {
  if (spec.players?.length && !spec.players.includes(players)) return false;
  return Object.entries(spec.when || {}).every(([name, values]) => {
    const other = specs.find((o) => o.name === name);
    return Boolean(other) && applies(other, specs, players, valueOf) && values.includes(String(valueOf(other)));
  });
}

/** The values an int option is offered as, each in words: its `offered` list, or a
 * short range (up to 10 values); null for a number to type. */
export function intValues(spec) {
  if (spec.offered?.length) return spec.offered;
  if (spec.minimum == null || spec.maximum == null || spec.maximum - spec.minimum > 9) return null;
  return Array.from({ length: spec.maximum - spec.minimum + 1 }, (_, k) => spec.minimum + k);
}

/** The places of a `rows` option, row by row from the bottom: `{row, n, bit}` (1-based
 * row and place; bit i is place i counted row by row). */
export function placesOf(spec) {
  let first = 0;
  return spec.rows.map((count, r) => {
    const row = Array.from({ length: count }, (_, c) => ({ row: r + 1, n: c + 1, bit: first + c }));
    first += count;
    return row;
  });
}

/** Is place `bit` covered in `value` (a mask beyond 2**31, so no bitwise operators)? */
export function covers(value, bit) {
  return Math.floor(value / 2 ** bit) % 2 === 1;
}

// Records are JSON *text*: a genesis seed may exceed 2**53, which JSON.parse would
// round. These helpers cut a field's raw text out of a server reply without parsing it.

/** The raw JSON text of top-level field `name` of the object in `text`, or null.
 * @param {string} text
 * @param {string} name
 * @returns {string | null} */
export function rawField(text, name) {
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '"') {
      const end = skipString(text, i);
      if (depth === 1 && text.slice(i + 1, end - 1) === name) {
        let j = end;
        while (/\s/.test(text[j])) j++;
        if (text[j] === ':') {
          j++;
          while (/\s/.test(text[j])) j++;
          return text.slice(j, skipValue(text, j));
        }
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    i++;
  }
  return null;
}

/** The index just past the string that starts at `i`.
 * @param {string} text @param {number} i */
function skipString(text, i) {
  i++;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return i;
}

/** The index just past the value that starts at `i`.
 * @param {string} text @param {number} i */
function skipValue(text, i) {
  if (text[i] === '"') return skipString(text, i);
  if (text[i] === '{' || text[i] === '[') {
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i = skipString(text, i);
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  let j = i;
  while (j < text.length && !/[,}\]\s]/.test(text[j])) j++;
  return j;
}

/** The genesis seed as a decimal string (exact), or null.
 * @param {string} recordJson */
export function seedText(recordJson) {
  const genesis = rawField(recordJson, 'genesis');
  if (!genesis) return null;
  const seed = rawField(genesis, 'seed');
  return seed && seed !== 'null' ? seed : null;
}

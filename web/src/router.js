// Hash routes (they work offline and need nothing from the server):
//   #/                 home          #/new            new game
//   #/game/<id>        a game        #/join/<game_id>/<code>   claim an invited seat
//   #/shared/<share>   a shared replay     #/rules/<game>[?rule=<ID>]   how to play
//   #/link/<code>      link this device to a player's other device (its QR code)
import { clear } from './ui.js';

const routes = [];
let root = null;
let current = null;

export function route(pattern, render) {
  routes.push({ pattern, render });
}

function match(hash) {
  const [path, query] = (hash.replace(/^#/, '') || '/').split('?');
  const params = Object.fromEntries(new URLSearchParams(query || ''));
  for (const { pattern, render } of routes) {
    const m = path.match(pattern);
    if (m) return { render, args: m.slice(1).map(decodeURIComponent), params };
  }
  return { render: routes[0].render, args: [], params };
}

export async function rerender() {
  if (!root) return;
  const { render, args, params } = match(location.hash);
  if (current?.dispose) current.dispose();
  const screen = { dispose: null };
  current = screen;
  clear(root);
  try {
    await render(root, { args, params, screen });
  } catch (err) {
    console.error(err);
    root.append(Object.assign(document.createElement('p'), { className: 'error', textContent: String(err?.message || err) }));
  }
}

/** Start routing into `el` (the screens have registered their routes: main.js imports them). */
export function startRouter(el) {
  root = el;
  window.addEventListener('hashchange', () => {
    rerender();
    root.focus({ preventScroll: true });
  });
  return rerender();
}

export function go(hash) {
  if (location.hash === hash) rerender();
  else location.hash = hash;
}

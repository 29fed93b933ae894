// Boot: language, service worker (with the "update available" prompt), sync status,
// the engine's boot progress bar, then the router draws the first screen.
import './style.css';
import { Workbox } from 'workbox-window';
import { initialLang, setLang, getLang, onLang, t } from './i18n.js';
import { getSetting, setSetting } from './storage.js';
import { onEngineStatus, boot, bootAfter } from './engine.js';
import { onSyncStatus, statusText, startSyncLoop } from './sync.js';
import { watchPush } from './notify.js';
import './titles/index.js'; // registers each title's words before the first screen
import { startRouter, rerender } from './router.js';
import './screens/index.js'; // registers the routes
import { h, clear } from './ui.js';

function translateStatic() {
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  document.title = t('app.title');
}

async function initLang() {
  setLang(initialLang(await getSetting('lang')));
  const select = document.getElementById('lang-select');
  select.value = getLang();
  select.setAttribute('aria-label', t('lang.label'));
  select.addEventListener('change', async () => {
    setLang(select.value);
    await setSetting('lang', select.value);
  });
  onLang(() => {
    select.value = getLang();
    select.setAttribute('aria-label', t('lang.label'));
    translateStatic();
    rerender();
    renderSync(lastSync);
  });
  translateStatic();
}

let lastSync = null;
function renderSync(st) {
  if (!st) return;
  lastSync = st;
  const el = document.getElementById('sync-status');
  el.dataset.state = st.state;
  el.hidden = st.state === 'empty';
  el.textContent = statusText(st);
  el.setAttribute('aria-label', `${t('sync.label')}: ${statusText(st)}`);
  el.title = t(`sync.help.${st.state}`);
}

function initBootBar() {
  const bar = document.getElementById('boot');
  const fill = bar.querySelector('.boot-fill');
  const text = bar.querySelector('.boot-text');
  onEngineStatus((st) => {
    document.body.dataset.engine = st.phase;
    if (st.phase === 'idle') return;
    bar.hidden = st.phase === 'ready';
    const pct = Math.round((st.progress || 0) * 100);
    fill.style.width = `${pct}%`;
    bar.setAttribute('aria-valuenow', String(pct));
    bar.setAttribute('aria-label', t('boot.label'));
    text.textContent = st.phase === 'failed' ? `${t('boot.failed')} ${st.message}` : `${t('boot.label')} ${pct}% — ${st.message || ''}`;
  });
}

/** Register the service worker. Resolves once the page is controlled (its precache is
 * complete), at once when it already is or there is no service worker: the engine boots
 * after that, so its files come out of the precache instead of being fetched twice. */
function initServiceWorker() {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  let release;
  const controlled = new Promise((resolve) => { release = resolve; });
  if (navigator.serviceWorker.controller) release();
  navigator.serviceWorker.addEventListener('controllerchange', () => release(), { once: true });
  setTimeout(() => release(), 120_000); // a stuck install must not keep the engine from starting
  const wb = new Workbox('/sw.js', { scope: '/' });
  const banner = document.getElementById('update-banner');
  wb.addEventListener('waiting', () => {
    clear(banner).append(
      h('span', {}, t('update.available')),
      h('button.primary', {
        type: 'button',
        on: {
          click: () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          },
        },
      }, t('update.reload')),
      h('button', { type: 'button', on: { click: () => (banner.hidden = true) } }, t('update.later')),
    );
    banner.hidden = false;
  });
  wb.register().then((reg) => {
    window.__kifuSW = reg;
    document.body.dataset.sw = 'registered';
  }).catch((err) => {
    console.warn('service worker', err);
    release();
  });
  return controlled;
}

async function main() {
  await initLang();
  initBootBar();
  bootAfter(initServiceWorker());
  onSyncStatus(renderSync);
  document.getElementById('sync-status').addEventListener('click', () => {
    if (lastSync?.state === 'conflict') location.hash = '#/?notices=1';
  });
  startRouter(document.getElementById('main'));
  startSyncLoop();
  watchPush();
  boot().catch((err) => console.error('engine boot', err));
}

main();

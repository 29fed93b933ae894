// "Your devices" on the home screen, and the screen a link code opens (#/link/<code>):
// a player's second device joins by scanning the first's QR code or typing its code
// (player.js); from then on every game of the player is on both (library.js).
import { h } from '../ui.js';
import { t, formatTime } from '../i18n.js';
import { toast } from '../ui.js';
import { qrSvg } from '../qr.js';
import { go } from '../router.js';
import { ApiError } from '../api.js';
import { identity, linkUrl, linkWithCode, listDevices, newLinkCode, removeDevice } from '../player.js';
import { requestLibrary } from '../sync.js';

/** Why a link failed, in words. @param {unknown} err */
function linkError(err) {
  if (err instanceof ApiError && err.offline) return t('devices.offline');
  if (err instanceof ApiError && err.code === 'link-code-invalid') return t('devices.codeInvalid');
  if (err instanceof ApiError && err.status === 429) return t('devices.tooMany');
  return `${t('devices.failed')} ${err instanceof Error ? err.message : err}`;
}

/** The home screen's section: this player's devices, a code for another device, and a
 * field to type another device's code. */
export function devicesSection() {
  const list = h('ul.device-list', { id: 'device-list' });
  const offer = h('div.link-offer', { id: 'link-offer', 'aria-live': 'polite' });
  const status = h('p', { role: 'status', id: 'devices-status' });
  const codeInput = h('input', { id: 'link-code', type: 'text', autocomplete: 'one-time-code', autocapitalize: 'characters', spellcheck: 'false', placeholder: 'ABCD-EFGH', 'aria-describedby': 'link-help' });
  const linkForm = h('form.inline-form', { id: 'link-form', on: { submit: async (e) => {
    e.preventDefault();
    const code = codeInput.value.trim();
    if (!code) return;
    status.textContent = t('devices.linking');
    status.className = '';
    try {
      await linkWithCode(code);
      codeInput.value = '';
      status.textContent = t('devices.linked');
      requestLibrary();
      await drawDevices();
    } catch (err) {
      status.textContent = linkError(err);
      status.className = 'error';
    }
  } } },
  h('label', { for: 'link-code' }, t('devices.enterCode')), codeInput,
  h('button', { type: 'submit', id: 'link-submit' }, t('devices.link')),
  h('small', { id: 'link-help' }, t('devices.enterHelp')));

  const offerButton = h('button', { type: 'button', id: 'link-new', on: { click: async () => {
    offerButton.disabled = true;
    try {
      const { code, expires_at: expires } = await newLinkCode();
      offer.replaceChildren(
        h('p', {}, t('devices.codeHelp')),
        h('p.link-code', { id: 'link-code-shown' }, code),
        h('p.small', {}, t('devices.expires', { when: formatTime(expires) })),
        qrSvg(linkUrl(code), t('devices.qrLabel')));
      const before = await drawDevices();
      watchForNewDevice(before, expires);
    } catch (err) {
      status.textContent = linkError(err);
      status.className = 'error';
    } finally {
      offerButton.disabled = false;
    }
  } } }, t('devices.offer'));

  /** While the code is shown: the device that uses it appears in the list, and the
   * code gives way to its name. @param {string[]} known @param {number} expires */
  function watchForNewDevice(known, expires) {
    const timer = setInterval(async () => {
      if (!offer.isConnected || Date.now() > expires) return clearInterval(timer);
      const now = await drawDevices();
      const added = now.find((id) => !known.includes(id));
      if (!added) return;
      clearInterval(timer);
      requestLibrary(); // what the new device holds comes here at once
      const name = list.querySelector(`[data-id="${added}"] .device-name`)?.textContent || t('devices.unnamed');
      offer.replaceChildren(h('p', { id: 'link-joined' }, t('devices.joined', { name })));
    }, 2000);
  }

  /** Draw the player's devices; returns their ids ([] offline or without a player). */
  async function drawDevices() {
    const me = await identity();
    if (!me) {
      list.replaceChildren();
      return [];
    }
    let devices;
    try {
      devices = await listDevices();
    } catch {
      return []; // offline: the list waits for the next visit
    }
    list.replaceChildren(...devices.map((d) => h('li.device-item', { dataset: { id: d.device_id, current: String(d.current) } },
      h('span', {}, h('span.device-name', {}, d.name || t('devices.unnamed')), d.current ? [' ', h('strong', {}, t('devices.this'))] : null,
        h('small', {}, t('devices.added', { when: formatTime(d.added_at) }))),
      h('button.danger', { type: 'button', 'aria-label': t('devices.remove', { name: d.name || t('devices.unnamed') }), on: { click: async () => {
        if (!confirm(d.current ? t('devices.confirmRemoveThis') : t('devices.confirmRemove', { name: d.name }))) return;
        try {
          await removeDevice(d.device_id);
          toast(t('devices.removed'));
        } catch (err) {
          toast(linkError(err), 'error');
        }
        await drawDevices();
      } } }, t('devices.removeShort')))));
    return devices.map((d) => d.device_id);
  }
  drawDevices();
  return h('section.devices', { id: 'devices', 'aria-labelledby': 'devices-title' },
    h('h2', { id: 'devices-title' }, t('devices.title')),
    h('p', {}, t('devices.lead')),
    list, offerButton, offer, linkForm, status);
}

/** #/link/<code>: opened from another device's QR code; one tap links this one. */
export async function linkScreen(root, { args: [code] }) {
  const status = h('p', { role: 'status' });
  const button = h('button.primary', { type: 'button', id: 'link-confirm', on: { click: async () => {
    button.disabled = true;
    status.textContent = t('devices.linking');
    status.className = '';
    try {
      await linkWithCode(code);
      toast(t('devices.linked'));
      requestLibrary();
      go('#/');
    } catch (err) {
      status.textContent = linkError(err);
      status.className = 'error';
      button.disabled = false;
    }
  } } }, t('devices.link'));
  root.append(h('h1', {}, t('devices.linkTitle')), h('p', {}, t('devices.linkLead')), h('p.link-code', {}, code), button, status);
}

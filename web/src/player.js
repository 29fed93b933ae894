// A player across devices, without a password (issue #36): this device's place in the
// player's identity on the server, the one-time codes that link another device to it,
// and the list of the player's devices (server/API.md "Players and devices").
//
// The identity is made on the server the first time a player asks to use Kifu on
// another device; until then nothing leaves this device. The device keeps
// {player_id, device_id, device_token} in its settings; the token is this device's
// alone, so removing the device (from any device of the player) shuts it out.
import * as store from './storage.js';
import { api } from './api.js';

/** @typedef {{player_id: string, device_id: string, device_token: string}} Identity */
/** @typedef {{device_id: string, name: string, added_at: number, current: boolean}} DeviceInfo */

const KEY = 'player';

/** This device's identity, or null before it has one.
 * @returns {Promise<Identity | null>} */
export async function identity() {
  return store.getSetting(KEY, null);
}

/** A name the player recognises this device by in the list ("Chrome on Android").
 * @returns {string} */
export function deviceName() {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

/** The identity, made on the server first if this device has none.
 * @returns {Promise<Identity>} */
async function ensureIdentity() {
  const known = await identity();
  if (known) return known;
  const { data } = await api('POST', '/api/players', { body: { device_name: deviceName() } });
  await store.setSetting(KEY, data);
  return data;
}

/** A player route's path and this device's token.
 * @param {Identity} me @param {string} rest */
function mine(me, rest) {
  return [`/api/players/${encodeURIComponent(me.player_id)}${rest}`, me.device_token];
}

/** An authorized call on the player's own routes.
 * @param {'GET' | 'POST' | 'PUT' | 'DELETE'} method @param {string} rest
 * @param {any} [body] @param {Identity | null} [who] */
export async function playerApi(method, rest, body, who = null) {
  const me = who || (await identity());
  if (!me) throw new Error('this device has no player identity');
  const [path, token] = mine(me, rest);
  return (await api(method, path, { body, token })).data;
}

/** A one-time code for another device (it expires in minutes and works once).
 * @returns {Promise<{code: string, expires_at: number}>} */
export async function newLinkCode() {
  const me = await ensureIdentity();
  return playerApi('POST', '/link-codes', undefined, me);
}

/** Join the identity a code of another device names: from now on this device is one
 * of that player's, and its games join theirs (library.js on the next sync).
 * @param {string} code */
export async function linkWithCode(code) {
  const { data } = await api('POST', '/api/link', { body: { code, device_name: deviceName() } });
  await store.setSetting(KEY, data);
  await store.setSetting('libraryRegistered', {}); // this device's games go to the new list
  return data;
}

/** @returns {Promise<DeviceInfo[]>} */
export async function listDevices() {
  return (await playerApi('GET', '/devices')).devices;
}

/** Remove a device of the player; removing this one forgets the identity here.
 * @param {string} deviceId */
export async function removeDevice(deviceId) {
  const me = await identity();
  await playerApi('DELETE', `/devices/${encodeURIComponent(deviceId)}`);
  if (me?.device_id === deviceId) await forgetIdentity();
}

/** This device was removed (its token refused): it is on its own again. */
export async function forgetIdentity() {
  await store.setSetting(KEY, null);
  await store.setSetting('libraryRegistered', {});
}

/** The link a second device opens (scanned from the QR code): the code in its address.
 * @param {string} code */
export function linkUrl(code) {
  return `${location.origin}${location.pathname}#/link/${encodeURIComponent(code)}`;
}

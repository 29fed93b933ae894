// A QR code drawn as SVG on the device (qrcode-generator, bundled: no CDN, works
// offline), for a player across the table to scan an invitation.
import qrcode from 'qrcode-generator';
import { s } from './ui.js';

export function qrSvg(text, label) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  const d = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.isDark(y, x)) d.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
  const size = n + quiet * 2;
  return s('svg', { viewBox: `0 0 ${size} ${size}`, width: 220, height: 220, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges', class: 'qr' },
    s('rect', { width: size, height: size, fill: '#fff' }), s('path', { d: d.join(''), fill: '#000' }));
}

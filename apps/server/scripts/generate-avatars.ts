/**
 * Draws the 22 preset avatars (docs/product/account-and-safety.md#persona: av1..av22) as 256 x 256 PNGs into assets/avatars/.
 * Run once with `node --import tsx apps/server/scripts/generate-avatars.ts`; the PNGs are committed.
 * Each avatar is a small planet with a face: its own colours, ring or not, and an expression.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_IDS } from '@orbit/contract';
import sharp from 'sharp';

const SIZE = 256;
const OUT_DIR = path.resolve(import.meta.dirname, '../assets/avatars');

/** Planet hue pairs (body, shade) and backgrounds, chosen to stay distinct side by side in the picker. */
const PALETTES: [string, string, string][] = [
  ['#ff8a65', '#e64a19', '#fff3e0'],
  ['#4fc3f7', '#0277bd', '#e1f5fe'],
  ['#aed581', '#558b2f', '#f1f8e9'],
  ['#ba68c8', '#6a1b9a', '#f3e5f5'],
  ['#ffd54f', '#f9a825', '#fffde7'],
  ['#4db6ac', '#00695c', '#e0f2f1'],
  ['#f06292', '#ad1457', '#fce4ec'],
  ['#9575cd', '#4527a0', '#ede7f6'],
  ['#ffb74d', '#ef6c00', '#1a237e'],
  ['#81d4fa', '#0288d1', '#263238'],
  ['#e57373', '#c62828', '#212121'],
  ['#a1887f', '#4e342e', '#efebe9'],
  ['#90a4ae', '#37474f', '#eceff1'],
  ['#dce775', '#9e9d24', '#33691e'],
  ['#7986cb', '#283593', '#e8eaf6'],
  ['#4dd0e1', '#00838f', '#004d40'],
  ['#ff8a80', '#d50000', '#ffebee'],
  ['#b39ddb', '#512da8', '#311b92'],
  ['#80cbc4', '#00796b', '#fff8e1'],
  ['#ffcc80', '#e65100', '#3e2723'],
  ['#c5e1a5', '#689f38', '#0d47a1'],
  ['#f48fb1', '#c2185b', '#4a148c'],
];

type Expression = 'smile' | 'grin' | 'calm' | 'wink' | 'surprised' | 'cool';
const EXPRESSIONS: Expression[] = ['smile', 'grin', 'calm', 'wink', 'surprised', 'cool'];

function eyes(expression: Expression): string {
  const dark = '#263238';
  switch (expression) {
    case 'calm':
      return `<path d="M98 120 q10 -10 20 0 M138 120 q10 -10 20 0" stroke="${dark}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'wink':
      return `<circle cx="108" cy="118" r="8" fill="${dark}"/><path d="M138 120 q10 -8 20 0" stroke="${dark}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    case 'cool':
      return `<rect x="88" y="106" width="36" height="22" rx="8" fill="${dark}"/><rect x="132" y="106" width="36" height="22" rx="8" fill="${dark}"/><rect x="122" y="112" width="12" height="5" fill="${dark}"/>`;
    case 'surprised':
      return `<circle cx="108" cy="116" r="11" fill="#fff"/><circle cx="148" cy="116" r="11" fill="#fff"/><circle cx="108" cy="117" r="6" fill="${dark}"/><circle cx="148" cy="117" r="6" fill="${dark}"/>`;
    default:
      return `<circle cx="108" cy="118" r="8" fill="${dark}"/><circle cx="148" cy="118" r="8" fill="${dark}"/><circle cx="111" cy="115" r="2.5" fill="#fff"/><circle cx="151" cy="115" r="2.5" fill="#fff"/>`;
  }
}

function mouth(expression: Expression): string {
  const dark = '#263238';
  switch (expression) {
    case 'grin':
      return `<path d="M100 146 q28 30 56 0 z" fill="${dark}"/><path d="M110 150 q18 8 36 0" stroke="#fff" stroke-width="5" fill="none"/>`;
    case 'surprised':
      return `<ellipse cx="128" cy="154" rx="9" ry="12" fill="${dark}"/>`;
    case 'calm':
      return `<path d="M112 150 q16 10 32 0" stroke="${dark}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    default:
      return `<path d="M104 146 q24 22 48 0" stroke="${dark}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  }
}

function stars(seed: number, light: boolean): string {
  const colour = light ? '#ffffff' : '#fffde7';
  return Array.from({ length: 7 }, (_, i) => {
    const x = (seed * 37 + i * 71) % SIZE;
    const y = (seed * 53 + i * 97) % SIZE;
    return `<circle cx="${x}" cy="${y}" r="${1.5 + ((seed + i) % 3)}" fill="${colour}" opacity="0.8"/>`;
  }).join('');
}

function avatarSvg(index: number): string {
  const [body, shade, background] = PALETTES[index];
  const expression = EXPRESSIONS[index % EXPRESSIONS.length];
  const ringed = index % 3 === 1;
  const spots = index % 2 === 0;
  const darkBackground = Number.parseInt(background.slice(1, 3), 16) < 0x80;
  const ring = (half: 'back' | 'front') =>
    ringed
      ? `<path d="${half === 'back' ? 'M34 190 A98 22 -10 0 1 222 158' : 'M222 158 A98 22 -10 0 1 34 190'}" stroke="${shade}" stroke-width="10" fill="none" opacity="0.9"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="g" cx="38%" cy="32%" r="70%">
      <stop offset="0%" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="35%" stop-color="${body}"/>
      <stop offset="100%" stop-color="${shade}"/>
    </radialGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="${background}"/>
  ${darkBackground ? stars(index + 1, true) : ''}
  ${ring('back')}
  <circle cx="128" cy="128" r="78" fill="${body}"/>
  <circle cx="128" cy="128" r="78" fill="url(#g)"/>
  ${spots ? `<circle cx="168" cy="90" r="10" fill="${shade}" opacity="0.35"/><circle cx="84" cy="166" r="14" fill="${shade}" opacity="0.3"/><circle cx="170" cy="170" r="7" fill="${shade}" opacity="0.35"/>` : ''}
  <circle cx="94" cy="140" r="9" fill="#ff8a80" opacity="0.45"/>
  <circle cx="162" cy="140" r="9" fill="#ff8a80" opacity="0.45"/>
  ${eyes(expression)}
  ${mouth(expression)}
  ${ring('front')}
</svg>`;
}

async function main() {
  await fs.mkdir(OUT_DIR, { recursive: true });
  await Promise.all(
    AVATAR_IDS.map((id, index) =>
      sharp(Buffer.from(avatarSvg(index)))
        .png({ compressionLevel: 9 })
        .toFile(path.join(OUT_DIR, `${id}.png`)),
    ),
  );
  console.log(`wrote ${AVATAR_IDS.length} avatars to ${OUT_DIR}`);
}

await main();

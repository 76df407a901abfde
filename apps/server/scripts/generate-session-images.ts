/**
 * Draws the session (activity) images of GET /v3/session_images (docs/product/account-and-safety.md#persona; docs/product/activities-and-leaderboards.md#activity-icons) as 96 x 96 WebP files into
 * assets/session-images/: a disc in the activity family's colour with its two-letter monogram, the other
 * set (negative ids) outlined instead of filled, and the generic icon. The web app's ActivityIcon draws the
 * same picture in CSS from the same colours and monograms (packages/contract session-images.ts).
 * Run once with `node --import tsx apps/server/scripts/generate-session-images.ts`; the files are committed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { activityColorOf, activityIconName, monogramOf, SESSION_IMAGES } from '@orbit/contract';
import sharp from 'sharp';

const SIZE = 96;
const OUT_DIR = path.resolve(import.meta.dirname, '../assets/session-images');

function sessionSvg(activityType: number, outlined: boolean): string {
  const name = activityIconName(activityType);
  const color = activityColorOf(name);
  const disc = outlined
    ? `<circle cx="48" cy="48" r="42" fill="#0f1b33" stroke="${color}" stroke-width="6"/>`
    : `<circle cx="48" cy="48" r="45" fill="${color}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  ${disc}
  <text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-weight="bold" font-size="34" fill="${outlined ? color : '#ffffff'}">${monogramOf(name)}</text>
</svg>`;
}

async function main() {
  await fs.mkdir(OUT_DIR, { recursive: true });
  for (const image of SESSION_IMAGES) {
    await sharp(Buffer.from(sessionSvg(image.activityType, image.outlined)))
      .webp({ quality: 90 })
      .toFile(path.join(OUT_DIR, `${image.className}.webp`));
  }
  console.log(`wrote ${SESSION_IMAGES.length} session images to ${OUT_DIR}`);
}

await main();

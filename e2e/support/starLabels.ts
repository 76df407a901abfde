import type { Page } from 'playwright-core';
import { LABEL_SHORT_EM } from '../../apps/web/src/starfield/labels';

/** Stars must have faded in this far before their labels are judged (opacity 0 to 1 over 1000 ms). */
const SETTLED_OPACITY = 0.99;

/**
 * Waits until the home's orbiting stars are drawn (at least `atLeast`, every one faded in), with nothing
 * hovered or focused: a hovered or focused star shows its whole name on purpose, above its neighbours.
 */
export async function settleStarField(page: Page, atLeast: number): Promise<void> {
  await page.mouse.move(0, page.viewportSize()?.height ?? 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction(
    ({ atLeast, settled }) => {
      const stars = [
        ...document.querySelectorAll<HTMLElement>('[data-testid="star-field"] button[data-star-type]'),
      ];
      return (
        stars.length >= atLeast && stars.every((star) => Number(getComputedStyle(star).opacity) >= settled)
      );
    },
    { atLeast, settled: SETTLED_OPACITY },
    { timeout: 10_000 },
  );
}

/**
 * What is wrong with the home's star labels at this instant, one line per defect, taken in one synchronous
 * pass so that the turning field is judged at a single moment:
 * - a star without a visible label (`[data-star-label]`, at least half opaque with its ancestors);
 * - a label whose text is cut without an ellipsis (wider or taller than its box, `text-overflow` not
 *   `ellipsis` and no line clamp), or cut narrower than the shortest stated width (LABEL_SHORT_EM, decision
 *   0039: "Marcus…", never "M…");
 * - a label reaching outside the window (which the field's bounds would cut);
 * - a label overlapping another label, or the disc of another star (the own star's included);
 * - a star whose accessible name does not start with its label's text (WCAG 2.5.3, label in name).
 */
export function starLabelDefects(page: Page): Promise<string[]> {
  return page.evaluate((shortestEm) => {
    const TOLERANCE = 1;
    const defects: string[] = [];
    const field = document.querySelector('[data-testid="star-field"]');
    if (!field) return ['no star field'];
    const stars = [...field.querySelectorAll<HTMLElement>('button[data-star-type]')];
    const own = field.querySelector<HTMLElement>('[data-testid="own-star"]');
    const discOf = (star: HTMLElement) => {
      const box = star.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2, r: box.width / 2 };
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let at: Element | null = element; at; at = at.parentElement) {
        opacity *= Number(getComputedStyle(at).opacity);
      }
      return opacity;
    };
    const nameOf = (star: HTMLElement) => star.getAttribute('aria-label') ?? star.textContent ?? '?';
    const discs = [...stars, ...(own ? [own] : [])].map((star) => ({ star, disc: discOf(star) }));
    const labels: { star: HTMLElement; box: DOMRect }[] = [];
    for (const star of stars) {
      const label = star.querySelector<HTMLElement>('[data-star-label]');
      const box = label?.getBoundingClientRect();
      if (!label || !box || box.width < 1 || box.height < 1 || opacityOf(label) < 0.5) {
        defects.push(`${nameOf(star)}: no visible label`);
        continue;
      }
      if (!nameOf(star).startsWith(label.textContent ?? '')) {
        defects.push(`${nameOf(star)}: accessible name does not start with its label "${label.textContent}"`);
      }
      const style = getComputedStyle(label);
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      const wide = label.scrollWidth > label.clientWidth + TOLERANCE && style.textOverflow !== 'ellipsis';
      const tall = label.scrollHeight > label.clientHeight + TOLERANCE && !clamped;
      if (wide || tall)
        defects.push(`${nameOf(star)}: label "${label.textContent}" clipped without an ellipsis`);
      const cut = label.scrollWidth > label.clientWidth + TOLERANCE;
      if (cut && label.clientWidth < shortestEm * Number.parseFloat(style.fontSize) - TOLERANCE) {
        defects.push(
          `${nameOf(star)}: label "${label.textContent}" cut to ${label.clientWidth}px, under ${shortestEm} em`,
        );
      }
      const outside =
        box.left < -TOLERANCE ||
        box.top < -TOLERANCE ||
        box.right > window.innerWidth + TOLERANCE ||
        box.bottom > window.innerHeight + TOLERANCE;
      if (outside) defects.push(`${nameOf(star)}: label "${label.textContent}" outside the window`);
      labels.push({ star, box });
    }
    const intrude = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE;
    const coversDisc = (box: DOMRect, disc: { x: number; y: number; r: number }) => {
      const nearX = Math.max(box.left, Math.min(disc.x, box.right));
      const nearY = Math.max(box.top, Math.min(disc.y, box.bottom));
      return Math.hypot(disc.x - nearX, disc.y - nearY) < disc.r - TOLERANCE;
    };
    for (const [i, a] of labels.entries()) {
      for (const b of labels.slice(i + 1)) {
        if (intrude(a.box, b.box))
          defects.push(`${nameOf(a.star)}: label overlaps the label of ${nameOf(b.star)}`);
      }
      for (const { star, disc } of discs) {
        if (star !== a.star && coversDisc(a.box, disc)) {
          defects.push(`${nameOf(a.star)}: label overlaps the star ${nameOf(star)}`);
        }
      }
    }
    return defects;
  }, LABEL_SHORT_EM);
}

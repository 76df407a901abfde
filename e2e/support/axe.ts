import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, SMALL_PHONE } from './browser';

/** What fails a journey: WCAG 2.2 AA problems axe rates serious or critical. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Violation {
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page (evaluated, so no content security policy stands in the way) on what it shows now. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      // Checked by name, so that it runs whatever its tags: a control's name holds its visible text (2.5.3).
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return found.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  });
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact));
}

/**
 * Label in Name, as a member who speaks to their device needs it (WCAG 2.5.3): each control named by
 * aria-label or aria-labelledby has a name that starts with the text it shows. axe's own rule only asks that
 * the name contain the text somewhere. Text hidden from assistive technology (a badge's count beside a name
 * that says it) and text hidden from the eye do not count as shown.
 */
async function labelNotFirst(page: Page): Promise<Violation[]> {
  const nodes = await page.evaluate(() => {
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const shown = (node: Text, control: Element) => {
      const parent = node.parentElement;
      if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      if (parent.closest('[aria-hidden="true"]')?.contains(control) === false) return false;
      const box = parent.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const visibleText = (control: Element) => {
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (shown(node as Text, control)) text += ` ${node.textContent ?? ''}`;
      }
      return words(text);
    };
    const nameOf = (control: Element) => {
      const ids = control.getAttribute('aria-labelledby');
      if (!ids) return words(control.getAttribute('aria-label') ?? '');
      return words(
        ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    };
    const controls = document.querySelectorAll(
      ':is(button, a[href], summary, [role=button], [role=link], [role=tab], [role=menuitem], [role=option], ' +
        '[role=switch], [role=checkbox], [role=radio]):is([aria-label], [aria-labelledby])',
    );
    return [...controls]
      .filter(
        (control) => control.checkVisibility({ visibilityProperty: true }) && !control.closest('[inert]'),
      )
      .map((control) => ({ control, shown: visibleText(control), name: nameOf(control) }))
      .filter(({ shown, name }) => shown !== '' && !name.startsWith(shown))
      .map(
        ({ control, shown, name }) => `${control.outerHTML.slice(0, 160)}: shows "${shown}", named "${name}"`,
      );
  });
  if (nodes.length === 0) return [];
  return [
    { rule: 'label-in-name-first', impact: 'serious', help: 'A name starts with the visible text', nodes },
  ];
}

/**
 * The sizes axe judges a screen at: the small phone and the desktop. The two phones of VIEWPORTS fall under the
 * same width rules of the stylesheets (none between 360 and 420 px), and each run of axe costs the runner seconds
 * of a core (decision 0062).
 */
const AXE_VIEWPORTS = [SMALL_PHONE, DESKTOP] as const;

/**
 * The screen as it is now passes axe at each of AXE_VIEWPORTS, then the page goes back to its size. A failure
 * lists each rule with the elements that break it.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    const violations = [...(await seriousViolations(page)), ...(await labelNotFirst(page))];
    expect(violations, `${screen} at ${viewport.width}x${viewport.height}`).toEqual([]);
  }
  await page.setViewportSize(original);
}

import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, VIEWPORTS } from './browser';

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
 * The screen as it is now passes axe at each of VIEWPORTS (two phones and a desktop), then the page goes back to its
 * size. A failure lists each rule with the elements that break it.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const violations = await seriousViolations(page);
    expect(violations, `${screen} at ${viewport.width}x${viewport.height}`).toEqual([]);
  }
  await page.setViewportSize(original);
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe-core calls critical or serious on the page (or inside `within`), one line per element.
 * Legacy mode: axe runs in the page itself. The default (partial results finished in a new blank
 * page) opened a second page per check and took 2 to 3 s a page on CI's 2 cores, about twice as
 * long, and checked fewer rules (table headers, scrollable regions, duplicate ids went unreported);
 * the app has no frames for the default mode to reach.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  if (within) axe = axe.include(within);
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`));
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Zero axe violations (WCAG 2.x A and AA) on the page as it is now. `exclude` leaves out parts
 * axe cannot enter, e.g. the e-mail preview's script-less sandboxed frame (axe has to run inside
 * every frame it checks, and that frame allows no script at all, by design).
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { disableRules?: string[]; exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules(options.disableRules ?? []);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2 A and AA rules, and axe's best practices (landmarks, heading order, one h1). */
const TAGS = ['wcag2a', 'wcag2aa', 'best-practice'];

/** Violations a person cannot work around: a control without a name, unreadable contrast. */
const BLOCKING = new Set(['serious', 'critical']);

/** Until the page's finite animations (a dialog fading in) end: axe reads colours as shown. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe on what `page` shows now and fails (softly, so one run names every screen's
 * problems) on each serious or critical violation, naming the rule, its help page and the
 * elements it found.
 */
export async function expectAccessible(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const described = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} ${v.helpUrl}\n${v.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('\n')}`,
  );
  expect.soft(described, `accessibility of ${label}:\n${described.join('\n')}`).toEqual([]);
}

import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';

/**
 * Axe runs on every story already: @storybook/addon-a11y (Storybook 10) runs axe in its
 * `afterEach` and reports to the test-runner, which fails the story when
 * `parameters.a11y.test === 'error'` (set globally in preview.tsx). Running axe-playwright here
 * as well would check every story twice, so this file only enforces our rule on opting out:
 * a story may switch axe off (`a11y.disable` or `a11y.test: 'off' | 'todo'`) only with a written
 * `a11y.reason`.
 */
const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const { parameters } = await getStoryContext(page, context);
    const a11y = (parameters.a11y ?? {}) as { disable?: boolean; test?: string; reason?: unknown };
    const optedOut = a11y.disable === true || (a11y.test !== undefined && a11y.test !== 'error');
    const hasReason = typeof a11y.reason === 'string' && a11y.reason.trim().length > 0;
    if (optedOut && !hasReason) {
      throw new Error(
        `${context.title} › ${context.name}: axe is switched off without a reason. ` +
          "Add parameters.a11y.reason: '…' explaining why, or remove the opt-out.",
      );
    }
  },
};

export default config;

import type { CDPSession, Page } from '@playwright/test';
import { demo, expect, signInViaApi, test } from './fixtures';

/**
 * Every glyph on the portal's pages comes from the fonts it ships (ui/fonts.css, decision 014),
 * none from the machine's own: Chromium's DevTools protocol names the fonts it actually used to
 * draw each element's text (CSS.getPlatformFontsForNode), so a character missing from the bundled
 * subsets, or a font stack that reaches a local font, fails here on any machine, not only on one
 * whose fonts happen to differ. Pages: signed out (the preloaded face), the dashboard (device
 * codes in the mono face), billing (the card's '•••• 4242').
 */
const BUNDLED = /^(Inter|JetBrains Mono)\b/;

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** Elements with text of their own (a non-blank text node child), input fields included. */
function textElements(root: DomNode): { nodeId: number; text: string }[] {
  const found: { nodeId: number; text: string }[] = [];
  const visit = (node: DomNode) => {
    const kids = [...(node.children ?? []), ...(node.shadowRoots ?? [])];
    const text = kids
      .filter((k) => k.nodeType === 3)
      .map((k) => k.nodeValue)
      .join('')
      .trim();
    if (node.nodeType === 1 && text && !['SCRIPT', 'STYLE', 'TITLE'].includes(node.nodeName)) {
      found.push({ nodeId: node.nodeId, text });
    }
    kids.forEach(visit);
  };
  visit(root);
  return found;
}

/** The fonts Chromium drew each text-bearing element with: family (with " (local)" if not a web font) → a sample text. */
async function fontsOnPage(cdp: CDPSession) {
  // A re-render between listing the nodes and asking about them (a revalidation) removes nodes:
  // then list them again.
  for (let attempt = 1; ; attempt += 1) {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const used = new Map<string, string>();
    let elements = 0;
    try {
      for (const { nodeId, text } of textElements(root)) {
        const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as {
          fonts: { familyName: string; isCustomFont: boolean }[];
        };
        if (fonts.length) elements += 1;
        for (const font of fonts) {
          const key = `${font.familyName}${font.isCustomFont ? '' : ' (local)'}`;
          if (!used.has(key)) used.set(key, text.slice(0, 40));
        }
      }
      return { used, elements };
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Could not find node')) throw error;
    }
  }
}

async function expectOnlyBundledFonts(page: Page, cdp: CDPSession) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const { used, elements } = await fontsOnPage(cdp);
  expect(elements, 'elements with text measured').toBeGreaterThan(3);
  const foreign = [...used].filter(([key]) => !BUNDLED.test(key) || key.endsWith('(local)'));
  expect(foreign.map(([font, text]) => `${font}: "${text}"`)).toEqual([]);
  return [...used.keys()];
}

test('every glyph comes from the bundled fonts, signed out and signed in', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');

  await page.goto('/look-up');
  await page.getByRole('textbox', { name: 'Organization Name' }).fill('Acme');
  expect(await expectOnlyBundledFonts(page, cdp)).toEqual(['Inter']);

  await page.getByRole('button', { name: 'Lookup' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a password');
  expect(await expectOnlyBundledFonts(page, cdp)).toEqual(['Inter']);

  await signInViaApi(page, demo.avery.email);
  await page.goto('/dashboard');
  await expect(page.getByRole('table').getByRole('row').nth(5)).toBeVisible();
  expect((await expectOnlyBundledFonts(page, cdp)).sort()).toEqual(['Inter', 'JetBrains Mono']);

  await page.goto('/settings?tab=billing');
  await expect(page.getByText('•••• 4242')).toBeVisible();
  await expectOnlyBundledFonts(page, cdp);
});

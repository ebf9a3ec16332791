import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { requireChromium } = require('../tests/support/chromium.cjs') as typeof import('../tests/support/chromium.cjs');

requireChromium();

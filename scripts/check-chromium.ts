import { createRequire } from 'node:module';
import type * as Chromium from '../tests/support/chromium.cjs';

const require = createRequire(import.meta.url);
const { requireChromium } = require('../tests/support/chromium.cjs') as typeof Chromium;

requireChromium();

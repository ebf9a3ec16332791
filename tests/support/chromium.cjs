// Where Debian's Chromium lives and how we launch it. CommonJS so that the Storybook
// test-runner's jest config (CommonJS) and our TypeScript scripts can both require it.
const { existsSync } = require('node:fs');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium; null when neither exists. */
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

const MISSING_CHROMIUM =
  "Chromium not found: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.";

/** The path, or exit the process with the one-line instruction. */
function requireChromium() {
  const path = findChromium();
  if (!path) {
    console.error(MISSING_CHROMIUM);
    process.exit(1);
  }
  return path;
}

module.exports = { CHROMIUM_ARGS, findChromium, requireChromium, MISSING_CHROMIUM };

/**
 * Size budgets of the production build (README, 'Performance'), read from dist/ after `vite build`:
 *
 * - first load of each signed-out route (/look-up, /login): entry + preloads + the route's chunk
 *   and everything it imports statically, JavaScript gzip ≤ 100 KB; CSS gzip ≤ 15 KB;
 * - each signed-in route's own lazy chunk ≤ 60 KB gzip. The report also prints what navigating
 *   there downloads in all (the chunk plus the shared chunks the first load did not bring: table,
 *   SWR, schemas…), for information: "everything included" is the first-load rule only;
 * - the card processor (Stripe) and the error-reporting SDK (Sentry) are never in a first load;
 * - fonts (decision 014): the files index.html preloads for the first paint ≤ 60 KB (woff2 is
 *   compressed already: raw bytes); each preload is `crossorigin` (fonts are fetched in CORS mode,
 *   a preload without it is downloaded twice) and names a font the first-load CSS uses (else it is
 *   a wasted download). Every font the CSS can fetch later (by unicode-range) is listed too.
 *
 *   node --import tsx scripts/bundle-size.ts [--json]
 *
 * Exits 1 when a budget is broken. The chunk graph comes from the chunks themselves (static
 * `import … from "./x.js"` and dynamic `import("./x.js")`), module origins from their source maps.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const ASSETS = join(DIST, 'assets');
const KB = 1024;

export const BUDGETS = {
  firstLoadJs: 100 * KB,
  firstLoadCss: 15 * KB,
  routeChunk: 60 * KB,
  /** Our own regression guard on what a navigation downloads in all (not an issue budget). */
  routeWithShared: 90 * KB,
  /** Font files preloaded for the first paint (Inter latin, all weights: 47 KB). */
  firstLoadFonts: 60 * KB,
} as const;

/** Route → the chunk of its screen (Rolldown names lazy chunks after their module). */
const SIGNED_OUT_ROUTES: Record<string, string> = {
  '/look-up': 'lookup-screen',
  '/login': 'login-screen',
};
const SIGNED_IN_CHUNKS = [
  'dashboard-screen',
  'alerts-screen',
  'settings-screen',
  'billing-tab',
  'plan-tab',
  'integrations-tab',
  'notifications-tab',
  'activity-tab',
  'welcome-screen',
  'member-management-screen',
  'member-upload-screen',
  'member-manual-screen',
  'member-confirm-screen',
  'member-sso-groups-screen',
  'sso-selection-screen',
  'sso-setup-screen',
  'error-screen',
  'password-reset-screen',
  'update-password-screen',
];
/** Settings tabs load inside the settings screen: their own part is what it does not bring. */
const PARENT: Record<string, string> = {
  'billing-tab': 'settings-screen',
  'plan-tab': 'settings-screen',
  'integrations-tab': 'settings-screen',
  'notifications-tab': 'settings-screen',
  'activity-tab': 'settings-screen',
};
/** Source paths that must never be part of a first load. */
const NEVER_FIRST_LOAD = [/node_modules\/@stripe\//, /node_modules\/@sentry(-internal)?\//];

interface Chunk {
  file: string;
  gzip: number;
  imports: string[];
  dynamicImports: string[];
  sources: string[];
}

function readChunk(file: string): Chunk {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const imports = new Set<string>();
  const dynamicImports = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) {
    imports.add(m[1]!);
  }
  for (const m of code.matchAll(/\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)) {
    dynamicImports.add(m[1]!);
  }
  const mapFile = join(ASSETS, `${file}.map`);
  const sources = existsSync(mapFile)
    ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources
    : [];
  return {
    file,
    gzip: gzipSync(code, { level: 9 }).length,
    imports: [...imports],
    dynamicImports: [...dynamicImports],
    sources,
  };
}

/** `<link rel="preload" as="font">` tags of an HTML page: the file under /assets/ and crossorigin. */
export function fontPreloads(html: string): { file: string; crossorigin: boolean }[] {
  const preloads: { file: string; crossorigin: boolean }[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attr = (name: string) =>
      new RegExp(
        `\\s${name}(?=[\\s=/>])(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`,
        'i',
      ).exec(tag);
    const value = (name: string) => {
      const m = attr(name);
      return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
    };
    if (value('rel')?.toLowerCase() !== 'preload' || value('as')?.toLowerCase() !== 'font')
      continue;
    const href = value('href') ?? '';
    preloads.push({
      file: href.replace(/^\/assets\//, ''),
      crossorigin: attr('crossorigin') !== null,
    });
  }
  return preloads;
}

/** Font files (woff2/woff) a stylesheet refers to, as names under /assets/. */
export function cssFontFiles(css: string): string[] {
  const files = new Set<string>();
  for (const m of css.matchAll(/url\(\s*["']?\/assets\/([\w.-]+\.woff2?)["']?\s*\)/g))
    files.add(m[1]!);
  return [...files];
}

export interface SizeReport {
  firstLoad: { route: string; js: number; css: number; chunks: string[] }[];
  fonts: {
    preloaded: { file: string; bytes: number }[];
    onDemand: { file: string; bytes: number }[];
  };
  routeChunks: { chunk: string; own: number; withShared: number }[];
  forbidden: { route: string; chunk: string; source: string }[];
  problems: string[];
}

export function measureBundle(): SizeReport {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` first.');
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const chunks = new Map<string, Chunk>();
  for (const file of readdirSync(ASSETS)) {
    if (file.endsWith('.js')) chunks.set(file, readChunk(file));
  }
  const htmlJs = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
  const htmlCss = [...html.matchAll(/href="\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1]!);
  const cssGzip = htmlCss.reduce(
    (sum, f) => sum + gzipSync(readFileSync(join(ASSETS, f)), { level: 9 }).length,
    0,
  );

  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !chunks.has(file)) continue;
      seen.add(file);
      stack.push(...chunks.get(file)!.imports);
    }
    return seen;
  };
  const chunkNamed = (name: string) =>
    [...chunks.keys()].find((f) => f.startsWith(`${name}-`) && /^[\w-]+-[\w-]{8}\.js$/.test(f));
  const size = (files: Iterable<string>) =>
    [...files].reduce((sum, f) => sum + (chunks.get(f)?.gzip ?? 0), 0);

  const entry = closure(htmlJs);
  const problems: string[] = [];
  const forbidden: SizeReport['forbidden'] = [];
  const firstLoad: SizeReport['firstLoad'] = [];

  for (const [route, name] of Object.entries(SIGNED_OUT_ROUTES)) {
    const file = chunkNamed(name);
    if (!file) {
      problems.push(`no chunk named ${name}-… for ${route}`);
      continue;
    }
    const all = closure([...entry, file]);
    const js = size(all);
    firstLoad.push({ route, js, css: cssGzip, chunks: [...all].sort() });
    if (js > BUDGETS.firstLoadJs) {
      problems.push(`${route}: first load ${kb(js)} of JavaScript > ${kb(BUDGETS.firstLoadJs)}`);
    }
    for (const f of all) {
      for (const source of chunks.get(f)!.sources) {
        if (NEVER_FIRST_LOAD.some((re) => re.test(source)))
          forbidden.push({ route, chunk: f, source });
      }
    }
  }
  if (cssGzip > BUDGETS.firstLoadCss) {
    problems.push(`first-load CSS ${kb(cssGzip)} > ${kb(BUDGETS.firstLoadCss)}`);
  }
  for (const f of forbidden)
    problems.push(`${f.route}: ${f.source} is in the first load (${f.chunk})`);

  const cssFonts = new Set(
    htmlCss.flatMap((f) => cssFontFiles(readFileSync(join(ASSETS, f), 'utf8'))),
  );
  const fontBytes = (file: string) =>
    existsSync(join(ASSETS, file)) ? readFileSync(join(ASSETS, file)).length : 0;
  const preloads = fontPreloads(html);
  const fonts: SizeReport['fonts'] = {
    preloaded: preloads.map(({ file }) => ({ file, bytes: fontBytes(file) })),
    onDemand: [...cssFonts]
      .filter((file) => !preloads.some((p) => p.file === file))
      .sort()
      .map((file) => ({ file, bytes: fontBytes(file) })),
  };
  for (const p of preloads) {
    if (!cssFonts.has(p.file)) {
      problems.push(`index.html preloads ${p.file}, which no first-load stylesheet uses`);
    }
    if (!p.crossorigin) {
      problems.push(`the preload of ${p.file} lacks crossorigin: the font would be fetched twice`);
    }
  }
  const preloadedBytes = fonts.preloaded.reduce((sum, f) => sum + f.bytes, 0);
  if (preloadedBytes > BUDGETS.firstLoadFonts) {
    problems.push(`first-load fonts ${kb(preloadedBytes)} > ${kb(BUDGETS.firstLoadFonts)}`);
  }

  const routeChunks: SizeReport['routeChunks'] = [];
  for (const name of SIGNED_IN_CHUNKS) {
    const file = chunkNamed(name);
    if (!file) {
      problems.push(`no chunk named ${name}-…`);
      continue;
    }
    const parentFile = PARENT[name] ? chunkNamed(PARENT[name]) : undefined;
    const loaded = parentFile ? closure([...entry, parentFile]) : entry;
    const withShared = size([...closure([file])].filter((f) => !loaded.has(f)));
    const own = chunks.get(file)!.gzip;
    routeChunks.push({ chunk: name, own, withShared });
    if (own > BUDGETS.routeChunk) {
      problems.push(`${name}: ${kb(own)} > ${kb(BUDGETS.routeChunk)}`);
    }
    if (withShared > BUDGETS.routeWithShared) {
      problems.push(
        `${name} with its shared chunks: ${kb(withShared)} > ${kb(BUDGETS.routeWithShared)}`,
      );
    }
  }
  return { firstLoad, fonts, routeChunks, forbidden, problems };
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function printSizeReport(report: SizeReport): void {
  console.log('First load (gzip):');
  for (const r of report.firstLoad) {
    console.log(
      `  ${r.route.padEnd(10)} JS ${kb(r.js).padStart(9)} / ${kb(BUDGETS.firstLoadJs)}   CSS ${kb(r.css)} / ${kb(BUDGETS.firstLoadCss)}   (${r.chunks.length} chunks)`,
    );
  }
  const preloaded = report.fonts.preloaded.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Fonts preloaded for the first paint: ${kb(preloaded)} / ${kb(BUDGETS.firstLoadFonts)} (${report.fonts.preloaded.map((f) => f.file).join(', ') || 'none'})`,
  );
  console.log(
    `Fonts fetched only when a page uses them: ${report.fonts.onDemand.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ') || 'none'}`,
  );
  console.log(
    'Signed-in route chunks (gzip): own chunk / budget; with shared chunks not yet loaded',
  );
  for (const r of report.routeChunks) {
    console.log(
      `  ${r.chunk.padEnd(26)} ${kb(r.own).padStart(9)} / ${kb(BUDGETS.routeChunk)}   ${kb(r.withShared).padStart(9)}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = measureBundle();
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else printSizeReport(report);
  if (report.problems.length) {
    console.error(`\nSize budgets broken:\n  ${report.problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nSize budgets: all met.');
}

import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';

/**
 * Design tokens of the portal. Components use these names (bg-brand-600, text-severity-critical…),
 * never literal hex values. Tailwind 4 reads this file through `@config` in ui/styles.css.
 *
 * Colours come in two palettes with the same names: `lightColors` and `darkColors`. Utilities
 * never carry a hex value: each colour utility reads a CSS variable (`--tok-brand-600`), set from
 * the light palette on `:root` and from the dark one on `html.dark` (the plugin below), so every
 * widget gets its dark look from the tokens alone (docs/decisions/061-dark-mode.md). A token's
 * meaning is the same in both themes: `ink` is the text colour, `surface` what text sits on,
 * `*-solid` and `brand-600` filled controls whose text is `ink-inverse`.
 */
type Palette = Record<string, string | Record<string, string>>;

export const lightColors = {
  brand: {
    50: '#eef5ff',
    100: '#d9e8ff',
    200: '#bcd7ff',
    500: '#2f6fde',
    600: '#1f57c3',
    700: '#1a469c',
    800: '#1b3d7d',
    900: '#172f5c',
  },
  ink: {
    DEFAULT: '#1d2433',
    muted: '#4b5567',
    subtle: '#6b7385',
    inverse: '#ffffff',
  },
  surface: {
    DEFAULT: '#ffffff',
    muted: '#f4f6fa',
    sunken: '#e9edf4',
    border: '#d3d9e4',
    strong: '#8a93a6',
  },
  success: { bg: '#e7f6ec', border: '#8fd1a5', fg: '#14562b', solid: '#1b7a3c' },
  info: { bg: '#e8f1fd', border: '#9cc0f0', fg: '#153e75', solid: '#1f57c3' },
  warning: { bg: '#fff5dc', border: '#f0c75e', fg: '#6b4a00', solid: '#9a6700' },
  danger: { bg: '#fdeceb', border: '#f0a29c', fg: '#8a1c14', solid: '#b42318' },
  severity: {
    critical: '#b42318',
    'critical-bg': '#fdeceb',
    high: '#b54708',
    'high-bg': '#fff1e6',
    warning: '#9a6700',
    'warning-bg': '#fff5dc',
    suspicious: '#6941c6',
    'suspicious-bg': '#f2edfc',
    low: '#175cd3',
    'low-bg': '#e8f1fd',
    secure: '#1b7a3c',
    'secure-bg': '#e7f6ec',
    neutral: '#4b5567',
    'neutral-bg': '#eef0f4',
  },
  // The dim layer behind dialogs.
  scrim: 'rgb(29 36 51 / 0.5)',
} satisfies Palette;

/**
 * The dark palette. Surfaces step up in lightness as they come forward (page < card < sunken
 * wells and hover), text steps down from near-white; filled controls (brand-600, *-solid) turn
 * light and carry dark text (`ink-inverse`). Every text/background pair the widgets use meets
 * WCAG AA (4.5:1), checked by axe on every story in this theme (.storybook/test-runner.ts).
 */
export const darkColors = {
  brand: {
    50: '#15233d',
    100: '#1b2d4f',
    200: '#284270',
    500: '#5b8def',
    600: '#8ab0f7',
    700: '#a9c5fa',
    800: '#c3d6fb',
    900: '#dbe7fd',
  },
  ink: {
    DEFAULT: '#e7eaf1',
    muted: '#b0b8c8',
    subtle: '#98a1b3',
    inverse: '#0d121c',
  },
  surface: {
    DEFAULT: '#171c27',
    muted: '#0f131b',
    sunken: '#232a38',
    border: '#364052',
    strong: '#747e93',
  },
  success: { bg: '#0f2a1a', border: '#2f6b45', fg: '#93e2ad', solid: '#5cc986' },
  info: { bg: '#12233e', border: '#33588f', fg: '#acc9f6', solid: '#8ab0f7' },
  warning: { bg: '#2b2109', border: '#7a5d12', fg: '#f2d078', solid: '#e3b341' },
  danger: { bg: '#361512', border: '#8f3a30', fg: '#fdaba4', solid: '#f47a70' },
  severity: {
    critical: '#fc9c93',
    'critical-bg': '#3a1512',
    high: '#fbb27c',
    'high-bg': '#3a200d',
    warning: '#f2d078',
    'warning-bg': '#2b2109',
    suspicious: '#c6b5f7',
    'suspicious-bg': '#291f47',
    low: '#a2c4fa',
    'low-bg': '#12233e',
    secure: '#93e2ad',
    'secure-bg': '#0f2a1a',
    neutral: '#bac2d0',
    'neutral-bg': '#252c3a',
  },
  // The dim layer behind dialogs.
  scrim: 'rgb(0 0 0 / 0.62)',
} satisfies typeof lightColors;

/** `{ brand: { 600: … } }` → `[['brand-600', …]]`; `DEFAULT` is the bare name. */
function flatten(palette: Palette): Array<[string, string]> {
  return Object.entries(palette).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [[name, value] as [string, string]]
      : Object.entries(value).map(
          ([shade, v]) => [shade === 'DEFAULT' ? name : `${name}-${shade}`, v] as [string, string],
        ),
  );
}

const cssVariables = (palette: Palette) =>
  Object.fromEntries(flatten(palette).map(([name, value]) => [`--tok-${name}`, value]));

/** The same shape as the palettes, each colour a reference to its variable. */
function references(palette: Palette): Palette {
  return Object.fromEntries(
    Object.entries(palette).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? `var(--tok-${name})`
        : Object.fromEntries(
            Object.keys(value).map((shade) => [
              shade,
              `var(--tok-${shade === 'DEFAULT' ? name : `${name}-${shade}`})`,
            ]),
          ),
    ]),
  );
}

export default {
  content: ['./index.html', './ui/**/*.{ts,tsx}', './app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: references(lightColors),
      // Only bundled faces (ui/fonts.css, decision 014): no machine's own fonts decide how a page
      // looks. 'Inter Fallback' is a local Arial-like face scaled to Inter's metrics, shown only
      // until Inter arrives; the generic family is the last resort for scripts we do not ship.
      fontFamily: {
        sans: ['"Inter Variable"', '"Inter Fallback"', 'sans-serif'],
        mono: ['"JetBrains Mono"', 'monospace'],
      },
      borderRadius: {
        control: '0.375rem',
        card: '0.75rem',
      },
      boxShadow: {
        card: '0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.1)',
        toast: '0 8px 24px rgb(16 24 40 / 0.18)',
      },
    },
  },
  plugins: [
    // The palettes as variables: light on :root, dark on html.dark (set before the first paint
    // by index.html's script; docs/decisions/061-dark-mode.md). color-scheme gives native parts
    // (scrollbars, date pickers, autofill) the matching look.
    plugin(({ addBase }) => {
      addBase({
        ':root': { ...cssVariables(lightColors), colorScheme: 'light' },
        ':root.dark': { ...cssVariables(darkColors), colorScheme: 'dark' },
      });
    }),
  ],
} satisfies Config;

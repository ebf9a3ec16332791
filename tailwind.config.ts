import type { Config } from 'tailwindcss';

/**
 * Design tokens of the portal. Components use these names (bg-brand-600, text-severity-critical…),
 * never literal hex values. Tailwind 4 reads this file through `@config` in ui/styles.css.
 */
export default {
  content: ['./index.html', './ui/**/*.{ts,tsx}', './app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
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
      },
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
} satisfies Config;

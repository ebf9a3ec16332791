/**
 * The portal's design tokens (tailwind.config.ts, the one place colours, radii and faces are
 * defined) in the form e-mail HTML needs: literal values for inline styles, pixels instead of rem
 * (mail clients disagree about the root size).
 */
import config, { lightColors } from '../../tailwind.config';

const { borderRadius } = config.theme.extend;

const px = (rem: string) => `${Math.round(parseFloat(rem) * 16)}px`;

export const mailTokens = {
  // E-mail is always light: mail clients choose their own dark rendering.
  colors: lightColors,
  radius: { control: px(borderRadius.control), card: px(borderRadius.card) },
  /**
   * The portal's faces by name first (Inter, JetBrains Mono: used where the reader has them), then
   * what every mail client has. The bundled web fonts are not linked: most clients block them.
   */
  font: {
    sans: "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif",
    mono: "'JetBrains Mono', Menlo, Consolas, 'Courier New', monospace",
  },
} as const;

import { describe, expect, it } from 'vitest';
import { HOLIDAY_COLORS } from '@/features/holidays/components/year-calendar';
import { PAGE_BACKGROUND, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** An rgba(0, 0, 0, a) text colour as it shows on `background`. */
function over(rgba: string, background: string) {
  const [, alpha] = /rgba\(0, ?0, ?0, ?([\d.]+)\)/.exec(rgba)!;
  const channel = (i: number) => Math.round(parseInt(background.slice(i, i + 2), 16) * (1 - Number(alpha)));
  return `#${[1, 3, 5].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

const AA = 4.5;

describe('theme colours against WCAG 1.4.3 (4.5:1 for 12-14 px text)', () => {
  it.each(['warning', 'info', 'success', 'error', 'primary', 'secondary'] as const)(
    '%s: its text on white (outlined chip) and its contrast text on it (filled chip)',
    (name) => {
      const { main, contrastText } = theme.palette[name];
      // One ratio both ways: the colour on white, and white (the filled chip's text) on the colour.
      expect(contrastText).toBe('#fff');
      expect(contrast(main, '#ffffff')).toBeGreaterThanOrEqual(AA);
    },
  );

  it('keeps warning amber/orange and info blue', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
        number,
        number,
        number,
      ];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    expect(hue(theme.palette.warning.main)).toBeGreaterThanOrEqual(20);
    expect(hue(theme.palette.warning.main)).toBeLessThanOrEqual(45);
    expect(hue(theme.palette.info.main)).toBeGreaterThanOrEqual(190);
    expect(hue(theme.palette.info.main)).toBeLessThanOrEqual(215);
  });

  it("an unselected toggle button's text on the page's grey", () => {
    const root = theme.components?.MuiToggleButton?.styleOverrides?.root;
    const styles = (typeof root === 'function' ? root({ theme } as never) : root) as
      { color?: string } | undefined;
    expect(styles?.color).toBeDefined();
    expect(contrast(over(styles!.color!, PAGE_BACKGROUND), PAGE_BACKGROUND)).toBeGreaterThanOrEqual(AA);
  });

  it.each(Object.entries(HOLIDAY_COLORS))(
    'the holiday colour %s, with white text and on white',
    (_, colour) => {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(AA);
    },
  );
});

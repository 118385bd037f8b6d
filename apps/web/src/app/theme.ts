import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { t } from '../i18n/strings.ts';

// The darker shades carry text and filled buttons, so they keep WCAG AA contrast: white on shade 7 is
// 5.3:1, shade 9 (light buttons' text) on their tint over 9:1.
const brand: MantineColorsTuple = [
  '#e6fcf7',
  '#d3f4ec',
  '#a8e8d8',
  '#79dcc3',
  '#53d1b1',
  '#3acaa6',
  '#17ae8b',
  '#087a63',
  '#066b57',
  '#045a49',
];

/** Dimmed text dark enough to read on white and on grey cards (5.4:1 instead of Mantine's 3.3:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6b76' },
  dark: {},
});

/**
 * Light and outline badges, buttons and alerts write in a darker shade than Mantine's (teal text on its
 * tint was 4.3:1, orange outline 3:1), so small labels keep AA contrast.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'outline') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.color) return colors;
  // Dark mode keeps Mantine's own colours (light text on a dark tint).
  const text = `light-dark(${darken(input.theme.colors[parsed.color]![9], 0.3)}, ${colors.color})`;
  return {
    ...colors,
    color: text,
    ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}),
  };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 7, dark: 7 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif',
  headings: {
    fontWeight: '700',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    // A notification's close button is an icon: without a name screen readers announce a bare "button".
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': t.notifications.close } } },
    // Likewise the ✕ of dialogs and drawers (a dialog that sets its own label keeps it).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': t.dialogs.close } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t.dialogs.close } } },
  },
});

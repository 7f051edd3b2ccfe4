import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { defineConfig, type SystemStyleObject } from '@chakra-ui/react/styled-system';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  toastSlotRecipe,
  tooltipSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** The colour palettes the site and its recipes use (toasts need red, green and orange); the rest are left out. */
const PALETTES = [
  'transparent',
  'current',
  'black',
  'white',
  'whiteAlpha',
  'blackAlpha',
  'gray',
  'red',
  'green',
  'orange',
] as const;
const pick = <T extends Record<string, unknown>>(record: T, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as Partial<T>;

/**
 * Semantic tokens with their light values only. The site has no dark mode, and every dark value is work for the
 * browser when the design system is built (a third of it) and CSS the shared stylesheet would carry for nothing.
 */
function lightOnly<T>(tokens: T): T {
  if (tokens === null || typeof tokens !== 'object') return tokens;
  if ('value' in tokens) {
    const { value } = tokens as { value: unknown };
    return (
      value !== null && typeof value === 'object' && '_light' in value ? { ...tokens, value: value._light } : tokens
    ) as T;
  }
  return Object.fromEntries(Object.entries(tokens).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * The site's theme: Chakra's tokens with only the palettes and recipes the site renders, so an island's code does not
 * carry styles for a hundred unused components, and building the design system (src/theme/system.ts) makes fewer CSS
 * variables. A section that needs another Chakra component adds its recipe here. Made when the system is built, not
 * when this module loads, so loading an island's code costs a phone nothing until the island attaches.
 */
export const siteTheme = () =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: {
      ...globalCss,
      html: { scrollPaddingTop: '5rem' },
      body: { bg: 'bg', color: 'fg' },
      // A link whose box covers its card, so the whole card is clickable while screen readers hear one link.
      '.card-link': { color: 'inherit', textDecoration: 'none', _focusVisible: { outline: 'none' } },
      '.card-link::after': { content: '""', position: 'absolute', inset: '0', zIndex: '1' },
      '.card-link:hover': { textDecoration: 'underline' },
      // A form field's message (src/forms/form-markup.ts), drawn by the form and by its first answer alike.
      '.field-error': { mt: '1.5', color: 'red.700', fontSize: 'sm', fontWeight: 'medium' },
      // Moving to another page of the site cross-fades where the browser can, unless the visitor asked for less motion.
      // (An at-rule the style types do not know yet.)
      '@media (prefers-reduced-motion: no-preference)': {
        '@view-transition': { navigation: 'auto' },
      } as SystemStyleObject,
    },
    theme: {
      breakpoints,
      keyframes,
      tokens: {
        ...tokens,
        colors: {
          ...pick(tokens.colors, PALETTES),
          // Plum, from the hero video; 600 and darker carry white text at AA contrast.
          brand: {
            50: { value: '#f7f2fb' },
            100: { value: '#ede2f6' },
            200: { value: '#dcc6ee' },
            300: { value: '#c19ee0' },
            400: { value: '#a06fcd' },
            500: { value: '#8448b6' },
            600: { value: '#6d3699' },
            700: { value: '#5a2b7e' },
            800: { value: '#472364' },
            900: { value: '#331a48' },
            950: { value: '#1b1035' },
          },
          // Amber, the woven thread of the hero; 700 and darker are text colours on white.
          accent: {
            50: { value: '#fff7ed' },
            100: { value: '#ffedd5' },
            200: { value: '#fed7aa' },
            300: { value: '#fdba74' },
            400: { value: '#f59e42' },
            500: { value: '#e07b1a' },
            600: { value: '#c2570c' },
            700: { value: '#9a4209' },
            800: { value: '#7a340a' },
            900: { value: '#5c280a' },
          },
        },
        fonts: {
          ...tokens.fonts,
          heading: {
            value: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
          },
          body: {
            value: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
          },
        },
      },
      semanticTokens: lightOnly({
        ...semanticTokens,
        colors: {
          ...pick(semanticTokens.colors, ['bg', 'fg', 'border', ...PALETTES]),
          brand: {
            solid: { value: '{colors.brand.600}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.brand.700}' },
            muted: { value: '{colors.brand.100}' },
            subtle: { value: '{colors.brand.50}' },
            emphasized: { value: '{colors.brand.200}' },
            focusRing: { value: '{colors.brand.500}' },
          },
          accent: {
            solid: { value: '{colors.accent.400}' },
            contrast: { value: '{colors.brand.950}' },
            fg: { value: '{colors.accent.700}' },
            muted: { value: '{colors.accent.100}' },
            subtle: { value: '{colors.accent.50}' },
            emphasized: { value: '{colors.accent.200}' },
            focusRing: { value: '{colors.accent.400}' },
          },
        },
      }),
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        input: inputRecipe,
      },
      slotRecipes: {
        toast: toastSlotRecipe,
        tooltip: tooltipSlotRecipe,
      },
      textStyles,
      layerStyles,
      animationStyles,
    },
  });

/**
 * What src/theme/system.ts builds the system from: Chakra's base (conditions, utilities) and the site's theme, in
 * that order. Given to the system as they are, since building it merges them (merging them first would copy the
 * whole theme twice, on a phone too).
 */
export const siteConfigs = () => [defaultBaseConfig, siteTheme()] as const;

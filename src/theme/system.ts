import { createSystem } from '@chakra-ui/react/styled-system';
import { siteConfig } from './site-theme';

/**
 * The site's design system, built from its theme (src/theme/site-theme.ts). Building it is a task of its own in the
 * browser: the page script loads the theme first, then this.
 */
export const system = createSystem(siteConfig);

import { createSystem, type SystemContext } from '@chakra-ui/react/styled-system';
import { siteConfig } from './site-theme';

let built: SystemContext | undefined;

/**
 * The site's design system, built from its theme (src/theme/site-theme.ts) the first time it is asked for. Building it
 * is the heaviest step of attaching an island, so the browser does it in a task of its own (src/islands/hydrate.tsx).
 */
export const siteSystem = (): SystemContext => (built ??= createSystem(siteConfig()));

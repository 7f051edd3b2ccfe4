import { createSystem, type SystemContext } from '@chakra-ui/react/styled-system';
import { siteConfigs } from './site-theme.ts';

let built: SystemContext | undefined;

/**
 * The design system's style function, remembering what it made: every element of every section asks it for its
 * styles each time it draws, and most ask for the same (a card's box, a field's input), so each set is worked out
 * once. Styles are plain data (tokens, values, conditions), so equal text is an equal set.
 */
function remembering(css: SystemContext['css']): SystemContext['css'] {
  const made = new Map<string, ReturnType<SystemContext['css']>>();
  return (...styles) => {
    const key = JSON.stringify(styles);
    let result = made.get(key);
    if (!result) made.set(key, (result = css(...styles)));
    return result;
  };
}

/**
 * The design system's recipe function, giving the same recipe function for the same recipe: every styled element
 * asks for its recipe's function each time it draws, and the function remembers the styles it made, but only if it
 * is the same function each time.
 */
function rememberingRecipes(cva: SystemContext['cva']): SystemContext['cva'] {
  const made = new WeakMap<object, ReturnType<SystemContext['cva']>>();
  return ((config?: Parameters<SystemContext['cva']>[0]) => {
    if (!config) return cva({});
    let recipe = made.get(config);
    if (!recipe) made.set(config, (recipe = cva(config)));
    return recipe;
  }) as SystemContext['cva'];
}

/**
 * The site's design system, built from its theme (src/theme/site-theme.ts) the first time it is asked for. Building it
 * is the heaviest step of attaching an island, so the browser does it in a task of its own (src/islands/hydrate.tsx).
 */
export function siteSystem(): SystemContext {
  if (!built) {
    const system = createSystem(...siteConfigs());
    built = { ...system, css: remembering(system.css), cva: rememberingRecipes(system.cva) };
  }
  return built;
}

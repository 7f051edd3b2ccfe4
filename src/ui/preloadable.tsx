import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** A component whose code loads when first needed, the one way sections and forms are split from the first load. */
export interface Preloadable<P extends object> {
  /** Loads the code ahead of rendering, as pre-rendering and the first render in the browser do. */
  readonly preload: () => Promise<ComponentType<P>>;
  /**
   * Renders the component: in place once its code has loaded (so pre-rendering and hydration never suspend, and the
   * HTML comes out whole), otherwise suspending behind `fallback` until it arrives.
   */
  readonly Component: ComponentType<P>;
}

/** Wraps a dynamic import of a component so it can be preloaded, or rendered before it is. */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed to load (a new release, a dropped connection) may load on the next try.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { preload, Component };
}

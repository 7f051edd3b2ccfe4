import { use } from 'react';

/**
 * Data a component reads while it renders: known at once when it was loaded ahead (pre-rendering, hydration, a page
 * already shown), else a promise the component suspends on with use() until it settles. The outcome is kept here, on
 * an object of our own, so no renderer's way of noting a promise's result is relied on: React and Preact are only
 * ever handed a promise to wait for.
 */
export interface Resource<T> {
  readonly promise: Promise<T>;
  /** How the promise settled, once it has. */
  outcome?: { readonly value: T } | { readonly error: unknown };
}

/** Data already known: read at once, without suspending. */
export function settled<T>(value: T): Resource<T> {
  return { promise: Promise.resolve(value), outcome: { value } };
}

/** Data on its way: read at once from the moment it arrives. */
export function tracked<T>(promise: Promise<T>): Resource<T> {
  const resource: Resource<T> = { promise };
  promise.then(
    (value) => (resource.outcome = { value }),
    (error: unknown) => (resource.outcome = { error }),
  );
  return resource;
}

/**
 * The resource's value during render: at once when it is known, else suspending until it is (use() may be called
 * conditionally, unlike a hook).
 */
export function readResource<T>(resource: Resource<T>): T {
  if (!resource.outcome) return use(resource.promise);
  if ('error' in resource.outcome) throw resource.outcome.error;
  return resource.outcome.value;
}

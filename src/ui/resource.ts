import { use } from 'react';

/**
 * Data a component reads during render that may already be loaded: its result once it has one, and the promise of
 * it until then. A component whose data was loaded ahead of rendering (pre-rendering, hydration, a preload) reads it
 * at once without suspending; otherwise it waits for the promise with React's use(). The result is kept here, on our
 * own object, never in fields of the promise that React reserves for itself.
 */
export interface Resource<T> {
  readonly promise: Promise<T>;
  /** Its value, or why it failed, once it settled. */
  result?: { readonly value: T } | { readonly failed: unknown };
}

/** A resource already holding its value. */
export function settled<T>(value: T): Resource<T> {
  return { promise: Promise.resolve(value), result: { value } };
}

/** A resource that keeps the result of `promise` once it settles. */
export function tracked<T>(promise: Promise<T>): Resource<T> {
  const resource: Resource<T> = { promise };
  promise.then(
    (value) => (resource.result = { value }),
    (failed: unknown) => (resource.result = { failed }),
  );
  return resource;
}

/** Reads a resource during render: its value at once when it has one, else suspends until it settles. */
export function useResource<T>(resource: Resource<T>): T {
  const { result } = resource;
  if (!result) return use(resource.promise);
  if ('value' in result) return result.value;
  throw result.failed;
}

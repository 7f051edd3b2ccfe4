/**
 * Promises React can read during render with use(). A promise that carries its result (status, value, reason) is read
 * at once, so a component whose data was loaded ahead of rendering (pre-rendering, hydration) renders without
 * suspending. These fields are React's documented contract for libraries that hand promises to use() (react.dev,
 * use(): "Avoiding fallbacks by passing Promise subclasses"), and Preact's use() reads them too. The same page says why
 * the result is not kept elsewhere with use() called only while it is unknown: a component must call use() for the
 * promise whether or not it has settled.
 */
export type Resource<T> = Promise<T>;

/** A promise already holding its value, which use() reads without suspending. */
export function settled<T>(value: T): Resource<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/** A promise that notes its result on itself when it settles, as React's use() reads it. */
export function tracked<T>(promise: Promise<T>): Resource<T> {
  const resource = Object.assign(promise, { status: 'pending' });
  promise.then(
    (value) => Object.assign(resource, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(resource, { status: 'rejected', reason }),
  );
  return resource;
}

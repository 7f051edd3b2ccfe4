/**
 * Promises React can read during render with use(). React notes a promise's result on the promise itself (status,
 * value, reason), the convention of use()'s design that Preact's use() reads too; a promise that already carries them
 * is read at once, so a component whose data was loaded ahead of rendering (pre-rendering, hydration) renders without
 * suspending. Keeping the result elsewhere and calling use() only while it is unknown does not work: React requires a
 * component that suspended on use() to call it again when it resumes ("conditional use of use").
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

/** A change the editor will not make (a path outside the site, an entry it cannot make), with the reason in words. */
export class RefusedChange extends Error {}

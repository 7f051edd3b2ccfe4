/**
 * Every request the editor's page makes of its server, one entry each: the server answers by this table
 * (server/editor-api.ts has one handler per entry, which the type checker holds it to), the page calls by it
 * (app/api.ts), and the guard's tests try every entry without the token and from another site
 * (server/editor-guard.test.ts). A new request is one entry here; it cannot be left unanswered, unguarded or untried.
 */
export interface EditorRoute {
  readonly method: 'GET' | 'POST';
  /**
   * Under /api/, where the guard asks for the session's token and the editor's own origin (server/request-guard.ts).
   */
  readonly path: `/api/${string}`;
  /** Whether it may change the site's files, its git repository or the editor itself (every POST does). */
  readonly writes: boolean;
}

const get = (path: EditorRoute['path']): EditorRoute => ({ method: 'GET', path, writes: false });
const post = (path: EditorRoute['path'], writes = true): EditorRoute => ({ method: 'POST', path, writes });

export const EDITOR_ROUTES = {
  /** The session's folder, where the preview and the media are served. */
  session: get('/api/session'),
  /** Ends the editor's process for its launcher to start it again with the site's code as it is now. */
  restart: post('/api/restart'),
  files: get('/api/files'),
  /** One config file's text and version (?path=). */
  file: get('/api/file'),
  /** Who removed a config file the site no longer has (?path=), as the site's history tells. */
  removedBy: get('/api/file/removed-by'),
  schemas: get('/api/schemas'),
  /** What the checker says of unsaved changes, with the preview when they are valid. Writes nothing. */
  check: post('/api/check', false),
  save: post('/api/save'),
  /** A new page, influencer or project as an unsaved change. Writes nothing. */
  newEntry: post('/api/new', false),
  /** What Delete would leave pointing at nothing. Writes nothing. */
  planRemoval: post('/api/remove/plan', false),
  remove: post('/api/remove'),
  /** The media a field may name (?kind=). */
  media: get('/api/media'),
  /** An upload (?name=&accept=), held until a save names it. */
  upload: post('/api/media'),
  /** The uploads held for a save, with their sizes, times and any problem with their names. */
  heldUploads: get('/api/media/held'),
  /** A held upload given a new name ({ src, name }). */
  renameHeld: post('/api/media/held/rename'),
  /** A held upload let go ({ src }): it never joins the site. */
  removeHeld: post('/api/media/held/remove'),
  /** Files in the author's copy that Publish never sends and the editor did not put there. Reads only. */
  strays: get('/api/strays'),
  publishStatus: get('/api/publish'),
  publish: post('/api/publish'),
  publishIdentity: post('/api/publish/identity'),
  discard: post('/api/publish/discard'),
  /** How a published commit (?commit=) stands on the live site. Reads the live site; writes nothing. */
  siteBuild: get('/api/publish/live'),
  latest: post('/api/publish/latest'),
  /**
   * What became of an action whose answer the page lost (?action=save|publish&id=&earlier=, model/operations.ts), once
   * nothing of it still runs. Writes nothing.
   */
  outcome: get('/api/outcome'),
  history: get('/api/history'),
  undo: post('/api/history/undo'),
} as const satisfies Record<string, EditorRoute>;

export type EditorRouteName = keyof typeof EDITOR_ROUTES;

/** The route a request names by its method and path, if any. */
export function editorRouteOf(method: string | undefined, pathname: string): EditorRouteName | undefined {
  return (Object.keys(EDITOR_ROUTES) as EditorRouteName[]).find(
    (name) => EDITOR_ROUTES[name].method === method && EDITOR_ROUTES[name].path === pathname,
  );
}

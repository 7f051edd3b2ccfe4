/**
 * The headers and folder names the editor's page and its server agree on (routes.ts lists the requests). The page runs
 * in the browser and imports no server code; the server imports nothing from the page: both read src/editor/protocol/.
 */

/** The header every API request carries with the editor's per-session token. */
export const TOKEN_HEADER = 'x-editor-token';

/** The header the editor page sends with each check, naming its tab, so its newer check replaces its older one. */
export const TAB_HEADER = 'x-editor-tab';

/**
 * The header a save or a Delete carries with its operation's id (model/operations.ts), so that the server can say,
 * when the page lost its answer, whether it was done.
 */
export const OPERATION_HEADER = 'x-editor-operation';

/**
 * The start of the session's folder (/session-<key>), under which the preview's pages, data and forms and the site's
 * media are served: only the editor's page learns the key, from the API, and gives it to its preview in the frame's
 * address.
 */
export const SESSION_FOLDER_PREFIX = '/session-';

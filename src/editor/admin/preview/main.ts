/**
 * The preview of the editor at /admin/: the same preview as npm run edit's (preview/main.tsx), built with this
 * folder's site-paths.ts and preview-host.tsx, in a sandboxed frame with no server behind it.
 */
import './form-runtime.ts';
import '../../preview/main.tsx';

import { answerSignIn, type SignInSettings } from '../../../src/editor/github/token-exchange.ts';

/**
 * Cloudflare Pages runs this for every address under /api/editor/ (and only those: the site's pages stay static
 * files): signing in to the editor with GitHub. The two secrets are set in the Pages project's settings (README, "Edit
 * from any browser").
 */
export const onRequest = ({ request, env }: { request: Request; env: SignInSettings }): Promise<Response> =>
  answerSignIn(request, env);

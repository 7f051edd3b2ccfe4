import { answerSignIn } from '../../src/editor/github/token-exchange.ts';

/**
 * Netlify runs this at the two sign-in addresses: signing in to the editor with GitHub. The two secrets are set in the
 * site's environment variables (README, "Edit from any browser").
 */
export default (request: Request): Promise<Response> =>
  answerSignIn(request, {
    GITHUB_CLIENT_ID: process.env.GITHUB_CLIENT_ID,
    GITHUB_CLIENT_SECRET: process.env.GITHUB_CLIENT_SECRET,
    GITHUB_URL: process.env.GITHUB_URL,
  });

// Netlify reads this without running the file, so the addresses are written out: the sign-in's tests check that they
// are SIGN_IN_PATH and SIGNED_IN_PATH.
export const config = { path: ['/api/editor/sign-in', '/api/editor/signed-in'] };

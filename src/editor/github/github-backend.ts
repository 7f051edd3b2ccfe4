/**
 * The editor's backend at /admin/ on GitHub (model/hosted-backend.ts, the same for any git host), signed in as the
 * author through GitHub's API, which answers it as its host (github-session.ts). No Node API.
 */
import { HostedBackend, type HostedBackendSettings } from '../model/hosted-backend.ts';
import type { GitHubApi } from './github-api.ts';
import { gitHubHost } from './github-session.ts';

interface GitHubBackendSettings extends Omit<HostedBackendSettings, 'host'> {
  /** GitHub's API, signed in as the author. */
  readonly api: GitHubApi;
}

export class GitHubBackend extends HostedBackend {
  constructor({ api, ...settings }: GitHubBackendSettings) {
    super({ ...settings, host: gitHubHost(api) });
  }
}

import { validate } from '@octokit/graphql-schema';
import { describe, expect, it } from 'vitest';
import { graphqlRequestProblems } from '../../testing/github-api-check.ts';
import { COMMIT_ON_BRANCH } from './github-api.ts';
import { blobTextsQuery, folderTextsQuery } from './github-texts.ts';

// Every GraphQL document the editor at /admin/ sends, held to GitHub's own schema (@octokit/graphql-schema): a field,
// an argument or a type GitHub does not have is an error here before it is a refusal from GitHub.
const ID = 'a'.repeat(40);
const messagesOf = (document: string) => validate(document).map((error) => error.message);

describe("the editor's GraphQL documents, by GitHub's schema", () => {
  it('the texts of files by their ids, one and a hundred to a request', () => {
    expect(messagesOf(blobTextsQuery([ID]))).toEqual([]);
    expect(
      messagesOf(blobTextsQuery(Array.from({ length: 100 }, (_, index) => index.toString(16).padStart(40, '0')))),
    ).toEqual([]);
  });

  it('the texts of a folder, as many levels down as asked', () => {
    for (const depth of [1, 2, 3, 5]) expect(messagesOf(folderTextsQuery(depth))).toEqual([]);
  });

  it('one commit on a branch, and the variables the editor sends with it', () => {
    expect(messagesOf(COMMIT_ON_BRANCH)).toEqual([]);
    const input = {
      branch: { repositoryNameWithOwner: 'loom/site', branchName: 'main' },
      message: { headline: 'Saved config/pages/home.json', body: 'Operation: 1' },
      fileChanges: { additions: [{ path: 'a.json', contents: 'e30K' }], deletions: [{ path: 'b.json' }] },
      expectedHeadOid: ID,
    };
    expect(graphqlRequestProblems(JSON.stringify({ query: COMMIT_ON_BRANCH, variables: { input } }))).toEqual([]);
  });

  it('a misspelt field, argument or input field is caught', () => {
    expect(messagesOf(blobTextsQuery([ID]).replace('isTruncated', 'isTruncate'))).toEqual([
      'Cannot query field "isTruncate" on type "Blob". Did you mean "isTruncated"?',
    ]);
    expect(messagesOf(folderTextsQuery(1).replace('object(expression:', 'object(path:'))).toEqual([
      'Unknown argument "path" on field "Repository.object".',
    ]);
    const input = {
      branch: { repositoryNameWithOwner: 'loom/site', branchName: 'main' },
      message: { headline: 'Saved' },
      fileChanges: { additions: [{ path: 'a.json', content: 'e30K' }] },
      expectedHeadOid: ID,
    };
    expect(graphqlRequestProblems(JSON.stringify({ query: COMMIT_ON_BRANCH, variables: { input } }))).toEqual([
      expect.stringContaining('Field "contents" of required type "Base64String!" was not provided.'),
      expect.stringContaining('Field "content" is not defined by type "FileAddition". Did you mean "contents"?'),
    ]);
  });
});

/**
 * The ids a save or publish is known by: its own, and those of earlier tries whose answers never came. Sent with each
 * action that writes, so a try made again recognises its own earlier commit (model/operations.ts reads and writes
 * them in commit messages).
 */
export interface Attempt {
  readonly id: string;
  readonly earlier?: readonly string[];
}

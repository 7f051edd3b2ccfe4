/**
 * How a test reads an action's answer (protocol/editor-backend.ts: a result, or a refusal in words): the result where
 * it expects one, the words where it expects a refusal, and the other said plainly when it came instead.
 */
import { isRefusal, type Answer } from '../editor/protocol/publishing.ts';

/** The result of an action the test expects to go through; refused, the test fails with the refusal's words. */
export async function notRefused<T extends object>(asked: Promise<Answer<T>>): Promise<T> {
  const answer = await asked;
  if (isRefusal(answer)) throw new Error(`Refused: ${answer.error}`);
  return answer;
}

/** The words of an action the test expects to be refused; answered otherwise, the test fails with the answer. */
export async function refusalOf(asked: Promise<Answer<object>>): Promise<string> {
  const answer = await asked;
  if (!isRefusal(answer)) throw new Error(`Not refused: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.error;
}

/**
 * The form designer's inputs and where its problems show: each beside the input about its value, the rest on its
 * field's card (FieldCard.tsx), and what is about no field above the fields (FormDesigner.tsx).
 */
import { fieldId } from './field-ids.ts';
import type { DesignedField, Path } from '../model/form-design.ts';
import { isRecord } from '../../content/json-values.ts';
import { underInput } from './problem-words.ts';
import type { Problem } from '../protocol/files.ts';

/** What a part of a field's card is drawn with: the field, the form, and the card's inputs. */
export interface CardPart {
  readonly field: DesignedField;
  readonly form: Record<string, unknown>;
  readonly onChange: (data: unknown) => void;
  /** The form's own messages, offered where a field has none. */
  readonly defaults: Record<string, unknown>;
  readonly input: ReturnType<typeof inputsShowing>['input'];
}

/** The parts of a form file the designer draws itself; the rest (the form's texts and sending) is an ordinary form. */
export const DESIGNED = ['schema', 'uiSchema'];
export const pathKey = (path: readonly (string | number)[]) => path.join('\u0000');

/** Whether `path` starts with every step of `start`. */
const startsWith = (path: Path, start: Path) => start.every((step, index) => path[index] === step);
/** A problem about one field: its rules (schema.properties.<name>) or its layout (uiSchema.<name>). */
export const isOfField = (problem: Problem, name: string) =>
  startsWith(problem.at, ['schema', 'properties', name]) || startsWith(problem.at, ['uiSchema', name]);
/** A problem about the group a field is in, which its card's group choice shows. */
export const isOfGroupChoice = (problem: Problem, name: string) =>
  startsWith(problem.at, ['uiSchema', 'ui:groups', 'of', name]);

/** The message a field's rule shows visitors, when the field has its own. */
export const messageOf = (field: DesignedField, rule: string) =>
  isRecord(field.rules.errorMessage) ? field.rules.errorMessage[rule] : undefined;

/**
 * The designer's inputs, each with its label, help and the problems about its value beside it. Every path an input
 * shows the problems of is noted in `claimed`, so what is left shows on its field's card (FieldCard).
 */
export function inputsShowing(problems: readonly Problem[], claimed: Set<string>) {
  const problemsAt = (...paths: Path[]) => {
    paths.forEach((path) => claimed.add(pathKey(path)));
    return problems.filter((problem) => paths.some((path) => pathKey(problem.at) === pathKey(path)));
  };
  const input = (
    path: Path,
    label: string,
    value: unknown,
    change: (value: string) => void,
    options: {
      hint?: string;
      placeholder?: string;
      kind?: 'number' | 'textarea' | 'select';
      choices?: readonly (readonly [string, string])[];
      list?: string;
      about?: readonly Path[];
    } = {},
  ) => {
    const id = fieldId(path);
    // The problems shown here: those about this value, unless told (a rule's problems show at its message).
    const shown = problemsAt(...(options.about ?? [path]));
    const described =
      [options.hint ? `${id}__help` : '', shown.length > 0 ? `${id}__problems` : ''].filter(Boolean).join(' ') ||
      undefined;
    const common = {
      id,
      'aria-describedby': described,
      'aria-invalid': shown.some((problem) => problem.severity === 'error') || undefined,
    };
    const text = value === undefined || value === null ? '' : String(value);
    return (
      <div className={`designer-input${shown.some((problem) => problem.severity === 'error') ? ' has-error' : ''}`}>
        <label htmlFor={id}>{label}</label>
        {options.kind === 'textarea' ? (
          <textarea
            {...common}
            rows={2}
            value={text}
            placeholder={options.placeholder}
            onChange={(event) => change(event.target.value)}
          />
        ) : options.kind === 'select' ? (
          <select {...common} value={text} onChange={(event) => change(event.target.value)}>
            {options.choices!.map(([choice, words]) => (
              <option key={choice} value={choice}>
                {words}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={options.kind === 'number' ? 'number' : 'text'}
            min={options.kind === 'number' ? 1 : undefined}
            inputMode={options.kind === 'number' ? 'numeric' : undefined}
            value={text}
            placeholder={options.placeholder}
            list={options.list}
            onChange={(event) => change(event.target.value)}
          />
        )}
        {options.hint && (
          <p id={`${id}__help`} className="field-description">
            {options.hint}
          </p>
        )}
        <ProblemList id={`${id}__problems`} problems={shown} />
      </div>
    );
  };
  return { input, problemsAt };
}

/** The validator's problems about one input or card, each marked in words as an error or a warning. */
export function ProblemList({ id, problems }: { id: string; problems: readonly Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="error-detail">
      {problems.map((problem, index) => (
        <li key={index} className={problem.severity === 'warning' ? 'problem-warning' : 'problem-error'}>
          <span className="problem-word">{problem.severity === 'warning' ? 'Warning:' : 'Error:'}</span>{' '}
          {underInput(problem.message)}
        </li>
      ))}
    </ul>
  );
}

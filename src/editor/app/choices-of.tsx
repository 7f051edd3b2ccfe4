import { fieldId } from './field-ids.ts';
import type { inputsShowing } from './designer-inputs.tsx';
import { messageOf, ProblemList, type CardPart } from './designer-inputs.tsx';
import { messagePath, rulePath, setAt, setFieldValue } from '../model/form-design.ts';
import { isRecord } from '../../content/json-values.ts';

type Node = Record<string, unknown>;

/** What the choices of a drop-down field are drawn with: a card's part, and where the problems about each are. */
export interface ChoicesOf extends CardPart {
  readonly problemsAt: ReturnType<typeof inputsShowing>['problemsAt'];
}

/**
 * A drop-down field's choices, in order: first one per service if asked, then each choice's label and the value
 * sent, to move or remove, and the message when an answer is none of them. Drawn within its field's card, whose
 * inputs show the problems about each.
 */
export function choicesOf({ field, form, onChange, defaults, input, problemsAt }: ChoicesOf) {
  const options = Array.isArray(field.rules.oneOf) ? field.rules.oneOf.filter(isRecord) : [];
  const setChoices = (next: Node[]) =>
    onChange(setFieldValue(form, field.name, rulePath(field.name, 'oneOf'), next.length > 0 ? next : undefined));
  return (
    <fieldset className="designer-choices">
      <legend>Choices</legend>
      <div className="switch">
        <input
          type="checkbox"
          role="switch"
          id={`${fieldId(rulePath(field.name, 'optionsFrom'))}`}
          checked={field.rules.optionsFrom === 'services'}
          onChange={(event) =>
            onChange(
              setFieldValue(
                form,
                field.name,
                rulePath(field.name, 'optionsFrom'),
                event.target.checked ? 'services' : undefined,
              ),
            )
          }
        />
        <label htmlFor={fieldId(rulePath(field.name, 'optionsFrom'))}>First, one choice per service</label>
        <p className="field-description">
          Each service of Collections: Services becomes a choice, by its name there: rename a service there and its
          choice follows. The choices below come after them.
        </p>
      </div>
      <ProblemList
        id={`${fieldId(rulePath(field.name, 'optionsFrom'))}__problems`}
        problems={problemsAt(rulePath(field.name, 'optionsFrom'))}
      />
      <ol className="designer-choice-list">
        {options.map((option, index) => {
          const at = [...rulePath(field.name, 'oneOf'), index];
          const move = (by: -1 | 1) => {
            const next = [...options];
            [next[index], next[index + by]] = [next[index + by]!, next[index]!];
            setChoices(next);
          };
          return (
            <li key={index}>
              {input(
                [...at, 'title'],
                `Choice ${index + 1}: label`,
                option.title,
                (text) => onChange(setAt(form, [...at, 'title'], text)),
                {
                  placeholder: 'such as Fitness & Wellness',
                },
              )}
              {input(
                [...at, 'const'],
                `Choice ${index + 1}: as your team receives it`,
                option.const,
                (text) => onChange(setAt(form, [...at, 'const'], text)),
                {
                  placeholder: 'such as fitness',
                },
              )}
              <div className="designer-buttons">
                <button
                  type="button"
                  disabled={index === 0}
                  onClick={() => move(-1)}
                  aria-label={`Move choice ${index + 1} up`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  disabled={index === options.length - 1}
                  onClick={() => move(1)}
                  aria-label={`Move choice ${index + 1} down`}
                >
                  Move down
                </button>
                <button
                  type="button"
                  onClick={() => setChoices(options.filter((_, other) => other !== index))}
                  aria-label={`Remove choice ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => setChoices([...options, { const: '', title: '' }])}>
        Add a choice
      </button>
      {(options.length > 0 || field.rules.optionsFrom !== undefined) &&
        input(
          messagePath(field.name, 'oneOf'),
          'Message when the answer is not one of the choices',
          messageOf(field, 'oneOf'),
          (text) => onChange(setFieldValue(form, field.name, messagePath(field.name, 'oneOf'), text)),
          {
            kind: 'textarea',
            placeholder: String(defaults.invalid ?? ''),
            about: [messagePath(field.name, 'oneOf'), rulePath(field.name, 'oneOf')],
          },
        )}
    </fieldset>
  );
}

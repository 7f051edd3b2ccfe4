/**
 * A field's name in the answers the form sends, as the author renames it: kept as it was until the new name is one
 * the form can take, and then renamed everywhere in the form at once.
 */
import { fieldId } from './field-ids.ts';
import type { DesignedField } from '../model/form-design.ts';

type Node = Record<string, unknown>;

const NAME = /^[a-zA-Z][a-zA-Z0-9]*$/;

/** What the name's input is drawn with: the field, the form's other fields, and the rename being typed. */
export interface NameOf {
  readonly field: DesignedField;
  readonly fields: readonly DesignedField[];
  readonly naming?: { readonly name: string; readonly text: string };
  readonly setNaming: (naming: { readonly name: string; readonly text: string } | undefined) => void;
  readonly rename: (from: string, to: string) => Node;
  readonly onChange: (data: unknown) => void;
}

export function nameOf({ field, fields, naming, setNaming, rename, onChange }: NameOf) {
  const id = `${fieldId(['schema', 'properties', field.name])}__name`;
  const text = naming?.name === field.name ? naming.text : field.name;
  const refusal =
    text === field.name
      ? ''
      : !NAME.test(text)
        ? 'Use letters and digits only, starting with a letter, such as fullName.'
        : fields.some((other) => other.name === text)
          ? `Another field is already named ${text}.`
          : '';
  const commit = () => {
    if (naming?.name === field.name && !refusal && text !== field.name) onChange(rename(field.name, text));
    setNaming(undefined);
  };
  return (
    <div className="designer-input">
      <label htmlFor={id}>Name in the answers you receive</label>
      <input
        id={id}
        type="text"
        value={text}
        aria-describedby={`${id}__help`}
        aria-invalid={refusal ? true : undefined}
        onChange={(event) => setNaming({ name: field.name, text: event.target.value })}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
      <p id={`${id}__help`} className={refusal ? 'field-description problem-error' : 'field-description'}>
        {refusal ? (
          <>
            <span className="problem-word">Error:</span> {refusal} The name is kept as {field.name}.
          </>
        ) : (
          'Letters and digits, no spaces. Renaming it here renames it everywhere in the form.'
        )}
      </p>
    </div>
  );
}

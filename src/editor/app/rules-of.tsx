/**
 * A text field's rules, each beside its message: at least and at most this many characters (with the offer to change
 * a number its texts still state), the format's message, and a pattern. Drawn within its field's card, whose inputs
 * show the problems about each: called while the card draws, so its inputs claim their problems first.
 */
import type { Dispatch, SetStateAction } from 'react';
import { messageOf, type CardPart } from './designer-inputs.tsx';
import {
  DEFAULT_MESSAGES,
  messagePath,
  restateNumber,
  rulePath,
  setFieldValue,
  textsStating,
  type DesignedField,
  type FieldKind,
  type Path,
} from '../model/form-design.ts';

/** A changed rule whose number its texts may still state: the offer to change them too. */
export interface NumberOffer {
  readonly rule: 'minLength' | 'maxLength';
  readonly from: number;
  readonly to: number;
}

/** What a rule's message is for, in words. */
const FORMAT_WORDS: Partial<Record<FieldKind, string>> = { email: 'an email address', url: 'a web address' };

/** What a field's rules are drawn with: a card's part, and the offers to restate a number made so far. */
export interface RulesOf extends CardPart {
  readonly offers: Readonly<Record<string, NumberOffer>>;
  readonly setOffers: Dispatch<SetStateAction<Readonly<Record<string, NumberOffer>>>>;
}

/** A whole number from what was typed; undefined when nothing was. */
export const asNumber = (text: string) => (text.trim() === '' ? undefined : Math.trunc(Number(text)));

export function rulesOf({ field, form, onChange, defaults, input, offers, setOffers }: RulesOf) {
  const setField = (field: DesignedField, path: Path, value: unknown) =>
    onChange(setFieldValue(form, field.name, path, value));
  const changeRule = (field: DesignedField, rule: NumberOffer['rule'], text: string) => {
    const to = asNumber(text);
    const before = field.rules[rule];
    let next = setFieldValue(form, field.name, rulePath(field.name, rule), to);
    // A rule comes with a message visitors read until the author writes their own, and goes with it.
    const message = messagePath(field.name, rule);
    // A message still as it came follows the number as it is typed ("1", then "10").
    const asItCame = typeof before === 'number' && messageOf(field, rule) === DEFAULT_MESSAGES[rule](before);
    if (to === undefined) next = setFieldValue(next, field.name, message, undefined);
    else if (!Number.isNaN(to) && (asItCame || (before === undefined && messageOf(field, rule) === undefined)))
      next = setFieldValue(next, field.name, message, DEFAULT_MESSAGES[rule](to));
    onChange(next);
    if (typeof before !== 'number' || to === undefined || Number.isNaN(to)) return;
    setOffers((offers) => {
      const earlier = offers[field.name]?.rule === rule ? offers[field.name]!.from : before;
      return { ...offers, [field.name]: { rule, from: earlier, to } };
    });
  };

  const lengthRule = (field: DesignedField, rule: NumberOffer['rule'], label: string, messageLabel: string) => (
    <div className="designer-rule">
      {input(rulePath(field.name, rule), label, field.rules[rule], (text) => changeRule(field, rule, text), {
        kind: 'number',
        hint: 'Leave empty for no limit.',
        about: [],
      })}
      {field.rules[rule] !== undefined &&
        input(
          messagePath(field.name, rule),
          messageLabel,
          messageOf(field, rule),
          (text) => setField(field, messagePath(field.name, rule), text),
          {
            kind: 'textarea',
            about: [messagePath(field.name, rule), rulePath(field.name, rule)],
          },
        )}
    </div>
  );

  const numberOffer = (field: DesignedField) => {
    const offer = offers[field.name];
    if (!offer || offer.from === offer.to || field.rules[offer.rule] !== offer.to) return null;
    const paths = textsStating(field, offer.from);
    if (paths.length === 0) return null;
    const which = paths.map((path) =>
      path[path.length - 2] === 'errorMessage'
        ? 'a message'
        : path[path.length - 1] === 'ui:help'
          ? 'the help'
          : 'the placeholder',
    );
    const dismiss = () => setOffers(({ [field.name]: _dropped, ...rest }) => rest);
    return (
      <p className="designer-offer" role="status">
        The rule is now {offer.to}, but {[...new Set(which)].join(' and ')} still {paths.length === 1 ? 'says' : 'say'}{' '}
        {offer.from}.{' '}
        <button
          type="button"
          onClick={() => {
            onChange(restateNumber(form, paths, offer.from, offer.to));
            dismiss();
          }}
        >
          Change {offer.from} to {offer.to} in {paths.length === 1 ? 'it' : 'them'}
        </button>{' '}
        <button type="button" onClick={dismiss}>
          Leave {paths.length === 1 ? 'it' : 'them'}
        </button>
      </p>
    );
  };

  return (
    <fieldset className="designer-rules">
      <legend>Rules and their messages</legend>
      {lengthRule(field, 'minLength', 'At least this many characters', 'Message when it is shorter')}
      {lengthRule(field, 'maxLength', 'At most this many characters', 'Message when it is longer')}
      {numberOffer(field)}
      {field.rules.format !== undefined &&
        input(
          messagePath(field.name, 'format'),
          `Message when it is not ${FORMAT_WORDS[field.kind] ?? 'of the right kind'}`,
          messageOf(field, 'format'),
          (text) => setField(field, messagePath(field.name, 'format'), text),
          {
            kind: 'textarea',
            placeholder: String(defaults.invalid ?? ''),
            about: [messagePath(field.name, 'format'), rulePath(field.name, 'format')],
          },
        )}
      {field.rules.pattern !== undefined && (
        <div className="designer-rule">
          {input(
            rulePath(field.name, 'pattern'),
            'Must match this pattern (ask a developer before changing it)',
            field.rules.pattern,
            (text) => setField(field, rulePath(field.name, 'pattern'), text),
          )}
          {input(
            messagePath(field.name, 'pattern'),
            'Message when it does not match',
            messageOf(field, 'pattern'),
            (text) => setField(field, messagePath(field.name, 'pattern'), text),
            { kind: 'textarea', about: [messagePath(field.name, 'pattern'), rulePath(field.name, 'pattern')] },
          )}
        </div>
      )}
    </fieldset>
  );
}

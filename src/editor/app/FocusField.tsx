import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import type { KeyboardEvent, MouseEvent } from 'react';
import { MIDDLE, type Focus } from '../../content/pictures.ts';
import { useBackend } from './backend.ts';
import type { FormContext } from './schema-for-drawing.ts';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField!;

/** How far an arrow key moves the focus, in percent; with Shift, a finer step. */
const STEP = 5;
const FINE_STEP = 1;

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** The frames a picture is cut to on the site, drawn beside it so the author sees what stays in view. */
const FRAMES = [
  { label: 'Cut square (cards, profiles)', aspect: '1 / 1', round: true },
  { label: 'Cut wide (project cards, link previews)', aspect: '16 / 9', round: false },
];

/**
 * The point of a picture that stays in view when it is cut to a frame ("x-focus-of" in the schemas): the author
 * clicks the part that matters on the picture itself, or moves the mark with the arrow keys, or types the two
 * percentages. The frames beside it show every cut around that point, as the site and its preview make them.
 */
function FocusPicker(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, disabled, readonly } = props;
  const { sibling } = registry.formContext as FormContext;
  const { addressOf } = useBackend();
  const of = String(schema['x-focus-of']);
  const picture = sibling(fieldPathId.$id, of).value;
  const id = fieldPathId.$id;
  const set = (focus: Focus | undefined) => onChange(focus, fieldPathId.path);
  const focus: Focus =
    formData && typeof formData.x === 'number' && typeof formData.y === 'number' ? (formData as Focus) : MIDDLE;
  const locked = disabled || readonly;

  const clicked = (event: MouseEvent<HTMLDivElement>) => {
    if (locked) return;
    const box = event.currentTarget.getBoundingClientRect();
    set({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const moved = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? FINE_STEP : STEP;
    const by = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!by || locked) return;
    event.preventDefault();
    set({ x: clamp(focus.x + by[0]!), y: clamp(focus.y + by[1]!) });
  };
  const typed = (axis: 'x' | 'y', text: string) => {
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) set({ ...focus, [axis]: clamp(number) });
  };
  const position = `${focus.x}% ${focus.y}%`;
  const described = `${id}__focus-help`;

  return (
    <fieldset className="focus-field" id={id}>
      <legend>{props.schema.title ?? 'Focus'}</legend>
      <p id={described} className="field-description">
        {typeof picture === 'string' && picture.startsWith('/')
          ? 'Click the part of the picture that must always show, such as a face. Every size the site makes is cut around it.'
          : 'Choose the picture first; then click the part of it that must always show.'}
      </p>
      {typeof picture === 'string' && picture.startsWith('/') && (
        <div className="focus-row">
          <div
            className="focus-picture"
            role="slider"
            tabIndex={locked ? -1 : 0}
            aria-label="Focus point"
            aria-valuetext={`${focus.x}% from the left, ${focus.y}% from the top`}
            aria-valuenow={focus.x}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-describedby={described}
            onClick={clicked}
            onKeyDown={moved}
          >
            <img src={addressOf(picture)} alt="" draggable={false} />
            <span className="focus-mark" style={{ left: `${focus.x}%`, top: `${focus.y}%` }} aria-hidden="true" />
          </div>
          <div className="focus-frames">
            {FRAMES.map((frame) => (
              <figure key={frame.label}>
                <img
                  src={addressOf(picture)}
                  alt=""
                  style={{ aspectRatio: frame.aspect, objectPosition: position, borderRadius: frame.round ? '50%' : 0 }}
                />
                <figcaption>{frame.label}</figcaption>
              </figure>
            ))}
          </div>
        </div>
      )}
      <div className="focus-numbers">
        {(['x', 'y'] as const).map((axis) => (
          <label key={axis}>
            {axis === 'x' ? 'From the left (%)' : 'From the top (%)'}
            <input
              id={`${id}_${axis}`}
              type="number"
              min={0}
              max={100}
              value={focus[axis]}
              disabled={locked}
              onChange={(event) => typed(axis, event.target.value)}
            />
          </label>
        ))}
        <button type="button" onClick={() => set(undefined)} disabled={locked || formData === undefined}>
          Back to the middle
        </button>
      </div>
    </fieldset>
  );
}

/** A group of fields, or a picture's focus drawn as the picture to click on ("x-focus-of"). */
export function SiteObjectField(props: FieldProps) {
  return typeof props.schema['x-focus-of'] === 'string' ? (
    <FocusPicker {...props} />
  ) : (
    <DefaultObjectField {...props} />
  );
}

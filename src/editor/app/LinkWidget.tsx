import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import type { FormContext } from './schema-for-drawing.ts';

/** How long a link box waits after the last key before the checker's word on it shows: "/abo" is not yet a mistake. */
const TYPING_PAUSE_MS = 1500;

/**
 * A field that links somewhere ("x-internal-link" in the schemas): the site's pages are offered by name as the author
 * types, and any other address (https://..., mailto:...) can still be written. While the author is typing, its
 * problem waits (editor.css hides it): it shows once they pause, pick a page or leave the box.
 */
export function LinkWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    options,
    onChange,
    onBlur,
    onFocus,
    registry,
  } = props;
  const { pages } = registry.formContext as FormContext;
  const read = (text: string) => (text === '' ? options.emptyValue : text);
  const [typing, setTyping] = useState(false);
  const pause = useRef<number>(undefined);
  const typed = (text: string) => {
    window.clearTimeout(pause.current);
    // A page picked from the list is a whole address: nothing to wait for.
    const picked = pages.some((page) => page.address === text);
    setTyping(!picked);
    if (!picked) pause.current = window.setTimeout(() => setTyping(false), TYPING_PAUSE_MS);
    onChange(read(text));
  };
  return (
    <>
      <input
        data-typing={typing || undefined}
        id={id}
        name={id}
        type="text"
        className="form-control"
        list={`${id}__pages`}
        value={typeof value === 'string' ? value : ''}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        placeholder={placeholder}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => typed(event.target.value)}
        onBlur={(event) => {
          window.clearTimeout(pause.current);
          setTyping(false);
          onBlur(id, read(event.target.value));
        }}
        onFocus={(event) => onFocus(id, read(event.target.value))}
      />
      <PageChoices id={`${id}__pages`} pages={pages} />
    </>
  );
}

/** The site's pages, offered by name to a box that takes an address (its list attribute names this id). */
export function PageChoices({ id, pages }: { id: string; pages: FormContext['pages'] }) {
  return (
    <datalist id={id}>
      {pages.map((page) => (
        <option key={page.address} value={page.address}>
          {page.label}
        </option>
      ))}
    </datalist>
  );
}

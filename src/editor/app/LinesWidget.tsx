import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isMarkdownKind, type MarkdownKind } from '../../content/markdown.ts';
import { addLink, toggleEmphasis, type Emphasis, type TextSelection } from '../model/formatting.ts';
import { PageChoices } from './LinkWidget.tsx';
import type { FormContext } from './schema-for-drawing.ts';

/** The key the platform's shortcuts are written with. */
const COMMAND = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** What the note under a formatted field says it takes, by its kind. */
const TAKES: Readonly<Record<MarkdownKind, string>> = {
  'text-block': 'A blank line starts a new paragraph; a line starting with ## is a subheading, with - a list item.',
  paragraphs: 'A blank line starts a new paragraph; a line starting with - is a list item.',
  inline: 'It is one paragraph.',
};

/**
 * A text written over several lines ("x-lines"), as tall as its schema says. One visitors read formatted
 * ("x-markdown"): Bold, Italic and Link above the box, and Ctrl+B, Ctrl+I and Ctrl+K in it, put the marks the site
 * draws round the chosen words (model/formatting.ts); Link offers the site's pages by name. A note under the box says
 * what the text takes, or that it is plain: stars and brackets in it show as written.
 */
export function LinesWidget(props: WidgetProps) {
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    options,
    schema,
    onChange,
    onBlur,
    onFocus,
  } = props;
  const { pages } = props.registry.formContext as FormContext;
  const kind: MarkdownKind | undefined = isMarkdownKind(schema['x-markdown']) ? schema['x-markdown'] : undefined;
  const text = typeof value === 'string' ? value : '';
  const box = useRef<HTMLTextAreaElement>(null);
  // The selection to give back once the changed text is drawn (a controlled box puts the caret at its end).
  const selectAfter = useRef<TextSelection>(undefined);
  const [linking, setLinking] = useState<TextSelection>();
  const [address, setAddress] = useState('');
  const locked = disabled || readonly;

  useLayoutEffect(() => {
    const wanted = selectAfter.current;
    if (!wanted || !box.current || box.current.value !== wanted.text) return;
    selectAfter.current = undefined;
    box.current.focus();
    box.current.setSelectionRange(wanted.start, wanted.end);
  }, [text]);

  const read = (written: string) => (written === '' ? options.emptyValue : written);
  const selection = (): TextSelection => ({
    text,
    start: box.current?.selectionStart ?? text.length,
    end: box.current?.selectionEnd ?? text.length,
  });
  const change = (next: TextSelection) => {
    selectAfter.current = next;
    onChange(read(next.text));
  };
  const emphasise = (emphasis: Emphasis) => change(toggleEmphasis(selection(), emphasis));
  const startLink = () => {
    setAddress('');
    setLinking(selection());
  };
  const endLink = (chosen?: string) => {
    const at = linking;
    setLinking(undefined);
    if (at && chosen && chosen.trim()) {
      const page = pages.find((candidate) => candidate.address === chosen.trim());
      change(addLink(at, chosen.trim(), page?.label));
    } else {
      if (at) selectAfter.current = at;
      box.current?.focus();
      if (at) box.current?.setSelectionRange(at.start, at.end);
    }
  };
  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!kind || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    const action =
      key === 'b'
        ? () => emphasise('bold')
        : key === 'i'
          ? () => emphasise('italic')
          : key === 'k'
            ? startLink
            : undefined;
    if (!action) return;
    event.preventDefault();
    action();
  };

  const noteId = `${id}__formatting`;
  return (
    <div className="lines-field">
      {kind ? (
        <div className="formatting-bar" role="toolbar" aria-label="Formatting" aria-controls={id}>
          <button
            type="button"
            disabled={locked}
            onClick={() => emphasise('bold')}
            aria-keyshortcuts="Control+B Meta+B"
            title={`Bold (${COMMAND}B)`}
          >
            <strong>B</strong> Bold
          </button>
          <button
            type="button"
            disabled={locked}
            onClick={() => emphasise('italic')}
            aria-keyshortcuts="Control+I Meta+I"
            title={`Italic (${COMMAND}I)`}
          >
            <em>I</em> Italic
          </button>
          <button
            type="button"
            disabled={locked}
            onClick={startLink}
            aria-expanded={linking !== undefined}
            aria-keyshortcuts="Control+K Meta+K"
            title={`Link (${COMMAND}K)`}
          >
            Link…
          </button>
        </div>
      ) : null}
      {linking ? (
        // Not a <form>: it sits inside the editor's own form, and Enter here must not send that.
        <div className="formatting-link" role="group" aria-label="Link">
          <label htmlFor={`${id}__link`}>Link to a page of the site, or a web address</label>
          <input
            id={`${id}__link`}
            type="text"
            autoFocus
            list={`${id}__link-pages`}
            value={address}
            placeholder="/contact or https://…"
            onChange={(event) => setAddress(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                endLink(address);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                endLink();
              }
            }}
          />
          <PageChoices id={`${id}__link-pages`} pages={pages} />
          <button type="button" className="primary" disabled={!address.trim()} onClick={() => endLink(address)}>
            Add link
          </button>
          <button type="button" onClick={() => endLink()}>
            Cancel
          </button>
        </div>
      ) : null}
      <textarea
        ref={box}
        id={id}
        name={id}
        className="form-control"
        value={text}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        rows={Number(schema['x-lines']) || 4}
        aria-describedby={`${ariaDescribedByIds(id)} ${noteId}`}
        onKeyDown={keys}
        onChange={(event) => onChange(read(event.target.value))}
        onBlur={(event) => onBlur(id, read(event.target.value))}
        onFocus={(event) => onFocus(id, read(event.target.value))}
      />
      <p className="field-note" id={noteId}>
        {kind
          ? `Select words and press Bold, Italic or Link (${COMMAND}B, ${COMMAND}I, ${COMMAND}K). ${TAKES[kind]}`
          : 'Plain text: shown exactly as written, without bold, italic or links.'}
      </p>
    </div>
  );
}

/**
 * The editor's one kind of dialog: modal (the browser keeps the focus inside and Escape closes it), named by its
 * heading, with what it is doing right now, what went wrong, and its buttons with Close (or Cancel) last. Publish,
 * History, Get latest, Delete, a new entry and the media picker are each one of these.
 */
import { useId, useRef, type FormEvent, type ReactNode } from 'react';

/** A dialog and the two things done to it: opened by a button, closed by its own. */
export function useDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  return { ref, open: () => ref.current?.showModal(), close: () => ref.current?.close() };
}

export function Dialog({
  dialog,
  title,
  className,
  hint,
  busy,
  error,
  onSubmit,
  onClose,
  actions,
  closeLabel = 'Close',
  children,
}: {
  dialog: ReturnType<typeof useDialog>;
  title: ReactNode;
  className: string;
  /** A line under the heading that says what the dialog is for; it describes the dialog to a screen reader. */
  hint?: ReactNode;
  /** What the dialog is doing right now, in words; given (even empty) wherever it may say something later. */
  busy?: string;
  error?: string;
  /** A dialog that asks for something is a form: Enter sends it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onClose?: () => void;
  /** The dialog's own buttons, before Close. */
  actions?: ReactNode;
  closeLabel?: 'Close' | 'Cancel';
  children: ReactNode;
}) {
  const id = useId();
  const content = (
    <>
      <h2 id={`${id}-heading`}>{title}</h2>
      {hint && <p id={`${id}-hint`}>{hint}</p>}
      {busy !== undefined && <p role="status">{busy}</p>}
      {children}
      {error && (
        <p role="alert" className="media-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        {actions}
        <button type="button" onClick={dialog.close}>
          {closeLabel}
        </button>
      </div>
    </>
  );
  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby={`${id}-heading`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      className={className}
      onClose={onClose}
    >
      {onSubmit ? <form onSubmit={onSubmit}>{content}</form> : content}
    </dialog>
  );
}

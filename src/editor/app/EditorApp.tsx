import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { NewEntryRequest, Problem } from '../protocol/files.ts';
import { isRefusal } from '../protocol/publishing.ts';
import { AsideDrafts } from './AsideDrafts.tsx';
import { PageContexts } from './backend.ts';
import { fieldId } from './field-ids.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { EditorStore } from './editor-store.ts';
import type { View } from './editor-state.ts';
import { changesOf } from './open-files.ts';
import { canStep, current, isChanged } from './file-history.ts';
import { FileList } from './FileList.tsx';
import { HeldUploadsLine } from './HeldUploadsList.tsx';
import { shownAt } from './made-ids.ts';
import { NewEntryDialog } from './NewEntryDialog.tsx';
import { NARROW_SCREEN, PreviewPane } from './PreviewPane.tsx';
import { problemWords, ProblemWordsContext, type WordableProblem } from './problem-words.ts';
import { PublishingButtons } from './PublishPanel.tsx';
import { SetupNotes, setupNotesOf } from './SetupNotes.tsx';
import { StrayFilesPanel } from './StrayFilesPanel.tsx';
import { blockKindsOf } from './schema-for-drawing.ts';
import { undoStepOf } from './undo-keys.ts';
import { waits, withEntry, withLeft, type Path, type Waiting } from '../model/new-entry-problems.ts';

// The forms (react-jsonschema-form and what it draws with) load beside the file list, not before it: on a phone the
// list shows sooner, and the form is there by the time a file is chosen.
const ConfigFileForm = lazy(() =>
  import('./ConfigFileForm.tsx').then((module) => ({ default: module.ConfigFileForm })),
);
const FormDesigner = lazy(() => import('./FormDesigner.tsx').then((module) => ({ default: module.FormDesigner })));

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** Form files open in the form designer, not as their schema. */
const FORM_SCHEMA = 'form.schema.json';

const VIEWS: readonly [View, string][] = [
  ['files', 'Files'],
  ['edit', 'Edit'],
  ['preview', 'Preview'],
];

/** The editor's page: it draws the store's state (editor-store.ts) and passes the author's actions to it. */
export function EditorApp({
  store,
  account,
}: {
  /** The page's state, made with the backend it edits through (app/main.tsx: npm run edit; admin/main.tsx: GitHub). */
  store: EditorStore;
  /** Who is signed in and how to sign out, where the editor runs from the site's address. */
  account?: ReactNode;
}) {
  const { files, schemas, open, selected, problems, status, view, conflicts, preview, aside, openFailed } =
    useSyncExternalStore(store.subscribe, store.getState);

  // The forms' code starts loading at once: while the page asks the site for its files, the connection is mostly
  // waiting on answers, and the form is then ready for the file the author picks. The first check of the site (and,
  // at /admin/, the checker's code) waits for it, so on a slow connection the two do not share it.
  const [formsLoaded] = useState(() =>
    Promise.all([import('./ConfigFileForm.tsx'), import('./FormDesigner.tsx')]).catch(() => undefined),
  );
  useEffect(() => {
    store.holdFirstCheckUntil(formsLoaded);
    void store.start();
  }, [store, formsLoaded]);

  // The file list follows where saves go: checked every few seconds while the tab is shown, and when it gets the focus.
  useEffect(() => {
    const follow = () => {
      if (document.visibilityState === 'visible') void store.followSaved();
    };
    const timer = window.setInterval(follow, 5000);
    window.addEventListener('focus', follow);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', follow);
    };
  }, [store]);

  const unsaved = changesOf(open);
  const { savedWhere } = store.backend;
  // Problems of an entry the author has just added wait until they have been in one of its fields, or save.
  const [waiting, setWaiting] = useState<ReadonlyMap<string, Waiting>>(new Map());
  const shownProblems = useMemo(
    () =>
      problems.filter((problem) => {
        const file = open[problem.file];
        return !file || !waits(waiting.get(problem.file), problem.at ?? [], current(file));
      }),
    [problems, waiting, open],
  );
  const wait = (path: string, entry: Path) =>
    setWaiting((now) => new Map(now).set(path, withEntry(now.get(path), entry)));
  const leave = (path: string, at: Path) =>
    setWaiting((now) => {
      const left = withLeft(now.get(path), at);
      return left ? new Map(now).set(path, left) : now;
    });
  const save = () => {
    setWaiting(new Map());
    void store.save();
  };
  const errors = shownProblems.filter((problem) => problem.severity === 'error');
  // A warning about how the site is set up is shown once, folded, on its file and in Publish (SetupNotes.tsx).
  const warnings = shownProblems.filter((problem) => problem.severity === 'warning' && !problem.forAuthors);
  const setupNotes = useMemo(() => setupNotesOf(problems), [problems]);
  const listed = [...errors, ...warnings];
  const file = selected ? open[selected] : undefined;

  // A new entry in a list file is at its end: its first field gets the focus.
  const create = async (request: NewEntryRequest) => {
    const made = await store.create(request);
    if (isRefusal(made)) return made;
    const at = made.focus;
    if (!at) return undefined;
    // The new entry (its first field's group) waits for the author before its problems show.
    const { selected: file } = store.getState();
    if (file) wait(file, at.slice(0, -1));
    window.setTimeout(() => document.getElementById(fieldId(at))?.focus(), 100);
    return undefined;
  };

  // A tab with unsaved changes asks before it closes.
  useEffect(() => {
    if (unsaved.length === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (!store.backend.local?.isRestarting()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved.length, store]);

  // The pages a link can go to: every page with an address of its own (not a profile's pattern, not "any other").
  const sitePages = useMemo(
    () =>
      files.flatMap((candidate) =>
        candidate.address && candidate.address.startsWith('/') && !candidate.address.includes(':')
          ? [{ address: candidate.address, label: candidate.label }]
          : [],
      ),
    [files],
  );
  const pageKinds = useMemo(
    () => (schemas['page.schema.json'] ? blockKindsOf(schemas['page.schema.json']) : []),
    [schemas],
  );
  const entry = files.find((candidate) => candidate.path === selected);
  const fileProblems = useMemo(
    () => shownProblems.filter((problem) => problem.file === selected && !problem.forAuthors),
    [shownProblems, selected],
  );
  // The file as it is on disk, whose ids made from names stay (made-ids.ts).
  const savedText = file?.base.text;
  const savedData = useMemo(() => {
    try {
      return savedText ? (JSON.parse(savedText) as unknown) : undefined;
    } catch {
      return undefined;
    }
  }, [savedText]);

  /** A problem in the words of the form, at the place the file list and the form name (problem-words.ts). */
  const inWords = (problem: WordableProblem) => {
    const listed = files.find((candidate) => candidate.path === problem.file);
    return problemWords(
      problem,
      listed?.label ?? problem.file,
      listed ? (schemas[listed.schema] as object | undefined) : undefined,
    );
  };

  const jumpTo = async (problem: Problem) => {
    await store.select(problem.file);
    // The input of the value itself (a made id's is its name's), else the nearest part of the form that holds it.
    const schema = schemas[files.find((candidate) => candidate.path === problem.file)?.schema ?? ''];
    const at = schema ? shownAt(schema, problem.at) : problem.at;
    window.setTimeout(() => {
      for (let length = at.length; length > 0; length--) {
        const target = document.getElementById(fieldId(at.slice(0, length)));
        if (!target) continue;
        // A form field's card opens to show it.
        const closed = target.closest('details');
        if (closed && !closed.open) closed.open = true;
        target.scrollIntoView({ block: 'center' });
        return target.focus({ preventScroll: true });
      }
    }, 50);
  };

  // Another file opens at its top, not at the scroll position of the one before (a field the author jumps to is
  // scrolled to after this).
  const main = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (main.current) main.current.scrollTop = 0;
    if (window.matchMedia(NARROW_SCREEN).matches) window.scrollTo(0, 0);
  }, [selected]);

  // The page keeps room for the phone's bar of commands (editor.css), as tall as it is now.
  const commands = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bar = commands.current;
    if (!bar) return;
    const observer = new ResizeObserver(() =>
      document.documentElement.style.setProperty('--commands-height', `${bar.offsetHeight}px`),
    );
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);

  return (
    <PageContexts store={store}>
      <ProblemWordsContext.Provider value={inWords}>
        <div className="editor" data-view={view}>
          <header className="editor-bar">
            <h1>Site editor</h1>
            {account}
            <div role="group" aria-label="Show" className="view-switch">
              {VIEWS.map(([name, label]) => (
                <button key={name} type="button" aria-pressed={view === name} onClick={() => store.show(name)}>
                  {label}
                </button>
              ))}
            </div>
            {/* On a phone, a bar at the foot of the screen: Save and Publish stay in reach, and what they did shows. */}
            <div className="editor-commands" ref={commands}>
              <div className="editor-actions">
                <button type="button" onClick={() => store.step(-1)} disabled={!canStep(file, -1)}>
                  Undo
                </button>
                <button type="button" onClick={() => store.step(1)} disabled={!canStep(file, 1)}>
                  Redo
                </button>
                <button type="button" className="primary" onClick={save} disabled={unsaved.length === 0}>
                  Save{unsaved.length > 0 ? ` (${unsaved.length} ${unsaved.length === 1 ? 'file' : 'files'})` : ''}
                </button>
                <PublishingButtons
                  unsavedFiles={unsaved.length}
                  publishing={store.publishing}
                  setupNotes={setupNotes}
                  strays={store.strays}
                />
              </div>
              <p role="status" className="editor-status">
                {status}
              </p>
            </div>
            {openFailed && (
              <button type="button" onClick={() => void store.start()}>
                Try again
              </button>
            )}
          </header>
          <nav aria-label="Config files" className="editor-files">
            <div className="new-entries">
              {(['page', 'influencer', 'project'] as const).map((what) => (
                <NewEntryDialog key={what} what={what} kinds={pageKinds} onCreate={create} />
              ))}
            </div>
            <FileList store={store} />
            <HeldUploadsLine uploads={store.uploads} />
          </nav>
          <main
            ref={main}
            className="editor-main"
            onKeyDown={(event) => {
              // Ctrl+Z and Ctrl+Shift+Z take the Undo and Redo buttons' steps, not the box's letter-by-letter ones.
              const step = undoStepOf(event);
              if (step === undefined) return;
              event.preventDefault();
              if (canStep(file, step)) store.step(step);
            }}
          >
            {listed.length > 0 && (
              <section
                aria-labelledby="problems-heading"
                className={errors.length > 0 ? 'editor-problems' : 'editor-problems only-warnings'}
              >
                <h2 id="problems-heading">
                  {[
                    errors.length > 0
                      ? `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix before saving`
                      : '',
                    warnings.length > 0
                      ? `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} to check (you can save)`
                      : '',
                  ]
                    .filter(Boolean)
                    .join('; ')}
                </h2>
                <ul>
                  {listed.map((problem) => (
                    <li
                      key={`${problem.file}:${problem.position.line}:${problem.position.column}:${problem.message}`}
                      className={problem.severity === 'warning' ? 'problem-warning' : 'problem-error'}
                    >
                      <button type="button" className="link" onClick={() => void jumpTo(problem)}>
                        <span className="problem-word">{problem.severity === 'warning' ? 'Warning:' : 'Error:'}</span>{' '}
                        {inWords(problem).sentence}{' '}
                        <span className="problem-place">
                          {inWords(problem).place} · {problem.file}, line {problem.position.line}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <StrayFilesPanel strays={store.strays} />
            <AsideDrafts aside={aside} files={files} store={store} />
            {conflicts.map((conflict) => (
              <section key={conflict.path} aria-label={`Conflict in ${conflict.path}`} className="editor-conflict">
                <h2>
                  {conflict.path} changed {savedWhere}
                </h2>
                <div className="editor-compare">
                  <div>
                    <h3>{capitalized(savedWhere)} now</h3>
                    <pre>{conflict.text || '(the file was deleted)'}</pre>
                  </div>
                  <div>
                    <h3>Yours</h3>
                    <pre>{conflict.yours}</pre>
                  </div>
                </div>
                <button type="button" onClick={() => void store.keepMine(conflict.path)}>
                  Keep mine (replace the version {savedWhere})
                </button>{' '}
                <button type="button" onClick={() => store.takeTheirs(conflict.path)}>
                  Take the version {savedWhere} (drop my changes)
                </button>
              </section>
            ))}
            {entry && file && schemas[entry.schema] ? (
              <section aria-labelledby="file-heading">
                <div className="file-heading">
                  <h2 id="file-heading">
                    {entry.group}: {entry.label} <small>{entry.path}</small>
                  </h2>
                  {entry.removable && file.base.version !== null && (
                    <DeleteDialog
                      key={entry.path}
                      file={entry}
                      pages={sitePages}
                      unsaved={isChanged(file)}
                      onDelete={store.deleteFile}
                    />
                  )}
                </div>
                <SetupNotes notes={setupNotes.filter((note) => note.file === entry.path)} />
                <Suspense fallback={<p>Opening the form…</p>}>
                  {entry.schema === FORM_SCHEMA ? (
                    <FormDesigner
                      key={`${entry.path}:${file.reading}`}
                      schema={schemas[entry.schema]!}
                      data={current(file)}
                      problems={fileProblems}
                      onChange={(data) => store.edit(entry.path, data)}
                      pages={sitePages}
                    />
                  ) : (
                    <ConfigFileForm
                      key={`${entry.path}:${file.reading}`}
                      schema={schemas[entry.schema]!}
                      data={current(file)}
                      saved={savedData}
                      problems={fileProblems}
                      onChange={(data) => store.edit(entry.path, data)}
                      onFocusField={store.focusField}
                      onEntryAdded={(added) => wait(entry.path, added)}
                      onLeaveField={(at) => leave(entry.path, at)}
                      pages={sitePages}
                    />
                  )}
                </Suspense>
              </section>
            ) : (
              <p>Choose a file on the left: the site's settings, a page, an influencer, a form…</p>
            )}
          </main>
          <PreviewPane payload={preview.payload} addresses={preview.addresses} behind={preview.behind} />
        </div>
      </ProblemWordsContext.Provider>
    </PageContexts>
  );
}

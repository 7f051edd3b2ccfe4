import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  checkChanges,
  createEntry,
  isRestarting,
  listFiles,
  loadSchemas,
  NoSession,
  openFile,
  openSession,
  publishStatus,
  saveChanges,
  type Change,
  type FileEntry,
  type PlacesChoice,
  type RemovalPlan,
  type SaveResult,
  type NewEntryRequest,
  type OpenedFile,
  type PreviewAddress,
  type PreviewPayload,
  type Problem,
} from './api';
import { ConfigFileForm, fieldId } from './ConfigFileForm';
import { DeleteDialog } from './DeleteDialog';
import { FormDesigner } from './FormDesigner';
import { NewEntryDialog } from './NewEntryDialog';
import { PreviewPane } from './PreviewPane';
import { PublishingButtons } from './PublishPanel';
import { AnsweredChecks } from './answered-checks';
import {
  canStep,
  current,
  edited,
  isChanged,
  opened,
  savedAs,
  stepped,
  type OpenFile as History,
} from './file-history';
import { sameJson } from '../../content/json-values';
import { problemWords, ProblemWordsContext, type WordableProblem } from './problem-words';
import { blockKindsOf } from './schema-for-drawing';
import { shownAt } from './made-ids';

/** An open file: what is on disk (version null for a file not written yet), and the author's versions, for undo. */
type OpenFile = History<Omit<OpenedFile, 'version'> & { readonly version: string | null }>;

/** What the tab keeps of a file's unsaved changes, so a reload loses nothing. */
interface Draft {
  readonly data: unknown;
  /** The version on disk the changes were made to: a save over a file changed since shows both versions. */
  readonly baseVersion: string | null;
  /** How the file list shows a file that is not on disk yet. */
  readonly entry?: FileEntry;
}

/** Whether a file is one the author looks for: its name in the list or its path holds every word they typed. */
const matchesFind = (file: FileEntry, find: string) =>
  find
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .every((word) => `${file.label} ${file.address ?? ''} ${file.path}`.toLowerCase().includes(word));

const DRAFT_PREFIX = 'editor-draft:';
const draftKey = (path: string) => `${DRAFT_PREFIX}${path}`;

/** Every draft this tab kept, opened again: over the file on disk as it is now, or as a new file. */
async function restoreDrafts(): Promise<{ open: Record<string, OpenFile>; newFiles: FileEntry[] }> {
  const open: Record<string, OpenFile> = {};
  const newFiles: FileEntry[] = [];
  for (const key of Object.keys(localStorage).filter((name) => name.startsWith(DRAFT_PREFIX))) {
    const path = key.slice(DRAFT_PREFIX.length);
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft | null;
    if (!draft) continue;
    if (draft.entry) {
      open[path] = opened({ path, text: '', version: null }, draft.data);
      newFiles.push(draft.entry);
      continue;
    }
    const disk = await openFile(path).catch(() => undefined);
    if (!disk) {
      localStorage.removeItem(key);
      continue;
    }
    // Still measured against the version the changes were made to, so a file changed meanwhile is never overwritten.
    open[path] = edited(opened({ ...disk, version: draft.baseVersion }), draft.data, 0);
  }
  return { open, newFiles };
}

/** Form files open in the form designer, not as their schema. */
const FORM_SCHEMA = 'form.schema.json';

/** On a narrow screen the editor shows one of its parts at a time; on a wide one, all three side by side. */
type View = 'files' | 'edit' | 'preview';
const VIEWS: readonly [View, string][] = [
  ['files', 'Files'],
  ['edit', 'Edit'],
  ['preview', 'Preview'],
];

export function EditorApp() {
  const [files, setFiles] = useState<FileEntry[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [schemas, setSchemas] = useState<Record<string, object>>({});
  const [open, setOpen] = useState<Record<string, OpenFile>>({});
  const [selected, setSelected] = useState<string>();
  const [find, setFind] = useState('');
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const [status, setStatus] = useState('Loading the site…');
  const [view, setView] = useState<View>('files');
  const [conflicts, setConflicts] = useState<readonly (OpenedFile & { readonly yours: string })[]>([]);
  const [preview, setPreview] = useState<{ payload?: PreviewPayload; addresses: PreviewAddress[]; behind: boolean }>({
    addresses: [],
    behind: false,
  });

  useEffect(() => {
    void Promise.all([listFiles(), loadSchemas(), restoreDrafts(), openSession()]).then(
      ([list, loaded, drafts]) => {
        setFiles([
          ...list.files,
          ...drafts.newFiles.filter((entry) => !list.files.some((file) => file.path === entry.path)),
        ]);
        setGroups(list.groups);
        setSchemas(loaded);
        setOpen(drafts.open);
        const restored = Object.keys(drafts.open);
        setStatus(
          restored.length > 0 ? `Restored your unsaved changes to ${restored.join(', ')}.` : 'Choose a file to edit.',
        );
        // What the editor put right when it started, after stopping in the middle of publishing, is said here.
        void publishStatus().then(
          (publishing) => publishing.notice && setStatus(publishing.notice),
          () => undefined,
        );
        // The site as it is (with any restored changes), for the preview, and any problems it has.
        scheduleCheck(drafts.open, undefined);
      },
      (failure: Error) =>
        setStatus(
          failure instanceof NoSession
            ? failure.message
            : `Could not open the site: ${failure.message} Is npm run edit still running?`,
        ),
    );
  }, []);

  const changes = useCallback(
    (from: Record<string, OpenFile>): Change[] =>
      Object.entries(from)
        .filter(([, file]) => isChanged(file))
        .map(([path, file]) => ({ path, data: current(file), baseVersion: file.base.version })),
    [],
  );

  // The one validator judges the unsaved config as the author types, and its result redraws the preview. One check
  // runs at a time; changes made meanwhile are checked together as soon as it answers.
  const checks = useRef<{
    running: boolean;
    waiting?: { open: Record<string, OpenFile>; showing?: string; question: number };
    focus: (string | number)[];
  }>({
    running: false,
    focus: [],
  });
  // The problems shown are the checker's answer to the newest question it answered, never an older one arriving late.
  const answered = useRef(new AnsweredChecks());
  const scheduleCheck = useCallback(
    (next: Record<string, OpenFile>, showing: string | undefined) => {
      checks.current.waiting = { open: next, showing, question: answered.current.ask() };
      if (checks.current.running) return;
      checks.current.running = true;
      const run = async () => {
        // A few letters typed together are checked together.
        await new Promise((resolve) => window.setTimeout(resolve, 60));
        while (checks.current.waiting) {
          const { open: from, showing: file, question } = checks.current.waiting;
          checks.current.waiting = undefined;
          const result = await checkChanges(changes(from), file, checks.current.focus).catch((failure: Error) => {
            setStatus(
              failure instanceof NoSession
                ? failure.message
                : `Could not check your changes: ${failure.message} Is npm run edit still running? Your changes are kept in this tab.`,
            );
            return undefined;
          });
          // A check replaced by a newer one says nothing; the newer one answers.
          if (!result || result.superseded || !answered.current.take(question)) continue;
          setProblems(result.problems);
          setPreview((before) =>
            result.preview
              ? { payload: result.preview, addresses: result.addresses ?? [], behind: false }
              : { ...before, behind: true },
          );
        }
        checks.current.running = false;
      };
      void run();
    },
    [changes],
  );

  // The entry the author is in decides which page the preview shows first (in a list of influencers, their profile).
  const focusField = (at: (string | number)[]) => {
    const entry = at.slice(0, 2);
    if (sameJson(entry, checks.current.focus)) return;
    checks.current.focus = entry;
    scheduleCheck(open, selected);
  };

  // The file the author chose last, so an older file that opens late says nothing.
  const choosing = useRef<string | undefined>(undefined);
  const select = async (path: string) => {
    choosing.current = path;
    if (path !== selected) checks.current.focus = [];
    setSelected(path);
    setView('edit');
    if (open[path]) {
      scheduleCheck(open, path);
      return;
    }
    const base = await openFile(path);
    const next = { ...open, [path]: opened(base) };
    setOpen(next);
    scheduleCheck(next, path);
    // A file chosen meanwhile speaks for itself: the line never names the one before it.
    if (choosing.current === path)
      setStatus(`Opened ${path}. Changes show in the preview as you type; Save writes them.`);
  };

  const update = (path: string, file: OpenFile, openNow = open, showing = selected) => {
    const next = { ...openNow, [path]: file };
    setOpen(next);
    const entry = file.base.version === null ? files.find((candidate) => candidate.path === path) : undefined;
    if (isChanged(file))
      localStorage.setItem(
        draftKey(path),
        JSON.stringify({ data: current(file), baseVersion: file.base.version, entry } satisfies Draft),
      );
    else localStorage.removeItem(draftKey(path));
    scheduleCheck(next, showing);
    return next;
  };

  const edit = (path: string, data: unknown) => {
    const file = open[path]!;
    const next = edited(file, data, performance.now());
    if (next !== file) update(path, next);
  };
  const step = (by: -1 | 1) => {
    const file = selected ? open[selected] : undefined;
    if (file && canStep(file, by)) update(selected!, stepped(file, by));
  };

  const unsaved = changes(open);
  const errors = problems.filter((problem) => problem.severity === 'error');
  const warnings = problems.filter((problem) => problem.severity === 'warning');

  // A refusal to save says so until the checker's answer about the newest text has no errors; then Save will work.
  // The line never says the problems are fixed while the checker's latest answer still has some.
  useEffect(() => {
    if (!answered.current.current) return;
    const fixed = 'The problems are fixed: Save writes your changes.';
    if (errors.length === 0)
      setStatus((before) => (before.startsWith('Not saved:') && !before.includes('changed on disk') ? fixed : before));
    else
      setStatus((before) =>
        before === fixed
          ? `${errors.length} ${errors.length === 1 ? 'problem needs' : 'problems need'} fixing before Save: they are listed above.`
          : before,
      );
  }, [errors.length, problems]);

  const save = async (pending: Change[] = unsaved) => {
    setStatus('Saving…');
    const question = answered.current.newest;
    const result = await saveChanges(pending);
    if (result.status === 'invalid') {
      if (answered.current.take(question)) setProblems(result.problems);
      setStatus(
        `Not saved: ${result.problems.length} ${result.problems.length === 1 ? 'problem needs' : 'problems need'} fixing first. Your changes are kept.`,
      );
      return;
    }
    if (result.status === 'conflict') {
      setConflicts(result.files);
      setStatus('Not saved: a file changed on disk since you opened it. Compare the two versions below.');
      return;
    }
    const next = { ...open };
    // Every step is kept: Undo goes on back past what was saved (and Save writes that).
    for (const saved of result.files) {
      const file = next[saved.path];
      next[saved.path] = file ? savedAs(file, saved) : opened(saved);
      localStorage.removeItem(draftKey(saved.path));
    }
    setOpen(next);
    setConflicts([]);
    const savedWarnings = problems.filter(
      (problem) => problem.severity === 'warning' && result.files.some((file) => file.path === problem.file),
    );
    const unused = result.noLongerUsed;
    setStatus(
      `Saved ${result.files.map((file) => file.path).join(', ')}.${savedWarnings.length > 0 ? ` With ${savedWarnings.length} ${savedWarnings.length === 1 ? 'warning' : 'warnings'} to check, listed above.` : ''}${
        unused.length > 0
          ? ` ${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} no longer used by any page: Publish offers to remove ${unused.length === 1 ? 'it' : 'them'}.`
          : ''
      }`,
    );
    // New files and new names (a page's address, an influencer's name) show in the list.
    void listFiles().then((list) => setFiles(list.files));
    scheduleCheck(next, selected);
  };

  // A new page, influencer or project opens as an unsaved change: a new file, or a list file with the entry added.
  const create = async (request: NewEntryRequest) => {
    const made = await createEntry(request, changes(open));
    let openNow = open;
    if (made.baseVersion === null) {
      setFiles((before) => [...before.filter((file) => file.path !== made.path), made.file]);
      // The list entry is stored with the draft, so the new file survives a reload before it is saved.
      localStorage.setItem(
        draftKey(made.path),
        JSON.stringify({ data: made.data, baseVersion: null, entry: made.file } satisfies Draft),
      );
      openNow = { ...open, [made.path]: opened({ path: made.path, text: '', version: null }, made.data) };
      setOpen(openNow);
      scheduleCheck(openNow, made.path);
    } else {
      const listFile = open[made.path] ?? opened(await openFile(made.path));
      openNow = update(made.path, edited(listFile, made.data, performance.now()), open, made.path);
    }
    setSelected(made.path);
    setView('edit');
    const name = request.what === 'page' ? request.route : request.what === 'influencer' ? request.name : request.title;
    setStatus(
      `${name} is ready to fill in: write in each empty box (it shows an example of what goes there), then Save.`,
    );
    // An entry added to a list file is at its end: its first field gets the focus.
    const list = (made.data as Record<string, unknown>)[`${request.what}s`];
    if (made.baseVersion !== null && Array.isArray(list)) {
      window.setTimeout(
        () =>
          document
            .getElementById(
              fieldId([`${request.what}s`, list.length - 1, request.what === 'influencer' ? 'name' : 'title']),
            )
            ?.focus(),
        100,
      );
    }
  };

  // Keep mine: save again over the version now on disk. Take theirs: drop my changes to that file.
  const keepMine = (path: string) => {
    const disk = conflicts.find((conflict) => conflict.path === path)!;
    void save(
      unsaved.map((change) => (change.path === path ? { ...change, baseVersion: disk.version || null } : change)),
    );
  };
  const takeTheirs = (path: string) => {
    const disk = conflicts.find((conflict) => conflict.path === path)!;
    localStorage.removeItem(draftKey(path));
    update(path, opened(disk));
    setConflicts(conflicts.filter((conflict) => conflict.path !== path));
  };

  // After publishing, getting the latest or an undo: the file list and every open file without unsaved changes are
  // read again. A file with unsaved changes keeps them, measured against the version they were made to.
  const reloadFromDisk = async () => {
    const list = await listFiles();
    setFiles((before) => [
      ...list.files,
      ...before.filter(
        (file) => open[file.path]?.base.version === null && !list.files.some((listed) => listed.path === file.path),
      ),
    ]);
    const next: Record<string, OpenFile> = {};
    for (const [path, file] of Object.entries(open)) {
      if (isChanged(file)) next[path] = file;
      else {
        const disk = await openFile(path).catch(() => undefined);
        if (disk) next[path] = opened(disk);
      }
    }
    setOpen(next);
    if (selected && !next[selected]) setSelected(undefined);
    scheduleCheck(next, selected && next[selected] ? selected : undefined);
  };

  // Deleted with the places that pointed to it: closed, out of the list, and the files it changed read again.
  const deleted = (result: SaveResult & { status: 'saved' }, plan: RemovalPlan, places: PlacesChoice) => {
    const next = { ...open };
    delete next[plan.path];
    localStorage.removeItem(draftKey(plan.path));
    const keptUnsaved: string[] = [];
    for (const saved of result.files) {
      const file = next[saved.path];
      if (file && isChanged(file)) keptUnsaved.push(saved.path);
      else if (file) next[saved.path] = opened(saved);
    }
    setOpen(next);
    setSelected(undefined);
    setView('files');
    const pointed = plan.places.length;
    const names = [...new Set(plan.places.map((place) => place.fileName))].join(', ');
    setStatus(
      `Deleted ${plan.name}.${
        pointed === 0
          ? ''
          : places.action === 'repoint'
            ? ` The ${pointed === 1 ? 'place' : `${pointed} places`} that pointed to it (${names}) now ${pointed === 1 ? 'points' : 'point'} to ${places.to}.`
            : ` The ${pointed === 1 ? 'place' : `${pointed} places`} that pointed to it (${names}) ${pointed === 1 ? 'was' : 'were'} removed too.`
      }${keptUnsaved.length > 0 ? ` Your unsaved changes to ${keptUnsaved.join(', ')} are kept; Save shows them beside the new version.` : ''} Publish puts this online.`,
    );
    void listFiles().then((list) => setFiles(list.files));
    scheduleCheck(next, undefined);
  };

  // The file list follows the disk: a file added or removed by another program shows, or goes, within seconds. An
  // open file removed there closes, unless it holds unsaved changes (Save then shows that it was deleted).
  useEffect(() => {
    let stopped = false;
    const follow = async () => {
      if (stopped || document.visibilityState !== 'visible') return;
      const list = await listFiles().catch(() => undefined);
      if (!list || stopped) return;
      setFiles((before) => {
        const unsavedNew = before.filter(
          (file) => open[file.path]?.base.version === null && !list.files.some((listed) => listed.path === file.path),
        );
        const next = [...list.files, ...unsavedNew];
        return sameJson(next, before) ? before : next;
      });
      const gone = Object.entries(open).filter(
        ([path, file]) =>
          file.base.version !== null && !isChanged(file) && !list.files.some((listed) => listed.path === path),
      );
      if (gone.length === 0) return;
      const next = { ...open };
      for (const [path] of gone) delete next[path];
      setOpen(next);
      if (selected && gone.some(([path]) => path === selected)) setSelected(undefined);
      setStatus(
        `${gone.map(([path]) => path).join(', ')} ${gone.length === 1 ? 'was' : 'were'} removed outside the editor.`,
      );
      scheduleCheck(next, selected && next[selected] ? selected : undefined);
    };
    const timer = window.setInterval(() => void follow(), 5000);
    const onFocus = () => void follow();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [open, selected, scheduleCheck]);

  // A tab with unsaved changes asks before it closes.
  useEffect(() => {
    if (unsaved.length === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (!isRestarting()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved.length]);

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
  const entry = files.find((file) => file.path === selected);
  const file = selected ? open[selected] : undefined;
  const fileProblems = useMemo(() => problems.filter((problem) => problem.file === selected), [problems, selected]);
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
    await select(problem.file);
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

  return (
    <ProblemWordsContext.Provider value={inWords}>
      <div className="editor" data-view={view}>
        <header className="editor-bar">
          <h1>Site editor</h1>
          <div role="group" aria-label="Show" className="view-switch">
            {VIEWS.map(([name, label]) => (
              <button key={name} type="button" aria-pressed={view === name} onClick={() => setView(name)}>
                {label}
              </button>
            ))}
          </div>
          <div className="editor-actions">
            <button type="button" onClick={() => step(-1)} disabled={!canStep(file, -1)}>
              Undo
            </button>
            <button type="button" onClick={() => step(1)} disabled={!canStep(file, 1)}>
              Redo
            </button>
            <button type="button" className="primary" onClick={() => void save()} disabled={unsaved.length === 0}>
              Save{unsaved.length > 0 ? ` (${unsaved.length} ${unsaved.length === 1 ? 'file' : 'files'})` : ''}
            </button>
            <PublishingButtons unsavedFiles={unsaved.length} onFilesChanged={reloadFromDisk} onStatus={setStatus} />
          </div>
          <p role="status" className="editor-status">
            {status}
          </p>
        </header>
        <nav aria-label="Config files" className="editor-files">
          <div className="new-entries">
            {(['page', 'influencer', 'project'] as const).map((what) => (
              <NewEntryDialog key={what} what={what} kinds={pageKinds} onCreate={create} />
            ))}
          </div>
          <label htmlFor="find-file" className="find-file">
            Find a file
          </label>
          <input
            id="find-file"
            type="search"
            value={find}
            onChange={(event) => setFind(event.target.value)}
            placeholder="Name, address or path"
          />
          {groups.map((group) => {
            const shown = files.filter((candidate) => candidate.group === group && matchesFind(candidate, find));
            return shown.length === 0 ? null : (
              <section key={group} aria-labelledby={`group-${group.replace(/\W+/g, '-')}`}>
                <h2 id={`group-${group.replace(/\W+/g, '-')}`}>{group}</h2>
                <ul>
                  {shown.map((candidate) => (
                    <li key={candidate.path}>
                      <button
                        type="button"
                        aria-current={candidate.path === selected ? 'page' : undefined}
                        onClick={() => void select(candidate.path)}
                        title={
                          candidate.address ? `${candidate.path}, the page at ${candidate.address}` : candidate.path
                        }
                      >
                        {candidate.label}
                        {open[candidate.path] && isChanged(open[candidate.path]!) ? ' •' : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </nav>
        <main className="editor-main">
          {problems.length > 0 && (
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
                {[...errors, ...warnings].map((problem) => (
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
          {conflicts.map((conflict) => (
            <section key={conflict.path} aria-label={`Conflict in ${conflict.path}`} className="editor-conflict">
              <h2>{conflict.path} changed on disk</h2>
              <div className="editor-compare">
                <div>
                  <h3>On disk now</h3>
                  <pre>{conflict.text || '(the file was deleted)'}</pre>
                </div>
                <div>
                  <h3>Yours</h3>
                  <pre>{conflict.yours}</pre>
                </div>
              </div>
              <button type="button" onClick={() => keepMine(conflict.path)}>
                Keep mine (replace the version on disk)
              </button>{' '}
              <button type="button" onClick={() => takeTheirs(conflict.path)}>
                Take the version on disk (drop my changes)
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
                    onDeleted={deleted}
                  />
                )}
              </div>
              {entry.schema === FORM_SCHEMA ? (
                <FormDesigner
                  key={`${entry.path}:${file.reading}`}
                  schema={schemas[entry.schema]!}
                  data={current(file)}
                  problems={fileProblems}
                  onChange={(data) => edit(entry.path, data)}
                  pages={sitePages}
                />
              ) : (
                <ConfigFileForm
                  key={`${entry.path}:${file.reading}`}
                  schema={schemas[entry.schema]!}
                  data={current(file)}
                  saved={savedData}
                  problems={fileProblems}
                  onChange={(data) => edit(entry.path, data)}
                  onFocusField={focusField}
                  pages={sitePages}
                />
              )}
            </section>
          ) : (
            <p>Choose a file on the left: the site's settings, a page, an influencer, a form…</p>
          )}
        </main>
        <PreviewPane payload={preview.payload} addresses={preview.addresses} behind={preview.behind} />
      </div>
    </ProblemWordsContext.Provider>
  );
}

import { useSyncExternalStore } from 'react';
import type { EditorStore } from './editor-store.ts';
import { isChanged } from './file-history.ts';
import type { FileEntry } from '../protocol/files.ts';

/** Whether a file is one the author looks for: its name in the list or its path holds every word they typed. */
const matchesFind = (file: FileEntry, find: string) =>
  find
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .every((word) => `${file.label} ${file.address ?? ''} ${file.path}`.toLowerCase().includes(word));

/**
 * The site's config files by group, as the author knows them (a page by its name, an influencer by theirs), with a
 * box to find one, the file shown marked, and a dot on each file with unsaved changes.
 */
export function FileList({ store }: { store: EditorStore }) {
  const { files, groups, open, selected, find } = useSyncExternalStore(store.subscribe, store.getState);
  return (
    <>
      <label htmlFor="find-file" className="find-file">
        Find a file
      </label>
      <input
        id="find-file"
        type="search"
        value={find}
        onChange={(event) => store.findFiles(event.target.value)}
        placeholder="Name, address or path"
      />
      {groups.map((group) => {
        const shown = files.filter((candidate) => candidate.group === group && matchesFind(candidate, find));
        const heading = `group-${group.replace(/\W+/g, '-')}`;
        return shown.length === 0 ? null : (
          <section key={group} aria-labelledby={heading}>
            <h2 id={heading}>{group}</h2>
            <ul>
              {shown.map((candidate) => (
                <li key={candidate.path}>
                  <button
                    type="button"
                    aria-current={candidate.path === selected ? 'page' : undefined}
                    onClick={() => void store.select(candidate.path)}
                    title={candidate.address ? `${candidate.path}, the page at ${candidate.address}` : candidate.path}
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
    </>
  );
}

// @vitest-environment jsdom
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameProblem } from '../../content/file-names.ts';
import { copyOfSpecSite } from '../../testing/edited-site.ts';
import { editorOnDisk } from '../../testing/editor-on-disk.ts';
import { MemoryShelf } from '../../testing/editor-memory-shelf.ts';
import { ensureHeldMediaFolder } from '../git/held-media.ts';
import { PageContexts } from './backend.ts';
import { EditorStore } from './editor-store.ts';
import { HeldUploadsLine, HeldUploadsList } from './HeldUploadsList.tsx';

let site: { root: string; remove: () => void } | undefined;
afterEach(() => {
  cleanup();
  site?.remove();
  vi.restoreAllMocks();
});

describe('the list of uploads waiting for a save', () => {
  it('says what is wrong with a name held from before, and renames and removes it as the author asks', async () => {
    site = copyOfSpecSite();
    writeFileSync(join(ensureHeldMediaFolder(site.root), 'con.png'), 'held before names were checked');
    const store = new EditorStore(editorOnDisk(site.root), { shelf: new MemoryShelf(), tab: async () => 'tab' });
    await store.uploads.refresh();
    render(
      <PageContexts store={store}>
        <HeldUploadsLine uploads={store.uploads} />
        <HeldUploadsList uploads={store.uploads} />
      </PageContexts>,
    );
    expect(screen.getByRole('button', { name: '1 upload waiting for a save (1 to rename)' })).toBeTruthy();
    // The list as the media picker shows it (the line's own opens in a dialog).
    const list = within(screen.getByRole('region', { name: 'Uploads waiting for a save' }));
    expect(list.getByRole('alert').textContent).toBe(
      `con.png ${fileNameProblem('con.png')} A save that uses it is refused until then.`,
    );
    expect(list.getByText(/^No unsaved change uses it yet/)).toBeTruthy();

    fireEvent.click(list.getByRole('button', { name: 'Rename con.png…' }));
    const name = list.getByLabelText('New name for con.png') as HTMLInputElement;
    expect(name.value).toBe('con');
    fireEvent.change(name, { target: { value: 'aux' } });
    fireEvent.click(list.getByRole('button', { name: 'Rename' }));
    expect(
      await list.findByText(`Not renamed: aux.png ${fileNameProblem('aux.png')} It keeps its name, con.png.`),
    ).toBeTruthy();
    fireEvent.change(name, { target: { value: 'cover' } });
    fireEvent.click(list.getByRole('button', { name: 'Rename' }));
    expect(await list.findByText('Renamed /media/con.png to /media/cover.png.')).toBeTruthy();
    expect(list.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: '1 upload waiting for a save' })).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    fireEvent.click(list.getByRole('button', { name: 'Remove cover.png' }));
    expect(confirm).toHaveBeenCalledWith('Remove cover.png? It was never saved, so it is gone for good.');
    expect(await list.findByText('None: every upload is saved, or was removed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /waiting for a save/ })).toBeNull();
  });
});

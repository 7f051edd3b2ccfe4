/**
 * Gives every creator of a site a photo and every project an image, drawn (fixture-pictures.ts) into its public/
 * folder and named in its config with alt text and a focus, as an agency would once it has pictures: the photo site
 * of the browser tests and benches, and the scale bench's 10,000 creators with photos.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFixturePicture } from './fixture-pictures.ts';

type Entry = Record<string, unknown>;

/** The entries of a collection, one file per entry or one list, with a way to write each back. */
function entriesOf(root: string, name: 'influencers' | 'projects'): { entries: Entry[]; save: () => void } {
  const folder = join(root, 'config/collections', name);
  if (existsSync(folder)) {
    const files = readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort();
    const entries = files.map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Entry);
    return {
      entries,
      save: () =>
        files.forEach((file, index) =>
          writeFileSync(join(folder, file), `${JSON.stringify(entries[index], null, 2)}\n`),
        ),
    };
  }
  const file = join(root, 'config/collections', `${name}.json`);
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry[]>;
  return { entries: list[name]!, save: () => writeFileSync(file, `${JSON.stringify(list, null, 2)}\n`) };
}

/** Draws a photo for every creator and an image for every project of the site in `root`, a few at a time. */
export async function addPictures(root: string): Promise<{ photos: number; images: number }> {
  const influencers = entriesOf(root, 'influencers');
  const projects = entriesOf(root, 'projects');
  const jobs: (() => Promise<void>)[] = [];
  for (const person of influencers.entries) {
    const src = `/media/creators/${String(person.id)}.jpg`;
    person.photo = { src, alt: `${String(person.name)}, smiling, in a portrait`, focus: { x: 50, y: 35 } };
    jobs.push(() =>
      writeFixturePicture(join(root, 'public', src), { width: 800, height: 1000, seed: Number(person.id) }),
    );
  }
  projects.entries.forEach((project, index) => {
    const src = `/media/work/project-${index + 1}.jpg`;
    project.image = { src, alt: `A still from ${String(project.title)}` };
    jobs.push(() => writeFixturePicture(join(root, 'public', src), { width: 1600, height: 900, seed: 1000 + index }));
  });
  const next = async (): Promise<void> => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await job();
  };
  await Promise.all([next(), next(), next(), next()]);
  influencers.save();
  projects.save();
  return { photos: influencers.entries.length, images: projects.entries.length };
}

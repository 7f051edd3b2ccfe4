import { FORM_RUNTIME_KEY } from './form-runtime.ts';

/**
 * The files the preview's renderer loads, taken from the editor's payload: each form's module, the directory's search
 * data and each profile (texts, made into blob: addresses of this frame), and uploads not yet published (data:
 * addresses). An address no payload named is the published site's.
 */
const files = new Map<string, string>();
/** Each text's blob: address, kept while the text is the same, so a module loaded once is not loaded again. */
const madeFrom = new Map<string, { text: string; address: string }>();

/** A form's module, its imports of packages read from the preview's own copies (form-runtime.ts). */
const runnable = (code: string) =>
  code.replace(
    /^import \* as (\w+) from "([^"]+)";$/gm,
    (_line, name: string, from: string) =>
      `const ${name} = globalThis[${JSON.stringify(FORM_RUNTIME_KEY)}][${JSON.stringify(from)}];`,
  );

export function takeHostedFiles(texts: Readonly<Record<string, string>>, media: Readonly<Record<string, string>>) {
  files.clear();
  for (const [path, text] of Object.entries(texts)) {
    let made = madeFrom.get(path);
    if (made?.text !== text) {
      if (made) URL.revokeObjectURL(made.address);
      const isModule = path.endsWith('.js');
      const blob = new Blob([isModule ? runnable(text) : text], {
        type: isModule ? 'text/javascript' : 'application/json',
      });
      made = { text, address: URL.createObjectURL(blob) };
      madeFrom.set(path, made);
    }
    files.set(path, made.address);
  }
  for (const [path, address] of Object.entries(media)) files.set(path, address);
}

/** The address of a file the payload brought, if it did. */
export const hostedFile = (path: string): string | undefined => files.get(path);

/** The address every data file the payload did not bring answers with: nothing (a profile then shows "not found"). */
let nothing: string | undefined;

/**
 * A data file of the site (/data/…, such as a creator's profile) the payload did not bring is not in the edited site
 * (the creator was deleted): it reads as nothing, as the local editor's preview answers 404. Never the published
 * site's, which may still have it, and which the frame's policy does not let it reach.
 */
export const missingData = (): string =>
  (nothing ??= URL.createObjectURL(new Blob(['null'], { type: 'application/json' })));

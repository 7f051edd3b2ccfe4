/**
 * What a form's compiled validators import (checker/form-modules.ts), for the forms the preview loads from the
 * editor's payload: a module made from text cannot name a package, so each import is read from here instead
 * (hosted-files.ts rewrites them).
 */
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import * as formats from 'ajv-formats/dist/formats';

export const FORM_RUNTIME_KEY = '__siteFormRuntime';

(globalThis as unknown as Record<string, unknown>)[FORM_RUNTIME_KEY] = {
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv-formats/dist/formats': formats,
};

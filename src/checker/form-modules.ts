import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { FormConfig } from '../generated/config-types.ts';

/**
 * The JSON Schema react-jsonschema-form validates a form against, named by the form's file name. The validators
 * are compiled from exactly this object, and the browser receives it with them, so both always agree.
 */
export function formSchemaOf(name: string, form: Pick<FormConfig, 'schema'>): RJSFSchema {
  return { $id: name, ...(form.schema as RJSFSchema) };
}

// The compiled validators are CommonJS; these are the only modules they require, and what to import instead. Both
// are CommonJS too: the build hands a default import its "default" export, Vite's dev server (the editor's preview)
// the whole module, so each is read by namespace and taken from wherever that tool put it.
const REQUIRE_REWRITES: readonly [pattern: RegExp, replacement: string, importLine: string][] = [
  [
    /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
    'ucs2length',
    'import * as ucs2lengthModule from "ajv/dist/runtime/ucs2length";\nconst ucs2length = [ucs2lengthModule.default, ucs2lengthModule.default?.default].find((candidate) => typeof candidate === "function");',
  ],
  [
    /require\("ajv-formats\/dist\/formats"\)\.fullFormats/g,
    'fullFormats',
    'import * as formatsModule from "ajv-formats/dist/formats";\nconst fullFormats = formatsModule.fullFormats ?? formatsModule.default?.fullFormats;',
  ],
];

/**
 * The ES module behind `virtual:form/<name>`: the form's config, its schema, and validators compiled from it at build
 * time, so the browser runs no Ajv compiler, no eval and no new Function (it works under script-src 'self').
 */
export function formModuleCode(name: string, form: FormConfig): string {
  let code = compileSchemaValidatorsCode(formSchemaOf(name, form), { ajvFormatOptions: ['email', 'uri'] }).replace(
    /^"use strict";/,
    '',
  );
  const imports: string[] = [];
  for (const [pattern, replacement, importLine] of REQUIRE_REWRITES) {
    if (!pattern.test(code)) continue;
    code = code.replace(pattern, replacement);
    imports.push(importLine);
  }
  const leftover = /require\("([^"]+)"\)/.exec(code);
  if (leftover)
    throw new Error(
      `The compiled validators of config/forms/${name}.json need "${leftover[1]}", which the build does not know how to import.`,
    );
  return [
    ...imports,
    'const exports = {};',
    code,
    'export const validateFns = exports;',
    `export const form = ${JSON.stringify(form)};`,
    `export const schema = ${JSON.stringify(formSchemaOf(name, form))};`,
  ].join('\n');
}

/** The ES module behind `virtual:forms`: a loader for each form of config/forms/, by file name. */
export function formLoadersCode(names: readonly string[]): string {
  const entries = names.map(
    (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`virtual:form/${name}`)}),`,
  );
  return ['export default {', ...entries, '};'].join('\n');
}

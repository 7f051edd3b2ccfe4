import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { FormConfig } from '../generated/config-types.ts';
import { rjsfSchemaOf } from '../forms/form-schema.ts';

// The compiled validators are CommonJS; these are the only modules they require, and what to import instead.
const REQUIRE_REWRITES: readonly [pattern: RegExp, replacement: string, importLine: string][] = [
  [/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length', 'import ucs2length from "ajv/dist/runtime/ucs2length";'],
  [/require\("ajv-formats\/dist\/formats"\)\.fullFormats/g, 'fullFormats', 'import { fullFormats } from "ajv-formats/dist/formats";'],
];

/**
 * The ES module behind `virtual:form/<name>`: the form's config and validators compiled from its schema at build
 * time, so the browser runs no Ajv compiler, no eval and no new Function (it works under script-src 'self').
 */
export function formModuleCode(name: string, form: FormConfig): string {
  let code = compileSchemaValidatorsCode(rjsfSchemaOf(name, form), { ajvFormatOptions: ['email', 'uri'] }).replace(/^"use strict";/, '');
  const imports: string[] = [];
  for (const [pattern, replacement, importLine] of REQUIRE_REWRITES) {
    if (!pattern.test(code)) continue;
    code = code.replace(pattern, replacement);
    imports.push(importLine);
  }
  const leftover = /require\("([^"]+)"\)/.exec(code);
  if (leftover) throw new Error(`The compiled validators of config/forms/${name}.json need "${leftover[1]}", which the build does not know how to import.`);
  return [
    ...imports,
    'const exports = {};',
    code,
    'export const validateFns = exports;',
    `export const form = ${JSON.stringify(form)};`,
  ].join('\n');
}

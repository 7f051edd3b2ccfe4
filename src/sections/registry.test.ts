import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionTypesOf } from '../checker/schema-registry.ts';
import { readSchemas } from '../checker/read-config-files.ts';
import { SECTION_REGISTRY } from './registry.ts';

describe('the section registry', () => {
  it('has a component for exactly the section types the schemas allow', async () => {
    const schemaTypes = sectionTypesOf(readSchemas(join(import.meta.dirname, '../../schemas')));
    expect(Object.keys(SECTION_REGISTRY).sort()).toEqual(schemaTypes);
    for (const type of schemaTypes) {
      const component = await SECTION_REGISTRY[type as keyof typeof SECTION_REGISTRY].component.preload();
      expect(typeof component, type).toBe('function');
    }
  });
});

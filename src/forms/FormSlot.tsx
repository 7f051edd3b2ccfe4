import { Box } from '@chakra-ui/react/box';
import { useEffect, useState } from 'react';
import { loadedForm, loadForm } from './form-loading.ts';
import { VisitorForm } from './VisitorForm.tsx';

/**
 * Where a page shows one of the forms of config/forms/, drawn by react-jsonschema-form with its build-time
 * validators. Sections that show a form load it first (form-loading.ts), so it draws at once; otherwise its place is
 * held, so the page does not jump, until it has loaded. A form that fails to load fails its section, as any error.
 */
export function FormSlot({ name }: { name: string }) {
  const [, setLoads] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const module = loadedForm(name);
  useEffect(() => {
    if (module) return undefined;
    let current = true;
    loadForm(name).then(
      () => current && setLoads((loads) => loads + 1),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [name, module]);
  if (failure) throw failure.error;
  if (!module) return <Box minH="30rem" aria-busy="true" />;
  return <VisitorForm name={name} form={module.form} schema={module.schema} validateFns={module.validateFns} />;
}

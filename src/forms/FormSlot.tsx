import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense } from 'react';
import type { FormName } from '../config/site-config';

// Form code (react-jsonschema-form, validators) loads only on pages that show a form.
const ConfigForm = lazy(() => import('./ConfigForm'));

/** Where a page shows one of the forms of config/forms/. */
export function FormSlot({ name }: { name: FormName }) {
  return (
    <Suspense fallback={<Box minH="30rem" aria-busy="true" />}>
      <ConfigForm name={name} />
    </Suspense>
  );
}

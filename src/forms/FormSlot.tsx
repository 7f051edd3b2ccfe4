import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense, type ComponentType } from 'react';
import type { FormName } from '../config/site-config';

// Each form's config and build-time validators, loaded only on pages that show that form.
const FORM_MODULES: Record<FormName, () => Promise<typeof import('virtual:form/*')>> = {
  'creator-application': () => import('virtual:form/creator-application'),
  'contact-inquiry': () => import('virtual:form/contact-inquiry'),
};

const loadedForms = new Map<FormName, ComponentType>();

function lazyForm(name: FormName): ComponentType {
  let component = loadedForms.get(name);
  if (!component) {
    component = lazy(async () => {
      const [{ ConfigForm }, module] = await Promise.all([import('./ConfigForm'), FORM_MODULES[name]()]);
      return { default: () => <ConfigForm name={name} form={module.form} validateFns={module.validateFns} /> };
    });
    loadedForms.set(name, component);
  }
  return component;
}

/** Where a page shows one of the forms of config/forms/ (react-jsonschema-form and its validators load with it). */
export function FormSlot({ name }: { name: FormName }) {
  const LoadedForm = lazyForm(name);
  return (
    <Suspense fallback={<Box minH="30rem" aria-busy="true" />}>
      <LoadedForm />
    </Suspense>
  );
}

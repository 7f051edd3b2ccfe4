import { Box } from '@chakra-ui/react/box';
import { lazy, Suspense, type ComponentType } from 'react';
import type { FormName } from '../config/site-config';

// Each form's config and build-time validators, loaded only on pages that show that form.
const FORM_MODULES: Record<FormName, () => Promise<typeof import('virtual:form/*')>> = {
  'creator-application': () => import('virtual:form/creator-application'),
  'contact-inquiry': () => import('virtual:form/contact-inquiry'),
};

const readyForms = new Map<FormName, ComponentType>();
const lazyForms = new Map<FormName, ComponentType>();

async function loadForm(name: FormName): Promise<ComponentType> {
  const [{ ConfigForm }, module] = await Promise.all([import('./ConfigForm'), FORM_MODULES[name]()]);
  const Ready = () => <ConfigForm name={name} form={module.form} validateFns={module.validateFns} />;
  readyForms.set(name, Ready);
  return Ready;
}

/** Loads a form's code and validators ahead of rendering it, so pre-rendering and hydration never wait. */
export function preloadForm(name: FormName): Promise<unknown> {
  return loadForm(name);
}

function formComponent(name: FormName): ComponentType {
  let component = lazyForms.get(name);
  if (!component) {
    component = lazy(() => loadForm(name).then((Ready) => ({ default: Ready })));
    lazyForms.set(name, component);
  }
  return component;
}

/** Where a page shows one of the forms of config/forms/ (react-jsonschema-form and its validators load with it). */
export function FormSlot({ name }: { name: FormName }) {
  const ready = readyForms.get(name);
  if (ready) {
    const ReadyForm = ready;
    return <ReadyForm />;
  }
  const LoadingForm = formComponent(name);
  return (
    <Suspense fallback={<Box minH="30rem" aria-busy="true" />}>
      <LoadingForm />
    </Suspense>
  );
}

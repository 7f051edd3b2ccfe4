import { Box } from '@chakra-ui/react/box';
import formLoaders from 'virtual:forms';
import { preloadable, type Preloadable } from '../ui/preloadable';

type FormLoader = (typeof formLoaders)[string];
// By loader, not by name: a form given a new loader (the editor's preview, after an edit) loads its new config.
const forms = new WeakMap<FormLoader, Preloadable<object>>();

/** A form of config/forms/ with react-jsonschema-form and its build-time validators, loaded when first needed. */
function formComponent(name: string): Preloadable<object> {
  const load = formLoaders[name];
  if (!load) throw new Error(`There is no form config/forms/${name}.json. Run npm run validate to see how to fix config/.`);
  let form = forms.get(load);
  if (!form) {
    form = preloadable(
      async () => {
        const [{ VisitorForm }, module] = await Promise.all([import('./VisitorForm'), load()]);
        return () => <VisitorForm name={name} form={module.form} schema={module.schema} validateFns={module.validateFns} />;
      },
      // Holds the form's place while its code loads, so the page does not jump.
      <Box minH="30rem" aria-busy="true" />,
    );
    forms.set(load, form);
  }
  return form;
}

/** Loads a form's code and validators ahead of rendering it, so pre-rendering and hydration never wait. */
export function preloadForm(name: string): Promise<unknown> {
  return formComponent(name).preload();
}

/** Where a page shows one of the forms of config/forms/. */
export function FormSlot({ name }: { name: string }) {
  const { Component } = formComponent(name);
  return <Component />;
}

import type { FormName } from '../config/site-config';

/** Renders a form of config/forms/ (the react-jsonschema-form integration comes with the forms work). */
export default function ConfigForm({ name }: { name: FormName }) {
  return <div data-form={name} />;
}

import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';
import { editorDrawing } from '../../content/schema-keywords.ts';
import { LinesWidget } from './LinesWidget.tsx';
import { LinkWidget } from './LinkWidget.tsx';
import { MediaWidget } from './MediaWidget.tsx';

const DefaultText = getDefaultRegistry().widgets.TextWidget!;

/**
 * Text, a link with the site's pages offered, or a file of public/ with its picker when the field names one; a text
 * its schema says is written over several lines ("x-lines") or formatted ("x-markdown") is a box that many lines
 * tall, with the formatting buttons when it is formatted.
 */
export function TextOrMediaWidget(given: WidgetProps) {
  // An empty box shows an example of what to write: the schema's, or its kind of block's ready-made one.
  const { schema } = given;
  const example =
    typeof schema['x-example'] === 'string'
      ? schema['x-example']
      : Array.isArray(schema.examples) && typeof schema.examples[0] === 'string'
        ? schema.examples[0]
        : undefined;
  // A required text the author empties stays in the file, empty, so the checker says so at its box; an optional one
  // goes.
  const options = { ...given.options, emptyValue: given.required ? '' : undefined };
  const props =
    given.placeholder || !example
      ? { ...given, options }
      : { ...given, options, placeholder: `e.g. ${example.split('\n')[0]!}` };
  // What the schema's own keywords say the field is (src/content/schema-keywords.ts).
  switch (editorDrawing(schema)) {
    case 'formatted':
    case 'lines':
      return <LinesWidget {...props} />;
    case 'media':
      return <MediaWidget {...props} />;
    case 'link':
      return <LinkWidget {...props} />;
    default:
      return <DefaultText {...props} />;
  }
}

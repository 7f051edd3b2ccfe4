import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { chakra, type SystemStyleObject } from '@chakra-ui/react/styled-system';
import {
  ariaDescribedByIds,
  getInputProps,
  helpId,
  type BaseInputTemplateProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { FieldGroup } from '../generated/config-types.ts';
import { FIELD_ERROR_CLASS, fieldErrorId } from './form-markup.ts';

/** One look for every control: inputs, the textarea and selects. Error state comes from aria-invalid. */
const controlStyle: SystemStyleObject = {
  display: 'block',
  width: '100%',
  minHeight: '11',
  px: '3',
  py: '2',
  fontSize: 'md',
  bg: 'white',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'gray.400',
  rounded: 'md',
  _placeholder: { color: 'gray.600' },
  _hover: { borderColor: 'gray.600' },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'brand.focusRing',
    outlineOffset: '1px',
    borderColor: 'brand.focusRing',
  },
  _invalid: { borderColor: 'red.600', borderWidth: '2px' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
};

/** Props shared by every control: RJSF's id (so the label's for= matches), required, and the error wiring. */
function controlProps({ id, htmlName, required, disabled, readonly, autofocus, rawErrors, schema }: WidgetProps) {
  return {
    id,
    name: htmlName || id,
    required,
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id, Boolean(schema.examples)),
  };
}

/** RJSF's change, blur and focus callbacks for any control; an emptied field becomes the schema's empty value. */
function controlEvents({ id, onChange, onBlur, onFocus, options }: WidgetProps) {
  type Target = { target: { value: string } };
  return {
    onChange: (event: Target) => onChange(event.target.value === '' ? options.emptyValue : event.target.value),
    onBlur: (event: Target) => onBlur(id, event.target.value),
    onFocus: (event: Target) => onFocus(id, event.target.value),
  };
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { value, options, schema, type, placeholder } = props;
  return (
    <chakra.input
      {...controlProps(props)}
      {...getInputProps(schema, type, options)}
      {...controlEvents(props)}
      css={controlStyle}
      value={value ?? ''}
      placeholder={placeholder}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  const { value, options, placeholder } = props;
  return (
    <chakra.textarea
      {...controlProps(props)}
      {...controlEvents(props)}
      css={{ ...controlStyle, resize: 'vertical' }}
      rows={typeof options.rows === 'number' ? options.rows : 5}
      value={value ?? ''}
      placeholder={placeholder}
    />
  );
}

/** A native select: keyboard, screen readers and phones all know it. Values are the options' own values. */
function SelectWidget(props: WidgetProps) {
  const { value, options, placeholder } = props;
  return (
    <chakra.select
      {...controlProps(props)}
      {...controlEvents(props)}
      css={{ ...controlStyle, appearance: 'auto' }}
      value={value ?? ''}
    >
      <option value="">{placeholder}</option>
      {(options.enumOptions ?? []).map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </chakra.select>
  );
}

/** An input of one HTML type (email, tel, url), so browsers offer the right keyboard and autofill. */
function inputWidget(type: string) {
  return function InputWidget(props: WidgetProps) {
    const { BaseInputTemplate: Input } = props.registry.templates;
    return <Input {...props} type={type} />;
  };
}

function FieldTemplate({
  id,
  label,
  required,
  displayLabel,
  children,
  errors,
  help,
  hidden,
  classNames,
}: FieldTemplateProps) {
  if (hidden) return <Box display="none">{children}</Box>;
  if (id === 'root') return <>{children}</>;
  return (
    <Box className={classNames} mb="5">
      {displayLabel ? (
        <chakra.label htmlFor={id} display="block" fontWeight="semibold" mb="1.5" color="brand.950">
          {label}
          {required ? (
            <Box as="span" color="red.700" ms="1" aria-hidden="true">
              *
            </Box>
          ) : null}
        </chakra.label>
      ) : null}
      {children}
      {help}
      {errors}
    </Box>
  );
}

function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <Box as="p" id={helpId(fieldPathId.$id)} mt="1.5" fontSize="sm" color="fg.muted">
      {help}
    </Box>
  );
}

/** A field's message: plain markup with a page-wide class, so the form's first answer writes the same (form-markup.ts). */
function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  return (
    <div id={fieldErrorId(fieldPathId.$id)} className={FIELD_ERROR_CLASS}>
      {errors.map((error, index) => (
        <p key={index}>{error}</p>
      ))}
    </div>
  );
}

/** The form's fields, in the groups of uiSchema "ui:groups" (each a fieldset with a heading), or in one list. */
function ObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const groups = (uiSchema?.['ui:groups'] as FieldGroup[] | undefined) ?? [];
  const byName = new Map(properties.map((property) => [property.name, property.content]));
  if (groups.length === 0) return <>{properties.map((property) => property.content)}</>;
  return (
    <>
      {groups.map((group, index) => (
        <chakra.fieldset key={index} mb="8" borderWidth="0" p="0" m="0" minW="0">
          <chakra.legend p="0" mb="4" w="full">
            <Heading as="h2" size="xl" color="brand.950" pb="2" borderBottomWidth="2px" borderColor="accent.400">
              {group.title}
            </Heading>
          </chakra.legend>
          {group.description ? (
            <Box as="p" color="fg.muted" mt="-2" mb="4">
              {group.description}
            </Box>
          ) : null}
          <FieldGrid columns={group.columns ?? 1}>{group.fields.map((name) => byName.get(name))}</FieldGrid>
        </chakra.fieldset>
      ))}
    </>
  );
}

/** Fields one per row, or two side by side from the md breakpoint up when the group asks for it. */
function FieldGrid({ children, columns }: { children: ReactNode; columns: number }) {
  return (
    <Box display="grid" columnGap="5" gridTemplateColumns={{ base: '1fr', md: columns === 2 ? '1fr 1fr' : '1fr' }}>
      {children}
    </Box>
  );
}

const Nothing = () => null;

/** The templates react-jsonschema-form renders our forms with, instead of its Bootstrap-flavoured defaults. */
export const formTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  FieldHelpTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate: Nothing,
  DescriptionFieldTemplate: Nothing,
  TitleFieldTemplate: Nothing,
};

/** A widget for each "ui:widget" value config/forms/ may use (schemas/form.schema.json), and RJSF's defaults. */
export const formWidgets: RegistryWidgetsType = {
  text: inputWidget('text'),
  email: inputWidget('email'),
  tel: inputWidget('tel'),
  url: inputWidget('url'),
  textarea: TextareaWidget,
  select: SelectWidget,
  TextareaWidget,
  SelectWidget,
};

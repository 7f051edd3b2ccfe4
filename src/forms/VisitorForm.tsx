import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import config from 'virtual:site-shell';
import { deliveryMethodOf } from '../content/delivery-methods.ts';
import type { FormConfig } from '../generated/config-types.ts';
import { showToast } from '../layout/Toaster.tsx';
import { ActionLink } from '../ui/ActionLink.tsx';
import { useAddress } from '../ui/navigation.tsx';
import { clearDraft, readDraft, saveDraft } from './form-draft.ts';
import { takeFirstSubmit } from './first-submit.ts';
import { rjsfUiSchemaOf } from './form-schema.ts';
import { sendFormAnswers, type FormAnswers } from './send-form.ts';
import { formTemplates, formWidgets } from './form-templates.tsx';
import { toVisitorErrors } from './visitor-messages.ts';

export interface ConfigFormProps {
  /** The form's file name in config/forms/. */
  readonly name: string;
  readonly form: FormConfig;
  /** The JSON Schema the build compiled the validators from (src/checker/form-modules.ts). */
  readonly schema: RJSFSchema;
  /** The validators compiled from the form's schema at build time. */
  readonly validateFns: ValidatorFunctions;
}

type Status = 'editing' | 'sending' | 'sent';

/**
 * Any form of config/forms/, rendered by react-jsonschema-form. Nothing is marked before the first submit;
 * a submit shows every error and focuses the first; after that, fields re-validate as the visitor types.
 */
export function VisitorForm({ name, form, schema, validateFns }: ConfigFormProps) {
  const { timing } = config.site;
  const uiSchema = useMemo(() => rjsfUiSchemaOf(form), [form]);
  const validator = useMemo(() => createPrecompiledValidator(validateFns, schema), [validateFns, schema]);
  // Send pressed before the form attached was answered on its HTML (first-answer.ts): the form starts from there, so
  // its first render is the page as it stands (the answers, the marks), and it validates as the visitor types.
  const [firstSubmit] = useState(() => takeFirstSubmit(name));
  const [answers, setAnswers] = useState<FormAnswers>(firstSubmit?.answers ?? {});
  const [triedToSubmit, setTriedToSubmit] = useState(firstSubmit !== undefined);
  // The messages on the page then, drawn as RJSF draws its own (it validates only once the visitor goes on), until the
  // visitor changes or sends anything.
  const [shownBefore, setShownBefore] = useState(() => firstSubmit && errorSchemaOf(firstSubmit.messages));
  const [status, setStatus] = useState<Status>('editing');
  const address = useAddress();
  const successHeading = useRef<HTMLHeadingElement>(null);
  const sending = useRef(false);
  const trap = useRef<HTMLInputElement>(null);
  const fieldNames = Object.keys(form.schema.properties);
  const trapName = trapFieldName(fieldNames);
  const { behaviour, toasts, delivery } = form;
  // A real delivery waits for the receiver's answer; the spec's log-only send shows it only when it simulates sending.
  const deliveryMethod = delivery && deliveryMethodOf(delivery);
  const showsSending = deliveryMethod?.sends === true || behaviour.simulateSending;

  // The toasts that Send owes the visitor, once the form can draw them.
  useEffect(() => {
    for (const toast of firstSubmit?.toasts ?? []) showToast(toast);
  }, [firstSubmit]);

  // A draft is read after hydration, so the pre-rendered form and the first client render agree.
  useEffect(() => {
    // (Not over answers the visitor has just sent before the form attached: those are on the page.)
    const draft = behaviour.saveDraft && !firstSubmit ? readDraft(name) : undefined;
    if (draft) setAnswers(draft);
  }, [behaviour.saveDraft, name, firstSubmit]);

  // After a successful send, go on to the next page after the configured time, unless the visitor has left.
  useEffect(() => {
    if (status !== 'sent') return undefined;
    successHeading.current?.focus();
    if (!behaviour.redirectTo) return undefined;
    const timer = window.setTimeout(() => address.go(behaviour.redirectTo!), timing.applicationRedirectMs);
    return () => window.clearTimeout(timer);
  }, [status, behaviour.redirectTo, address, timing.applicationRedirectMs]);

  const onChange = (next: FormAnswers) => {
    setShownBefore(undefined);
    setAnswers(next);
    if (behaviour.saveDraft) saveDraft(name, next);
  };

  const onError = (errors: RJSFValidationError[]) => {
    setShownBefore(undefined);
    setTriedToSubmit(true);
    const incomplete = errors.some((error) => error.name === 'required');
    if (incomplete && behaviour.whenIncomplete === 'show-toast' && toasts.incomplete)
      showToast({ type: 'error', ...toasts.incomplete });
  };

  const succeed = () => {
    showToast({ type: 'success', ...toasts.success });
    if (behaviour.saveDraft) clearDraft(name);
    if (behaviour.clearOnSuccess) {
      setAnswers({});
      setTriedToSubmit(false);
    }
    setStatus(behaviour.successView ? 'sent' : 'editing');
  };

  const onSubmit = async (submitted: FormAnswers) => {
    setShownBefore(undefined);
    setTriedToSubmit(true);
    // One send at a time: a double click, or Enter pressed twice, sends once.
    if (sending.current) return;
    // Only software fills the trap field, which people never see: it is told "sent", and nothing is sent.
    if (trap.current?.value) return succeed();
    sending.current = true;
    if (showsSending) setStatus('sending');
    try {
      await sendFormAnswers(name, submitted, delivery, behaviour.simulateSending ? timing.simulatedSubmitMs : 0);
    } catch (error) {
      // Every answer stays in the form (and in the draft), so the visitor can send again.
      console.warn(`The answers of config/forms/${name}.json were not delivered. ${(error as Error).message}`);
      setStatus('editing');
      if (toasts.failure) showToast({ type: 'error', ...toasts.failure });
      return;
    } finally {
      sending.current = false;
    }
    succeed();
  };

  if (status === 'sent' && behaviour.successView) {
    const view = behaviour.successView;
    return (
      <Box textAlign="center" py="10" role="status">
        <Box
          aria-hidden="true"
          mx="auto"
          mb="6"
          w="16"
          h="16"
          rounded="full"
          bg="brand.muted"
          color="brand.solid"
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="3xl"
        >
          ✓
        </Box>
        <Heading
          as="h2"
          ref={successHeading}
          tabIndex={-1}
          size="2xl"
          color="brand.950"
          mb="4"
          _focus={{ outline: 'none' }}
        >
          {view.heading}
        </Heading>
        <Box as="p" color="fg.muted" fontSize="lg" maxW="lg" mx="auto" mb="8">
          {view.text}
        </Box>
        <ActionLink action={view.action} />
      </Box>
    );
  }

  return (
    <>
      {deliveryMethod?.declaredInHtml && (
        <NetlifyFormDeclaration name={name} fieldNames={fieldNames} trapName={trapName} />
      )}
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={answers}
        extraErrors={shownBefore}
        templates={formTemplates}
        widgets={formWidgets}
        noHtml5Validate
        // A choice is the visitor's to make: never preselect the first option of a select.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never', emptyObjectFields: 'skipDefaults' }}
        showErrorList={false}
        focusOnFirstError
        liveValidate={triedToSubmit ? 'onChange' : undefined}
        transformErrors={(errors) => toVisitorErrors(errors, form)}
        onChange={({ formData }) => onChange((formData as FormAnswers | undefined) ?? {})}
        onError={onError}
        onSubmit={({ formData }) => void onSubmit((formData as FormAnswers | undefined) ?? {})}
      >
        {/* A field for spam software only: off screen, inert (never focused, never announced) and not in the answers. */}
        <Box aria-hidden="true" inert position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
          <input
            ref={trap}
            type="text"
            name={trapName}
            id={`${name}-${trapName}`}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </Box>
        <Button
          type="submit"
          size="lg"
          colorPalette="brand"
          w={{ base: 'full', sm: 'auto' }}
          disabled={status === 'sending'}
          mt="2"
        >
          {status === 'sending' ? form.submit.busyLabel : form.submit.label}
        </Button>
      </Form>
    </>
  );
}

/** Messages by field, as RJSF takes errors from outside its own validation. */
function errorSchemaOf(messages: Readonly<Record<string, string>>): ErrorSchema {
  return Object.fromEntries(
    Object.entries(messages).map(([field, message]) => [field, { __errors: [message] }]),
  ) as ErrorSchema;
}

// Names spam software likes to fill; the trap takes the first one the form does not use for a real field.
const TRAP_NAMES = ['website', 'homepage', 'url', 'company-website'];

/** The name of the hidden trap field: never the name of one of the form's own fields. */
export function trapFieldName(fieldNames: readonly string[]): string {
  return TRAP_NAMES.find((candidate) => !fieldNames.includes(candidate))!;
}

/**
 * The form as Netlify Forms finds it when the site is deployed: a plain, hidden HTML form in the pre-rendered page
 * with the form's name and every field name, so Netlify accepts the answers posted with "form-name" (send-form.ts).
 */
function NetlifyFormDeclaration({
  name,
  fieldNames,
  trapName,
}: {
  name: string;
  fieldNames: readonly string[];
  trapName: string;
}) {
  return (
    <form name={name} data-netlify="true" netlify-honeypot={trapName} hidden aria-hidden="true">
      <input type="hidden" name="form-name" value={name} />
      {[...fieldNames, trapName].map((field) => (
        <input key={field} type="hidden" name={field} />
      ))}
    </form>
  );
}

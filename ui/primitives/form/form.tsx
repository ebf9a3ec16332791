import * as React from 'react';
import {
  FormProvider,
  useFormContext,
  useFormState,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

import { Banner } from '../banner/banner';
import { Button, type ButtonProps } from '../button/button';
import { PasswordField, type PasswordFieldProps } from '../password-field/password-field';
import { TextField, type TextFieldProps } from '../text-field/text-field';

/*
 * Thin glue between react-hook-form and our fields. The form owns validation (a zod resolver
 * beside the screen, or register rules); the fields only show what form state says.
 */

export type FormProps<TValues extends FieldValues> = Omit<
  React.ComponentProps<'form'>,
  'onSubmit'
> & {
  form: UseFormReturn<TValues>;
  onSubmit: SubmitHandler<TValues>;
};

/** `<form noValidate>` inside a FormProvider; submit runs react-hook-form's validation first. */
export function Form<TValues extends FieldValues>({
  form,
  onSubmit,
  children,
  ...props
}: FormProps<TValues>) {
  return (
    <FormProvider {...form}>
      <form data-slot="form" noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/** The error message of one field, read from form state. */
export function useFieldError<TValues extends FieldValues>(
  name: FieldPath<TValues>,
): string | undefined {
  const { getFieldState } = useFormContext<TValues>();
  const formState = useFormState<TValues>({ name });
  const message = getFieldState(name, formState).error?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

type RegisteredFieldProps<TValues extends FieldValues, TProps> = Omit<TProps, 'name' | 'error'> & {
  name: FieldPath<TValues>;
  /** Register options (required, validate…) when the form has no schema resolver. */
  rules?: RegisterOptions<TValues, FieldPath<TValues>>;
  /**
   * Leaving the field before typing in it does not validate it (nor mark it touched): an
   * autofocused first field left for a link ('Back to Sign In') shows no 'required' error that
   * would move the link under the pointer. Typing, or submitting, validates as usual.
   */
  quietUntilUsed?: boolean;
};

function useRegistered<TValues extends FieldValues>(
  name: FieldPath<TValues>,
  rules: RegisterOptions<TValues, FieldPath<TValues>> | undefined,
  onChange: React.ChangeEventHandler<HTMLInputElement> | undefined,
  onBlur: React.FocusEventHandler<HTMLInputElement> | undefined,
  quietUntilUsed = false,
) {
  const { register, getFieldState } = useFormContext<TValues>();
  const registered = register(name, rules);
  return {
    ...registered,
    onChange: async (event: React.ChangeEvent<HTMLInputElement>) => {
      await registered.onChange(event);
      onChange?.(event);
    },
    onBlur: async (event: React.FocusEvent<HTMLInputElement>) => {
      if (!quietUntilUsed || getFieldState(name).isDirty) await registered.onBlur(event);
      onBlur?.(event);
    },
  };
}

/** A TextField registered under `name`, showing that field's error. */
export function FormTextField<TValues extends FieldValues>({
  name,
  rules,
  onChange,
  onBlur,
  quietUntilUsed,
  ...props
}: RegisteredFieldProps<TValues, TextFieldProps>) {
  const registered = useRegistered<TValues>(name, rules, onChange, onBlur, quietUntilUsed);
  const error = useFieldError<TValues>(name);
  return <TextField {...props} {...registered} error={error} />;
}

/** A PasswordField registered under `name`, showing that field's error. */
export function FormPasswordField<TValues extends FieldValues>({
  name,
  rules,
  onChange,
  onBlur,
  quietUntilUsed,
  ...props
}: RegisteredFieldProps<TValues, PasswordFieldProps>) {
  const registered = useRegistered<TValues>(name, rules, onChange, onBlur, quietUntilUsed);
  const error = useFieldError<TValues>(name);
  return <PasswordField {...props} {...registered} error={error} />;
}

/**
 * The form-wide error (`setError('root', …)` or `setError('root.server', …)`), e.g. the login
 * refusal 'Access limited due to login policy. Contact your administrator for details.'
 */
export function FormRootError({ className }: { className?: string }) {
  const { errors } = useFormState();
  const root = errors.root;
  const message =
    root?.message ??
    Object.values(root ?? {})
      .map((entry) =>
        entry && typeof entry === 'object' && 'message' in entry ? entry.message : undefined,
      )
      .find((m): m is string => typeof m === 'string' && m !== '');
  if (!message) return null;
  return (
    <Banner kind="error" data-slot="form-root-error" className={className}>
      {message}
    </Banner>
  );
}

/** Submit button that is busy while the submit handler runs. */
export function FormSubmit({ busy, ...props }: Omit<ButtonProps, 'type' | 'asChild'>) {
  const { isSubmitting } = useFormState();
  return <Button type="submit" busy={busy ?? isSubmitting} {...props} />;
}

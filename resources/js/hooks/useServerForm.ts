/**
 * Form helper on top of Inertia's useForm (DESIGN.md §4 "Forms"): the server's errors per field
 * (cleared on success by useForm), an optional error bag, "recently successful" for 2000 ms
 * (configured in app.tsx), a guard against double submits, focus on the first invalid field,
 * and fieldProps() to wire an input in one spread.
 */
import { useForm } from '@inertiajs/react';
import type { FormDataType, Method, UseFormSubmitOptions } from '@inertiajs/core';
import { useCallback, useEffect, useId, useRef } from 'react';

export interface ServerFormOptions<T> {
  /** Server error bag: errors arrive as errors.<bag>.<field>. */
  errorBag?: string;
  /** Fields emptied after a successful submit (passwords…); true for all. */
  resetOnSuccess?: Array<keyof T & string> | boolean;
  /** Fields emptied after a failed submit (passwords). */
  resetOnError?: Array<keyof T & string>;
}

export function useServerForm<T extends FormDataType<T> & Record<string, unknown>>(
  initial: T,
  options: ServerFormOptions<T> = {},
) {
  const form = useForm<T>(initial);
  const formId = useId();
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { errorBag, resetOnSuccess, resetOnError } = options;

  const submit = useCallback(
    (method: Method, url: string, visit: UseFormSubmitOptions = {}) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      form.submit(method, url, {
        preserveScroll: true,
        ...visit,
        errorBag: errorBag ?? visit.errorBag,
        onSuccess: (page) => {
          if (resetOnSuccess === true) form.reset();
          else if (Array.isArray(resetOnSuccess) && resetOnSuccess.length) form.reset(...(resetOnSuccess as never[]));
          return visit.onSuccess?.(page);
        },
        onError: (errors) => {
          if (resetOnError?.length) form.reset(...(resetOnError as never[]));
          focusFirstInvalid(formRef.current, Object.keys(errors));
          return visit.onError?.(errors);
        },
        onFinish: (v) => {
          inFlight.current = false;
          return visit.onFinish?.(v);
        },
      });
      return true;
    },
    // form.submit is stable; the options object is read on each call
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form.submit, errorBag, resetOnSuccess, resetOnError],
  );

  useEffect(
    () => () => {
      inFlight.current = false;
    },
    [],
  );

  const errorOf = (name: keyof T & string): string | undefined => {
    const value = (form.errors as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };

  /** Everything an input needs: id, name, value, onChange, error. */
  const fieldProps = (name: keyof T & string) => ({
    id: `${formId}-${name}`,
    name,
    value: (form.data[name] ?? '') as string,
    onChange: (value: string) => {
      form.setData(name as never, value as never);
      if (errorOf(name)) form.clearErrors(name as never);
    },
    error: errorOf(name),
  });

  /** What a FileField needs: the chosen file, onChange (sets it, clears its error), error. */
  const fileProps = (name: keyof T & string) => ({
    file: (form.data[name] ?? null) as File | null,
    onChange: (file: File | null) => {
      form.setData(name as never, file as never);
      form.clearErrors(name as never);
    },
    error: errorOf(name),
  });

  return { ...form, submit, fieldProps, fileProps, errorOf, formRef, busy: form.processing || inFlight.current };
}

function focusFirstInvalid(root: HTMLFormElement | null, fields: string[]) {
  if (!root || fields.length === 0) return;
  // After React has rendered the error state.
  requestAnimationFrame(() => {
    const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid ?? root.querySelector<HTMLElement>(fields.map((f) => `[name="${CSS.escape(f)}"]`).join(','));
    target?.focus();
  });
}

import { Select, type SelectProps, TextInput, type TextInputProps } from "@mantine/core";
import { DecimalInput, type DecimalInputProps } from "./decimal-input";

/** A form's state as its fields read and change it: the values, the first message per field, the setter. */
export interface FormBinding<V> {
  values: V;
  errors: Record<string, string>;
  onChange<K extends keyof V>(field: K, value: V[K]): void;
}

/** The fields of V holding a T: a text field binds only to a text value. */
type FieldOf<V, T> = { [K in keyof V]: T extends V[K] ? K : never }[keyof V] & string;

interface Bound<V, T> {
  /** The form (not `form`: inputs already take that HTML attribute). */
  of: FormBinding<V>;
  field: FieldOf<V, T>;
  /** A message of the form's own that wins over the field's (two names for one field). */
  error?: string;
}

/** A text input bound to a form field: its value, its message, its changes. */
export function TextField<V>({
  of: form,
  field,
  error,
  ...props
}: Bound<V, string> & Omit<TextInputProps, "value" | "onChange" | "error">) {
  return (
    <TextInput
      {...props}
      value={form.values[field] as string}
      error={error ?? form.errors[field]}
      onChange={(e) => form.onChange(field, e.currentTarget.value as V[typeof field])}
    />
  );
}

/** A select bound to a form field; `fallback` stands for a cleared choice where the field needs one (else null). */
export function SelectField<V>({
  of: form,
  field,
  error,
  fallback,
  ...props
}: Bound<V, string> & Omit<SelectProps, "value" | "onChange" | "error"> & { fallback?: string }) {
  return (
    <Select
      {...props}
      value={form.values[field] as string | null}
      error={error ?? form.errors[field]}
      onChange={(v) => form.onChange(field, (v ?? fallback ?? null) as V[typeof field])}
    />
  );
}

/** An es-AR number field (DecimalInput) bound to a form field, which holds the number or the text as typed. */
export function DecimalField<V>({
  of: form,
  field,
  error,
  ...props
}: Bound<V, number | string> & Omit<DecimalInputProps, "value" | "onChange" | "error">) {
  return (
    <DecimalInput
      {...props}
      value={form.values[field] as number | string}
      error={error ?? form.errors[field]}
      onChange={(v) => form.onChange(field, v as V[typeof field])}
    />
  );
}

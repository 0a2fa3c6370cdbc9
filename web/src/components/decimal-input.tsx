import { TextInput, type TextInputProps } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { decimalReading, formatDecimalInput, parseDecimalInput } from "@domain/decimal-input";

export interface DecimalInputProps extends Omit<TextInputProps, "value" | "onChange" | "error"> {
  /** Decimals the field keeps: 2 for money, 3 for kilograms. */
  decimals: number;
  /** A number set from outside, or the text being typed (what onChange last gave). */
  value: number | string;
  /** The number once the text reads as one, else the text as typed (as NumberInput did). */
  onChange(value: number | string): void;
  /** The form's own message; it wins over the field's reading. */
  error?: string | null;
  allowNegative?: boolean;
  /** Shown after the reading in the hint ("kg"); money fields show pesos. */
  unit?: "$" | "kg";
}

const textOf = (value: number | string, decimals: number, unit: DecimalInputProps["unit"]) =>
  typeof value === "number" ? formatDecimalInput(value, decimals, { money: unit === "$" }) : value;

/**
 * Every money and weight field: the text stays as typed and is read by the one es-AR parser
 * (domain/decimal-input.ts), so "111.000" is a hundred and eleven thousand. A text with a dot
 * says how it was read, and one that is not a number says why once the field is left.
 */
export function DecimalInput({
  decimals,
  value,
  onChange,
  error,
  allowNegative,
  unit,
  onBlur,
  description,
  ...props
}: DecimalInputProps) {
  const [text, setText] = useState(() => textOf(value, decimals, unit));
  const [left, setLeft] = useState(false);
  // What this field last handed over: the value coming back as it went out is no news.
  const emitted = useRef<number | string>(value);
  const read = parseDecimalInput(text, { decimals, allowNegative });

  // A new value from outside (a reset, a saved value, the + of a cart) rewrites the text; what is typed stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value rewrites the text, not a change of decimals
  useEffect(() => {
    if (String(value) !== String(emitted.current)) setText(textOf(value, decimals, unit));
    emitted.current = value;
  }, [value]);

  const reading = read.ok && text.includes(".") ? decimalReading(read.value, decimals, unit) : null;
  const own = !read.ok && text.trim() !== "" && (left || !/[.,]$/.test(text.trim())) ? read.message : null;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      // The reading is read after the number, under it.
      inputWrapperOrder={["label", "input", "description", "error"]}
      {...props}
      value={text}
      description={reading ?? description}
      error={error || own || undefined}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const parsed = parseDecimalInput(next, { decimals, allowNegative });
        setText(next);
        setLeft(false);
        emitted.current = parsed.ok ? parsed.value : next;
        onChange(emitted.current);
      }}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}

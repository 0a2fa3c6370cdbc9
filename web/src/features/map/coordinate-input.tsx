import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { parseCoordinate } from "@domain/routing";

/**
 * A latitude or longitude typed by hand. The text is kept as typed ('-', '-34,'), so a
 * negative Argentine coordinate can be written character by character; the point moves
 * once the text is a coordinate, and a pick on the map rewrites the text.
 */
export function CoordinateInput({
  label,
  value,
  limit,
  onChange,
}: {
  label: string;
  value: number | null;
  limit: 90 | 180;
  onChange(value: number): void;
}) {
  const [text, setText] = useState(value === null ? "" : value.toFixed(6));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside rewrites what is typed
  useEffect(() => {
    if (value !== null && parseCoordinate(text, limit) !== value) setText(value.toFixed(6));
    // Only a new value from outside (a pick on the map, a search) rewrites what is typed.
  }, [value]);
  return (
    <TextInput
      label={label}
      w={140}
      inputMode="decimal"
      value={text}
      error={
        text.trim() !== "" && text.trim() !== "-" && parseCoordinate(text, limit) === null && !/[.,]$/.test(text.trim())
          ? "Coordenada inválida"
          : undefined
      }
      onChange={(e) => {
        setText(e.currentTarget.value);
        const parsed = parseCoordinate(e.currentTarget.value, limit);
        if (parsed !== null) onChange(parsed);
      }}
    />
  );
}

import { TextInput, type TextInputProps } from "@mantine/core";
import { readTypedDate } from "@domain/dates";

type DateFieldProps = Omit<TextInputProps, "type" | "value" | "onChange" | "onBlur"> & {
  value: string;
  onValue(date: string): void;
};

/**
 * A typed date. Chromium's date input takes a two-digit year as year 0075; on leaving the
 * field it becomes 1975 (SPEC.md §9: 19xx above 50, else 20xx), as the server reads it too.
 */
export function DateField({ value, onValue, ...props }: DateFieldProps) {
  return (
    <TextInput
      {...props}
      type="date"
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      onBlur={(e) => {
        const read = readTypedDate(e.currentTarget.value);
        if (read && read !== e.currentTarget.value) onValue(read);
      }}
    />
  );
}

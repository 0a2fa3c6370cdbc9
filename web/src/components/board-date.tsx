import { CloseButton } from "@mantine/core";
import { DateField } from "./date-field";
import { useState } from "react";
import type { AppEvent } from "@domain/contracts/events";
import { todayInBuenosAires } from "@domain/calendar";

/** The delivery date a board shows: today in Buenos Aires until changed; empty shows every date. */
export function useBoardDate() {
  return useState(todayInBuenosAires());
}

/** Events carry their date: a board showing another day ignores them. Dateless events concern every board. */
export function concernsDate(event: AppEvent, date: string) {
  const eventDate = event.data.delivery_date;
  return !date || typeof eventDate !== "string" || eventDate === date;
}

export function BoardDateInput({ value, onChange }: { value: string; onChange(date: string): void }) {
  return (
    <DateField
      label="Fecha de entrega"
      value={value}
      onValue={onChange}
      rightSection={value ? <CloseButton aria-label="Todas las fechas" onClick={() => onChange("")} /> : null}
      w={200}
    />
  );
}

export const boardDateQuery = (date: string) => (date ? `?delivery_date=${date}` : "");

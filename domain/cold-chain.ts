import { formatDecimalInput, parseDecimalInput } from "./decimal-input";

/**
 * The cold chain at delivery (issue 41): when the Admin requires it, the courier's 'Entregado'
 * records the goods' temperature; warmer than the maximum it needs a note of what was done,
 * or the stop is marked 'No entregado' for 'Cadena de frío'.
 */

export const COLD_CHAIN_MESSAGES = {
  missing: "Ingresá la temperatura de la mercadería (°C).",
  range: "La temperatura va de −40 °C a +30 °C.",
  decimals: "La temperatura admite 1 decimal.",
  maxRange: "La temperatura máxima va de −40 °C a +30 °C, con 1 decimal.",
  warm: (reading: number, max: number) =>
    `La mercadería está a ${formatCelsius(reading)}, más que el máximo de ${formatCelsius(max)}: anotá qué se hizo, o marcá 'No entregado' por 'Cadena de frío'.`,
  saved: "Cadena de frío guardada.",
} as const;

export interface ColdChainSetting {
  required: boolean;
  /** The warmest the goods may arrive, in °C. */
  max_c: number;
}

/** Off until an Admin turns it on; −12 °C is the usual limit for frozen food in transport. */
export const COLD_CHAIN_DEFAULT: ColdChainSetting = { required: false, max_c: -12 };
export const MIN_C = -40;
export const MAX_C = 30;

export type TemperatureReading = { ok: true; tenths: number } | { ok: false; message: string };

/** A temperature as typed (es-AR '-18,5', a '−' sign too) or a number, in tenths of a degree, −40 to +30. */
export function parseTemperature(input: string | number): TemperatureReading {
  let tenths: number;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { ok: false, message: COLD_CHAIN_MESSAGES.missing };
    tenths = Math.round(input * 10);
    if (Math.abs(input * 10 - tenths) > 1e-6) return { ok: false, message: COLD_CHAIN_MESSAGES.decimals };
  } else {
    const text = input
      .trim()
      .replace(/^[−–]/, "-")
      .replace(/\s*°?\s*C?$/i, "");
    if (text === "") return { ok: false, message: COLD_CHAIN_MESSAGES.missing };
    const read = parseDecimalInput(text, { decimals: 1, allowNegative: true });
    if (!read.ok)
      return {
        ok: false,
        message: read.message === "Admite hasta 1 decimales." ? COLD_CHAIN_MESSAGES.decimals : read.message,
      };
    tenths = read.scaled;
  }
  if (tenths < MIN_C * 10 || tenths > MAX_C * 10) return { ok: false, message: COLD_CHAIN_MESSAGES.range };
  return { ok: true, tenths };
}

/** '−5 °C', '−18,5 °C', '+2 °C'. */
export function formatCelsius(celsius: number): string {
  const text = formatDecimalInput(Math.abs(celsius), 1);
  return `${celsius < 0 ? "−" : celsius > 0 ? "+" : ""}${text} °C`;
}

/** Why an 'Entregado' cannot be recorded as it stands, or null. */
export function coldChainRefusal(setting: ColdChainSetting, reading: number | null, note: string): string | null {
  if (reading === null) return setting.required ? COLD_CHAIN_MESSAGES.missing : null;
  if (reading > setting.max_c && note.trim() === "") return COLD_CHAIN_MESSAGES.warm(reading, setting.max_c);
  return null;
}

/**
 * How one exported value is written for a Spanish-Argentina spreadsheet. Values arrive as
 * Postgres prints them (text), with timestamps already turned to Buenos Aires wall-clock
 * time as "YYYY-MM-DD HH:MI" and dates as "YYYY-MM-DD" (the time zone rules are Postgres's).
 * docs/decisions/exports/0127-export-formulas.md and export-es-ar-format.md say why each rule is as it is.
 */

/** What a column holds, which decides how a cell is written (and its xlsx number format). */
export type ExportKind = "int" | "money" | "weight" | "coordinate" | "text" | "bool" | "date" | "datetime";

/** es-AR spreadsheets split on ';' (',' is their decimal mark); the BOM tells Excel it is UTF-8. */
export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";
export const CSV_EOL = "\r\n";

// A piece of text a spreadsheet may read as a cell of its own: the field's start, or what
// follows a separator some spreadsheet may split on (',' ';' tab) or a line break. Spaces
// and quote marks before the trigger are skipped: split on ',', the '""' a quote becomes in
// the CSV reads as an empty quoted piece that Excel and LibreOffice drop (issue 39).
const SEGMENT_START_TRIGGER = /(^|[,;\t\r\n])([ "]*)([=+\-@][^,;\t\r\n]*)/g;
// Numbers ("-34.72", "-12") are data, not formulas: a spreadsheet reads them as numbers.
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const MAY_TRIGGER = /[=+\-@\t\r]/;

/**
 * OWASP CSV injection: a leading apostrophe before any '=', '+', '-' or '@' that starts the
 * field or follows a separator (spaces and quote marks between), so no split of the text
 * can start a cell with a formula;
 * a field starting with tab or CR gets one too. The apostrophe is shown: the cell reads as typed.
 */
export function neutraliseFormulas(text: string): string {
  if (!MAY_TRIGGER.test(text)) return text;
  const inner = text.replace(SEGMENT_START_TRIGGER, (whole, separator: string, spaces: string, segment: string) =>
    PLAIN_NUMBER.test(segment) ? whole : `${separator}${spaces}'${segment}`,
  );
  return inner.charCodeAt(0) === 9 || inner.charCodeAt(0) === 13 ? `'${inner}` : inner;
}

/** A text field: always quoted (a separator inside stays inside), quotes doubled, formulas neutralised. */
export function csvText(text: string): string {
  const safe = neutraliseFormulas(text);
  return `"${safe.includes('"') ? safe.replace(/"/g, '""') : safe}"`;
}

/** "1234.50" → "1234,50": the decimal comma, no thousands mark (a spreadsheet reads it as a number). */
export const decimalComma = (numeric: string) => numeric.replace(".", ",");

/** "2024-05-03" → "03/05/2024". */
export const dayMonthYear = (isoDate: string) =>
  `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/** "2024-05-03 18:17" (Buenos Aires wall clock) → "03/05/2024 18:17". */
export const dayMonthYearTime = (localDateTime: string) =>
  `${dayMonthYear(localDateTime)} ${localDateTime.slice(11, 16)}`;

/** How a spreadsheet in Spanish writes a boolean, so it reads it back as one. */
const spreadsheetBoolean = (value: string) => (value === "true" || value === "t" ? "VERDADERO" : "FALSO");

/** One CSV field; a null is an empty, unquoted field. */
export function csvField(kind: ExportKind, value: string | null): string {
  if (value === null) return "";
  switch (kind) {
    case "text":
      return csvText(value);
    case "money":
    case "weight":
    case "coordinate":
      return decimalComma(value);
    case "bool":
      return spreadsheetBoolean(value);
    case "date":
      return dayMonthYear(value);
    case "datetime":
      return dayMonthYearTime(value);
    default:
      return value;
  }
}

/** One CSV line (without its line break). */
export function csvLine(kinds: readonly ExportKind[], values: readonly (string | null)[]): string {
  let line = csvField(kinds[0]!, values[0] ?? null);
  for (let i = 1; i < kinds.length; i++) line += CSV_SEPARATOR + csvField(kinds[i]!, values[i] ?? null);
  return line;
}

/** The header line: column names are text like any other. */
export const csvHeader = (names: readonly string[]) => names.map(csvText).join(CSV_SEPARATOR);

const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as a spreadsheet serial day (1900 date system)
const DAY_MS = 86_400_000;

/**
 * A date or Buenos Aires wall-clock time as a spreadsheet serial (days since 1899-12-30):
 * spreadsheets keep no time zone, so the serial is the local time the user reads.
 */
export function spreadsheetSerial(value: string): number {
  const hours = value.length >= 16 ? Number(value.slice(11, 13)) : 0;
  const minutes = value.length >= 16 ? Number(value.slice(14, 16)) : 0;
  const utc = Date.UTC(
    Number(value.slice(0, 4)),
    Number(value.slice(5, 7)) - 1,
    Number(value.slice(8, 10)),
    hours,
    minutes,
  );
  return EXCEL_EPOCH_DAYS + utc / DAY_MS;
}

/** Number formats in the spreadsheet's own code ('.' decimal, ',' thousands); es-AR shows them as 1.234,50. */
export const SPREADSHEET_FORMATS: Partial<Record<ExportKind, string>> = {
  money: "#,##0.00",
  weight: "#,##0.000",
  coordinate: "0.000000",
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm",
};

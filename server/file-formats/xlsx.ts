import { SPREADSHEET_FORMATS, spreadsheetSerial, type ExportKind } from "@domain/export-cells";
import { encodeCopyText, type TextRow } from "../db/copy-text";
import { copyTextToSheetXml, SHEET_PIECE } from "./copy-xlsx";
import { exportStream, type ExportStream } from "./stream";
import { zipStream, type ZipEntry } from "./zip";

/**
 * A workbook written straight as SpreadsheetML, row by row, into a streaming zip: numbers
 * and dates are numeric cells with number formats (SUM works), text is inline string cells
 * marked quotePrefix, the mark Excel gives a cell typed with a leading apostrophe: shown as
 * typed, and still text after it is edited. No cell is ever a formula.
 * docs/decisions/exports/0128-export-xlsx-writer.md says why not exceljs.
 */

/** Excel's last row; past it the rows go on in another sheet. */
const SHEET_ROWS = 1_048_576;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// cellXfs, in the order styles.xml lists them.
const STYLE = { header: 1, text: 2, money: 3, weight: 4, coordinate: 5, date: 6, datetime: 7 } as const;
const FORMATTED = ["money", "weight", "coordinate", "date", "datetime"] as const;
const FIRST_CUSTOM_FORMAT = 164;

const WIDTHS: Record<ExportKind, number> = {
  int: 10,
  money: 14,
  weight: 12,
  coordinate: 12,
  text: 24,
  bool: 10,
  date: 12,
  datetime: 17,
};

function stylesXml() {
  const formats = FORMATTED.map(
    (kind, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${SPREADSHEET_FORMATS[kind]}"/>`,
  ).join("");
  const formatted = FORMATTED.map(
    (_, i) =>
      `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
  ).join("");
  return (
    `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="${FORMATTED.length}">${formats}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${3 + FORMATTED.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/>' +
    `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>${formatted}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

function packageParts(sheetNames: string[]): ZipEntry[] {
  const sheets = sheetNames
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("");
  const sheetRels = sheetNames
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join("");
  const sheetTypes = sheetNames
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  return [
    { name: "xl/styles.xml", content: [stylesXml()] },
    {
      name: "xl/workbook.xml",
      content: [`${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${sheets}</sheets></workbook>`],
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: [
        `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheetRels}<Relationship Id="rIdStyles" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
      ],
    },
    {
      name: "_rels/.rels",
      content: [
        `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: "[Content_Types].xml",
      content: [
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetTypes}</Types>`,
      ],
    },
  ];
}

// XML 1.0 allows no control characters but tab and line feed; a CR would be read back as a
// line feed. Excel's own escape (_xHHHH_) carries them, so a literal "_x0041_" is escaped too.
// biome-ignore-start lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is these patterns' purpose
const NEEDS_ESCAPE = /[&<>"\x00-\x08\x0B-\x1F]|_x[0-9A-Fa-f]{4}_/;
const ESCAPE = /[&<>"\x00-\x08\x0B-\x1F]|_(?=x[0-9A-Fa-f]{4}_)/g;
// biome-ignore-end lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is these patterns' purpose
const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\r": "&#13;",
  _: "_x005F_",
};

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(
    ESCAPE,
    (c) => ENTITIES[c] ?? `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`,
  );
}

function columnLetters(count: number) {
  return Array.from({ length: count }, (_, i) => {
    let letters = "";
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
      letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    return letters;
  });
}

/** One cell as the sheet holds it: a number, a date's serial, a boolean or an inline string. */
export function cellXml(kind: ExportKind, ref: string, value: string): string {
  switch (kind) {
    case "int":
      return `<c r="${ref}"><v>${value}</v></c>`;
    case "money":
    case "weight":
    case "coordinate":
      return `<c r="${ref}" s="${STYLE[kind]}"><v>${value}</v></c>`;
    case "bool":
      return `<c r="${ref}" t="b"><v>${value === "true" || value === "t" ? 1 : 0}</v></c>`;
    case "date":
    case "datetime":
      return `<c r="${ref}" s="${STYLE[kind]}"><v>${spreadsheetSerial(value)}</v></c>`;
    default:
      return `<c r="${ref}" t="inlineStr" s="${STYLE.text}"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
  }
}

/** One row's cells; a null writes no cell. What copy-xlsx.ts writes from COPY's bytes. */
export function rowXml(
  kinds: readonly ExportKind[],
  letters: readonly string[],
  number: number,
  values: readonly (string | null)[],
) {
  let xml = `<row r="${number}">`;
  for (let i = 0; i < kinds.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    xml += cellXml(kinds[i]!, `${letters[i]}${number}`, value);
  }
  return `${xml}</row>`;
}

function headerXml(headers: readonly string[], letters: string[]) {
  const cells = headers
    .map((h, i) => `<c r="${letters[i]}1" t="inlineStr" s="${STYLE.header}"><is><t>${escapeXml(h)}</t></is></c>`)
    .join("");
  return `<row r="1">${cells}</row>`;
}

function sheetStart(kinds: readonly ExportKind[]) {
  const cols = kinds
    .map((kind, i) => `<col min="${i + 1}" max="${i + 1}" width="${WIDTHS[kind]}" customWidth="1"/>`)
    .join("");
  // The header row stays in view while scrolling.
  const view =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  return `${XML}<worksheet xmlns="${MAIN}">${view}<cols>${cols}</cols><sheetData>`;
}

/** Sheets of at most SHEET_ROWS rows, each with the header, for as long as rows come. */
async function* sheets(
  headers: readonly string[],
  kinds: readonly ExportKind[],
  copyText: AsyncIterable<Buffer>,
  { names, name, sheetRows }: { names: string[]; name: string; sheetRows: number },
): AsyncGenerator<ZipEntry> {
  const letters = columnLetters(headers.length);
  const xml = copyTextToSheetXml({ kinds, letters, style: STYLE, cell: cellXml });
  const source = copyText[Symbol.asyncIterator]();
  let more = true;
  try {
    do {
      names.push(names.length ? `${name} (${names.length + 1})` : name);
      const content = async function* () {
        yield sheetStart(kinds) + headerXml(headers, letters);
        xml.startSheet(sheetRows);
        yield* xml.take(SHEET_PIECE);
        while (!xml.full()) {
          const next = await source.next();
          if (next.done) {
            more = false;
            break;
          }
          xml.write(next.value);
          yield* xml.take(SHEET_PIECE);
        }
        yield* xml.take();
        yield "</sheetData></worksheet>";
      };
      yield { name: `xl/worksheets/sheet${names.length}.xml`, content: content() };
    } while (more && (xml.pending() || !(await peek())));
  } finally {
    await source.return?.();
  }

  // True when the source is done (and nothing is pending).
  async function peek() {
    const next = await source.next();
    if (next.done) return true;
    xml.hold(next.value);
    return false;
  }
}

/** Rows given as rows (tests, the embedded database) become the COPY text the sheets are written from. */
async function* asCopyText(source: AsyncIterable<TextRow[] | Buffer>): AsyncIterable<Buffer> {
  for await (const item of source) yield Buffer.isBuffer(item) ? item : encodeCopyText(item);
}

/** The workbook of one table as a stream, from COPY's text (or rows); read from its source as the stream is. */
export function xlsxStream(
  headers: readonly string[],
  kinds: readonly ExportKind[],
  copyText: AsyncIterable<Buffer | TextRow[]>,
  sheetName: string,
  sheetRows = SHEET_ROWS,
): ExportStream {
  const names: string[] = [];
  async function* entries() {
    yield* sheets(headers, kinds, asCopyText(copyText), { names, name: sheetName, sheetRows });
    yield* packageParts(names);
  }
  return exportStream(zipStream(entries()));
}

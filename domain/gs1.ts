/**
 * GS1-128 labels as a handheld scanner types them or a camera reads them: the element string
 * split into its Application Identifiers, which domain/catch-weight.ts reads: the net weight
 * (AI 310n), the lot (AI 10) and its expiry (AI 17).
 */

/** The AIs of a GS1-128 element string whose data has a fixed length, by their first two digits (GS1 General Specifications, 'predefined length'). */
const FIXED_DATA: Record<string, { ai: number; data: number }> = {
  "00": { ai: 2, data: 18 },
  "01": { ai: 2, data: 14 },
  "02": { ai: 2, data: 14 },
  "03": { ai: 2, data: 14 },
  "04": { ai: 2, data: 16 },
  "11": { ai: 2, data: 6 },
  "12": { ai: 2, data: 6 },
  "13": { ai: 2, data: 6 },
  "14": { ai: 2, data: 6 },
  "15": { ai: 2, data: 6 },
  "16": { ai: 2, data: 6 },
  "17": { ai: 2, data: 6 },
  "18": { ai: 2, data: 6 },
  "19": { ai: 2, data: 6 },
  "20": { ai: 2, data: 2 },
  "31": { ai: 4, data: 6 },
  "32": { ai: 4, data: 6 },
  "33": { ai: 4, data: 6 },
  "34": { ai: 4, data: 6 },
  "35": { ai: 4, data: 6 },
  "36": { ai: 4, data: 6 },
  "41": { ai: 3, data: 13 },
};

/** Length of a variable-length AI by its first two digits (the rest end at a GS or the end). */
function variableAiLength(prefix: string): number {
  const first = prefix[0];
  if (first === "7" || first === "8") return 4;
  if (first === "4" || prefix === "23" || prefix === "24" || prefix === "25") return 3;
  return 2;
}

const GROUP_SEPARATOR = "\u001d";

/** Splits a GS1 element string, raw (FNC1 as GS, an optional ']C1' prefix) or printed '(01)…(3103)…', into AI → data. */
export function gs1Elements(raw: string): Map<string, string> {
  const found = new Map<string, string>();
  const text = raw.trim().replace(/^\]C1|^\]e0|^\]d2|^\]Q3/, "");
  if (text.startsWith("(")) {
    // A printed string is all '(AI)data' pairs, or it is not a label.
    if (!/^(\(\d{2,4}\)[^()]*)+$/.test(text)) return found;
    for (const match of text.matchAll(/\((\d{2,4})\)([^(]*)/g)) found.set(match[1]!, match[2]!.trim());
    return found;
  }
  let i = 0;
  while (i < text.length) {
    if (text[i] === GROUP_SEPARATOR) {
      i++;
      continue;
    }
    const prefix = text.slice(i, i + 2);
    // Anything but an AI where one should start (typed text, '19,6') is not a label.
    if (!/^\d\d$/.test(prefix)) return new Map();
    const fixed = FIXED_DATA[prefix];
    if (fixed) {
      found.set(text.slice(i, i + fixed.ai), text.slice(i + fixed.ai, i + fixed.ai + fixed.data));
      i += fixed.ai + fixed.data;
      continue;
    }
    const aiLength = variableAiLength(prefix);
    const end = text.indexOf(GROUP_SEPARATOR, i + aiLength);
    const stop = end === -1 ? text.length : end;
    found.set(text.slice(i, i + aiLength), text.slice(i + aiLength, stop));
    i = stop;
  }
  return found;
}

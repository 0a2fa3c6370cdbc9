import { describe, expect, it } from "vitest";
import {
  csvField,
  csvHeader,
  csvLine,
  csvText,
  dayMonthYear,
  dayMonthYearTime,
  decimalComma,
  neutraliseFormulas,
  spreadsheetSerial,
} from "@domain/export-cells";

describe("formula neutralisation (OWASP CSV injection)", () => {
  it.each(["=1+2", "+54 11", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("puts an apostrophe before %j", (value) => {
    expect(neutraliseFormulas(value)).toBe(`'${value}`);
  });

  it.each([
    ["x;=1+1;y z", "x;'=1+1;y z"],
    ['a,=HYPERLINK("http://x")', 'a,\'=HYPERLINK("http://x")'],
    ["Nota\t@SUM(A1)", "Nota\t'@SUM(A1)"],
    ["a, -cmd|' /C calc'!A0", "a, '-cmd|' /C calc'!A0"],
    ["línea\n+54 9 11", "línea\n'+54 9 11"],
    ["=a;=b,+c", "'=a;'=b,'+c"],
    // Behind quote marks: split on ',', the '""' written for a quote is dropped (issue 39).
    [`Pepe a,"=cmd|' /C calc'!A0,b`, `Pepe a,"'=cmd|' /C calc'!A0,b`],
    ['x,"@SUM(1)', "x,\"'@SUM(1)"],
    ['"=1', "\"'=1"],
    ['a; " "-x\t""+y', 'a; " "\'-x\t""\'+y'],
    ['x,"-12"', 'x,"\'-12"'],
  ])("neutralises after every separator a spreadsheet may split on: %j", (value, expected) => {
    expect(neutraliseFormulas(value)).toBe(expected);
  });

  it.each([
    "-34.720000",
    "-12",
    "12.50",
    "Mitre 500",
    "",
    "a=b",
    "x;-12;y",
    "500 - 3",
    "mail@example.com",
    'dijo "=no"',
  ])("leaves %j alone", (value) => {
    expect(neutraliseFormulas(value)).toBe(value);
  });

  it("quotes every text field, doubling its quotes", () => {
    expect(csvText("Mitre 500")).toBe('"Mitre 500"');
    expect(csvText('dijo "hola";=1')).toBe('"dijo ""hola"";\'=1"');
    expect(csvText('a,"=1')).toBe('"a,""\'=1"');
    expect(csvText("")).toBe('""');
  });
});

describe("es-AR cells", () => {
  it("writes decimals with a comma, dates day first, booleans as a Spanish spreadsheet does", () => {
    expect(decimalComma("1234.50")).toBe("1234,50");
    expect(decimalComma("-34.720000")).toBe("-34,720000");
    expect(decimalComma("12")).toBe("12");
    expect(dayMonthYear("2024-05-03")).toBe("03/05/2024");
    expect(dayMonthYearTime("2024-05-03 18:17")).toBe("03/05/2024 18:17");
    expect(csvField("bool", "true")).toBe("VERDADERO");
    expect(csvField("bool", "false")).toBe("FALSO");
  });

  it("leaves null fields empty and unquoted, and numbers unquoted", () => {
    expect(
      csvLine(["int", "text", "money", "datetime", "text"], ["7", "x;=1+1;y z", "1500.00", "2024-05-03 18:17", null]),
    ).toBe('7;"x;\'=1+1;y z";1500,00;03/05/2024 18:17;');
    expect(csvHeader(["PK_Orders", "Notes"])).toBe('"PK_Orders";"Notes"');
  });

  it("gives dates and wall-clock times as spreadsheet serial days", () => {
    expect(spreadsheetSerial("1970-01-01")).toBe(25569);
    expect(spreadsheetSerial("2024-05-03")).toBe(45415);
    expect(spreadsheetSerial("2024-05-03 18:00")).toBe(45415.75);
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CurrentUser } from "@domain/contracts/auth";
import { answersOneRecord } from "../../server/plugins/answer-size";

const route = (response?: Record<number, z.ZodType>) => ({ schema: response ? { response } : {} });

describe("which routes answer one record (and carry no compression hooks)", () => {
  it("one record: scalars, nullable and optional fields, a short list of scalars, nothing", () => {
    expect(answersOneRecord(route({ 200: CurrentUser }))).toBe(true);
    expect(answersOneRecord(route({ 200: z.object({ id: z.number(), note: z.string().nullable().optional() }) }))).toBe(
      true,
    );
    expect(answersOneRecord(route({ 201: z.object({ status: z.enum(["a", "b"]) }), 204: z.null() }))).toBe(true);
  });

  it("not one record: a list, an object holding rows or a map, no declared answer", () => {
    expect(answersOneRecord(route({ 200: z.array(z.object({ id: z.number() })) }))).toBe(false);
    expect(answersOneRecord(route({ 200: z.object({ results: z.array(z.object({ id: z.number() })) }) }))).toBe(false);
    expect(answersOneRecord(route({ 200: z.object({ byDay: z.record(z.string(), z.number()) }) }))).toBe(false);
    expect(answersOneRecord(route({ 200: z.object({ client: z.object({ id: z.number() }) }) }))).toBe(false);
    expect(answersOneRecord(route())).toBe(false);
    expect(answersOneRecord(route({ 200: z.object({ id: z.number() }), 206: z.array(z.number()) }))).toBe(false);
  });
});

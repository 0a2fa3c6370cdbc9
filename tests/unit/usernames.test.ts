import { describe, expect, it } from "vitest";
import { checkUsername, USERNAME_LENGTH, USERNAME_REQUIRED, usernameKey } from "@domain/usernames";

const refusal = (raw: string) => {
  const checked = checkUsername(raw);
  return checked.ok ? null : checked.message;
};

describe("usernames a person can tell apart", () => {
  it("keeps plain names, in lower case, forgiving spaces around them", () => {
    expect(checkUsername("ana.gomez")).toEqual({ ok: true, username: "ana.gomez" });
    expect(checkUsername("Ana_Gomez-2")).toEqual({ ok: true, username: "ana_gomez-2" });
    expect(checkUsername("  juan ")).toEqual({ ok: true, username: "juan" });
    expect(checkUsername("abc")).toMatchObject({ ok: true });
    expect(checkUsername("a".repeat(30))).toMatchObject({ ok: true });
  });

  it("refuses look-alikes, naming the character", () => {
    expect(refusal("admin\u200b")).toMatch(/el carácter invisible U\+200B no está permitido/);
    expect(refusal("admin\u0435")).toMatch(/“е” \(U\+0435\) no está permitido/); // Cyrillic е
    expect(refusal("adm\u0131n")).toMatch(/“ı” \(U\+0131\) no está permitido/); // dotless ı
    expect(refusal("\u202eadmin")).toMatch(/el carácter invisible U\+202E/); // right-to-left override
    expect(refusal("ad\u0000min")).toMatch(/el carácter invisible U\+0000/);
    expect(refusal("admin\n")).toMatch(/el carácter invisible U\+000A/);
    expect(refusal("ana gomez")).toMatch(/el espacio no está permitido/);
    expect(refusal("josé")).toMatch(/“é” \(U\+00E9\)/);
  });

  it("offers the plain twin of a fullwidth or styled name", () => {
    expect(refusal("ａｄｍｉｎ")).toMatch(/“ａ” \(U\+FF41\) no está permitido\. Escribilo así: admin$/);
    expect(refusal("𝐚𝐝𝐦𝐢𝐧")).toMatch(/Escribilo así: admin$/);
  });

  it("asks for 3 to 30 characters", () => {
    expect(refusal("")).toBe(USERNAME_REQUIRED);
    expect(refusal("   ")).toBe(USERNAME_REQUIRED);
    expect(refusal("ab")).toBe(USERNAME_LENGTH);
    expect(refusal("a".repeat(31))).toBe(USERNAME_LENGTH);
  });

  it("compares names as login does: compatibility form, no case", () => {
    expect(usernameKey("ＡＤＭＩＮ")).toBe("admin");
    expect(usernameKey("Admin")).toBe(usernameKey("admin"));
    expect(usernameKey("María José")).toBe("maría josé");
  });
});

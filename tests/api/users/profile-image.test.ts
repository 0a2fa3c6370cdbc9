import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { PROFILE_IMAGE_TOO_LARGE } from "@domain/contracts/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../helpers/app";
import { signIn } from "../../helpers/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----frio${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#3b82f6" } })
    .png()
    .toBuffer();

describe("profile image", () => {
  it("accepts a real PNG, resizes it, serves it by URL and shows it in /me", async () => {
    const user = await signIn(t, "Preparador");
    // Answered once before the change: the answer kept for the session user is not sent again after it.
    expect((await user.client.get("/api/me/")).json().profile_image).toBeNull();
    const { body, contentType } = multipart("profile_image", "yo.png", await png(), "image/png");
    const response = await user.client.post("/api/update-profile-image/", body, { "content-type": contentType });
    expect(response.statusCode).toBe(200);
    const { profile_image } = response.json();
    expect(profile_image).toMatch(/^\/api\/media\/profile\/.+\.webp$/);
    expect((await user.client.get("/api/me/")).json().profile_image).toBe(profile_image);
    const image = await t.app.inject({ method: "GET", url: profile_image });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it("refuses a file that only claims to be an image, and keeps the previous photo", async () => {
    const user = await signIn(t, "Vendedor");
    const good = multipart("profile_image", "ok.png", await png(), "image/png");
    const before = (
      await user.client.post("/api/update-profile-image/", good.body, { "content-type": good.contentType })
    ).json().profile_image;
    const fake = multipart("profile_image", "virus.png", Buffer.from("MZ not an image at all"), "image/png");
    const response = await user.client.post("/api/update-profile-image/", fake.body, {
      "content-type": fake.contentType,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/no es una imagen/);
    expect((await user.client.get("/api/me/")).json().profile_image).toBe(before);
  });

  it("answers 413 above 5 MB and 400 with the spec's message when no file is sent", async () => {
    const user = await signIn(t, "Vendedor");
    const big = multipart("profile_image", "big.png", Buffer.alloc(5 * 1024 * 1024 + 10, 1), "image/png");
    const tooBig = await user.client.post("/api/update-profile-image/", big.body, { "content-type": big.contentType });
    expect(tooBig.statusCode).toBe(413);
    const other = multipart("otro_campo", "a.png", await png(), "image/png");
    const none = await user.client.post("/api/update-profile-image/", other.body, {
      "content-type": other.contentType,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe("Seleccione una imagen de perfil.");
  });
});

/** A PNG whose header claims width×height but carries almost no data: what a decompression bomb looks like from outside. */
function claimedPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("pixel budget", () => {
  it("refuses a 16000×16000 PNG from its header with 413, before decoding it", async () => {
    const user = await signIn(t, "Vendedor");
    const bomb = claimedPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1024);
    const { body, contentType } = multipart("profile_image", "bomba.png", bomb, "image/png");
    const before = process.memoryUsage().rss;
    const response = await user.client.post("/api/update-profile-image/", body, { "content-type": contentType });
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toBe(PROFILE_IMAGE_TOO_LARGE);
    // Decoding it would take 768 MB; refusing it from the header takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

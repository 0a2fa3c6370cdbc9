import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_DISPLACED, SOCKETS_PER_USER } from "@domain/contracts/events";
import { e2eSkipReason, loginThroughUi, startE2E, type E2E } from "../helpers/browser";
import { createUser } from "../helpers/factories";
import { openSocket, type TestSocket } from "../helpers/socket";

const skip = e2eSkipReason();
let e2e: E2E;

beforeAll(async () => {
  if (!skip) e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe.skipIf(!!skip)(`a tab whose socket a newer one displaced ${skip}`, () => {
  it(`waits to be used before it reconnects (${SOCKET_DISPLACED.code}), and then takes the oldest socket's place`, async () => {
    const user = await createUser(e2e.t, "Admin");
    const page = await (await e2e.newContext()).newPage();
    let opened = 0;
    const tabClosed = new Promise<void>((resolve) =>
      page.on("websocket", (socket) => {
        opened++;
        socket.on("close", () => resolve());
      }),
    );
    await loginThroughUi(page, user.username, user.password);
    await expect.poll(() => opened).toBe(1);
    const access = await page.evaluate(() => JSON.parse(localStorage.getItem("frio-session")!).state.access as string);

    // Twenty more screens of the same user: the tab's socket is the oldest, and goes.
    const others: TestSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_USER; i++) {
      const socket = await openSocket(e2e.baseUrl, { token: access });
      await socket.waitFor((m) => m.type === "ready");
      others.push(socket);
    }
    await tabClosed;
    // A tab reconnecting at once would displace another screen, which would do the same: it waits.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(opened).toBe(1);
    expect(others.every((s) => s.isOpen())).toBe(true);

    // Used again (a click): it reconnects once, and the user's oldest socket gives way.
    await page.mouse.click(5, 5);
    await expect.poll(() => opened).toBe(2);
    expect(await others[0]!.closed).toBe(SOCKET_DISPLACED.code);
    expect(others.slice(1).every((s) => s.isOpen())).toBe(true);
    for (const s of others) s.close();
  });
});

import { randomBytes } from "node:crypto";
import { seedDemo, seedReference } from "../drizzle/seed";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { findGroupByName } from "./features/auth/repository";
import { hashPassword } from "./features/auth/service";
import { writeLink } from "./features/courier/repository";
import { markEveryBatchStale } from "./features/preparation/repository";
import { findUserByUsername, insertUser } from "./features/users/repository";
import { createUsersService } from "./features/users/service";

export interface BootstrapResult {
  /** Passwords generated on this start, to print once; never stored in clear. */
  generatedCredentials: { username: string; password: string; group: string }[];
}

const DEMO_STAFF = [
  { username: "mgomez", firstName: "Mariana", lastName: "Gómez", group: "Vendedor" },
  { username: "jperez", firstName: "Julián", lastName: "Pérez", group: "Vendedor" },
  { username: "preparador", firstName: "Carlos", lastName: "Ríos", group: "Preparador" },
  { username: "despacho", firstName: "Sofía", lastName: "Luna", group: "Despachante" },
  { username: "cadete", firstName: "Matías", lastName: "Sosa", group: "Cadete" },
];

/** Migrations, reference data, the configured Admin, and demo data on a new embedded data dir. */
export async function bootstrap(
  config: Config,
  database: DatabaseHandle,
  options: { freshDataDir: boolean },
): Promise<BootstrapResult> {
  const { db } = database;
  await database.migrate((message) => console.log(`[migrate] ${message}`));
  await seedReference(db);
  const generatedCredentials: BootstrapResult["generatedCredentials"] = [];
  const users = createUsersService({ db, uploadsDir: config.dataDir });

  if (config.admin) {
    await users.ensureAdmin(config.admin.username, config.admin.password);
  } else if (config.mode === "embedded" && options.freshDataDir) {
    const password = randomBytes(9).toString("base64url");
    await users.ensureAdmin("admin", password);
    generatedCredentials.push({ username: "admin", password, group: "Admin" });
  }

  if (config.mode === "embedded" && options.freshDataDir) {
    const password = randomBytes(9).toString("base64url");
    const passwordHash = await hashPassword(password);
    const sellerIds: number[] = [];
    for (const staff of DEMO_STAFF) {
      const group = await findGroupByName(db, staff.group);
      const existing = await findUserByUsername(db, staff.username);
      const id =
        existing?.id ??
        (await insertUser(db, { ...staff, email: `${staff.username}@frio.local`, passwordHash, groupId: group!.id }))
          .id;
      if (staff.group === "Vendedor") sellerIds.push(id);
      // The demo courier drives column Cadete 1, so a route sent from it reaches a phone at once.
      if (staff.group === "Cadete") await writeLink(db, 1, id);
      generatedCredentials.push({ username: staff.username, password, group: staff.group });
    }
    await seedDemo(db, { sellerIds });
    // The demo orders were written without events: the sweeper (already running) batches them all.
    await markEveryBatchStale(db);
  }
  return { generatedCredentials };
}

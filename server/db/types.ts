// The types live beside the schema they are built from, so the seeds (drizzle/) need not import the server.
export type { Database, Executor } from "../../drizzle/database";

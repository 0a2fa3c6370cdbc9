import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const groups = pgTable("groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Unique regardless of case (users_username_lower_idx): `ADMIN` cannot stand beside `admin`. */
    username: text("username").notNull(),
    email: text("email").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    profileImage: text("profile_image"),
    isActive: boolean("is_active").notNull().default(true),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("users_group_idx").on(t.groupId),
    index("users_active_idx").on(t.isActive),
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
  ],
);

/** A pending registration: it is not a user until an Admin approves it. */
export const registrationRequests = pgTable(
  "registration_requests",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("registration_requests_username_lower_idx").on(sql`lower(${t.username})`)],
);

/** Refresh tokens are stored hashed; a family is every token rotated from one login. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_expires_idx").on(t.expiresAt)],
);

/** Human-verification solutions already accepted, so each one is good only once. */
export const usedChallenges = pgTable(
  "used_challenges",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '1 day'`),
  },
  (t) => [index("used_challenges_expires_idx").on(t.expiresAt)],
);

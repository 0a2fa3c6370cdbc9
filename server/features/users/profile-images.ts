import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../../db/types";
import { reencodeImage } from "./image";
import * as repo from "./repository";

const PROFILE_SIZE_PX = 256;

/** A user's own profile photo, kept small under uploads/profile. */
export function createProfileImages({
  db,
  uploadsDir,
  onUserChanged,
}: {
  db: Database;
  uploadsDir: string;
  onUserChanged(userId: number): void;
}) {
  const profileDir = join(uploadsDir, "profile");

  return {
    /** Checks the content (not the name or type claimed), re-encodes it small, then swaps it in. */
    async replaceProfileImage(userId: number, previous: string | null, upload: Buffer): Promise<string> {
      const resized = await reencodeImage(upload, "profile_image", (image) =>
        image.resize(PROFILE_SIZE_PX, PROFILE_SIZE_PX, { fit: "cover" }),
      );
      await mkdir(profileDir, { recursive: true });
      const file = `${userId}-${randomBytes(8).toString("hex")}.webp`;
      await writeFile(join(profileDir, file), resized);
      await repo.updateUser(db, userId, { profileImage: file });
      onUserChanged(userId);
      if (previous) await rm(join(profileDir, previous), { force: true });
      return file;
    },
  };
}

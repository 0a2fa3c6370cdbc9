import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { COURIER_MESSAGES } from "@domain/contracts/courier";
import { can } from "@domain/permissions";
import type { Database } from "../../db/types";
import { Forbidden, NotFound } from "../../errors";
import type { AuthenticatedUser } from "../auth";
import { reencodeImage } from "../users";
import * as repo from "./repository";

/** Proof photos keep enough detail to read a house number, and no more. */
const PROOF_MAX_PX = 1280;

/** The proof photos of 'Entregado': taken by the courier's phone, read by the office. */
export function createProofPhotos({ db, uploadsDir }: { db: Database; uploadsDir: string }) {
  const proofDir = join(uploadsDir, "proof");

  return {
    /** Re-encodes an upload and keeps it; answers the file's name. */
    async store(orderId: number, upload: Buffer) {
      const image = await reencodeImage(upload, "photo", (i) =>
        i.resize(PROOF_MAX_PX, PROOF_MAX_PX, { fit: "inside", withoutEnlargement: true }),
      );
      await mkdir(proofDir, { recursive: true });
      const file = `${orderId}-${randomBytes(12).toString("hex")}.webp`;
      await writeFile(join(proofDir, file), image);
      return file;
    },

    remove: (file: string) => rm(join(proofDir, file), { force: true }),

    /** The proof photo's file: the office reads any, a courier only their own stops'. */
    async photo(user: AuthenticatedUser, stopId: number) {
      const stop = await repo.stopById(db, stopId);
      if (!stop?.photo) throw new NotFound(COURIER_MESSAGES.photo);
      if (!can(user.group, "dispatch.work") && stop.userId !== user.id)
        throw new Forbidden(COURIER_MESSAGES.notYourStop);
      return join(proofDir, stop.photo);
    },
  };
}

export type ProofPhotos = ReturnType<typeof createProofPhotos>;

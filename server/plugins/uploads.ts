import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { PROFILE_IMAGE_MAX_BYTES } from "../../domain/contracts/users";

/**
 * Multipart forms, for the features that take a photo (profiles, proof of delivery). Each
 * registers it in its own scope: its hooks would otherwise run on every API call, and any
 * other route answers a multipart body with 415.
 */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });

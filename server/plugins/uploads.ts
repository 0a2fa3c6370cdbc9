import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PROFILE_IMAGE_MAX_BYTES } from "@domain/contracts/users";
import { Invalid } from "../errors";

/** A multipart body the parser could not read: no or another boundary, cut short, malformed. */
const MALFORMED_FORM = "El formulario enviado llegó incompleto o dañado. Volvé a enviarlo.";

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

const tooLarge = (error: unknown) =>
  (error as { statusCode?: number }).statusCode === 413 ||
  (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

export interface ReadForm {
  /** The text fields, by name. */
  fields: Record<string, string>;
  /** The bytes of the file part named `file`, null when absent or empty; other files are read and dropped. */
  file: Buffer | null;
}

/**
 * The one way a route reads a multipart body: every parser failure (no boundary, a boundary
 * the body does not use or over busboy's length, a truncated body, a malformed part) is the
 * sender's, a 400 in Spanish naming `file`; a file over the size limit keeps its 413.
 */
export async function readForm(request: FastifyRequest, file: string): Promise<ReadForm> {
  const form: ReadForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === file && bytes.length) form.file = bytes;
      } else form.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (tooLarge(error)) throw error;
    throw new Invalid(MALFORMED_FORM, { [file]: MALFORMED_FORM });
  }
  return form;
}

import { createReadStream, existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "@domain/contracts/text";
import { SuccessBody } from "@domain/contracts/errors";
import {
  ApprovalsQuery,
  ApprovalsResponse,
  ChangeGroupRequest,
  DeactivateUserRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  PROFILE_IMAGE_REQUIRED,
  ProfileImageResponse,
  RegistrationDecision,
} from "@domain/contracts/users";
import { Invalid, NotFound } from "../../errors";
import type { UsersService } from "./service";
import { acceptUploads, readForm } from "../../plugins/uploads";

export interface UsersRoutesOptions {
  users: UsersService;
  uploadsDir: string;
  imageUrl(file: string): string;
}

const ok = { success: true as const };

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, uploadsDir, imageUrl }) => {
  await acceptUploads(app);
  app.get("/admin/approvals/", {
    config: { permission: "users.approve" },
    schema: {
      summary: "Pending registration requests (a page, oldest first) and the users an Admin manages",
      querystring: ApprovalsQuery,
      response: { 200: ApprovalsResponse },
    },
    handler: (request) => users.approvals(request.query),
  });

  app.post("/admin/registration-requests/approve/", {
    config: { permission: "users.approve" },
    schema: {
      summary: "Approve a registration request, creating the user",
      body: RegistrationDecision,
      response: { 200: SuccessBody },
    },
    handler: async (request) => {
      await users.approve(request.body.id, request.currentUser!.id);
      return ok;
    },
  });

  app.post("/admin/registration-requests/deny/", {
    config: { permission: "users.approve" },
    schema: { summary: "Deny a registration request", body: RegistrationDecision, response: { 200: SuccessBody } },
    handler: async (request) => {
      await users.deny(request.body.id, request.currentUser!.id);
      return ok;
    },
  });

  app.post("/admin/users/deactivate/", {
    config: { permission: "users.approve" },
    schema: {
      summary: "Deactivate a user; their sessions end at once",
      body: DeactivateUserRequest,
      response: { 200: SuccessBody },
    },
    handler: async (request) => {
      await users.deactivate(request.body.user_id, request.currentUser!.id);
      return ok;
    },
  });

  app.post("/admin/users/reset-password/", {
    config: { permission: "users.approve" },
    schema: {
      summary: "Give a user a new generated password, shown once; their sessions end",
      body: ResetPasswordRequest,
      response: { 200: ResetPasswordResponse },
    },
    handler: async (request) => ({
      success: true as const,
      password: await users.resetPassword(request.body.user_id, request.currentUser!.id),
    }),
  });

  app.post("/admin/users/change-group/", {
    config: { permission: "users.approve" },
    schema: { summary: "Move a user to another group", body: ChangeGroupRequest, response: { 200: SuccessBody } },
    handler: async (request) => {
      await users.changeGroup(request.body.user_id, request.body.group_id, request.currentUser!.id);
      return ok;
    },
  });

  app.post("/update-profile-image/", {
    config: { permission: "profile.edit" },
    schema: {
      summary: "Upload the signed-in user's profile photo (multipart)",
      response: { 200: ProfileImageResponse },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new Invalid(PROFILE_IMAGE_REQUIRED, { profile_image: PROFILE_IMAGE_REQUIRED });
      const upload = (await readForm(request, "profile_image")).file;
      if (!upload) throw new Invalid(PROFILE_IMAGE_REQUIRED, { profile_image: PROFILE_IMAGE_REQUIRED });
      const user = request.currentUser!;
      const file = await users.replaceProfileImage(user.id, user.profileImage, upload);
      return { success: true as const, profile_image: imageUrl(file) };
    },
  });

  // Image tags send no bearer token: file names are random, so the URL is the capability.
  app.get("/media/profile/:file", {
    config: { permission: "public" },
    schema: { summary: "A profile photo file", params: z.object({ file: text().regex(/^[\w-]+\.webp$/) }) },
    handler: async (request, reply) => {
      const path = join(uploadsDir, "profile", basename(request.params.file));
      if (!existsSync(path)) throw new NotFound("La imagen no existe.");
      return reply
        .type("image/webp")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(createReadStream(path));
    },
  });
};

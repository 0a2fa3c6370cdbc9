import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AccountGroupsResponse,
  CaptchaConfig,
  CurrentUser,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  RegisterResponse,
  TokenPair,
} from "@domain/contracts/auth";
import { SuccessBody } from "@domain/contracts/errors";
import { TooMany } from "../../errors";
import { serializedOnce } from "../../plugins/response-serializer";
import type { HumanCheck } from "./captcha";
import { toCurrentUser, type AuthService } from "./service";

export interface AuthRoutesOptions {
  auth: AuthService;
  humanCheck: HumanCheck;
  imageUrl(file: string): string;
}

const LOGIN_WINDOW_MS = 60_000;
type SessionUser = NonNullable<FastifyRequest["currentUser"]>;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, humanCheck, imageUrl }) => {
  // Refresh and registration per address; login has its own failure-based throttle (login-throttle.ts).
  const perIp = app.createRateLimit({ max: 30, timeWindow: LOGIN_WINDOW_MS, keyGenerator: (r) => `login-ip:${r.ip}` });
  const throttle =
    (...limits: (typeof perIp)[]) =>
    async (request: FastifyRequest) => {
      for (const limit of limits) {
        const outcome = await limit(request);
        if (!outcome.isAllowed && outcome.isExceeded) throw new TooMany();
      }
    };

  app.post("/login/", {
    config: { permission: "public", csrf: false },
    schema: {
      summary: "Log in with username and password; returns an access and a refresh token",
      body: LoginRequest,
      response: { 200: TokenPair },
    },
    handler: (request) => auth.login(request.body, request.ip),
  });

  app.post("/token/refresh/", {
    config: { permission: "public", csrf: false },
    preHandler: throttle(perIp),
    schema: {
      summary: "Exchange a refresh token for a new token pair (the old one is spent)",
      body: RefreshRequest,
      response: { 200: TokenPair },
    },
    handler: (request) => auth.refresh(request.body.refresh),
  });

  app.post("/logout/", {
    config: { permission: "session.use" },
    schema: {
      summary: "End this session: its access and refresh tokens stop working",
      body: LogoutRequest.optional(),
      response: { 200: SuccessBody },
    },
    handler: async (request) => {
      await auth.logout(request.body?.refresh, request.currentUser!.id, request.sessionId!);
      return { success: true as const };
    },
  });

  // The active-user cache hands back one object per session until it reads the user again:
  // its answer is built, checked and serialized once, not on every call of a busy screen.
  const answers = new WeakMap<SessionUser, Readonly<CurrentUser>>();
  const answerFor = (user: SessionUser) => {
    let answer = answers.get(user);
    if (!answer) {
      answer = Object.freeze(toCurrentUser(user, imageUrl));
      answers.set(user, answer);
    }
    return answer;
  };
  app.get("/me/", {
    config: { permission: "session.use" },
    schema: { summary: "The signed-in user, their group and profile photo", response: { 200: CurrentUser } },
    serializerCompiler: serializedOnce,
    handler: (request) => answerFor(request.currentUser!),
  });

  app.get("/account-groups/", {
    config: { permission: "public" },
    schema: {
      summary: "The groups a person may ask to join when registering",
      response: { 200: AccountGroupsResponse },
    },
    handler: async () => ({ results: await auth.listGroups() }),
  });

  app.get("/captcha/config/", {
    config: { permission: "public" },
    schema: {
      summary: "Which human check registration uses, and its public settings",
      response: { 200: CaptchaConfig },
    },
    handler: () => humanCheck.widget,
  });

  app.get("/captcha/challenge/", {
    config: { permission: "public" },
    schema: { summary: "A new proof-of-work challenge for the registration form" },
    handler: async (_request, reply) => {
      const challenge = await humanCheck.challenge();
      if (!challenge) return reply.status(404).send({ detail: "La verificación usa reCAPTCHA." });
      return reply.header("cache-control", "no-store").send(challenge);
    },
  });

  app.post("/register-request/", {
    config: { permission: "public" },
    preHandler: throttle(perIp),
    schema: {
      summary: "Ask for an account; an Admin approves or denies it",
      body: RegisterRequest,
      response: { 200: RegisterResponse },
    },
    handler: async (request) => {
      await auth.register(request.body, request.ip);
      return { success: true };
    },
  });
};

/**
 * /api/auth and /api/account: logging in and registering, a session's logout and password
 * change, a forgotten password's reset, and the signed-in customer's own account.
 */
import { z } from "zod";
import { ACCOUNT_PATHS, AUTH_PATHS } from "../paths.ts";
import { defineRoute } from "../route.ts";
import {
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  verificationRequestSchema,
  verifyEmailSchema,
} from "../account_requests.ts";
import { addressBody } from "../requests.ts";
import { AccountOrderSchema, AccountSchema, data, SignedInSchema } from "../records.ts";

/** Logging in and registering. */
export const AUTH_ROUTES = {
  login: defineRoute({
    ...AUTH_PATHS.login,
    summary: "Log an admin or a customer in: a bearer token and the role",
    admin: false,
    json: loginSchema,
    ok: { status: 200, schema: SignedInSchema },
    errors: [400, 401, 415, 429, 503],
  }),
  register: defineRoute({
    ...AUTH_PATHS.register,
    summary: "Register a customer account; a taken e-mail is answered alike (its owner is mailed)",
    admin: false,
    json: registerSchema,
    ok: {
      status: 201,
      schema: data(z.object({ username: z.string(), email: z.string() })),
    },
    errors: [400, 415, 429, 503],
  }),
};

/** Ending one's session and changing one's password. */
export const SESSION_ROUTES = {
  logout: defineRoute({
    ...AUTH_PATHS.logout,
    summary: "End this token's session at once",
    admin: false,
    signedIn: "any",
    ok: { status: 204 },
    errors: [401],
  }),
  password: defineRoute({
    ...AUTH_PATHS.password,
    summary: "Change one's password: every earlier token of the account ends; a new one",
    admin: false,
    signedIn: "any",
    json: passwordChangeSchema,
    ok: { status: 200, schema: SignedInSchema },
    errors: [400, 401, 415, 503],
  }),
};

/** A forgotten password: asking for a link, and setting a new password with it. */
export const RESET_ROUTES = {
  request: defineRoute({
    ...AUTH_PATHS.resetRequest,
    summary:
      "Ask for a password reset link: 202 whatever the address; a known one is mailed a link that works once, for one hour",
    admin: false,
    json: resetRequestSchema,
    ok: { status: 202 },
    errors: [400, 415],
  }),
  confirm: defineRoute({
    ...AUTH_PATHS.resetConfirm,
    summary:
      "Set a new password with a reset link's token: every earlier token of the account ends",
    admin: false,
    json: resetConfirmSchema,
    ok: { status: 204 },
    errors: [400, 415, 503],
  }),
};

/** Confirming a customer's e-mail address with the mailed link. */
export const VERIFY_ROUTES = {
  confirm: defineRoute({
    ...AUTH_PATHS.verify,
    summary: "Confirm an address with its mailed token: its guest orders join the account",
    admin: false,
    json: verifyEmailSchema,
    ok: {
      status: 200,
      schema: data(z.object({ joinedOrders: z.number().int(), firstTime: z.boolean() })),
    },
    errors: [400, 415],
  }),
};

/** /api/account: the signed-in customer's own account. */
export const ACCOUNT_ROUTES = {
  profile: defineRoute({
    ...ACCOUNT_PATHS.profile,
    summary: "The signed-in customer's account: name, e-mail, default delivery address",
    admin: false,
    signedIn: "customer",
    ok: { status: 200, schema: data(AccountSchema) },
    errors: [401, 403],
  }),
  address: defineRoute({
    ...ACCOUNT_PATHS.address,
    summary: "Save the default delivery address that prefills checkout",
    admin: false,
    signedIn: "customer",
    json: addressBody,
    ok: { status: 200, schema: data(addressBody) },
    errors: [400, 401, 403, 415],
  }),
  orders: defineRoute({
    ...ACCOUNT_PATHS.orders,
    summary: "The signed-in customer's orders, newest first",
    admin: false,
    signedIn: "customer",
    ok: { status: 200, schema: data(z.array(AccountOrderSchema)) },
    errors: [401, 403],
  }),
  verification: defineRoute({
    ...ACCOUNT_PATHS.verify,
    summary: "Mail a new confirmation link (3 an hour; 409 once confirmed)",
    admin: false,
    signedIn: "customer",
    json: verificationRequestSchema,
    ok: { status: 202 },
    errors: [400, 401, 403, 409, 415, 429],
  }),
};

/**
 * Every request's id: set first on the context and in the `X-Request-Id` answer header,
 * then named by the request log and by a 500's body, so one id ties them together.
 */
import type { MiddlewareHandler } from "hono";

/** Variables every request carries. */
export type AppEnv = { Variables: { requestId: string } };

/** A fresh id for every request, on the context and in the `X-Request-Id` answer header. */
export function requestIds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
  };
}

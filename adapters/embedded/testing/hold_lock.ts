/**
 * A process that holds a data directory's lock as a running shop does, until it is
 * killed: `deno run -A hold_lock.ts DATA_DIR` prints its process id once it holds it.
 */
import { holdLock } from "../process_lock.ts";

await holdLock(Deno.args[0]);
console.log(`held ${Deno.pid}`);
// A timer keeps the process alive: a promise alone does not.
setInterval(() => {}, 60_000);

/** On a product's admin page: how many shoppers wait to be told it is back, when any do. */
import { useAdmin } from "../context.ts";
import { useLoad } from "../hooks.ts";
import { loadWaiting, waitingCounts } from "./waiting.ts";

export function ProductWaiting({ kind, id }: { kind: "book" | "stationery"; id: number }) {
  const { api } = useAdmin();
  const [list] = useLoad(() => loadWaiting(api), [api]);
  const count = waitingCounts(list.data ?? []).get(`${kind}:${id}`) ?? 0;
  if (count === 0) return null;
  return (
    <p className="notice notice-info waiting-note" role="status">
      <span className="badge badge-waiting">{count} waiting</span>{" "}
      {count === 1 ? "shopper waits" : "shoppers wait"}{" "}
      to be mailed when this can be bought again: adding stock mails them.
    </p>
  );
}

/**
 * Marks a hydrated island in server-rendered HTML. The server collects each island's
 * props (plain JSON) into one `<script type="application/json">`; the client entry finds
 * the marked elements and hydrates each with the same component and props.
 */
import { type ComponentType, createContext, createElement, useContext } from "react";
import type { HydrateWhen, IslandName } from "../islands/names.ts";

export interface IslandRecord {
  name: IslandName;
  props: unknown;
  /** When this island hydrates, where it differs from its name's (`HYDRATE_WHEN`). */
  when?: HydrateWhen;
}

/** Filled during a server render; absent in the browser (islands hydrate themselves). */
export const IslandCollector = createContext<IslandRecord[] | null>(null);

export function Island<P extends object>(
  { name, component, props, when }: {
    name: IslandName;
    component: ComponentType<P>;
    props: P;
    when?: HydrateWhen;
  },
) {
  const collected = useContext(IslandCollector);
  const index = collected ? collected.push({ name, props, ...(when ? { when } : {}) }) - 1 : -1;
  return (
    <div className="island" data-island={name} data-island-index={index}>
      {createElement(component, props)}
    </div>
  );
}

/** JSON that is safe inside a `<script>` element: `<` can never close it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

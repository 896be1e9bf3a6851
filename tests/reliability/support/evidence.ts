/** Reading what the shop's processes logged and mailed, and keeping the measured figures. */

/** How many processes applied each migration, from their `Applied migrations` log lines. */
export function appliedMigrationsBy(outputs: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const output of outputs) {
    for (const line of output.split("\n")) {
      if (!line.startsWith("{")) continue;
      let entry: { message?: string; migrations?: string[] };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.message !== "Applied migrations") continue;
      for (const name of entry.migrations ?? []) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return counts;
}

/** The mails a new order sends: the customer's checkout mail and the shop's notice. */
export const MAILS_PER_ORDER = 2;

/**
 * Order id to the number of checkout mails about it, from subjects `... order #12 received`;
 * with `shop`, to the number of the shop's notices (`... new order #12 from ...`).
 */
export function orderIdsInMail(
  subjects: readonly string[],
  which: "customer" | "shop" = "customer",
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const subject of subjects) {
    const customer = /order #(\d+) received/.exec(subject);
    const shop = /new order #(\d+) from /.exec(subject);
    if (!customer && !shop) throw new Error(`Unexpected mail: ${subject}`);
    const match = which === "customer" ? customer : shop;
    if (!match) continue;
    const id = Number(match[1]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Prints the figures a test measured as one line and keeps them under
 * test-artifacts/reliability/, where docs/reliability.md's figures come from.
 */
export async function recordFigures(name: string, figures: Record<string, unknown>): Promise<void> {
  console.log(`figures ${name}: ${JSON.stringify(figures)}`);
  const dir = new URL("../../../test-artifacts/reliability/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(new URL(`${name}.json`, dir), JSON.stringify(figures, null, 2) + "\n");
}

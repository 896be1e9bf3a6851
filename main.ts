/** The composition root: reads configuration, builds the adapters, wires the use cases and serves. */
const port = Number(Deno.env.get("PORT") ?? "8000");
Deno.serve({ port, hostname: "0.0.0.0" }, () => new Response("Pothgula\n"));

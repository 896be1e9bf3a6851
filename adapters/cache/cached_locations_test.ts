import assert from "node:assert/strict";
import { MemoryLocations } from "../memory/locations.ts";
import type { Locations } from "../../domain/ports.ts";
import { CachedLocations } from "./cached_locations.ts";

function counted(inner: Locations): { locations: Locations; reads: () => number } {
  let reads = 0;
  const count = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => (...args: A) => {
    reads++;
    return fn(...args);
  };
  return {
    locations: {
      provinces: count(() => inner.provinces()),
      districts: count((id?: number) => inner.districts(id)),
      areas: count((id?: number) => inner.areas(id)),
      findArea: count((id: number) => inner.findArea(id)),
    },
    reads: () => reads,
  };
}

Deno.test("CachedLocations reads each list and each found area once", async () => {
  const memory = new MemoryLocations();
  const { locations, reads } = counted(memory);
  const cached = new CachedLocations(locations);
  const [area] = await memory.areas();
  assert.deepEqual(await cached.provinces(), await memory.provinces());
  assert.deepEqual(await cached.provinces(), await memory.provinces());
  assert.deepEqual(await cached.areas(area.districtId), await memory.areas(area.districtId));
  await cached.areas(area.districtId);
  assert.deepEqual(await cached.findArea(area.id), await memory.findArea(area.id));
  await cached.findArea(area.id);
  assert.equal(reads(), 3);
});

Deno.test("CachedLocations asks again for ids that named nothing, and after a failure", async () => {
  const memory = new MemoryLocations();
  let failing = true;
  const flaky: Locations = {
    provinces: () => failing ? Promise.reject(new Error("down")) : memory.provinces(),
    districts: (id) => memory.districts(id),
    areas: (id) => memory.areas(id),
    findArea: (id) => memory.findArea(id),
  };
  const cached = new CachedLocations(flaky);
  await assert.rejects(cached.provinces(), /down/);
  failing = false;
  assert.deepEqual(await cached.provinces(), await memory.provinces());
  assert.equal(await cached.findArea(999_999), undefined);
  assert.deepEqual(await cached.districts(999_999), []);
});

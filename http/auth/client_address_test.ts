import assert from "node:assert/strict";
import {
  addressGroup,
  clientAddressOf,
  isAddressOrRange,
  type TrustProxy,
} from "./client_address.ts";

const NONE: TrustProxy = { kind: "none" };
const ONE_HOP: TrustProxy = { kind: "hops", hops: 1 };

Deno.test("clientAddressOf() without trusted proxies is the peer, whatever the header says", () => {
  assert.equal(clientAddressOf("198.51.100.7", "6.6.6.6", NONE), "198.51.100.7");
});

Deno.test("clientAddressOf() behind one appending proxy takes the entry it appended", () => {
  // The client wrote "6.6.6.6, 7.7.7.7"; the proxy appended the client's real address.
  assert.equal(
    clientAddressOf("127.0.0.1", "6.6.6.6, 7.7.7.7, 198.51.100.7", ONE_HOP),
    "198.51.100.7",
  );
  assert.equal(clientAddressOf("127.0.0.1", undefined, ONE_HOP), "127.0.0.1");
});

Deno.test("clientAddressOf() behind two proxies skips the inner one's entry", () => {
  const twoHops: TrustProxy = { kind: "hops", hops: 2 };
  // CDN appended 198.51.100.7 (the client), the inner proxy appended 203.0.113.1 (the CDN).
  assert.equal(
    clientAddressOf("127.0.0.1", "6.6.6.6, 198.51.100.7, 203.0.113.1", twoHops),
    "198.51.100.7",
  );
  // Fewer entries than hops: the leftmost there is.
  assert.equal(clientAddressOf("127.0.0.1", "198.51.100.7", twoHops), "198.51.100.7");
});

Deno.test("clientAddressOf() with proxy addresses ignores the header from any other peer", () => {
  const trust: TrustProxy = { kind: "addresses", ranges: ["10.0.0.0/8"] };
  assert.equal(clientAddressOf("198.51.100.7", "6.6.6.6", trust), "198.51.100.7");
  assert.equal(clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7", trust), "198.51.100.7");
  // Several trusted proxies in a row are all skipped.
  assert.equal(
    clientAddressOf("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.1.1.1", trust),
    "198.51.100.7",
  );
});

Deno.test("clientAddressOf() reads IPv4-mapped IPv6 peers as IPv4", () => {
  const trust: TrustProxy = { kind: "addresses", ranges: ["127.0.0.1", "::1"] };
  assert.equal(clientAddressOf("::ffff:127.0.0.1", "198.51.100.7", trust), "198.51.100.7");
  assert.equal(clientAddressOf("::1", "2001:db8::5", trust), "2001:db8::5");
  assert.equal(clientAddressOf("::ffff:198.51.100.7", undefined, NONE), "198.51.100.7");
});

Deno.test("isAddressOrRange() knows addresses and CIDR ranges of both families", () => {
  for (const good of ["10.0.0.1", "::1", "10.0.0.0/8", "2001:db8::/32"]) {
    assert.ok(isAddressOrRange(good), good);
  }
  for (const bad of ["10.0.0.256", "10.0.0.0/33", "proxy", ""]) {
    assert.ok(!isAddressOrRange(bad), bad);
  }
});

Deno.test("addressGroup() counts an IPv6 address by its /64, an IPv4 address alone", () => {
  assert.equal(addressGroup("2001:db8:1:2:aaaa:bbbb:cccc:7"), "2001:db8:1:2::/64");
  assert.equal(addressGroup("2001:DB8:1:2::ffff"), "2001:db8:1:2::/64");
  assert.equal(addressGroup("2001:db8:1:3::1"), "2001:db8:1:3::/64");
  assert.equal(addressGroup("2001:db8:1:2:aaaa::7", 48), "2001:db8:1::/48");
  assert.equal(addressGroup("2001:db8:1:2:aaaa::7", 128), "2001:db8:1:2:aaaa::7/128");
  assert.equal(addressGroup("198.51.100.7"), "198.51.100.7");
  assert.equal(addressGroup("::ffff:198.51.100.7"), "198.51.100.7");
  assert.equal(addressGroup("unknown"), "unknown");
});

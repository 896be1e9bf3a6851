import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ADMIN_ROLES,
  ADMIN_TASKS,
  isAdminRole,
  mayDo,
  refusal,
  ROLE_POLICIES,
  rolesFor,
} from "./admin_roles.ts";

Deno.test("the owner may do every task, so the shop can always be run by its owner", () => {
  for (const task of ADMIN_TASKS) assert.equal(mayDo("owner", task), true, task);
});

Deno.test("staff process orders and stock and read the catalogue, and nothing else", () => {
  const staff = ADMIN_TASKS.filter((task) => mayDo("staff", task));
  assert.deepEqual(staff, ["orders", "stock", "catalogue"]);
  for (
    const task of ["catalogue_edit", "promotions", "reports", "customer_data", "staff"] as const
  ) {
    assert.equal(mayDo("staff", task), false, task);
  }
});

Deno.test("rolesFor() names exactly the roles whose record allows the task", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ADMIN_TASKS),
      fc.constantFrom(...ADMIN_ROLES),
      (task, role) => rolesFor(task).includes(role) === ROLE_POLICIES[role].may[task],
    ),
  );
  assert.deepEqual(rolesFor("orders"), ["owner", "staff"]);
  assert.deepEqual(rolesFor("promotions"), ["owner"]);
});

Deno.test("isAdminRole() takes the two roles and nothing else", () => {
  assert.ok(isAdminRole("owner") && isAdminRole("staff"));
  for (const other of ["admin", "Owner", "", null, undefined, 1]) assert.ok(!isAdminRole(other));
});

Deno.test("refusal() says plainly that only the owner may, and what", () => {
  assert.equal(
    refusal("promotions"),
    "Only the shop's owner may do this: campaigns, order offers and discount codes",
  );
  assert.match(
    refusal("customer_data"),
    /^Only the shop's owner may do this: export customer data/,
  );
});

/**
 * The owner's Staff page (/admin/staff): the shop's admins with their role, state (invited
 * or active) and when they were added; an invitation by e-mail; a change of role; a reset
 * of someone's access (a new link, their password and sessions ended); a removal. The last
 * owner stays: the shop refuses it (409) and the page says why.
 */
import { type FormEvent, useState } from "react";
import {
  ADMIN_ROLES,
  type AdminRole,
  ROLE_POLICIES,
} from "../../../domain/accounts/admin_roles.ts";
import { STAFF_PATHS } from "../../../contract/admin_paths.ts";
import type { WireStaffMember } from "../../../contract/staff.ts";
import { messageOf } from "../api.ts";
import { ConfirmDialog, type ConfirmRequest } from "../ConfirmDialog.tsx";
import { useAdmin } from "../context.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { Field, SubmitButton } from "../Field.tsx";
import { formatDateTime } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";

const STATE_WORDS = { invited: "Invited: no password yet", active: "Active" } as const;

export function StaffPage() {
  const { api, logout } = useAdmin();
  const [list, reload] = useLoad(async () => (await api.call(STAFF_PATHS.list)).data, [api]);
  const { notice, success, failure, clear } = useNotice();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  /** Runs a change the owner confirmed, and says how it went. */
  async function act(run: () => Promise<string>) {
    clear();
    try {
      success(await run());
      reload();
    } catch (error) {
      failure(messageOf(error));
    }
  }

  function changeRole(member: WireStaffMember, role: AdminRole) {
    const label = ROLE_POLICIES[role].label.toLowerCase();
    setConfirm({
      title: "Change role",
      message: `Make ${member.email} ${label === "owner" ? "an owner" : "staff"}? ${
        member.you ? "You" : "They"
      } will be signed out and sign in again with the new role.`,
      confirmLabel: "Change role",
      onConfirm: () =>
        act(async () => {
          await api.call(STAFF_PATHS.role, { params: { id: member.id }, json: { role } });
          if (member.you) logout();
          return `${member.email} is ${label === "owner" ? "an owner" : "staff"} now`;
        }),
    });
  }

  function resetAccess(member: WireStaffMember) {
    setConfirm({
      title: "Reset access",
      message:
        `Reset ${member.email}'s access? Their password stops working, they are signed out everywhere, and a new link to set a password is mailed to them (it works for 7 days).`,
      confirmLabel: "Reset access",
      onConfirm: () =>
        act(async () => {
          await api.call(STAFF_PATHS.reset, { params: { id: member.id } });
          return `${member.email} was signed out and mailed a new link`;
        }),
    });
  }

  function remove(member: WireStaffMember) {
    setConfirm({
      title: "Remove admin",
      message: `Remove ${member.email}? They are signed out at once and can no longer sign in.`,
      confirmLabel: "Remove",
      onConfirm: () =>
        act(async () => {
          await api.call(STAFF_PATHS.remove, { params: { id: member.id } });
          if (member.you) logout();
          return `${member.email} was removed`;
        }),
    });
  }

  return (
    <div className="staff-page">
      <h2 className="page-title">Staff</h2>
      <InviteForm
        onInvited={(member) => {
          success(`Invitation mailed to ${member.email}: the link works for 7 days`);
          reload();
        }}
      />
      <section className="panel" aria-labelledby="staff-list-heading">
        <h2 id="staff-list-heading">Admins</h2>
        <p className="panel-hint">
          Owners may do everything. Staff process orders, deposit slips and stock, and read the
          catalogue; they cannot change prices, products, promotions or staff, see the reports or
          export customer data.
        </p>
        {list.state === "loading" && !list.data && <Loading />}
        {list.state === "error" && (
          <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
        )}
        {list.data && (
          <div className="table-scroll" role="region" aria-label="Admins" tabIndex={0}>
            <table className="data-table staff-table">
              <thead>
                <tr>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Added</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((member) => (
                  <tr key={member.id}>
                    <td data-label="E-mail">
                      {member.email}
                      {member.you && <span className="staff-you">(you)</span>}
                    </td>
                    <td data-label="Role">
                      <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                        Role of {member.email}
                      </label>
                      <select
                        id={`role-${member.id}`}
                        value={member.role}
                        onChange={(e) => changeRole(member, e.currentTarget.value as AdminRole)}
                      >
                        {ADMIN_ROLES.map((role) => (
                          <option key={role} value={role}>{ROLE_POLICIES[role].label}</option>
                        ))}
                      </select>
                    </td>
                    <td data-label="State">{STATE_WORDS[member.state]}</td>
                    <td data-label="Added">{formatDateTime(member.added_at)}</td>
                    <td data-label="Actions">
                      <div className="row-actions">
                        {!member.you && (
                          <button
                            type="button"
                            className="button-secondary"
                            onClick={() => resetAccess(member)}
                          >
                            Reset access<span className="visually-hidden">{member.email}</span>
                          </button>
                        )}
                        <button
                          type="button"
                          className="button-danger"
                          onClick={() => remove(member)}
                        >
                          Remove<span className="visually-hidden">{member.email}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Notice notice={notice} onDismiss={clear} floating />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: (member: WireStaffMember) => void }) {
  const { api } = useAdmin();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AdminRole>("staff");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setError("Enter the e-mail address to invite");
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const member = (await api.call(STAFF_PATHS.invite, { json: { email: typed, role } })).data;
      setEmail("");
      setRole("staff");
      onInvited(member);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="staff-invite-heading">
      <h2 id="staff-invite-heading">Invite an admin</h2>
      <p className="panel-hint">
        We mail them a link to set their password. It works once, for 7 days.
      </p>
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field id="invite-email" label="E-mail" error={error}>
          {(aria) => (
            <input
              {...aria}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field id="invite-role" label="Role">
          {(aria) => (
            <select
              {...aria}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value as AdminRole)}
            >
              {ADMIN_ROLES.map((r) => <option key={r} value={r}>{ROLE_POLICIES[r].label}</option>)}
            </select>
          )}
        </Field>
        <SubmitButton submitting={busy}>Send invitation</SubmitButton>
      </form>
    </section>
  );
}

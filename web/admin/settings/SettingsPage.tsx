/**
 * The owner's Settings page (/admin/settings): the message budgets and what staff see of the
 * shoppers' personal data, each setting with its words and bounds as the server declares
 * them (domain/settings/settings.ts). Only the settings changed are sent; the server judges
 * each again.
 */
import { type FormEvent, useEffect, useState } from "react";
import { SETTINGS_PATHS } from "../../../contract/admin_paths.ts";
import type { WireSetting } from "../../../contract/settings.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { Field, SubmitButton } from "../Field.tsx";
import { useLoad, useNotice } from "../hooks.ts";

type Draft = Record<string, string | boolean>;

function draftOf(settings: readonly WireSetting[]): Draft {
  return Object.fromEntries(
    settings.map((s) => [s.name, s.kind === "flag" ? Boolean(s.value) : String(s.value)]),
  );
}

export function SettingsPage() {
  const { api } = useAdmin();
  const [list, reload] = useLoad(async () => (await api.call(SETTINGS_PATHS.read)).data, [api]);
  const { notice, success, failure, clear } = useNotice();
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (list.data) setDraft(draftOf(list.data));
  }, [list.data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!list.data) return;
    const changes: Record<string, number | boolean> = {};
    const problems: Record<string, string> = {};
    for (const setting of list.data) {
      const value = draft[setting.name];
      if (setting.kind === "flag") {
        if (value !== setting.value) changes[setting.name] = Boolean(value);
        continue;
      }
      const number = Number(value);
      if (!/^\d+$/.test(String(value)) || number < setting.min! || number > setting.max!) {
        problems[setting.name] = `Enter a whole number from ${setting.min} to ${setting.max}`;
      } else if (number !== setting.value) changes[setting.name] = number;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || Object.keys(changes).length === 0) return;
    clear();
    setBusy(true);
    try {
      await api.call(SETTINGS_PATHS.change, { json: changes });
      success("Settings saved");
      reload();
    } catch (error) {
      failure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="settings-page">
      <h2 className="page-title">Settings</h2>
      {list.state === "loading" && !list.data && <Loading />}
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.data && (
        <form className="panel" onSubmit={submit} noValidate aria-label="Settings">
          {list.data.map((setting) =>
            setting.kind === "flag"
              ? (
                <div className="field" key={setting.name}>
                  <label>
                    <input
                      type="checkbox"
                      checked={Boolean(draft[setting.name])}
                      onChange={(e) =>
                        setDraft({ ...draft, [setting.name]: e.currentTarget.checked })}
                    />{" "}
                    {setting.label}
                  </label>
                  <p className="panel-hint">{setting.help}.</p>
                </div>
              )
              : (
                <Field
                  key={setting.name}
                  id={`setting-${setting.name}`}
                  label={setting.label}
                  hint={`default ${setting.default}`}
                  error={errors[setting.name]}
                >
                  {(aria) => (
                    <>
                      <input
                        {...aria}
                        type="number"
                        inputMode="numeric"
                        min={setting.min ?? undefined}
                        max={setting.max ?? undefined}
                        value={String(draft[setting.name] ?? "")}
                        onChange={(e) =>
                          setDraft({ ...draft, [setting.name]: e.currentTarget.value })}
                      />
                      <p className="panel-hint">{setting.help}.</p>
                    </>
                  )}
                </Field>
              )
          )}
          <SubmitButton submitting={busy}>Save settings</SubmitButton>
        </form>
      )}
      <Notice notice={notice} onDismiss={clear} floating />
    </div>
  );
}

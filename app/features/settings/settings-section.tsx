import { useState, type ReactNode } from 'react';
import type { DomainSettings, SettingsDomain } from '#common/settings/domains.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useSettingsHistory } from './settings-queries.ts';

/** Who last changed a domain's settings, and when; or that they are still the defaults. */
function lastChangedText(settings: DomainSettings): string {
  return settings.changedAt === null
    ? 'Not changed yet: these are the starting settings.'
    : `Last changed by ${settings.changedBy ?? 'a former member of staff'} on ${formatDateTime(settings.changedAt)}`;
}

/** The changes of a domain, read when opened. */
function SettingsHistory({ domain }: { domain: SettingsDomain }) {
  const [open, setOpen] = useState(false);
  const history = useSettingsHistory(domain, open);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-brand-dark">History of changes</summary>
      {history.isPending && open && <Spinner label="Loading the history…" />}
      {history.isError && <p className="mt-2 text-red-700">{messageOf(history.error)}</p>}
      {history.data && history.data.length === 0 && <p className="mt-2 text-slate-600">No changes yet.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="mt-2 grid gap-2">
          {history.data.map((change) => (
            <li key={change.version} className="rounded-lg bg-slate-50 p-3">
              <p className="font-semibold text-ink">
                Version {change.version}: {change.changedBy ?? 'a former member of staff'},{' '}
                {formatDateTime(change.changedAt)}
              </p>
              <ul className="mt-1 list-disc pl-5 text-slate-700">
                {(change.changes.length > 0 ? change.changes : ['No changes']).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/**
 * One domain's card in the Settings tab: its heading, what it changes, who changed it last, the
 * form, and the history of its changes.
 */
export function SettingsSection({
  id,
  title,
  lead,
  settings,
  children,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  settings: DomainSettings | undefined;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="min-w-0 scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{lead}</p>
      {settings && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold text-white">
            Version {settings.version}
          </span>
          <p>{lastChangedText(settings)}</p>
        </div>
      )}
      <div className="mt-5 grid gap-6">{children}</div>
      {settings && settings.version > 0 && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <SettingsHistory domain={settings.domain} />
        </div>
      )}
    </section>
  );
}

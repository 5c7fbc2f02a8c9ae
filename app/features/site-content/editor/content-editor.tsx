import { useEffect, useMemo, useReducer, useState } from 'react';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { describeChanges } from '#common/site-content/changes.ts';
import { BranchesSection } from './branches-section.tsx';
import { BusinessSection } from './business-section.tsx';
import { ConflictNotice } from './conflict-notice.tsx';
import { checkDraft, fieldLabel, shownErrors } from './content-errors.ts';
import { ContentIndex } from './content-index.tsx';
import { editorReducer, hasEdits } from './draft-state.ts';
import { EditorContext } from '#app/components/editor/editor-context.ts';
import { initialEditorState, readStoredDraft, storeDraft } from './draft-storage.ts';
import { ErrorSummary } from './error-summary.tsx';
import { HistorySection } from './history-section.tsx';
import { HomePricingSection } from './home-pricing-section.tsx';
import { InfoPagesSection } from './info-pages-section.tsx';
import { LastChanged } from './last-changed.tsx';
import { PublishBar } from './publish-bar.tsx';
import { ServicesSection } from './services-section.tsx';
import {
  AreasSection,
  ContactHoursSection,
  CustomerEmailsSection,
  TestimonialsSection,
} from './short-sections.tsx';
import { errorSummaryId, focusWhenShown, useContentPublishing } from './use-content-publishing.ts';

/** The browser asks before the tab is closed or left while edits are unpublished. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** The same object for the same findings, so that fields re-render only when theirs change. */
function useStableErrors(errors: Record<string, string[]>) {
  const json = JSON.stringify(errors);
  return useMemo(() => JSON.parse(json) as Record<string, string[]>, [json]);
}

/** The Content section's editor: the draft of the whole document, its checks and its publication. */
export function ContentEditor({ published }: { published: PublishedSiteContent }) {
  const [state, dispatch] = useReducer(editorReducer, published, (first) =>
    initialEditorState(first, readStoredDraft()),
  );
  const { base, draft, conflict } = state;
  const { publish, restore } = useContentPublishing(dispatch);
  const [confirming, setConfirming] = useState<{ content: SiteContent; changes: string[] } | null>(null);
  // The bank holidays listed start from the day the editor opened.

  const dirty = useMemo(() => hasEdits({ base, draft }), [base, draft]);
  // A newer version fetched while nothing is edited is simply the one to edit from.
  const [seenVersion, setSeenVersion] = useState(published.version);
  if (published.version !== seenVersion) {
    setSeenVersion(published.version);
    if (!dirty && published.version > base.version) dispatch({ type: 'load', published });
  }

  useEffect(() => storeDraft({ base, draft }), [base, draft]);
  useLeaveWarning(dirty);

  const changes = useMemo(() => describeChanges(base.content, draft), [base, draft]);
  const count = dirty ? Math.max(changes.length, 1) : 0;
  const draftErrors = useMemo(() => {
    if (!state.checking) return {};
    const result = checkDraft(draft);
    return result.ok ? {} : result.fieldErrors;
  }, [state.checking, draft]);
  const errors = useStableErrors(shownErrors(state.checking, draftErrors, state.serverErrors));
  const context = useMemo(() => ({ dispatch, errors, labelOf: fieldLabel }), [errors]);
  const busy = publish.isPending || restore.isPending;

  /** The draft as the rules accept it, or null after showing what needs attention. */
  function checkedDraft(): SiteContent | null {
    const result = checkDraft(draft);
    if (result.ok) return result.content;
    dispatch({ type: 'check' });
    focusWhenShown(errorSummaryId);
    return null;
  }

  const onPublish = () => {
    const content = checkedDraft();
    if (content) setConfirming({ content, changes: describeChanges(base.content, content) });
  };
  const newest = conflict?.current ?? (published.version > base.version ? published : base);

  return (
    <EditorContext.Provider value={context}>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <LastChanged published={newest} />
          <p className="text-sm text-slate-600">
            The services, prices, branches, hours and texts of the public site. Make your changes, then
            publish: the site shows them at once. Booking times, tyre prices, invoicing and reminders are in
            Settings.
          </p>
        </div>
        <ErrorSummary errors={errors} draft={draft} />
        {conflict && (
          <ConflictNotice
            conflict={conflict}
            base={base}
            draft={draft}
            busy={busy}
            onPublishOver={() => {
              const content = checkedDraft();
              if (content) publish.mutate({ version: conflict.current.version, content });
            }}
            onLoadTheirs={() => dispatch({ type: 'load', published: conflict.current })}
          />
        )}
        <div className="grid gap-6 lg:grid-cols-[13.5rem_minmax(0,1fr)] lg:items-start">
          <ContentIndex />
          <div className="grid min-w-0 gap-6">
            <BusinessSection business={draft.business} />
            <ServicesSection services={draft.services} published={base.content.services} />
            <HomePricingSection pricing={draft.homePricing} />
            <InfoPagesSection pages={draft.infoPages} />
            <BranchesSection branches={draft.branches} />
            <ContactHoursSection hours={draft.contactHours} />
            <AreasSection areas={draft.areas} />
            <TestimonialsSection testimonials={draft.testimonials} />
            <CustomerEmailsSection emails={draft.customerEmails} />
            <HistorySection
              currentVersion={newest.version}
              unpublished={count}
              busy={busy}
              onRestore={(revision) => restore.mutate(revision)}
            />
          </div>
        </div>
      </div>
      <PublishBar
        count={count}
        busy={busy}
        confirming={confirming?.changes ?? null}
        onPublish={onPublish}
        onConfirm={() => {
          if (confirming) publish.mutate({ version: base.version, content: confirming.content });
        }}
        onCancel={() => setConfirming(null)}
        onDiscard={() => dispatch({ type: 'load', published: newest })}
      />
    </EditorContext.Provider>
  );
}

import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { usePublishedSiteContent } from './content-queries.ts';
import { ContentEditor } from './content-editor.tsx';

/** The Content tab: the published document, fetched afresh each time the tab opens. */
export function ContentTab() {
  const content = usePublishedSiteContent();
  if (content.isPending) return <Spinner label="Loading the site content..." showLabel />;
  if (content.data === undefined) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
        <p className="font-semibold">Failed to load the site content</p>
        <p className="mt-1 text-sm">{messageOf(content.error)}</p>
        <button
          type="button"
          onClick={() => void content.refetch()}
          className="mt-3 min-h-11 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white"
        >
          Try again
        </button>
      </div>
    );
  }
  return <ContentEditor published={content.data} />;
}

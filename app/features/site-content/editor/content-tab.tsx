import { LoadFailure } from '#app/components/ui/load-failure.tsx';
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
      <LoadFailure
        title="Failed to load the site content"
        detail={messageOf(content.error)}
        onRetry={() => void content.refetch()}
      />
    );
  }
  return <ContentEditor published={content.data} />;
}

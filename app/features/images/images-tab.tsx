import { imageSlotNames, isImageSlotName } from '#common/images/images.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { ImageCard } from './image-card.tsx';
import { useSiteImages } from './image-queries.ts';
import { fetchImagesFailed, imageFailureMessage } from './site-images.ts';

const gridClass = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

/** The list could not be read: what went wrong and a way to ask again. */
export function ImagesFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadFailure
      title={fetchImagesFailed}
      detail={error != null ? imageFailureMessage(error) : undefined}
      onRetry={onRetry}
    />
  );
}

/** The Images tab: every named slot of the site, then any other stored image. */
export function ImagesTab() {
  const images = useSiteImages();

  if (images.isPending) return <Spinner label="Loading images..." showLabel />;
  // A failed refetch keeps the cards (and any unsaved alt text) on screen; its toast says it failed.
  if (images.data === undefined) {
    return <ImagesFailure error={images.error} onRetry={() => void images.refetch()} />;
  }

  const byName = new Map(images.data.map((record) => [record.name, record]));
  const others = images.data
    .filter((record) => !isImageSlotName(record.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="grid gap-10">
      <section aria-labelledby="site-images" className="grid gap-4">
        <div>
          <h2 id="site-images" className="text-xl font-bold text-ink">
            Site images
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The pictures on the public website. Upload your own to replace a shipped picture; delete it to
            bring the shipped picture back.
          </p>
        </div>
        <div className={gridClass}>
          {imageSlotNames.map((name) => (
            <ImageCard key={name} name={name} record={byName.get(name)} />
          ))}
        </div>
      </section>
      {others.length > 0 && (
        <section aria-labelledby="other-images" className="grid gap-4">
          <h2 id="other-images" className="text-xl font-bold text-ink">
            Other images
          </h2>
          <div className={gridClass}>
            {others.map((record) => (
              <ImageCard key={record.id} name={record.name} record={record} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

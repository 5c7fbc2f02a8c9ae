import { Button } from '#app/components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx';
import { completionSections, sectionHeadingId } from './completion-sections.ts';

const count = completionSections.length;

/** "Step 2 of 4", the section's name (focused as the fitter moves to it) and the way through. */
export function StepHeading({ jobId, step }: { jobId: number; step: number }) {
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {completionSections.map((section, index) => (
          <span
            key={section.key}
            className={`h-1.5 rounded-full ${index <= step ? 'bg-brand-dark' : 'bg-slate-300'}`}
          />
        ))}
      </div>
      <h4
        id={sectionHeadingId(jobId, step)}
        tabIndex={-1}
        className="font-heading text-lg font-bold text-ink focus:outline-none"
      >
        <span className="block text-sm font-semibold text-slate-600">
          Step {step + 1} of {count}
        </span>{' '}
        {completionSections[step]!.title}
      </h4>
    </div>
  );
}

/** Back and Next between the sections; on the last, the press that completes the job. */
export function StepButtons({ step, onMove }: { step: number; onMove: (step: number) => void }) {
  const last = step === count - 1;
  return (
    // Back stays narrow beside the wide press forward ("Complete the job" on one line at 390 px).
    <div className="grid grid-cols-[auto_1fr] gap-2">
      {step > 0 ? (
        <Button type="button" variant="outline" size="large" onClick={() => onMove(step - 1)}>
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
          Back
        </Button>
      ) : (
        <span />
      )}
      {/* Keyed apart: a press on Next that reaches the last section must not become a press on
          the submit button in its place (the same element, its type changed under the click). */}
      {last ? (
        <Button key="complete" type="submit" size="large">
          Complete the job
        </Button>
      ) : (
        <Button key="next" type="button" size="large" onClick={() => onMove(step + 1)}>
          Next
          <ChevronRightIcon className="size-5" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

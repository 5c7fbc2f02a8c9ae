import { Button } from '#app/components/ui/button.tsx';
import { useForm } from 'react-hook-form';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryNoteMaxLength, type EnquiryNote } from '#common/enquiries/status.ts';
import { FormError } from '#app/components/ui/field-error.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { useAddEnquiryNote } from './enquiry-queries.ts';

/** Staff notes on an enquiry, newest first, and the form that adds one. */
export function EnquiryNotes({ enquiry }: { enquiry: Enquiry }) {
  const headingId = `enquiry-${enquiry.id}-notes`;
  return (
    <section aria-labelledby={headingId} className="mt-4 min-w-0 lg:mt-0">
      <h4 id={headingId} className="text-sm font-semibold text-ink">
        Notes
      </h4>
      {enquiry.notes.length > 0 && (
        <ul className="mt-1.5 grid gap-2">
          {enquiry.notes.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
      <AddNoteForm enquiryId={enquiry.id} />
    </section>
  );
}

function NoteItem({ note }: { note: EnquiryNote }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="text-xs text-slate-600">
        <span className="font-semibold text-ink">{note.author ?? 'Staff'}</span>
        {' · '}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
      </p>
      {/* Plain text: React escapes it, and line breaks are kept by CSS rather than markup. */}
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{note.text}</p>
    </li>
  );
}

type NewNote = { text: string };

/** Add a note: the server checks it (not empty, not too long), its refusal shows at the field. */
function AddNoteForm({ enquiryId }: { enquiryId: number }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewNote>({ defaultValues: { text: '' } });
  const addNote = useAddEnquiryNote(enquiryId, { onAdded: () => reset() });
  const submit = handleSubmit(async ({ text }) => {
    try {
      await addNote.mutateAsync(text);
    } catch (error) {
      showRefusal(error, { fields: ['text'], setError });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 grid gap-2" noValidate>
      <FormField id={`enquiry-${enquiryId}-new-note`} label="Add a note" error={errors.text?.message}>
        {(control) => (
          <textarea {...control} rows={2} maxLength={enquiryNoteMaxLength} {...register('text')} />
        )}
      </FormField>
      <FormError errors={errors} />
      <div>
        <Button type="submit" disabled={isSubmitting} variant="outline">
          Add note
        </Button>
      </div>
    </form>
  );
}

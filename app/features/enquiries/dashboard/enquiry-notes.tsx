import { Button } from '#app/components/ui/button.tsx';
import { useState, type FormEvent } from 'react';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryNoteMaxLength, type EnquiryNote } from '#common/enquiries/status.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
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

function AddNoteForm({ enquiryId }: { enquiryId: number }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addNote = useAddEnquiryNote(enquiryId, {
    onAdded: () => {
      setText('');
      setError(undefined);
    },
    onRefused: setError,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!addNote.isPending) addNote.mutate(text);
  };
  return (
    <form onSubmit={submit} className="mt-2 grid gap-2" noValidate>
      <FormField id={`enquiry-${enquiryId}-new-note`} label="Add a note" error={error}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={enquiryNoteMaxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={addNote.isPending} variant="outline">
          Add note
        </Button>
      </div>
    </form>
  );
}

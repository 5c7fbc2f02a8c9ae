import { Link } from 'react-router';

/** A full-page message (not found, unexpected error) that still offers the way home. */
export function StatusPage({ title, text }: { title: string; text: string }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{title}</h1>
      <p className="max-w-md text-slate-600">{text}</p>
      <Link
        to="/"
        className="mt-2 inline-flex items-center rounded-lg bg-brand px-5 py-3 font-semibold text-ink shadow-sm transition hover:bg-brand-dark hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
      >
        Back to Home
      </Link>
    </main>
  );
}

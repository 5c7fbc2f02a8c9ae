/** Changes in words, one per line ("Puncture Repair: Standard puncture repair £25 → £30"). */
export function ChangeList({ changes, empty }: { changes: readonly string[]; empty: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm break-words text-slate-800 marker:text-slate-400">
      {changes.map((change, index) => (
        <li key={index}>{change}</li>
      ))}
    </ul>
  );
}

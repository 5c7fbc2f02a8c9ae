/** Saves `contents` as a file through the browser's own download. */
export function saveFile(fileName: string, contents: Blob) {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser may read the file after click() returns; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

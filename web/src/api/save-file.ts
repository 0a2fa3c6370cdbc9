/** Hands a downloaded file to the browser's save dialog (what download() fetched); no HTTP of its own. */
export function saveFile(blob: Blob, filename: string) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** A file's size as a person reads it: megabytes, one decimal at most, es-AR. */
export const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString("es-AR", { maximumFractionDigits: 1 })} MB`;

/** A problem with the uploaded file as a whole, answered as a clear 4xx before anything is stored. */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

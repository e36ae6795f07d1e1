import { uploadProblem } from '../../lib/upload.js';

/**
 * A problem with the uploaded file as a whole, answered as a clear 4xx before anything is stored. `cause` keeps
 * what a reader library threw, for the server's log (the client sees only the message).
 */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Runs the checks of an uploaded file: an ImportFileError they throw is answered as its 4xx problem. */
export async function fileErrorsAsProblems<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ImportFileError) throw uploadProblem(error.status, error.message, error.cause);
    throw error;
  }
}

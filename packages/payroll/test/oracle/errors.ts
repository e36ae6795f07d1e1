/** Thrown for any input the engine refuses; `field` names the offending input path. */
export class PayrollInputError extends Error {
  override readonly name = 'PayrollInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

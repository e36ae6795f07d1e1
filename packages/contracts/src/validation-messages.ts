export const PASSWORD_MIN_LENGTH = 6;

/** The one e-mail rule of every form and the import: a simple `name@domain.tld` shape (delivery proves the rest). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The exact validation messages of spec §5, shared so every form (and any server echo) says the same thing. */
export const ValidationMessages = {
  required: 'This field is required',
  email: 'E-mail must be valid',
  password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsMustMatch: 'Passwords must match',
  minLength: (length: number) => `Minimum length is ${length}`,
  maxLength: (length: number) => `Maximum length is ${length}`,
  min: (value: number) => `Value must be at least ${value}`,
  max: (value: number) => `Value must be at most ${value}`,
} as const;

/**
 * The one form of an e-mail address for sign-in and uniqueness: Unicode composed (NFC), trimmed, lower-cased by
 * JavaScript. Every writer and every lookup passes this value; SQL's lower() is never asked to agree with it
 * ("maño" typed decomposed by a phone keyboard was a second account; a Greek final sigma lower-cased by SQL at
 * update and by JavaScript at sign-in was a lock-out).
 */
export const normalizeEmail = (email: string): string => email.normalize('NFC').trim().toLowerCase();

/** The address as shown and mailed to: composed and trimmed, its case kept. */
export const displayEmail = (email: string): string => email.normalize('NFC').trim();

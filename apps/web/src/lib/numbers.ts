const countFormat = new Intl.NumberFormat('en-PH');

/** A count written the en-PH way (12,345): one formatter for the whole app, made once. */
export const formatCount = (value: number) => countFormat.format(value);

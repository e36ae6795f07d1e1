/** Today's date in the Philippines (YYYY-MM-DD), whatever the server's time zone. */
export const manilaToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(now);

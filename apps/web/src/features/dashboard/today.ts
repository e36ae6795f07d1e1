/** Today's date in Manila, written out ("Thursday, November 26, 2026"): every dashboard's subtitle. */
export const todayInManila = () =>
  new Intl.DateTimeFormat('en-PH', { dateStyle: 'full', timeZone: 'Asia/Manila' }).format(new Date());

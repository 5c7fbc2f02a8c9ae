/** £1,234.50 from pence, as every page and e-mail writes an amount. */
export const formatPence = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

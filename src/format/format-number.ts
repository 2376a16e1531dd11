import { i18n } from '@lingui/core';

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with a fixed count of decimals, written as the active language writes it (19.1 in English,
 * 19,1 in French); no thousands separator, as docs/product.md shows numbers.
 */
export function decimal(value: number, decimals: number): string {
  const locale = i18n.locale || 'en';
  const key = `${locale} ${decimals}`;
  let format = decimalFormats.get(key);
  if (!format) decimalFormats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false })));
  return format.format(value);
}

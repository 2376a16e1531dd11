import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'de', 'it', 'es', 'cs', 'sl'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] }],
  format: formatter({ lineNumbers: false }),
});

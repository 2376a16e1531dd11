import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router-dom';
import { activateLanguage } from '../i18n/activate';
import { isLanguage, saveLanguageCookie } from '../i18n/languages';
import { NotFoundPage } from '../components/NotFoundPage';
import { PublicMain } from './PublicLayout';

/** Routes under /{lang}: an unknown prefix is a page that does not exist. */
export function LanguageGate() {
  const { lang } = useParams();
  useEffect(() => {
    if (!isLanguage(lang)) return;
    saveLanguageCookie(lang);
    activateLanguage(lang).catch((error) => console.error('Language could not be loaded', error));
  }, [lang]);
  return isLanguage(lang) ? (
    <Outlet />
  ) : (
    <PublicMain>
      <NotFoundPage />
    </PublicMain>
  );
}

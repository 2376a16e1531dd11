import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSetLanguageMutation } from '../../api/auth';
import { useAppSelector } from '../../app/hooks';
import { activateLanguage } from '../../i18n/activate';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, pathLanguage, saveLanguageCookie, stripLanguage, type Language } from '../../i18n/languages';
import { Select } from '../../components/ui';

/** Switches the interface language; kept in the cookie and, for a signed-in pilot, on the server. */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui();
  const user = useAppSelector((s) => s.auth.user);
  const [setLanguage] = useSetLanguageMutation();
  const location = useLocation();
  const navigate = useNavigate();

  const change = async (language: Language) => {
    saveLanguageCookie(language);
    if (pathLanguage(location.pathname)) {
      navigate(`/${language}${stripLanguage(location.pathname) === '/' ? '' : stripLanguage(location.pathname)}${location.search}`, { replace: true });
    }
    await activateLanguage(language);
    if (user) setLanguage(language).unwrap().catch((error) => console.warn('Language kept in the cookie only', error));
  };

  return (
    <Select aria-label={t`Language`} value={i18n.locale} onChange={(event) => isLanguage(event.target.value) && change(event.target.value)}>
      {LANGUAGES.map((language) => (
        <option key={language} value={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </Select>
  );
}

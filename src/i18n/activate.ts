import { i18n, type Messages } from '@lingui/core';
import type { Language } from './languages';

/** Each catalog is its own chunk, fetched the first time its language is used. */
const loaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import(/* webpackChunkName: "locale-en" */ '../../locales/en/messages.po'),
  fr: () => import(/* webpackChunkName: "locale-fr" */ '../../locales/fr/messages.po'),
  de: () => import(/* webpackChunkName: "locale-de" */ '../../locales/de/messages.po'),
  it: () => import(/* webpackChunkName: "locale-it" */ '../../locales/it/messages.po'),
  es: () => import(/* webpackChunkName: "locale-es" */ '../../locales/es/messages.po'),
  cs: () => import(/* webpackChunkName: "locale-cs" */ '../../locales/cs/messages.po'),
  sl: () => import(/* webpackChunkName: "locale-sl" */ '../../locales/sl/messages.po'),
};

export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.locale === language) return;
  const { messages } = await loaders[language]();
  i18n.loadAndActivate({ locale: language, messages });
  document.documentElement.lang = language;
}

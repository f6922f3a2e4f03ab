import i18next, { type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@homecam/shared';
import { DEFAULT_NAMESPACE, NAMESPACES, resources } from './resources';

/**
 * Language choice (spec §9): the one stored in localStorage `language`, else the first browser
 * language we speak (de-AT counts as de), else English. Only an explicit choice in the appearance
 * settings is stored; a detected language is not, so it keeps following the browser.
 */
export function createI18n(): i18n {
  const instance = i18next.createInstance();
  instance.use(
    new LanguageDetector(null, {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: [],
      // Reduce every candidate to its base language, so i18next takes the browser's order as it is: with
      // pt-BR, nl-BE, de it picks nl (its first exact match would otherwise be the later de).
      convertDetectedLanguage: (code) => code.split(/[-_]/)[0]?.toLowerCase() ?? code,
    }),
  );
  instance.use(initReactI18next);
  void instance.init({
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    // Resources are in memory, so initialisation is synchronous and nothing renders untranslated.
    initAsync: false,
  });
  instance.on('languageChanged', (language) => document.documentElement.setAttribute('lang', language));
  document.documentElement.setAttribute('lang', instance.resolvedLanguage ?? DEFAULT_LANGUAGE);
  return instance;
}

export function currentLanguage(instance: i18n): Language {
  const language = instance.resolvedLanguage;
  return (LANGUAGES as readonly (string | undefined)[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

/** An explicit choice: shown at once and remembered on this device. */
export async function chooseLanguage(instance: i18n, language: Language) {
  localStorage.setItem(STORAGE_KEYS.language, language);
  await instance.changeLanguage(language);
}

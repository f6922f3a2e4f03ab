import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, createI18n, currentLanguage } from './create-i18n';

function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('language detection (spec §9)', () => {
  it('uses the language stored in localStorage first', () => {
    localStorage.setItem('language', 'th');
    browserLanguages('de-DE');
    expect(currentLanguage(createI18n())).toBe('th');
  });

  it('falls back to the first supported browser language, regional variants included', () => {
    browserLanguages('pt-BR', 'nl-BE', 'de');
    expect(currentLanguage(createI18n())).toBe('nl');
  });

  it('falls back to English when nothing matches', () => {
    localStorage.setItem('language', 'klingon');
    browserLanguages('pt-BR', 'ja');
    expect(currentLanguage(createI18n())).toBe('en');
  });

  it('translates from the bundled resources at once, without waiting', () => {
    browserLanguages('de-AT');
    const i18n = createI18n();
    expect(i18n.t('routes.settingsAppearance')).toBe('Darstellung');
    expect(i18n.t('settings:appearance.mode.dark')).toBe('Dunkel');
    expect(document.documentElement.getAttribute('lang')).toBe('de');
  });

  it('remembers an explicit choice on this device', async () => {
    browserLanguages('en-US');
    const i18n = createI18n();
    await chooseLanguage(i18n, 'es');
    expect(localStorage.getItem('language')).toBe('es');
    expect(i18n.t('notFound.message')).toBe('No se pudo encontrar la página solicitada');
  });

  it('does not store a detected language, so it keeps following the browser', () => {
    browserLanguages('fr-FR');
    createI18n();
    expect(localStorage.getItem('language')).toBeNull();
  });
});

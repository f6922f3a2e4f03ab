import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEME_COLORS, type Language, type ThemeColor } from '@homecam/shared';
import { PageTitle } from '../../components/layout/PageTitle';
import { ChoiceGroup } from '../../components/settings/ChoiceGroup';
import { ColorSwatches } from '../../components/settings/ColorSwatches';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Select';
import type { ThemePreference } from '../../stores/theme/theme-resolution';
import { chooseLanguage, currentLanguage } from '../../i18n/create-i18n';
import { useTheme } from '../../hooks/use-theme';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  nl: 'Nederlands',
  en: 'English',
  fr: 'Français',
  th: 'ไทย',
  es: 'Español',
};

// Literal keys (not built from the value) so the i18n check can see each one.
const MODE_LABELS: Record<ThemePreference, string> = {
  light: 'settings:appearance.mode.light',
  dark: 'settings:appearance.mode.dark',
  auto: 'settings:appearance.mode.auto',
};
const MODES = Object.keys(MODE_LABELS) as ThemePreference[];

const COLOR_LABELS: Record<ThemeColor, string> = {
  blue: 'settings:appearance.color.blue',
  blgray: 'settings:appearance.color.blgray',
  brown: 'settings:appearance.color.brown',
  green: 'settings:appearance.color.green',
  gray: 'settings:appearance.color.gray',
  orange: 'settings:appearance.color.orange',
  pink: 'settings:appearance.color.pink',
  purple: 'settings:appearance.color.purple',
};

/** Light/dark/auto, eight accents and the language; all stored on this device (spec §3). */
export function AppearanceSettingsView() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  return (
    <>
      <PageTitle>{t('routes.settingsAppearance')}</PageTitle>
      <div className="flex flex-col gap-4">
        <Card title={t('settings:appearance.modeTitle')} description={t('settings:appearance.modeHint')}>
          <ChoiceGroup
            label={t('settings:appearance.modeTitle')}
            options={MODES.map((mode) => ({ value: mode, label: t(MODE_LABELS[mode]), testId: `theme-mode-${mode}` }))}
            value={theme.settings.preference}
            onChange={(preference) => theme.update({ preference })}
          />
        </Card>
        <Card title={t('settings:appearance.colorTitle')}>
          <ColorSwatches
            label={t('settings:appearance.colorTitle')}
            colors={THEME_COLORS}
            value={theme.settings.color}
            colorName={(color) => t(COLOR_LABELS[color])}
            onChange={(color) => theme.update({ color })}
          />
        </Card>
        <Card title={t('settings:appearance.languageTitle')}>
          <Select
            label={t('settings:appearance.languageLabel')}
            className="max-w-xs"
            data-testid="language-select"
            value={currentLanguage(i18n)}
            options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            onChange={(event) => void chooseLanguage(i18n, event.target.value as Language)}
          />
        </Card>
      </div>
    </>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The motion settings the sliders edit: `videoanalysis` numbers and the camera's `motionTimeout`. */
export interface MotionValues {
  sensitivity: number;
  difference: number;
  dwellTimer: number;
  forceCloseTimer: number;
  motionTimeout: number;
}

export type MotionKey = keyof MotionValues;

interface SliderDef {
  key: MotionKey;
  min: number;
  max: number;
  step: number;
  /** Translation key of the unit ("%", "s", "min"). */
  unit: string;
  /** 0 turns the feature off. */
  offAtZero?: boolean;
  label: string;
  help: string;
}

/** The ranges follow `videoAnalysisSchema` and `cameraSchema.motionTimeout` (slider capped at 10 minutes). */
export const MOTION_SLIDERS: readonly SliderDef[] = [
  { key: 'sensitivity', min: 0, max: 100, step: 1, unit: 'cameras:motion.units.percent', label: 'cameras:motion.sensitivity', help: 'cameras:motion.sensitivityHelp' },
  { key: 'difference', min: 1, max: 255, step: 1, unit: 'cameras:motion.units.level', label: 'cameras:motion.difference', help: 'cameras:motion.differenceHelp' },
  { key: 'dwellTimer', min: 1, max: 600, step: 1, unit: 'cameras:motion.units.seconds', label: 'cameras:motion.dwellTimer', help: 'cameras:motion.dwellTimerHelp' },
  { key: 'forceCloseTimer', min: 0, max: 60, step: 1, unit: 'cameras:motion.units.minutes', offAtZero: true, label: 'cameras:motion.forceCloseTimer', help: 'cameras:motion.forceCloseTimerHelp' },
  { key: 'motionTimeout', min: 0, max: 600, step: 1, unit: 'cameras:motion.units.seconds', offAtZero: true, label: 'cameras:motion.motionTimeout', help: 'cameras:motion.motionTimeoutHelp' },
];

export interface MotionSlidersProps {
  values: MotionValues;
  onChange: (key: MotionKey, value: number) => void;
  disabled?: boolean;
}

function Slider({ def, value, onChange, disabled }: { def: SliderDef; value: number; onChange: (value: number) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const max = Math.max(def.max, value);
  const shown = def.offAtZero && value === 0 ? t('cameras:motion.off') : `${value} ${t(def.unit)}`;
  return (
    <div className="flex flex-col gap-1" data-testid={`motion-slider-${def.key}-field`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {t(def.label)}
        </label>
        <output htmlFor={id} className="text-sm tabular-nums text-foreground" data-testid={`motion-value-${def.key}`}>
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={def.min}
        max={max}
        step={def.step}
        value={value}
        disabled={disabled}
        aria-valuetext={shown}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-primary"
        data-testid={`motion-slider-${def.key}`}
      />
      <p id={`${id}-help`} className="text-xs text-foreground-muted">
        {t(def.help)}
      </p>
    </div>
  );
}

/** Range inputs for the motion detector's numbers, each with its value, unit and a line of explanation. */
export function MotionSliders({ values, onChange, disabled = false }: MotionSlidersProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="motion-sliders">
      {MOTION_SLIDERS.map((def) => (
        <Slider key={def.key} def={def} value={values[def.key]} onChange={(value) => onChange(def.key, value)} disabled={disabled} />
      ))}
    </div>
  );
}

import type { ThemeColor } from '@homecam/shared';
import { cn } from '../ui/cn';
import { CheckIcon } from '../ui/icons';

export interface ColorSwatchesProps {
  label: string;
  colors: readonly ThemeColor[];
  value: ThemeColor;
  colorName: (color: ThemeColor) => string;
  onChange: (color: ThemeColor) => void;
}

/** The eight accents as round swatches; each swatch's colour comes from the theme tokens (data-swatch). */
export function ColorSwatches({ label, colors, value, colorName, onChange }: ColorSwatchesProps) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-3">
      {colors.map((color) => (
        <button
          key={color}
          type="button"
          role="radio"
          aria-checked={color === value}
          aria-label={colorName(color)}
          title={colorName(color)}
          data-swatch={color}
          data-testid={`theme-color-${color}`}
          onClick={() => onChange(color)}
          className={cn(
            'inline-flex h-10 w-10 items-center justify-center rounded-full bg-swatch text-background ring-offset-2 ring-offset-surface',
            color === value && 'ring-2 ring-foreground',
          )}
        >
          {color === value ? <CheckIcon /> : null}
        </button>
      ))}
    </div>
  );
}

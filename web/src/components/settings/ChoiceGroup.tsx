import { cn } from '../ui/cn';

export interface Choice<T extends string> {
  value: T;
  label: string;
  testId?: string;
}

export interface ChoiceGroupProps<T extends string> {
  label: string;
  options: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** A segmented single choice (radio group semantics). */
export function ChoiceGroup<T extends string>({ label, options, value, onChange }: ChoiceGroupProps<T>) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          data-testid={option.testId}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-9 rounded-md px-4 text-sm font-medium transition-colors',
            option.value === value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-surface',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

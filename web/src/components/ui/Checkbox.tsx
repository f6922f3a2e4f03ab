import type { InputHTMLAttributes } from 'react';
import { cn } from './cn';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export function Checkbox({ label, className, ...props }: CheckboxProps) {
  return (
    <label className={cn('flex cursor-pointer items-center gap-2 text-sm text-foreground', className)}>
      <input type="checkbox" className="h-4 w-4 shrink-0 accent-primary" {...props} />
      <span className="min-w-0 hyphens-auto break-words">{label}</span>
    </label>
  );
}

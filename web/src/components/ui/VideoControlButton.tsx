import type { ReactNode } from 'react';
import { cn } from './cn';

export interface VideoControlButtonProps {
  /** Already translated; read out and shown as the tooltip (the button shows only its icon). */
  label: string;
  onClick: () => void;
  testId: string;
  /** Smaller, for a camview tile's bar. */
  compact?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** An icon button on a player's bar over the picture, for the live and the recorded player alike. */
export function VideoControlButton({ label, onClick, testId, compact, disabled, children }: VideoControlButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={disabled}
      data-testid={testId}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md text-on-video hover:bg-video-scrim disabled:opacity-40',
        compact ? 'h-8 w-8' : 'h-9 w-9',
      )}
    >
      {children}
    </button>
  );
}

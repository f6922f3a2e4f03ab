import { useId, type ReactNode } from 'react';
import { ModalFrame } from './ModalFrame';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row. */
  footer?: ReactNode;
  testId?: string;
  /** `wide` for long forms (camera settings). */
  size?: 'default' | 'wide';
}

/**
 * A modal dialog on the native `<dialog>` (useModalDialog): focus stays inside, Escape closes only the topmost
 * dialog (a confirm opened on top of a modal closes alone), the page is locked behind it and focus goes back to
 * the opener on close. Escape and a click on the backdrop close it.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ title, onClose, children, footer, testId, size = 'default' }: ModalProps) {
  const titleId = useId();
  return (
    <ModalFrame onClose={onClose} titleId={titleId} testId={testId} placement="items-center justify-center p-4">
      <div
        className={`flex max-h-[90dvh] w-full flex-col rounded-xl border border-border bg-surface-raised shadow-panel ${size === 'wide' ? 'max-w-3xl' : 'max-w-lg'}`}
      >
        <h2 id={titleId} className="px-5 pt-5 text-lg font-semibold break-words text-foreground">
          {title}
        </h2>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div> : null}
      </div>
    </ModalFrame>
  );
}

import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { useT } from '../../i18n/index.ts';
import { useModalHistory } from './use-modal-history.ts';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** A non-dismissable modal ignores Escape, outside clicks and has no close button. */
  isDismissable?: boolean;
  className?: string;
}

/** A centred dialog (react-aria: focus trap, Escape, scroll lock) that closes on back. */
export function Modal({ isOpen, onOpenChange, title, children, isDismissable = true, className }: ModalProps) {
  const t = useT();
  useModalHistory(isOpen, () => onOpenChange(false), isDismissable);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
    >
      <AriaModal className={clsx('w-full max-w-md rounded-2xl bg-white p-6 shadow-xl outline-none', className)}>
        <Dialog className="outline-none" role={isDismissable ? 'dialog' : 'alertdialog'}>
          {({ close }) => (
            <>
              <div className="mb-4 flex items-start justify-between gap-4">
                <Heading slot="title" className="text-lg font-bold text-ink">
                  {title}
                </Heading>
                {isDismissable && (
                  <button
                    type="button"
                    onClick={close}
                    aria-label={t('ui.close')}
                    className="-m-1 rounded-lg p-1 text-2xl leading-none text-muted hover:bg-surface"
                  >
                    ×
                  </button>
                )}
              </div>
              {children}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

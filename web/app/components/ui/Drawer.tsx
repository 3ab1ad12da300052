import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from '../../i18n/index.ts';
import { useModalHistory } from './use-modal-history.ts';

export interface DrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
}

/** A side panel sliding in from the inline start (the right in RTL), 70% of the viewport (spec §9). */
export function Drawer({ isOpen, onOpenChange, title, children }: DrawerProps) {
  const t = useT();
  useModalHistory(isOpen, () => onOpenChange(false));
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-slate-900/40"
    >
      <Modal
        className="drawer fixed inset-y-0 start-0 w-[70vw] overflow-y-auto bg-white shadow-2xl outline-none"
        data-testid="drawer"
      >
        <Dialog className="flex h-full flex-col outline-none">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between border-b border-line px-5 py-4">
                <Heading slot="title" className="text-base font-bold">
                  {title}
                </Heading>
                <button
                  type="button"
                  onClick={close}
                  aria-label={t('nav.closeMenu')}
                  className="rounded-lg p-1 text-2xl leading-none text-muted hover:bg-surface"
                >
                  ×
                </button>
              </div>
              <div className="flex-1 px-3 py-4">{children}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

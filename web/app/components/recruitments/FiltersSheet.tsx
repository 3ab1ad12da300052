// The phone's filter sheet: a dialog holding the same filter form as the desktop side panel.
// Its own module, fetched when a phone user first opens it, so the listing's first load carries
// no overlay code.
import type { ReactNode } from 'react';
import { Modal } from '../ui/Modal.tsx';

export default function FiltersSheet({
  isOpen,
  onOpenChange,
  title,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={title} className="max-h-[85vh] overflow-y-auto">
      {children}
    </Modal>
  );
}

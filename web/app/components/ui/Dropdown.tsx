import { useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useLocation } from 'react-router';

export interface DropdownProps {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Told when the panel opens or closes (the bell loads its list on opening). */
  onOpenChange?: (isOpen: boolean) => void;
  /** Extra classes of the panel (a wider one for the bell). */
  panelClassName?: string;
  /** The trigger's test id. */
  triggerTestId?: string;
}

/**
 * A popover panel under a button (react-aria): closes on outside click and Escape, and
 * here also whenever the route changes (spec §2).
 */
export function Dropdown({
  label,
  trigger,
  children,
  testId,
  onOpenChange,
  panelClassName = 'w-72',
  triggerTestId,
}: DropdownProps) {
  const [isOpen, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  return (
    <DialogTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        onOpenChange?.(open);
      }}
    >
      <Button
        aria-label={label}
        data-testid={triggerTestId}
        className="flex items-center gap-2 rounded-full p-1 outline-none hover:bg-surface data-[focus-visible]:ring-4 data-[focus-visible]:ring-brand-200"
      >
        {trigger}
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className={`${panelClassName} rounded-2xl border border-line bg-white shadow-xl outline-none`}
      >
        <Dialog aria-label={label} className="max-h-[80vh] overflow-y-auto p-2 outline-none" data-testid={testId}>
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

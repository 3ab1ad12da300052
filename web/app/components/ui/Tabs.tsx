import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export interface TabItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** Accessible tabs (react-aria): arrow keys follow the reading direction. */
export function Tabs({
  label,
  items,
  defaultSelectedKey,
  selectedKey,
  onSelectionChange,
}: {
  label: string;
  items: TabItem[];
  defaultSelectedKey?: string;
  /** Controlled selection (e.g. kept in the URL's query). */
  selectedKey?: string;
  onSelectionChange?: (key: string) => void;
}) {
  return (
    <AriaTabs
      defaultSelectedKey={defaultSelectedKey}
      selectedKey={selectedKey}
      onSelectionChange={onSelectionChange && ((key) => onSelectionChange(String(key)))}
    >
      <TabList aria-label={label} className="flex gap-1 border-b border-line">
        {items.map((item) => (
          <Tab
            key={item.id}
            id={item.id}
            data-testid={`tab-${item.id}`}
            className="cursor-pointer border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted outline-none data-[selected]:border-brand-600 data-[selected]:text-brand-700 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-200"
          >
            {item.title}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="py-4 outline-none">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}

import type { ReactNode } from 'react';
import { t } from '../strings.ts';
import { useSession } from '../../shared/session.tsx';
import { NotAllowed, PageHeader } from '../../shared/ui.tsx';
import { StoreTabs } from './store-tabs.tsx';

/** Every store page: the header, the sections' tabs, and the page (owners and admins only). */
export function StoreFrame({
  description,
  actions,
  children,
}: {
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  if (!session.canManage) {
    return (
      <>
        <PageHeader title={t.products.title} />
        <NotAllowed />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t.products.title} description={description} actions={actions} />
      <StoreTabs />
      {children}
    </>
  );
}

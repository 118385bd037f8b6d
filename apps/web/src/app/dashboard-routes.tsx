import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { DashboardLayout } from './layouts/dashboard-layout.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { AcceptInvitationPage } from '../features/dashboard/accept-invitation/accept-invitation-page.tsx';
import { ApiKeysPage } from '../features/dashboard/api-keys/api-keys-page.tsx';
import { WebhooksPage } from '../features/dashboard/webhooks/webhooks-page.tsx';
import { MailPage } from '../features/dashboard/mail/mail-page.tsx';
import { BookingsListPage } from '../features/dashboard/bookings-list/bookings-list-page.tsx';
import { CategoriesPage } from '../features/dashboard/categories/categories-page.tsx';
import { Loading } from '../features/dashboard/shared/ui.tsx';
import { PoliciesPage } from '../features/dashboard/policies/policies-page.tsx';
import { ResourcesPage } from '../features/dashboard/resources/resources-page.tsx';
import { ServicesPage } from '../features/dashboard/services/services-page.tsx';
import { SettingsPage } from '../features/dashboard/settings/settings-page.tsx';
import { StaffPage } from '../features/dashboard/staff/staff-page.tsx';
import { TeamPage } from '../features/dashboard/team/team-page.tsx';

// FullCalendar and the chart library are the heavy parts: each loads with its own page.
const CalendarPage = lazy(() =>
  import('../features/dashboard/calendar/calendar-page.tsx').then((m) => ({ default: m.CalendarPage })),
);
const HomePage = lazy(() =>
  import('../features/dashboard/home/home-page.tsx').then((m) => ({ default: m.HomePage })),
);
const CollectionsPage = lazy(() =>
  import('../features/dashboard/collections/collections-page.tsx').then((m) => ({
    default: m.CollectionsPage,
  })),
);
const BackupsPage = lazy(() =>
  import('../features/dashboard/collections/backups-page.tsx').then((m) => ({
    default: m.BackupsPage,
  })),
);
const ConnectionsPage = lazy(() =>
  import('../features/dashboard/collections/connections-page.tsx').then((m) => ({
    default: m.ConnectionsPage,
  })),
);
const CollectionPage = lazy(() =>
  import('../features/dashboard/collections/collection-page.tsx').then((m) => ({
    default: m.CollectionPage,
  })),
);

// The store's screens load when the owner first opens them (they share their code's chunk).
const StoreProductsPage = lazy(() =>
  import('../features/dashboard/store/products-page.tsx').then((m) => ({ default: m.StoreProductsPage })),
);
const ProductEditorPage = lazy(() =>
  import('../features/dashboard/store/product-editor-page.tsx').then((m) => ({
    default: m.ProductEditorPage,
  })),
);
const StoreCollectionsPage = lazy(() =>
  import('../features/dashboard/store/collections-page.tsx').then((m) => ({
    default: m.StoreCollectionsPage,
  })),
);
const StoreInventoryPage = lazy(() =>
  import('../features/dashboard/store/inventory-page.tsx').then((m) => ({ default: m.StoreInventoryPage })),
);
const StoreLabelsPage = lazy(() =>
  import('../features/dashboard/store/labels-page.tsx').then((m) => ({ default: m.StoreLabelsPage })),
);

// The orders screens load with their own client (orders and transactions), only when the owner opens them.
const OrdersPage = lazy(() =>
  import('../features/dashboard/orders/orders-page.tsx').then((m) => ({ default: m.OrdersPage })),
);
const OrderPage = lazy(() =>
  import('../features/dashboard/orders/order-page.tsx').then((m) => ({ default: m.OrderPage })),
);

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

/**
 * Everything under /dashboard except the sign-in page. Loaded lazily from routes.tsx, so the public
 * site never downloads the calendar, charts or management screens.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route path="accept-invitation" element={<AcceptInvitationPage />} />
      <Route element={<DashboardLayout />}>
        <Route
          index
          element={
            <Page>
              <HomePage />
            </Page>
          }
        />
        <Route
          path="calendar"
          element={
            <Page>
              <CalendarPage />
            </Page>
          }
        />
        <Route path="bookings" element={<BookingsListPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="policies" element={<PoliciesPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="api-keys" element={<ApiKeysPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="mail" element={<MailPage />} />
        <Route
          path="collections"
          element={
            <Page>
              <CollectionsPage />
            </Page>
          }
        />
        <Route
          path="data-backups"
          element={
            <Page>
              <BackupsPage />
            </Page>
          }
        />
        <Route
          path="data-connections"
          element={
            <Page>
              <ConnectionsPage />
            </Page>
          }
        />
        <Route
          path="collections/:collectionId"
          element={
            <Page>
              <CollectionPage />
            </Page>
          }
        />
        <Route
          path="store"
          element={
            <Page>
              <StoreProductsPage />
            </Page>
          }
        />
        <Route
          path="store/products/:productId"
          element={
            <Page>
              <ProductEditorPage />
            </Page>
          }
        />
        <Route
          path="store/collections"
          element={
            <Page>
              <StoreCollectionsPage />
            </Page>
          }
        />
        <Route
          path="store/inventory"
          element={
            <Page>
              <StoreInventoryPage />
            </Page>
          }
        />
        <Route
          path="store/labels"
          element={
            <Page>
              <StoreLabelsPage />
            </Page>
          }
        />
        <Route
          path="orders"
          element={
            <Page>
              <OrdersPage />
            </Page>
          }
        />
        <Route
          path="orders/:orderId"
          element={
            <Page>
              <OrderPage />
            </Page>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

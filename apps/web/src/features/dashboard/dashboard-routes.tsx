import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { DashboardLayout } from '../../app/layouts/dashboard-layout.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ApiKeysPage } from './api-keys/api-keys-page.tsx';
import { BookingsListPage } from './bookings-list/bookings-list-page.tsx';
import { Loading } from './shared/ui.tsx';
import { PoliciesPage } from './policies/policies-page.tsx';
import { ServicesPage } from './services/services-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { StaffPage } from './staff/staff-page.tsx';
import { TeamPage } from './team/team-page.tsx';

// FullCalendar and the chart library are the heavy parts: each loads with its own page.
const CalendarPage = lazy(() =>
  import('./calendar/calendar-page.tsx').then((m) => ({ default: m.CalendarPage })),
);
const HomePage = lazy(() => import('./home/home-page.tsx').then((m) => ({ default: m.HomePage })));

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
        <Route path="policies" element={<PoliciesPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="api-keys" element={<ApiKeysPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

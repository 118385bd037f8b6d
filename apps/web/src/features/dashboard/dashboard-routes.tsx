import { Route, Routes } from 'react-router';
import { DashboardLayout } from '../../app/layouts/dashboard-layout.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { ApiKeysPage } from './api-keys/api-keys-page.tsx';
import { BookingsListPage } from './bookings-list/bookings-list-page.tsx';
import { CalendarPage } from './calendar/calendar-page.tsx';
import { HomePage } from './home/home-page.tsx';
import { PoliciesPage } from './policies/policies-page.tsx';
import { ServicesPage } from './services/services-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { StaffPage } from './staff/staff-page.tsx';
import { TeamPage } from './team/team-page.tsx';

/**
 * Everything under /dashboard except the sign-in page. Loaded lazily from routes.tsx, so the public
 * site never downloads the calendar, charts or management screens.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<HomePage />} />
        <Route path="calendar" element={<CalendarPage />} />
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

import { Route, Routes } from 'react-router';
import { SiteLayout } from './layouts/site-layout.tsx';
import { HomePage } from './home-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout siteName="Atrium" />}>
        <Route index element={<HomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

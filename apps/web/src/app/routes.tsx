import { Route, Routes } from 'react-router';
import { SiteLayout } from './layouts/site-layout.tsx';
import { HomePage } from './home-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';
import { AccountPage } from '../features/auth/pages/account-page.tsx';
import { AuthCallbackPage } from '../features/auth/pages/auth-callback-page.tsx';
import { DashboardSignInPage } from '../features/auth/pages/dashboard-sign-in-page.tsx';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { RegisterPage } from '../features/auth/pages/register-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { SignInPage } from '../features/auth/pages/sign-in-page.tsx';
import { VerifyEmailPage } from '../features/auth/pages/verify-email-page.tsx';

export function AppRoutes() {
  return (
    <AuthProvider>
      <Routes>
        <Route element={<SiteLayout siteName="Atrium" />}>
          <Route index element={<HomePage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="account/login" element={<SignInPage />} />
          <Route path="account/register" element={<RegisterPage />} />
          <Route path="account/verify" element={<VerifyEmailPage />} />
          <Route path="account/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="account/reset-password" element={<ResetPasswordPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="dashboard/sign-in" element={<DashboardSignInPage />} />
      </Routes>
    </AuthProvider>
  );
}

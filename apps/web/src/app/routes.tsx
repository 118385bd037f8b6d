import { lazy, Suspense } from 'react';
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
import { Area } from '../components/area-boundary.tsx';

// Bookings and shop pages load on demand so the first page stays light (scripts/measure-initial-js.mjs).
const ServicesPage = lazy(() =>
  import('../features/services/pages/services-page.tsx').then((m) => ({ default: m.ServicesPage })),
);
const ServicePage = lazy(() =>
  import('../features/services/pages/service-page.tsx').then((m) => ({ default: m.ServicePage })),
);
const BookingPage = lazy(() =>
  import('../features/booking/pages/booking-page.tsx').then((m) => ({ default: m.BookingPage })),
);
const VisitPage = lazy(() =>
  import('../features/booking/pages/visit-page.tsx').then((m) => ({ default: m.VisitPage })),
);
const GuestBookingPage = lazy(() =>
  import('../features/booking/pages/guest-booking-page.tsx').then((m) => ({ default: m.GuestBookingPage })),
);
const AccountLayout = lazy(() =>
  import('../features/account/components/account-layout.tsx').then((m) => ({ default: m.AccountLayout })),
);
const MyBookingsPage = lazy(() =>
  import('../features/booking/pages/my-bookings-page.tsx').then((m) => ({ default: m.MyBookingsPage })),
);
const ShopPage = lazy(() =>
  import('../features/shop/pages/shop-page.tsx').then((m) => ({ default: m.ShopPage })),
);
const ProductPage = lazy(() =>
  import('../features/shop/pages/product-page.tsx').then((m) => ({ default: m.ProductPage })),
);
const CheckoutPage = lazy(() =>
  import('../features/shop/pages/checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })),
);
const ThankYouPage = lazy(() =>
  import('../features/shop/pages/thank-you-page.tsx').then((m) => ({ default: m.ThankYouPage })),
);
const MyOrdersPage = lazy(() =>
  import('../features/shop/pages/my-orders-page.tsx').then((m) => ({ default: m.MyOrdersPage })),
);
const MyOrderPage = lazy(() =>
  import('../features/shop/pages/my-order-page.tsx').then((m) => ({ default: m.MyOrderPage })),
);
// The dashboard (calendar, charts, management screens) is one lazy chunk the public site never loads.
const DashboardRoutes = lazy(() => import('./dashboard-routes.tsx'));
const ComingSoonPage = lazy(() =>
  import('../features/account/pages/coming-soon-page.tsx').then((m) => ({ default: m.ComingSoonPage })),
);

export function AppRoutes() {
  return (
    <AuthProvider>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route
            path="services"
            element={
              <Area>
                <ServicesPage />
              </Area>
            }
          />
          <Route
            path="services/:serviceId"
            element={
              <Area>
                <ServicePage />
              </Area>
            }
          />
          <Route
            path="services/:serviceId/book"
            element={
              <Area>
                <BookingPage />
              </Area>
            }
          />
          <Route
            path="shop"
            element={
              <Area>
                <ShopPage />
              </Area>
            }
          />
          <Route
            path="shop/:slug"
            element={
              <Area>
                <ProductPage />
              </Area>
            }
          />
          <Route
            path="checkout/:checkoutId"
            element={
              <Area>
                <CheckoutPage />
              </Area>
            }
          />
          <Route
            path="orders/:orderId/thank-you"
            element={
              <Area>
                <ThankYouPage />
              </Area>
            }
          />
          <Route
            path="bookings/manage/:token"
            element={
              <Area>
                <GuestBookingPage />
              </Area>
            }
          />
          <Route
            path="visit"
            element={
              <Area>
                <VisitPage />
              </Area>
            }
          />
          <Route
            path="account"
            element={
              <Area>
                <AccountLayout />
              </Area>
            }
          >
            <Route index element={<AccountPage />} />
            <Route
              path="bookings"
              element={
                <Area>
                  <MyBookingsPage />
                </Area>
              }
            />
            <Route
              path="orders"
              element={
                <Area>
                  <MyOrdersPage />
                </Area>
              }
            />
            <Route
              path="orders/:orderId"
              element={
                <Area>
                  <MyOrderPage />
                </Area>
              }
            />
            <Route
              path="subscriptions"
              element={
                <Area>
                  <ComingSoonPage section="SUBSCRIPTIONS" />
                </Area>
              }
            />
            <Route
              path="events"
              element={
                <Area>
                  <ComingSoonPage section="EVENTS" />
                </Area>
              }
            />
          </Route>
          <Route path="account/login" element={<SignInPage />} />
          <Route path="account/register" element={<RegisterPage />} />
          <Route path="account/verify" element={<VerifyEmailPage />} />
          <Route path="account/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="account/reset-password" element={<ResetPasswordPage />} />
          <Route path="auth/callback" element={<AuthCallbackPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="dashboard/sign-in" element={<DashboardSignInPage />} />
        <Route
          path="dashboard/*"
          element={
            <Suspense fallback={null}>
              <DashboardRoutes />
            </Suspense>
          }
        />
      </Routes>
    </AuthProvider>
  );
}

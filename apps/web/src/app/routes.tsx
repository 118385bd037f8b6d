import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from './layouts/site-layout.tsx';
import { HomePage } from './home-page.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { AuthProvider } from '../lib/auth-context.tsx';
import { Area } from '../components/area-boundary.tsx';

// Bookings and shop pages load on demand so the first page stays light (bench/site-load.bench.ts).
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
// The sign-in, registration and account pages carry the contract's form schemas (zod): loaded on demand too,
// so a visitor's first page holds the layout and the home page only (bench/site-load.bench.ts measures it).
const AccountPage = lazy(() =>
  import('../features/auth/pages/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const AuthCallbackPage = lazy(() =>
  import('../features/auth/pages/auth-callback-page.tsx').then((m) => ({ default: m.AuthCallbackPage })),
);
const DashboardSignInPage = lazy(() =>
  import('../features/auth/pages/dashboard-sign-in-page.tsx').then((m) => ({
    default: m.DashboardSignInPage,
  })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })),
);
const SignInPage = lazy(() =>
  import('../features/auth/pages/sign-in-page.tsx').then((m) => ({ default: m.SignInPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/pages/verify-email-page.tsx').then((m) => ({ default: m.VerifyEmailPage })),
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
            <Route
              index
              element={
                <Area>
                  <AccountPage />
                </Area>
              }
            />
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
          <Route
            path="account/login"
            element={
              <Area>
                <SignInPage />
              </Area>
            }
          />
          <Route
            path="account/register"
            element={
              <Area>
                <RegisterPage />
              </Area>
            }
          />
          <Route
            path="account/verify"
            element={
              <Area>
                <VerifyEmailPage />
              </Area>
            }
          />
          <Route
            path="account/forgot-password"
            element={
              <Area>
                <ForgotPasswordPage />
              </Area>
            }
          />
          <Route
            path="account/reset-password"
            element={
              <Area>
                <ResetPasswordPage />
              </Area>
            }
          />
          <Route
            path="auth/callback"
            element={
              <Area>
                <AuthCallbackPage />
              </Area>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="dashboard/sign-in"
          element={
            <Suspense fallback={null}>
              <DashboardSignInPage />
            </Suspense>
          }
        />
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

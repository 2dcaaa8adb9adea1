import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './shell/Layout';
import { RequireAuth } from './shell/RequireAuth';
import { HomePage } from '../features/home/HomePage';

const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProblemsPage = lazy(() => import('../features/problems/ProblemsPage'));
const ProblemPage = lazy(() => import('../features/problems/ProblemPage'));
const ContestsPage = lazy(() => import('../features/contests/ContestsPage'));
const ContestDetailPage = lazy(() => import('../features/contests/ContestDetailPage'));
const ContestProblemPage = lazy(() => import('../features/contests/ContestProblemPage'));
const ContestPracticePage = lazy(() => import('../features/contests/ContestPracticePage'));
const LeaderboardPage = lazy(() => import('../features/leaderboard/LeaderboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AdminContestsPage = lazy(() => import('../features/admin/AdminContestsPage'));
const AdminUsersPage = lazy(() => import('../features/admin/AdminUsersPage'));
const AdminProblemsPage = lazy(() => import('../features/admin/AdminProblemsPage'));
const AdminPlagiarismPage = lazy(() => import('../features/admin/AdminPlagiarismPage'));
const AdminGuard = lazy(() => import('../features/admin/AdminGuard'));
const AdminSetupPage = lazy(() => import('../features/admin/AdminSetupPage'));
const TestAuthPage = lazy(() => import('../features/debug/TestAuthPage'));
const DebugAuthPage = lazy(() => import('../features/debug/DebugAuthPage'));
const NotFoundPage = lazy(() => import('./shell/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/login', element: <AuthPage /> },
      { path: '/signup', element: <AuthPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      { path: '/problems', element: <ProblemsPage /> },
      { path: '/problems/:id', element: <ProblemPage /> },
      { path: '/contests', element: <ContestsPage /> },
      { path: '/contests/:contestId', element: <ContestDetailPage /> },
      { path: '/contests/:contestId/problems/:problemId', element: <ContestProblemPage /> },
      { path: '/contests/:contestId/practice/:problemId', element: <ContestPracticePage /> },
      { path: '/leaderboard', element: <LeaderboardPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/profile/:userId', element: <ProfilePage /> },
      {
        path: '/admin/contests',
        element: (
          <AdminGuard>
            <AdminContestsPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/contests/:contestId/plagiarism',
        element: (
          <AdminGuard>
            <AdminPlagiarismPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/users',
        element: (
          <AdminGuard>
            <AdminUsersPage />
          </AdminGuard>
        ),
      },
      {
        path: '/admin/problems',
        element: (
          <AdminGuard>
            <AdminProblemsPage />
          </AdminGuard>
        ),
      },
      { path: '/admin-setup', element: <AdminSetupPage /> },
      { path: '/test-auth', element: <TestAuthPage /> },
      { path: '/debug-auth', element: <DebugAuthPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

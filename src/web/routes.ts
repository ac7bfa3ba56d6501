import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  layout('routes/acounts-area.tsx', [
    route('cashIn', 'routes/cash-in.tsx'),
    route('cashOut', 'routes/cash-out.tsx'),
    route('fireCount', 'routes/fire-count.tsx'),
    route('dashboard/*', 'routes/dashboard.tsx'),
  ]),
  layout('routes/admin-area.tsx', [route('addusers', 'routes/add-users.tsx'), route('loggedInUsers', 'routes/logged-in-users.tsx')]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

/**
 * What the shell provides to remotes as `react-router-dom`: the API a page uses inside a router someone else
 * made (declarative mode), from the same react-router instance the shell renders with, so a remote's hooks
 * see the shell's router. Providing the whole package instead would keep every export of react-router in the
 * shell's first download (about 34 KB gzip more), because the shell and this module share that one instance.
 * A remote never makes a router of its own (createBrowserRouter, RouterProvider): it renders inside the shell's.
 */
export {
  Link,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Routes,
  createPath,
  createRoutesFromChildren,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';

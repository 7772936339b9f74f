// The router the shell and remotes share. Taken from 'react-router' (not the shared 'react-router-dom'
// module) so that only these parts are bundled; in the shell's build both names lead to the same
// react-router module instance, so a remote importing 'react-router-dom' still sees the same router.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';

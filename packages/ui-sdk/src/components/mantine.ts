// The component library of Lattice, shared as a singleton through this package. Sharing @mantine/core
// itself would ship all of it to every browser (shared modules are never tree-shaken); re-exported from
// here, only these components are bundled, once, and the shell and every remote use that one copy, so
// there is one MantineProvider context. Remotes import Mantine from '@lattice/ui-sdk', never directly.
export {
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Code,
  Divider,
  Flex,
  Group,
  Loader,
  MantineProvider,
  Modal,
  NativeSelect,
  NavLink,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  createTheme,
} from '@mantine/core';
export type { MantineThemeOverride } from '@mantine/core';
export { useDisclosure } from '@mantine/hooks';

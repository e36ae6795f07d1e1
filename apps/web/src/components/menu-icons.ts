import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import TimelapseOutlined from '@mui/icons-material/TimelapseOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The drawer menus' icons, named in the route table. Only the signed-in layouts import this map, so the route
 * table (and with it the sign-in pages) carries no icon (issue 11).
 */
export const MENU_ICONS = {
  DashboardOutlined,
  ApartmentOutlined,
  ManageAccountsOutlined,
  PeopleAltOutlined,
  AccountTreeOutlined,
  EventBusyOutlined,
  MoreTimeOutlined,
  TimelapseOutlined,
  ScheduleOutlined,
  CelebrationOutlined,
  AssessmentOutlined,
  ListAltOutlined,
  PaymentsOutlined,
  TuneOutlined,
  SettingsOutlined,
  BeachAccessOutlined,
  ReceiptLongOutlined,
} satisfies Record<string, SvgIconComponent>;

export type MenuIconName = keyof typeof MENU_ICONS;

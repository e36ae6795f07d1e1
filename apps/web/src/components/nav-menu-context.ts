import { createContext, useContext } from 'react';
import type { MenuIconName } from './menu-icons';

/** One menu destination of the signed-in user's layout (derived from the route table in app/). */
export interface NavMenuItem {
  label: string;
  to: string;
  /** A name of MENU_ICONS (components/menu-icons.ts). */
  icon: MenuIconName;
}

/** Layouts provide their menu so pages (dashboards) can offer the same destinations without knowing routes. */
export const NavMenuContext = createContext<readonly NavMenuItem[]>([]);

export const useNavMenu = () => useContext(NavMenuContext);

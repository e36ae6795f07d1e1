import { onSessionEnded } from '@/lib/session';
import { loginRouteFor } from './navigation';

/**
 * Where an ended session is heading (the login route of its type) until it gets there. The route gate reads it
 * so that, in the moment between tokens being cleared and the navigation landing, it sends the visitor to that
 * login page rather than to / (the rule for visitors who were never signed in).
 */
let pendingLogin: string | null = null;

export const pendingLoginRedirect = () => pendingLogin;

export function arrivedAt(pathname: string): void {
  if (pendingLogin === pathname) pendingLogin = null;
}

export function installSessionEndNavigation(navigate: (to: string) => void, onEnded: () => void): () => void {
  return onSessionEnded((userType) => {
    pendingLogin = loginRouteFor(userType);
    onEnded();
    navigate(pendingLogin);
  });
}

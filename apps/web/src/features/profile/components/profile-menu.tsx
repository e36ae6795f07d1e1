import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { lazyPart } from '@/lib/loadable';
import { useBasicInfo } from '../api/basic-info';

/** The popup card's code: on the first pointer, touch or focus on the button, else its click. */
const { Component: ProfilePopover, onReach: reachPopover } = lazyPart(
  () => import('./profile-popover'),
  'ProfilePopover',
);

// The dialog (its form, validation and zod) loads when first asked for, not with every signed-in page
// (issue 11): the top bar is on every staff and portal page.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('./change-password-dialog')).ChangePasswordDialog,
}));

export const initialsOf = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .filter((_, index, all) => index === 0 || index === all.length - 1)
    .join('') || '?';

/**
 * The profile button of the top bar and its popup card titled Profile (spec §2). The information loads as
 * soon as the layout shows (not on first open), so the card opens filled; the card's code loads when the button
 * is reached for (profile-popover.tsx).
 */
export function ProfileMenu({ fullName }: { fullName: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from the first open on, so closing it still plays its exit transition.
  const [passwordDialogUsed, setPasswordDialogUsed] = useState(false);
  // The card likewise.
  const [popoverUsed, setPopoverUsed] = useState(false);
  useBasicInfo();

  return (
    <>
      <IconButton
        aria-label="Profile"
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        {...reachPopover}
        onClick={(event) => {
          setPopoverUsed(true);
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {initialsOf(fullName)}
        </Avatar>
      </IconButton>
      {popoverUsed && (
        <Suspense fallback={null}>
          <ProfilePopover
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onChangePassword={() => {
              setAnchor(null);
              setPasswordDialogUsed(true);
              setChangingPassword(true);
            }}
          />
        </Suspense>
      )}
      {passwordDialogUsed && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}

import { useState } from 'react';
import { Banner } from '@ui/primitives/banner/banner';
import { analytics } from '../analytics/instance';
import { AppLink } from '../routing/app-link';
import { paths } from '../routing/paths';
import { HIDE_ADD_MEMBERS_HINT_COOKIE, readCookie, writeCookie } from '../session/cookies';

/** Cookie lifetime of the dismissed hint (docs/product/dashboard.md, 'Above the list'). */
export const HIDE_HINT_DAYS = 3650;

/** The add-members hint of the dashboard; dismissed once, hidden for good (cookie, path /). */
export function AddMembersHint() {
  const [hidden, setHidden] = useState(() => readCookie(HIDE_ADD_MEMBERS_HINT_COOKIE) === 'true');
  if (hidden) return null;
  return (
    <Banner
      kind="info"
      title="Invite your team"
      action={
        <AppLink to={paths.memberManagement} onClick={() => analytics.track('addMembers')}>
          Add Members
        </AppLink>
      }
      onDismiss={() => {
        writeCookie(HIDE_ADD_MEMBERS_HINT_COOKIE, 'true', HIDE_HINT_DAYS);
        setHidden(true);
      }}
      dismissLabel="Hide this hint"
    >
      Each member receives an e-mail with a unique code to enroll their device.
    </Banner>
  );
}

import type { Decorator } from '@storybook/react-vite';
import { SWRConfig } from 'swr';
import { sessions } from '@contract/fixtures/sessions';
import type { Session } from '@contract/session';
import { sessionStore } from '../session/session';
import { setLiveNoticesOff } from '../live/use-live';
import { StoryRouter } from './story-router';

/**
 * Screen stories: the session from `parameters.session` (default Acme), a fresh SWR cache and the
 * screen rendered at `parameters.path`. No live event stream (there is no server to stream from).
 */
setLiveNoticesOff(true);

export const screenDecorator: Decorator = (Story, { parameters }) => {
  sessionStore.dispatch({
    type: 'FetchSessionData',
    session: (parameters.session as Session | undefined) ?? sessions.acme,
  });
  return (
    <SWRConfig value={{ provider: () => new Map() }}>
      <StoryRouter path={(parameters.path as string | undefined) ?? '/'}>
        <div className="p-6">
          <Story />
        </div>
      </StoryRouter>
    </SWRConfig>
  );
};

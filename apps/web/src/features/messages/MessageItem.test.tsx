// @vitest-environment jsdom
import { DELETED_MEMBER_NAME, PmState, type PrivateMessage } from '@orbit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { T } from '../../i18n/texts';
import { MessageItem } from './MessageItem';

afterEach(cleanup);

const message = (fields: Partial<PrivateMessage>): PrivateMessage => ({
  pm_id: 1,
  group_id: 2,
  user_id: 7,
  screen_name: 'walker',
  ts: new Date().toISOString(),
  message: 'hello',
  state: PmState.READ,
  image_url: null,
  attachments: [],
  edited: false,
  ...fields,
});

function shown(item: PrivateMessage) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <MessageItem message={item} mine={false} groupId={2} onEdit={() => {}} />
      </ul>
    </QueryClientProvider>,
  );
}

describe('a message whose author erased their account (decision 0048)', () => {
  it('names a deleted member, in the app’s words, and shows no text', () => {
    shown(message({ user_id: null, screen_name: DELETED_MEMBER_NAME, message: '' }));
    expect(screen.getByText(T.deletedMember)).toBeTruthy();
    expect(screen.queryByText(DELETED_MEMBER_NAME)).toBeNull();
    expect(screen.queryAllByRole('paragraph')).toHaveLength(0);
  });

  it('names any other author by their screen name', () => {
    shown(message({}));
    expect(screen.getByText('walker')).toBeTruthy();
    expect(screen.getByText('hello')).toBeTruthy();
  });
});

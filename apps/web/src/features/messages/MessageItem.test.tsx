// @vitest-environment jsdom
import { DELETED_MEMBER_NAME, PmState, type PrivateMessage } from '@orbit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonCase } from '../../i18n/casing';
import { T } from '../../i18n/texts';
import { MessageItem } from './MessageItem';

afterEach(cleanup);

const message = (fields: Partial<PrivateMessage>): PrivateMessage => ({
  pm_id: 1,
  group_id: 2,
  user_id: 7,
  name: 'Wanda Walker',
  screen_name: 'walker',
  ts: new Date().toISOString(),
  message: 'hello',
  state: PmState.READ,
  image_url: null,
  attachments: [],
  edited: false,
  ...fields,
});

function shown(item: PrivateMessage, onBlock?: () => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <MessageItem message={item} mine={false} groupId={2} onEdit={() => {}} onBlock={onBlock} />
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

  it('names any other author by the name the server presents, not their handle (decision 0043)', () => {
    shown(message({}));
    expect(screen.getByText('Wanda Walker')).toBeTruthy();
    expect(screen.queryByText('walker')).toBeNull();
    expect(screen.getByText('hello')).toBeTruthy();
  });
});

describe('the menu of another member’s message', () => {
  const menuItems = () => {
    fireEvent.keyDown(screen.getByRole('button', { name: T.messagesOptions }), { key: 'Enter' });
    return screen.getAllByRole('menuitem').map((item) => item.textContent);
  };

  it('offers Block of its author where the thread gives it (a group thread), and blocks through it', () => {
    const onBlock = vi.fn();
    shown(message({}), onBlock);
    expect(menuItems()).toEqual([T.report, T.block].map(buttonCase));
    fireEvent.click(screen.getByRole('menuitem', { name: buttonCase(T.block) }));
    expect(onBlock).toHaveBeenCalledOnce();
  });

  it('offers Report alone otherwise', () => {
    shown(message({}));
    expect(menuItems()).toEqual([buttonCase(T.report)]);
  });
});

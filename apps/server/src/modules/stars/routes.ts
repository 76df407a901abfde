import { ErrorResponse, PinResponse, StarIdParams } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { setPinned } from './service';

const tags = ['stars'];

export async function starsRoutes(app: App, deps: AppDeps) {
  const schema = { tags, params: StarIdParams, response: { 200: PinResponse, '4xx': ErrorResponse } };
  for (const [action, pinned] of [
    ['pin', true],
    ['unpin', false],
  ] as const) {
    app.post(`/stars/:id/${action}`, { schema }, async (request) =>
      setPinned(deps, me(request).userId, request.params.id, pinned),
    );
  }
}

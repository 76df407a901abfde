import { ErrorResponse } from '@orbit/contract';

/** Shared by the feed modules' routes: their OpenAPI tag and the refusal shape. */
export const tags = ['feeds'];
export const errors = { '4xx': ErrorResponse };

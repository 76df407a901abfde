import { StarType, type SurveyInput, SurveyResponseState } from '@orbit/contract';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses, surveys } from '../../db/schema';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { adminOf, organisation } = communityFixtures(ctx);

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const survey = (extra: Partial<SurveyInput> = {}): SurveyInput => ({
  name: 'How are you?',
  description: 'A short check-in',
  anonymous: true,
  questions: [
    { text: 'Sleep', options: ['Bad', 'Fine', 'Great'] },
    { text: 'Mood', options: ['1', '2', '3', '4', '5'] },
  ],
  start_time: at(-HOUR),
  end_time: at(24 * HOUR),
  completion_message: 'Thank you for answering!',
  ...extra,
});
const rows = async () => ({
  surveys: (await deps.db.select({ n: count() }).from(surveys))[0].n,
  responses: (await deps.db.select({ n: count() }).from(surveyResponses))[0].n,
});
const surveyStar = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers }))
    .json()
    .stars.find((s) => s.star_type === StarType.SURVEYS);
const createSurvey = (user: TestUser, body: SurveyInput) =>
  call(app, 'createSurvey', { headers: user.headers, body });
const updateSurvey = (user: TestUser, id: number, body: SurveyInput) =>
  call(app, 'updateSurvey', { headers: user.headers, params: { id }, body });
const surveysOf = async (user: TestUser) => (await call(app, 'surveys', { headers: user.headers })).json();

let admin: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  [admin, member, outsider] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
  await adminOf(admin, [member]);
  await organisation([{ user: outsider, roles: [4] }]);
});

async function create(extra: Partial<SurveyInput> = {}): Promise<number> {
  const res = await createSurvey(admin, survey(extra));
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe('creating surveys (organisation role 2 only)', () => {
  it('refuses everyone but organisation admins, and writes nothing', async () => {
    const before = await rows();
    for (const who of [member, outsider]) {
      const res = await createSurvey(who, survey());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'not_org_admin' });
      expect((await call(app, 'adminSurveys', { headers: who.headers })).statusCode).toBe(403);
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses a question with more than 5 options, and a window that ends before it starts', async () => {
    const before = await rows();
    const six = survey({ questions: [{ text: 'Pick', options: ['a', 'b', 'c', 'd', 'e', 'f'] }] });
    expect((await createSurvey(admin, six)).json()).toMatchObject({ error: 'validation' });
    const backwards = survey({ start_time: at(HOUR), end_time: at(-HOUR) });
    expect((await createSurvey(admin, backwards)).json()).toMatchObject({
      error: 'invalid_time_window',
    });
    const blank = survey({ questions: [{ text: 'Pick', options: ['a', '   '] }] });
    expect((await createSurvey(admin, blank)).json()).toMatchObject({ error: 'blank_text' });
    expect(await rows()).toEqual(before);
    const five = survey({ questions: [{ text: 'Pick', options: ['a', 'b', 'c', 'd', 'e'] }] });
    expect((await createSurvey(admin, five)).statusCode).toBe(201);
  });
});

describe('answering a survey', () => {
  let id: number;
  beforeAll(async () => {
    id = await create();
  });
  const answer = (user: TestUser, answers: number[], surveyId = id) =>
    call(app, 'answerSurvey', { headers: user.headers, params: { id: surveyId }, body: { answers } });

  it('lists open surveys of the member organisations only, with a SURVEYS star waiting', async () => {
    const future = await create({ start_time: at(HOUR), end_time: at(2 * HOUR) });
    const list = await surveysOf(member);
    const item = list.surveys.find((s) => s.id === id);
    expect(item).toMatchObject({
      response_state: SurveyResponseState.OPEN,
      survey: { name: 'How are you?', questions: [{ text: 'Sleep' }, {}] },
    });
    expect(list.surveys.some((s) => s.id === future)).toBe(false);
    expect((await surveysOf(outsider)).surveys).toEqual([]);
    expect((await surveyStar(member))?.badge_count).toBeGreaterThanOrEqual(1);
  });

  it('takes answers 1..5 only, one per question, each one of its options', async () => {
    const before = await rows();
    for (const bad of [[0, 1], [1, 6], [1], [1, 2, 3], []]) {
      const res = await answer(member, bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await answer(member, [4, 1])).json()).toMatchObject({ error: 'answer_out_of_range' });
    expect((await answer(member, [1])).json()).toMatchObject({ error: 'answers_mismatch' });
    expect(await rows()).toEqual(before);
  });

  it('takes one response per member, answers the completion message, then refuses a second', async () => {
    const starBefore = (await surveyStar(member))?.badge_count ?? 0;
    const first = await answer(member, [3, 5]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id,
      response_state: SurveyResponseState.COMPLETED,
      completion_message: 'Thank you for answering!',
    });
    const again = await answer(member, [1, 1]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_responded' });
    const list = await surveysOf(member);
    expect(list.surveys.find((s) => s.id === id)?.response_state).toBe(3);
    expect(list.responses[String(id)]).toEqual({ answers: [3, 5] });
    expect((await surveyStar(member))?.badge_count ?? 0).toBe(starBefore - 1);
  });

  it('refuses answers outside the time window, and surveys of other organisations', async () => {
    const notYet = await create({ start_time: at(HOUR), end_time: at(2 * HOUR) });
    expect((await answer(member, [1, 1], notYet)).json()).toMatchObject({ error: 'survey_not_started' });
    const over = await create({ start_time: at(-2 * HOUR), end_time: at(-HOUR) });
    expect((await answer(member, [1, 1], over)).json()).toMatchObject({ error: 'survey_closed' });
    expect((await answer(outsider, [1, 1])).statusCode).toBe(404);
  });

  it('keeps the questions of an answered survey, while its texts may change', async () => {
    const changed = survey({ questions: [{ text: 'Sleep', options: ['Bad', 'Good'] }] });
    const refused = await updateSurvey(admin, id, changed);
    expect(refused.statusCode).toBe(409);
    const renamed = await updateSurvey(admin, id, survey({ name: 'Check-in' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Check-in', response_count: 1 });
    expect((await updateSurvey(member, id, survey())).statusCode).toBe(403);
  });
});

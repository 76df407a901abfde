import { LEADERBOARD, type LeaderboardResponse } from '@orbit/contract';
import { useMemo, useState } from 'react';
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { type Board, useLeaderboard } from '../../api/activities';
import { useConnections } from '../../api/social';
import { useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { IconButton } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { Segmented, SelectField } from '../../ui/Field';
import { SwipePanel } from '../../ui/SwipePanel';
import styles from './Activities.module.css';
import { boardDuration, neighbour } from './format';
import { LoadError } from './LoadError';
import { ScoreList, type ScoreRow } from './ScoreList';

type Mode = 'overview' | 'details';
const OVERVIEW_BARS = 10;

const rowsOf = (data: LeaderboardResponse): ScoreRow[] =>
  data.scores.map((s) => ({
    key: s.is_me ? 'me' : s.user_id,
    // Wellbeing mode: the others come without rank and score, by name.
    rank: s.rank ?? null,
    name: s.identity.name,
    imageUrl: s.identity.image_url,
    value: s.score === undefined ? '' : boardDuration(s.score),
    isMe: s.is_me,
  }));

/**
 * The leaderboard (docs/product/activities-and-leaderboards.md#summary): this week's activity time as an overview chart or the detail list, for 'all' or
 * one of the member's communities (the picker lists at most 10 plus all; swipe between them).
 */
export function LeaderboardView() {
  const { t } = useTranslation();
  const connections = useConnections();
  const boards = useMemo<{ board: Board; label: string }[]>(
    () => [
      { board: { kind: 'all' }, label: t(T.leaderboardAll) },
      ...(connections.data?.communities ?? []).slice(0, LEADERBOARD.pickerCommunities).map((c) => ({
        board: { kind: 'community', id: c.id } as Board,
        label: c.display_name,
      })),
    ],
    [connections.data, t],
  );
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<Mode>('overview');
  const [entering, setEntering] = useState<-1 | 0 | 1>(0);
  const at = Math.min(index, boards.length - 1);
  const current = boards[at];
  const board = useLeaderboard(current?.board ?? { kind: 'all' });
  const move = (direction: -1 | 1) => {
    const next = neighbour(boards.length, at, direction === -1 ? 1 : -1);
    if (next === null) return;
    setEntering(direction);
    setIndex(next);
  };
  const data = board.data;
  return (
    <div className={styles.stack}>
      <div className={styles.controls}>
        <SelectField
          label={t(T.leaderboardPicker)}
          value={String(at)}
          options={boards.map((b, i) => ({ value: String(i), label: b.label }))}
          onChange={(event) => {
            setEntering(0);
            setIndex(Number(event.target.value));
          }}
        />
        <Segmented
          legend={t(T.historyView)}
          value={mode}
          options={[
            { value: 'overview', label: t(T.leaderboardOverview) },
            { value: 'details', label: t(T.leaderboardDetails) },
          ]}
          onChange={setMode}
        />
      </div>
      <div className={styles.periodNav}>
        <IconButton label={t(T.historyPrevious)} onClick={() => move(1)}>
          ‹
        </IconButton>
        <h3 className={styles.title}>{current?.label}</h3>
        <IconButton label={t(T.historyNext)} onClick={() => move(-1)}>
          ›
        </IconButton>
      </div>
      <SwipePanel stateKey={String(at)} entering={entering} onSwipe={move} label={current?.label}>
        {board.isError ? (
          <LoadError
            title={T.unableToGetLeaderboard}
            error={board.error}
            onRetry={() => void board.refetch()}
          />
        ) : !data ? (
          <p className={cardStyles.empty}>{t(T.loading)}</p>
        ) : data.scores.every((s) => s.score === 0) ? (
          <p className={cardStyles.empty}>{t(T.leaderboardEmpty)}</p>
        ) : mode === 'overview' ? (
          <Overview data={data} />
        ) : (
          <ScoreList rows={rowsOf(data)} label={t(T.leaderboardDetails)} />
        )}
      </SwipePanel>
    </div>
  );
}

/** The overview chart: the caller and the top members as bars of hours this week, the caller highlighted. */
function Overview({ data }: { data: LeaderboardResponse }) {
  const { t } = useTranslation();
  const bars = data.scores
    .flatMap((s) => (s.score === undefined || s.score <= 0 ? [] : [{ ...s, score: s.score }]))
    .slice(0, OVERVIEW_BARS + 1)
    .sort((a, b) => b.score - a.score)
    .map((s) => ({
      name: personName(t, { name: s.identity.name, isMe: s.is_me }),
      hours: Math.round((s.score / 3_600_000) * 10) / 10,
      label: boardDuration(s.score),
      me: s.is_me,
    }));
  return (
    <div className={styles.stack}>
      <div
        className={styles.chart}
        style={{ height: bars.length * 34 + 24 }}
        role="img"
        aria-label={`${t(T.leaderboardChartLabel)}: ${bars.map((b) => `${b.name} ${b.label}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 70, bottom: 0, left: 0 }}>
            <XAxis type="number" dataKey="hours" hide />
            <YAxis
              type="category"
              dataKey="name"
              width={96}
              tick={{ fill: 'currentColor', fontSize: 12 }}
              stroke="rgba(143,176,255,0.4)"
            />
            <Bar dataKey="hours" radius={[0, 4, 4, 0]} barSize={18} isAnimationActive={false}>
              {bars.map((b) => (
                <Cell key={b.name} fill={b.me ? '#f18f01' : '#2e86ab'} />
              ))}
              <LabelList dataKey="label" position="right" fill="currentColor" fontSize={11} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

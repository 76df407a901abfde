import type { SurveyListItem } from '@orbit/contract';
import { useSurveys } from '../../api/surveys';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const SurveyPage = lazyScreen(() => import('./SurveyPage').then((m) => m.SurveyPage));
const SurveyFromAddress = lazyScreen(() => import('./SurveyPage').then((m) => m.SurveyFromAddress));
const SurveysView = lazyScreen(() => import('./SurveysView').then((m) => m.SurveysView));

/** The SURVEYS star (14) opens the surveys list (docs/product/incentives-and-surveys.md#surveys-list). */
const surveysView = () => ({
  title: T.surveysTitle,
  route: { kind: 'surveys', ids: [] },
  render: () => <SurveysView />,
});
export const openSurveys = () => openDialog(surveysView());

/** The name of a survey opened from its address, once the member's list has loaded. */
function SurveyName({ id }: { id: number }) {
  return useSurveys().data?.surveys.find((item) => item.id === id)?.survey.name ?? null;
}

/** A survey's page, titled with its name; its address is the id of the member's survey (its response). */
const surveyRoute = (id: number) => ({ kind: 'survey', ids: [id] });
export const openSurvey = (item: SurveyListItem) =>
  openDialog({
    title: item.survey.name,
    titleIsName: true,
    route: surveyRoute(item.id),
    render: () => <SurveyPage item={item} />,
  });

/** The surveys list and a survey a link or a reload can reopen (docs/decisions/0042). */
export const SURVEY_ADDRESSES: readonly Address[] = [
  { kind: 'surveys', ids: 0, view: surveysView },
  {
    kind: 'survey',
    ids: 1,
    view: ([id]) => ({
      title: '',
      titleIsName: true,
      heading: () => <SurveyName id={id} />,
      route: surveyRoute(id),
      render: () => <SurveyFromAddress id={id} />,
    }),
  },
];

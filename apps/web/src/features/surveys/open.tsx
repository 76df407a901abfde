import type { SurveyListItem } from '@orbit/contract';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code loads when it is first opened, not with the app's first screen.
const SurveyPage = lazyScreen(() => import('./SurveyPage').then((m) => m.SurveyPage));
const SurveysView = lazyScreen(() => import('./SurveysView').then((m) => m.SurveysView));

/** The SURVEYS star (14) opens the surveys list (000 §2.11). */
export const openSurveys = () => openDialog({ title: T.surveysTitle, render: () => <SurveysView /> });

/** A survey's page, titled with its name. */
export const openSurvey = (item: SurveyListItem) =>
  openDialog({ title: item.survey.name, titleIsName: true, render: () => <SurveyPage item={item} /> });

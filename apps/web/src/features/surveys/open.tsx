import type { SurveyListItem } from '@orbit/contract';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { SurveyPage } from './SurveyPage';
import { SurveysView } from './SurveysView';

/** The SURVEYS star (14) opens the surveys list (000 §2.11). */
export const openSurveys = () => openDialog({ title: T.surveysTitle, render: () => <SurveysView /> });

/** A survey's page, titled with its name. */
export const openSurvey = (item: SurveyListItem) =>
  openDialog({ title: item.survey.name, titleIsName: true, render: () => <SurveyPage item={item} /> });

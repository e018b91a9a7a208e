// The app's /survey/:id route (a link followed inside the app). A respondent opening a survey link
// gets the lean entry instead (survey.html, src/survey-main.tsx): both render <PublicSurvey>.
import { useParams } from 'react-router-dom';
import { PublicSurvey } from '../components/public-survey';

export function PublicSurveyPage() {
  const { id } = useParams();
  return <PublicSurvey surveyId={id} />;
}

import { ErrorScreen } from '../components/ui/error-screen';
import { messages } from '../../shared/messages';
import { titleIn } from '../lib/title';

export function meta() {
  return [{ title: titleIn(`${messages.notFound} · AMA Metal & Wire Industries`) }];
}

export default function NotFound() {
  return <ErrorScreen status={404} title={messages.notFound} />;
}

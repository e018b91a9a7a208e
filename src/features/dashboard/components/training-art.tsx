// The head of a training card: the category's icon on its own tint (issue 16: category icons
// instead of bare gradients). Keys are the `image` of the static trainings (src/i18n/fr/dashboard.ts).
import type { LucideIcon } from 'lucide-react';
import BrainCircuit from 'lucide-react/icons/brain-circuit';
import ChartPie from 'lucide-react/icons/chart-pie';
import Compass from 'lucide-react/icons/compass';
import Handshake from 'lucide-react/icons/handshake';
import Languages from 'lucide-react/icons/languages';
import Megaphone from 'lucide-react/icons/megaphone';
import Sheet from 'lucide-react/icons/sheet';
import UsersRound from 'lucide-react/icons/users-round';

const ICONS: Readonly<Record<string, LucideIcon>> = {
  management: UsersRound,
  sales: Handshake,
  ai: BrainCircuit,
  office: Sheet,
  marketing: Megaphone,
  finance: ChartPie,
  languages: Languages,
  leadership: Compass,
};

export function TrainingArt({ category }: { category: string }) {
  const Icon = ICONS[category] ?? Compass;
  return (
    <span className={`training-art training-art-${category}`} aria-hidden="true">
      <span className="training-art-icon">
        <Icon className="icon" strokeWidth={1.75} />
      </span>
    </span>
  );
}

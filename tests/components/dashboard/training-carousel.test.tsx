import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fr } from '@/i18n/fr';
import { MOBILE_QUERY } from '@/hooks/use-media-query';
import { TrainingCarousel } from '@/features/dashboard/components/training-carousel';
import { TRAINING_FORMAT_LABELS } from '@/domain/labels';

const slides = () => screen.getAllByRole('group');
const labels = () => slides().map((s) => s.getAttribute('aria-label'));
const titles = () => slides().map((s) => within(s).getByRole('button').textContent);
const trainings = fr.dashboard.trainings;
const originalMatchMedia = window.matchMedia;

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

function mobile(matches: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: query === MOBILE_QUERY ? matches : false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('static trainings (02 §3, §9)', () => {
  it('are 8 complete trainings, priced 1550 to 8200 € HT, 100 % covered', () => {
    expect(trainings).toHaveLength(8);
    const prices = trainings.map((t) => Number(t.price.replace(/\D/g, '')));
    expect(Math.min(...prices)).toBe(1550);
    expect(Math.max(...prices)).toBe(8200);
    for (const t of trainings) {
      expect(t.price).toMatch(/^\d[\d ]* € HT$/);
      expect(t.coverage).toBe('100 %');
      expect(Object.values(TRAINING_FORMAT_LABELS)).toContain(t.format);
      for (const field of [t.title, t.category, t.duration, t.impact, t.description, t.image])
        expect(field.trim()).not.toBe('');
    }
    expect(new Set(trainings.map((t) => t.id)).size).toBe(8);
  });
});

describe('TrainingCarousel (02 §2.3, §9)', () => {
  it('is a labelled carousel region showing 4 slides labelled n sur 8', () => {
    render(<TrainingCarousel onOpen={() => {}} />);
    const region = screen.getByRole('region', { name: 'Les formations les plus demandées' });
    expect(region).toHaveAttribute('aria-roledescription', 'carrousel');
    expect(labels()).toEqual(['1 sur 8', '2 sur 8', '3 sur 8', '4 sur 8']);
    for (const slide of slides())
      expect(slide).toHaveAttribute('aria-roledescription', 'diapositive');
    const first = slides()[0]!;
    expect(first).toHaveTextContent(trainings[0].title);
    expect(first).toHaveTextContent(`Catégorie : ${trainings[0].category}`);
    expect(first).toHaveTextContent(`Durée : ${trainings[0].duration}`);
    expect(first).toHaveTextContent(`Impact : ${trainings[0].impact}`);
  });

  it('shows one slide under 768 px', () => {
    mobile(true);
    render(<TrainingCarousel onOpen={() => {}} />);
    expect(labels()).toEqual(['1 sur 8']);
    fireEvent.click(screen.getByRole('button', { name: 'Formations suivantes' }));
    expect(labels()).toEqual(['2 sur 8']);
  });

  it('wraps around with the previous and next arrows', () => {
    render(<TrainingCarousel onOpen={() => {}} />);
    const previous = screen.getByRole('button', { name: 'Formations précédentes' });
    const next = screen.getByRole('button', { name: 'Formations suivantes' });
    fireEvent.click(previous);
    expect(labels()).toEqual(['8 sur 8', '1 sur 8', '2 sur 8', '3 sur 8']);
    expect(titles()[0]).toBe(trainings[7].title);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(labels()).toEqual(['2 sur 8', '3 sur 8', '4 sur 8', '5 sur 8']);
    for (let i = 0; i < 6; i += 1) fireEvent.click(next);
    expect(labels()).toEqual(['8 sur 8', '1 sur 8', '2 sur 8', '3 sur 8']);
    fireEvent.click(next);
    expect(labels()).toEqual(['1 sur 8', '2 sur 8', '3 sur 8', '4 sur 8']);
  });

  it('moves with the left and right arrow keys and keeps the focus on a training', () => {
    render(<TrainingCarousel onOpen={() => {}} />);
    const firstCard = within(slides()[0]!).getByRole('button');
    firstCard.focus();
    fireEvent.keyDown(firstCard, { key: 'ArrowRight' });
    expect(labels()[0]).toBe('2 sur 8');
    expect(document.activeElement).toBe(within(slides()[0]!).getByRole('button'));
    expect(document.activeElement).toHaveAccessibleName(trainings[1].title);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(labels()[0]).toBe('8 sur 8');
    expect(document.activeElement).toHaveAccessibleName(trainings[7].title);
    const next = screen.getByRole('button', { name: 'Formations suivantes' });
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(labels()[0]).toBe('1 sur 8');
    expect(next).toHaveFocus();
  });

  it('names each training by its visible title, describes it, and opens it on click', () => {
    const onOpen = vi.fn();
    render(<TrainingCarousel onOpen={onOpen} />);
    const card = screen.getByRole('button', { name: trainings[2].title });
    expect(card).toHaveAccessibleDescription(
      `Catégorie : ${trainings[2].category} Durée : ${trainings[2].duration} Impact : ${trainings[2].impact}`,
    );
    expect(card.closest('article')!.querySelector('h3')).toContainElement(card);
    fireEvent.click(card);
    expect(onOpen).toHaveBeenCalledWith(trainings[2]);
  });
});

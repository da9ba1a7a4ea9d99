// The blog card's two forms, Ask and Submit a post, and the one line of news under them (the
// confirmation or the error of a send), held by the card: the news belongs to one form and
// goes when that form is opened or closed again, or another form is opened, so no "on its way"
// stays beside a form it is not about.
import { useState } from 'react';

export type CardFormName = 'ask' | 'submit';

interface CardFormsState {
  open: Readonly<Record<CardFormName, boolean>>;
  /** The news of the form that last sent, until a form is opened or that one closed. */
  news: { form: CardFormName; text: string } | null;
}

/** What one form of the card reads and does. */
export interface CardForm {
  open: boolean;
  /** The confirmation or error of its last send, while it stands. */
  news: string | null;
  toggle(): void;
  /** A send began: its earlier news goes. */
  sending(): void;
  /** Sent: the form closes and says so, even beside the other form open by now. */
  sent(confirmation: string): void;
  /** Not sent: the form, if still open, says why. */
  failed(reason: string): void;
}

const CLOSED: CardFormsState = { open: { ask: false, submit: false }, news: null };

export function useCardForms(): Record<CardFormName, CardForm> {
  const [state, setState] = useState<CardFormsState>(CLOSED);
  const formOf = (form: CardFormName): CardForm => ({
    open: state.open[form],
    news: state.news?.form === form ? state.news.text : null,
    toggle: () =>
      setState((s) => {
        const opening = !s.open[form];
        // Opening any form takes every news away; closing one takes its own.
        const news = opening || s.news?.form === form ? null : s.news;
        return { open: { ...s.open, [form]: opening }, news };
      }),
    sending: () => setState((s) => (s.news?.form === form ? { ...s, news: null } : s)),
    // Said even with the other form open: that form's opening or closing takes it away.
    sent: (text) => setState((s) => ({ open: { ...s.open, [form]: false }, news: { form, text } })),
    failed: (text) => setState((s) => (s.open[form] ? { ...s, news: { form, text } } : s)),
  });
  return { ask: formOf('ask'), submit: formOf('submit') };
}

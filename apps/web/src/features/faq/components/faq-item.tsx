// One question of /faq as a disclosure (WAI-ARIA accordion): a heading holding a button with
// aria-expanded and aria-controls, the answer region hidden until opened.
import type { FaqEntry } from '@espace/contract';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text/rich-text';
import './faq-item.css';

export function FaqItem({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const answerId = `faq-answer-${entry.id}`;
  const buttonId = `faq-question-${entry.id}`;
  return (
    <li className="faq-item">
      <h2 className="faq-item__question">
        <button
          type="button"
          id={buttonId}
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((o) => !o)}
        >
          {entry.question}
        </button>
      </h2>
      <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open}>
        <RichText className="faq-item__answer rich-text" html={entry.answerHtml} />
      </div>
    </li>
  );
}

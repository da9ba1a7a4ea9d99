import type { Blog } from '../../../api/models';
import { useCardForms } from '../useCardForms';
import { AskButton } from './AskButton';
import { SubmitPostButton } from './SubmitPostButton';

/** The card's Ask and Submit a post, whose confirmations go as their forms open and close. */
export function CardForms({ blog }: { blog: Blog }) {
  const forms = useCardForms();
  return (
    <>
      <AskButton blog={blog} form={forms.ask} />
      <SubmitPostButton blog={blog} form={forms.submit} />
    </>
  );
}

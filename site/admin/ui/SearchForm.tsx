/**
 * A labelled search box with its "Rechercher" button. It keeps its own draft; give it a `key`
 * from the applied search so "back" shows the search of that page.
 */
import { useState, type SubmitEvent } from 'react';
import { SearchIcon } from './icons.tsx';
import { buttonClass, controlClass, cx } from './primitives.tsx';

export function SearchForm(props: {
  id: string;
  placeholder: string;
  initial: string;
  onSearch: (text: string) => void;
  className?: string;
  inputClassName?: string;
  /** On phones the button shows only its icon (the label stays for screen readers). */
  compactButton?: boolean;
}) {
  const [draft, setDraft] = useState(props.initial);
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    props.onSearch(draft.trim());
  }
  return (
    <form role="search" onSubmit={submit} className={cx('flex gap-2', props.className)}>
      <label htmlFor={props.id} className="sr-only">
        Rechercher un contact
      </label>
      <div className="relative flex-1">
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input
          id={props.id}
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={props.placeholder}
          className={cx(controlClass, 'h-10 pl-9', props.inputClassName)}
        />
      </div>
      {props.compactButton ? (
        <button type="submit" className={buttonClass('primary', 'md', 'px-3 sm:px-4')}>
          <SearchIcon size={16} className="sm:hidden" />
          <span className="sr-only sm:not-sr-only">Rechercher</span>
        </button>
      ) : (
        <button type="submit" className={buttonClass('primary')}>
          Rechercher
        </button>
      )}
    </form>
  );
}

/**
 * The FAQ: Headless UI disclosures kept to one open entry at a time; a second click
 * on the open question closes it. Answers stay in the HTML when closed (`unmount={false}`), so they
 * are indexed and readable without JavaScript (see Faq.astro).
 */
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { LineIcon } from './LineIcon.tsx';

interface Item {
  question: string;
  answer: string;
}

type Close = (focusAfter?: HTMLElement) => void;

export default function FaqAccordion({ items }: { items: Item[] }) {
  // Each disclosure's `close`, so opening one can close the others.
  const closers = useRef(new Map<number, Close>());

  function closeOthers(index: number, clicked: HTMLElement) {
    for (const [other, close] of closers.current) if (other !== index) close(clicked);
  }

  return (
    <div className="divide-y divide-line border-y border-line">
      {items.map((item, index) => (
        <Disclosure key={item.question} as="div">
          {({ open, close }) => (
            <>
              <RegisterClose closers={closers} index={index} close={close} />
              <h3>
                <DisclosureButton
                  onClick={(event: MouseEvent<HTMLButtonElement>) => {
                    if (!open) closeOthers(index, event.currentTarget);
                  }}
                  className="group flex w-full items-center justify-between gap-6 py-5 text-left font-display text-lg text-ink transition hover:text-copper md:text-xl"
                >
                  <span>{item.question}</span>
                  <span aria-hidden="true" className="faq-icon">
                    <LineIcon d="M12 5v14M5 12h14" className="size-4" />
                  </span>
                </DisclosureButton>
              </h3>
              <DisclosurePanel unmount={false} data-faq-panel className="pr-12 pb-6 text-base leading-relaxed text-muted">
                {item.answer}
              </DisclosurePanel>
            </>
          )}
        </Disclosure>
      ))}
    </div>
  );
}

/** Keeps the latest `close` of a disclosure in the shared map (outside render, as React requires). */
function RegisterClose({ closers, index, close }: { closers: RefObject<Map<number, Close>>; index: number; close: Close }) {
  useEffect(() => {
    const map = closers.current;
    map.set(index, close);
    return () => {
      map.delete(index);
    };
  }, [closers, index, close]);
  return null;
}

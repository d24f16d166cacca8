/** "1 contact", "3 contacts": how the tags screen and its dialog count the contacts a tag is on. */
export const contactsText = (count: number) => `${count} contact${count > 1 ? 's' : ''}`;

import { Fragment } from 'react';

/** An address cut before its "@" and each ".", the places a long one may wrap onto the next line. */
export function emailParts(address: string): string[] {
  return address.split(/(?=[@.])/);
}

/** An e-mail address that wraps only at its "@" or a "." when it does not fit (a phone's width). */
export function EmailAddress({ value }: { value: string }) {
  return (
    <>
      {emailParts(value).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A phone number kept on one line. */
export function PhoneNumber({ value }: { value: string }) {
  return <span className="whitespace-nowrap">{value}</span>;
}

// mada (the Saudi debit scheme) cannot be told from the leading digit: its cards carry VISA or Mastercard BINs.
// This is the BIN list that Saudi acquirers publish for routing mada cards (the list most gateways' integration
// guides repeat); a card whose first six digits are in it is a mada card. Kept apart from lib/card-number.ts so
// the browser loads it only once six digits are typed. Keep it up to date with the acquirer's list.
const MADA_BINS = new Set(
  (
    "588845 440647 440795 446404 457865 968208 588846 493428 539931 558848 557606 968210 636120 417633 468540 " +
    "468541 468542 468543 968201 446393 588847 400861 409201 458456 484783 968205 462220 455708 588848 455036 " +
    "968203 486094 486095 486096 504300 440533 489317 489318 489319 445564 968211 401757 410685 432328 428671 " +
    "428672 428673 968206 446672 543357 434107 431361 604906 521076 588850 968202 535825 529415 543085 524130 " +
    "554180 549760 588849 968209 524514 529741 537767 535989 536023 513213 585265 588983 588982 589005 508160 " +
    "531095 530906 532013 588851 605141 968204 422817 422818 422819 428331 483010 483011 483012 589206 968207 " +
    "419593 439954 407197 407395 520058 530060 531196 412565"
  ).split(" "),
);

/** True when the card's first six digits are a mada BIN. */
export const isMadaBin = (digits: string): boolean => digits.length >= 6 && MADA_BINS.has(digits.slice(0, 6));

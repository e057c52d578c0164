// A controlled field on a page reached by a full load (the second-factor steps) can be typed in before React has
// hydrated it: the browser shows the digits, React's state is still "", and Confirm would send an empty code. This
// ref adopts what the field holds when React takes it over (a layout effect: before any event is handled), so the
// state and the screen agree. Seen in the browser tests, which type as soon as the field appears.
import { useLayoutEffect, useRef } from "react";

export function useTypedBeforeHydration(adopt: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed) adopt(typed);
  }, [adopt]); // a state setter: stable, so this runs once, when the field is taken over
  return ref;
}

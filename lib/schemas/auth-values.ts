// The password rule's numbers, without zod: the forms show them on first load (zod itself is loaded lazily).
export const PASSWORD_MIN_LENGTH = 12;

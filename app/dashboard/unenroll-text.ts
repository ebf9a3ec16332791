/** The unenrol confirmation (docs/product/dashboard.md, 'Unenroll'): the list's and the drawer's. */
export const unenrollConfirmText = (count: number) =>
  `Unenroll ${count} device(s)? They stop reporting to your organization until their members enroll again with a new code.`;

import {
  analyticsRecords,
  demo,
  expect,
  latestMailTo,
  resetLinkIn,
  signIn,
  test,
  DEMO_PASSWORD,
} from './fixtures';

test.describe('signed-out flows', () => {
  test('the root path leads to the organization lookup', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/look-up$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Organization Name' })).toHaveAttribute(
      'placeholder',
      'my-organization-name',
    );
    await expect(page.getByRole('link', { name: 'Email us to get started' })).toBeVisible();
    await expect(page).toHaveTitle(/Lookup$/);
    await axe();
  });

  test('an unknown path signed out also leads to lookup', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/look-up$/);
  });

  test('Acme → sign in as Avery → dashboard → logout → lookup', async ({ page, axe }) => {
    await page.goto('/look-up');
    // Each signed-out screen starts at its first field.
    await expect(page.getByRole('textbox', { name: 'Organization Name' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Organization Name' }).fill('  AC me ');
    await page.getByRole('button', { name: 'Lookup' }).click();
    await expect(page).toHaveURL(/\/login\?slug=acme$/);
    await expect(page.getByRole('heading', { name: 'Account Sign In' })).toBeVisible();
    // The card says where it signs in to (the name as typed), and focus is on Email.
    await expect(page.getByRole('region', { name: 'Account Sign In' })).toContainText(
      'Sign in to AC me.',
    );
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await axe();

    const signInButton = page.getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeDisabled();
    await page.getByRole('textbox', { name: 'Email' }).fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await expect(page.getByText('Enter a valid Email')).toBeVisible();
    await expect(signInButton).toBeDisabled();
    await page.getByRole('textbox', { name: 'Email' }).fill(demo.avery.email);
    await expect(signInButton).toBeEnabled();
    await signInButton.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(demo.avery.name)).toBeVisible();
    await expect(page).toHaveTitle(/Dashboard$/);
    await axe();
    const eventNames = async () =>
      (await analyticsRecords(page)).filter((e) => e.kind === 'event').map((e) => e.name);
    expect(await eventNames()).toEqual(['Lookup Company', 'Sign In']);
    const pages = (await analyticsRecords(page))
      .filter((e) => e.kind === 'page')
      .map((e) => e.path);
    expect(pages).toEqual(['/look-up', '/login', '/dashboard']);

    // Signed in, the root and the sign-in screens lead to the dashboard.
    await page.goto('/look-up');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('link', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/look-up$/);
    // Signing out confirms briefly on the lookup screen.
    await expect(page.getByText('You have been signed out.', { exact: true })).toBeVisible();
    expect(await eventNames()).toContain('Logout');
    // The server session is gone too: the dashboard is out of reach.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/look-up$/);
    const session = await page.request.get('/api/session');
    expect(session.status()).toBe(401);
  });

  test('an unknown organization is refused', async ({ page, axe }) => {
    await page.goto('/look-up');
    await page.getByRole('textbox', { name: 'Organization Name' }).fill('No Such Company');
    await page.getByRole('button', { name: 'Lookup' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to find company.');
    await expect(page).toHaveURL(/\/look-up$/);
    await axe();
  });

  test('a login policy refusal shows its text', async ({ page, axe }) => {
    await signIn(page, demo.blocked.org, demo.blocked.email);
    await expect(page.getByRole('alert')).toHaveText(
      'Access limited due to login policy. Contact your administrator for details.',
    );
    await expect(page).toHaveURL(/\/login/);
    await axe();
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await signIn(page, demo.noa.org, demo.noa.email, 'Wrong-Password-1!');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('e-mail validation on blur', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('jürgen@acme.test');
    await email.blur();
    await expect(page.getByText('Unicode characters not supported')).toBeVisible();
    await email.fill('admin@acme');
    await expect(page.getByText('Enter a valid Email')).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('the recovery and update screens start at their first field; leaving it unused shows no error', async ({
    page,
  }) => {
    await page.goto('/password-reset');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    // Tab away from the untouched field: no 'required' flash moving the link.
    await page.keyboard.press('Tab');
    await expect(email).not.toBeFocused();
    await expect(page.getByText('Email is required')).toHaveCount(0);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    // Used, then left: the rule applies as before.
    await email.fill('admin@acme');
    await email.blur();
    await expect(page.getByText('Enter a valid Email')).toBeVisible();

    await page.goto('/update-password/some-token');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(password).not.toBeFocused();
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('reset link from the mailbox → new password → sign in with it', async ({
    page,
    axe,
    request,
  }) => {
    const user = demo.ida;
    const newPassword = 'Brand-New-Pass-2#';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    // The screen is a lazy chunk: check it once it has rendered, not its loading spinner.
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await axe();
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByText(/reset instructions have been sent/)).toBeVisible();
    await expect(page.getByText(/within ten minutes/)).toBeVisible();

    // The same confirmation for an address with no account.
    await page.goto('/password-reset');
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody@nowhere.test');
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(page.getByText(/reset instructions have been sent/)).toBeVisible();

    const mail = await latestMailTo(request, user.email);
    expect(mail).not.toBeNull();
    const link = resetLinkIn(mail!.text);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Password Update' })).toBeVisible();
    await expect(
      page.getByText(
        'At least 8 characters, one lowercase, one uppercase, one digit, one special character',
      ),
    ).toBeVisible();
    await axe();

    const update = page.getByRole('button', { name: 'Update Password' });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword + 'x');
    await page.getByRole('textbox', { name: 'Confirm Password' }).blur();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(update).toBeDisabled();
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
    await expect(update).toBeEnabled();
    await update.click();
    await expect(
      page.getByText('Your password has been updated. Please sign in with your new password.'),
    ).toBeVisible();

    // The page view never carried the token.
    const pages = (await analyticsRecords(page))
      .filter((r) => r.kind === 'page')
      .map((r) => r.path);
    expect(pages).toContain('/update-password/');
    expect(
      pages.some(
        (p) => p && p.length > '/update-password/'.length && p.startsWith('/update-password/'),
      ),
    ).toBe(false);

    // The link is single-use.
    await page.goto(new URL(link).pathname);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toContainText('Failed to update password.');

    // The old password no longer works, the new one does.
    await signIn(page, user.org, user.email, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Put the demo password back for the other tests.
    await request.post('/api/reset-password', { data: { email: user.email } });
    const again = resetLinkIn((await latestMailTo(request, user.email))!.text);
    const restored = await request.post('/api/update-password', {
      data: { requestToken: again.split('/').pop(), password: DEMO_PASSWORD },
    });
    expect(restored.ok()).toBe(true);
  });
});

import { expect, test } from '@playwright/test';
import { createUser, dialog, expectAccessible, ownerToken, signIn } from './helpers';
import { startInbox } from './inbox';

test('forgot password, then reset through the e-mailed link and sign in with the new password', async ({ page, request }) => {
  const user = await createUser(request, await ownerToken(request));
  const inbox = await startInbox();
  try {
    await page.goto('/login');
    const d = dialog(page);
    await d.getByRole('button', { name: 'Forgot your password?' }).click();
    await d.getByLabel('E-mail').fill(user.email);
    await d.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(d.getByRole('status')).toHaveText('Password reset email sent! Check your inbox.');

    const raw = (await inbox.next).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+/.exec(raw)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(d.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await expectAccessible(page, 'reset-password dialog');
    await d.getByLabel('New password').fill('Brand-New-Lantern-77');
    await d.getByLabel('Confirm password').fill('Brand-New-Lantern-78');
    await d.getByRole('button', { name: 'Update Password' }).click();
    await expect(d.getByRole('alert')).toHaveText('Passwords do not match');
    await d.getByLabel('New password').fill('short');
    await d.getByLabel('Confirm password').fill('short');
    await d.getByRole('button', { name: 'Update Password' }).click();
    await expect(d.getByRole('alert')).toHaveText('Please fix the password issues before continuing');

    await d.getByLabel('New password').fill('Brand-New-Lantern-77');
    await d.getByLabel('Confirm password').fill('Brand-New-Lantern-77');
    await d.getByRole('button', { name: 'Update Password' }).click();
    const done = 'Password reset successfully! You can now log in with your new password.';
    await expect(d.getByRole('status')).toHaveText(done);
    await expect(page).not.toHaveURL(/token=/);
    // Back to login after two seconds, still showing the message.
    await expect(d.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 5000 });
    await expect(d.getByRole('status')).toHaveText(done);

    await page.keyboard.press('Escape');
    await signIn(page, user.email, 'Brand-New-Lantern-77');
  } finally {
    await inbox.stop();
  }
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Button } from '../button/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: { 'aria-labelledby': 'card-title' },
  render: (args) => (
    <Card {...args}>
      <CardHeader actions={<Button variant="outline">Edit Billing</Button>}>
        <CardTitle id="card-title">Billing Information</CardTitle>
        <CardDescription>What your organization pays and with which card.</CardDescription>
      </CardHeader>
      <CardContent>
        <p>Card content goes here.</p>
      </CardContent>
      <CardFooter>
        <Button>Save</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Billing Information' })).toBeVisible();
  },
};

export const WithBadge: Story = {
  args: { 'aria-labelledby': 'beta-title' },
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle id="beta-title" badge="Beta">
          Conditional Access
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p>Block members whose devices are at risk.</p>
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Conditional Access Beta' })).toBeVisible();
  },
};

export const Critical: Story = { args: { tone: 'critical' } };

export const Compact: Story = { args: { padding: 'sm' } };

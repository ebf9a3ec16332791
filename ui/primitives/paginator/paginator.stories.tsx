import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Paginator, type PaginatorProps } from './paginator';

/** Holds page and page size like the dashboard's URL would, and reports changes to the args. */
function StatefulPaginator(props: PaginatorProps) {
  const [page, setPage] = React.useState(props.page);
  const [pageSize, setPageSize] = React.useState(props.pageSize);
  return (
    <Paginator
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
      onPageSizeChange={(next) => {
        setPageSize(next);
        setPage(1);
        props.onPageSizeChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Paginator',
  component: Paginator,
  tags: ['autodocs'],
  render: (args) => <StatefulPaginator {...args} />,
  args: {
    page: 1,
    pageCount: 4,
    pageSize: 50,
    onPageChange: fn(),
    onPageSizeChange: fn(),
  },
} satisfies Meta<typeof Paginator>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('navigation', { name: 'Pagination' }));
const pageNumbers = (canvasElement: HTMLElement) =>
  nav(canvasElement)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => Number(b.textContent));
const ellipses = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll('[data-slot="paginator-ellipsis"]');

/** Four pages: every number shows, no ellipsis; arrows move and disable at the ends. */
export const FewPages: Story = {
  play: async ({ args, canvasElement }) => {
    const n = nav(canvasElement);
    await expect(pageNumbers(canvasElement)).toEqual([1, 2, 3, 4]);
    await expect(ellipses(canvasElement)).toHaveLength(0);
    await expect(n.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(n.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(n.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(n.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(n.getByRole('button', { name: 'Page 4' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await expect(n.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(n.getByRole('button', { name: 'Previous page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
  },
};

/** Many pages, first page: the pages after 5 hide behind one ellipsis. */
export const ManyPagesAtStart: Story = {
  args: { page: 1, pageCount: 20 },
  play: async ({ canvasElement }) => {
    await expect(pageNumbers(canvasElement)).toEqual([1, 2, 3, 4, 5, 20]);
    await expect(ellipses(canvasElement)).toHaveLength(1);
  },
};

/** Many pages, middle: ellipses both sides; moving on shifts the window. */
export const ManyPagesInMiddle: Story = {
  args: { page: 10, pageCount: 20 },
  play: async ({ args, canvasElement }) => {
    const n = nav(canvasElement);
    await expect(pageNumbers(canvasElement)).toEqual([1, 9, 10, 11, 20]);
    await expect(ellipses(canvasElement)).toHaveLength(2);
    await expect(n.getByRole('button', { name: 'Page 10' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(n.getByRole('button', { name: 'Page 11' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(11);
    await expect(pageNumbers(canvasElement)).toEqual([1, 10, 11, 12, 20]);
    // Back to page 1: the window jumps to the start and the start ellipsis goes away.
    await userEvent.click(n.getByRole('button', { name: 'Page 1' }));
    await expect(pageNumbers(canvasElement)).toEqual([1, 2, 3, 4, 5, 20]);
    await expect(ellipses(canvasElement)).toHaveLength(1);
  },
};

/** Many pages, last page: Next is disabled. */
export const ManyPagesAtEnd: Story = {
  args: { page: 20, pageCount: 20 },
  play: async ({ canvasElement }) => {
    const n = nav(canvasElement);
    await expect(pageNumbers(canvasElement)).toEqual([1, 16, 17, 18, 19, 20]);
    await expect(ellipses(canvasElement)).toHaveLength(1);
    await expect(n.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(n.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  },
};

/** One page: both arrows disabled. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvasElement }) => {
    const n = nav(canvasElement);
    await expect(pageNumbers(canvasElement)).toEqual([1]);
    await expect(n.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(n.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

/** 'Rows per page:' offers 50 and 100; changing it reports the size (the demo resets to page 1). */
export const PageSizeChange: Story = {
  args: { page: 3, pageCount: 8 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Rows per page:' });
    await expect(select).toHaveValue('50');
    await expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['50', '100']);
    await userEvent.selectOptions(select, '100');
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(100);
    await expect(select).toHaveValue('100');
    await expect(nav(canvasElement).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** No rows at all: nothing to page through. */
export const NoPages: Story = {
  args: { page: 1, pageCount: 0 },
  play: async ({ canvasElement }) => {
    const n = nav(canvasElement);
    await expect(n.queryAllByRole('button', { name: /^Page / })).toHaveLength(0);
    await expect(n.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

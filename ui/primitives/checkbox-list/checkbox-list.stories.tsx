import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import {
  CheckboxList,
  SEARCH_DEBOUNCE_MS,
  type CheckboxListItem,
  type CheckboxListProps,
} from './checkbox-list';

const TEAMS = ['Engineering', 'Sales', 'Support', 'Finance', 'Marketing', 'Legal', 'Design', 'IT'];
const REGIONS = ['EMEA', 'Americas', 'APAC', 'Nordics', 'DACH'];

/** 120 SSO groups, as an identity provider would page them. */
const ALL_GROUPS: CheckboxListItem[] = Array.from({ length: 120 }, (_, i) => ({
  id: `g${i + 1}`,
  name: `${TEAMS[i % TEAMS.length]} ${REGIONS[Math.floor(i / TEAMS.length) % REGIONS.length]} ${
    Math.floor(i / (TEAMS.length * REGIONS.length)) + 1
  }`,
}));
const PAGE = 40;
const FIRST_PAGE = ALL_GROUPS.slice(0, PAGE);
const LATENCY_MS = 300;

/**
 * Plays the 'Select Groups' screen: pages of 40, a search that filters on the "server", the
 * cached list restored when the search is emptied. Reports every callback to the story's args.
 */
function StatefulGroups(props: CheckboxListProps) {
  const [selected, setSelected] = React.useState(props.defaultSelected ?? []);
  const [term, setTerm] = React.useState('');
  const [items, setItems] = React.useState(props.items);
  const [loading, setLoading] = React.useState(false);
  const cache = React.useRef(props.items);
  const source = (t: string) =>
    ALL_GROUPS.filter((g) => g.name.toLowerCase().includes(t.toLowerCase()));

  return (
    <CheckboxList
      {...props}
      items={items}
      loading={loading}
      hasMore={items.length < source(term).length}
      selected={selected}
      onSelectedChange={(next) => {
        setSelected(next);
        props.onSelectedChange?.(next);
      }}
      onSearch={(next) => {
        props.onSearch?.(next);
        setTerm(next);
        if (next === '') {
          setItems(cache.current);
          return;
        }
        setItems([]);
        setLoading(true);
        setTimeout(() => {
          setItems(source(next).slice(0, PAGE));
          setLoading(false);
        }, LATENCY_MS);
      }}
      onLoadMore={() => {
        props.onLoadMore?.();
        setLoading(true);
        setTimeout(() => {
          setItems((current) => {
            const more = source(term).slice(0, current.length + PAGE);
            if (term === '') cache.current = more;
            return more;
          });
          setLoading(false);
        }, LATENCY_MS);
      }}
    />
  );
}

const meta = {
  title: 'UI/CheckboxList',
  component: CheckboxList,
  tags: ['autodocs'],
  args: {
    items: FIRST_PAGE,
    onSearch: fn(),
    onSelectedChange: fn(),
    onLoadMore: fn(),
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CheckboxList>;

export default meta;
type Story = StoryObj<typeof meta>;

const list = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Groups' }));

/** Forty groups; checkboxes toggle by click, label click and Space. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(list(canvasElement).getAllByRole('checkbox')).toHaveLength(40);
    const first = canvas.getByRole('checkbox', { name: 'Engineering EMEA 1' });
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(['g1']);

    await userEvent.click(canvas.getByText('Sales EMEA 1'));
    await expect(canvas.getByRole('checkbox', { name: 'Sales EMEA 1' })).toBeChecked();
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(['g1', 'g2']);

    first.focus();
    await userEvent.keyboard(' ');
    await expect(first).not.toBeChecked();
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(['g2']);
    await expect(canvas.getByText('1 selected')).toBeVisible();
  },
};

/**
 * Typing calls `onSearch` once, 500 ms after the last keystroke, with the final text; selection
 * is kept across the search and when the search is emptied.
 */
export const SearchDebounced: Story = {
  render: (args) => <StatefulGroups {...args} />,
  args: { defaultSelected: ['g1', 'g3'] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const search = canvas.getByRole('searchbox', { name: 'Search groups' });
    const started = Date.now();
    await userEvent.type(search, 'sales');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalled(), { timeout: 1500 });
    await expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
    await expect(args.onSearch).toHaveBeenCalledOnce();
    await expect(args.onSearch).toHaveBeenCalledWith('sales');

    await waitFor(() =>
      expect(canvas.getByRole('checkbox', { name: 'Sales EMEA 1' })).toBeVisible(),
    );
    await expect(list(canvasElement).getAllByRole('checkbox')).toHaveLength(15);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Sales APAC 1' }));
    await expect(args.onSelectedChange).toHaveBeenLastCalledWith(['g1', 'g3', 'g18']);

    // Emptying the search restores the cached list with every selection kept.
    await userEvent.clear(search);
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith(''), { timeout: 1500 });
    await expect(args.onSearch).toHaveBeenCalledTimes(2);
    await expect(canvas.getByRole('checkbox', { name: 'Engineering EMEA 1' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Support EMEA 1' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Sales APAC 1' })).toBeChecked();
    await expect(canvas.getByText('3 selected')).toBeVisible();
  },
};

/** Some groups already selected. */
export const SomeSelected: Story = {
  args: { defaultSelected: ['g2', 'g5', 'g9'] },
  play: async ({ canvasElement }) => {
    const checked = list(canvasElement)
      .getAllByRole('checkbox')
      .filter((c) => c.matches(':checked'));
    await expect(checked).toHaveLength(3);
    await expect(within(canvasElement).getByText('3 selected')).toBeVisible();
  },
};

/** A search is running: no items yet, the progress indicator shows. */
export const Searching: Story = {
  args: { items: [], loading: true, defaultSearch: 'eng' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading groups');
    await expect(canvas.queryByText('Nothing found')).not.toBeInTheDocument();
  },
};

/** The search matched nothing. */
export const NothingFound: Story = {
  args: { items: [], defaultSearch: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Nothing found');
  },
};

/** More groups are loading at the end of the list. */
export const LoadingMore: Story = {
  args: { loading: true, hasMore: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(list(canvasElement).getAllByRole('checkbox')).toHaveLength(40);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading groups');
  },
};

/** Scrolling to the bottom asks for more once; the next page arrives and scrolling asks again. */
export const InfiniteScroll: Story = {
  render: (args) => <StatefulGroups {...args} />,
  play: async ({ args, canvasElement }) => {
    const scroller = canvasElement.querySelector<HTMLElement>(
      '[data-slot="checkbox-list-scroll"]',
    )!;
    await expect(args.onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledOnce(), { timeout: 3000 });
    await waitFor(() => expect(list(canvasElement).getAllByRole('checkbox')).toHaveLength(80), {
      timeout: 1500,
    });
    await expect(args.onLoadMore).toHaveBeenCalledOnce();

    // Scroll away and back to the end, as a person does; the grown list may then ask again.
    const frame = () =>
      new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    await waitFor(
      async () => {
        scroller.scrollTop = 0;
        await frame();
        scroller.scrollTop = scroller.scrollHeight;
        await frame();
        return expect(args.onLoadMore).toHaveBeenCalledTimes(2);
      },
      { timeout: 4000 },
    );
    await waitFor(() => expect(list(canvasElement).getAllByRole('checkbox')).toHaveLength(120), {
      timeout: 1500,
    });
    // Everything loaded: reaching the end again asks for nothing.
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(2);
  },
};

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DataTableCheckbox } from './selection-column';

const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Pick' });
const markOf = (input: HTMLInputElement) => input.parentElement!.querySelector('svg')!;

afterEach(cleanup);

describe('DataTableCheckbox', () => {
  it('is a native checkbox in a wrapper with an always-mounted mark: four elements', () => {
    const { container, rerender } = render(
      <DataTableCheckbox aria-label="Pick" checked={false} onCheckedChange={() => {}} />,
    );
    const input = box();
    const mark = markOf(input);
    expect(input.type).toBe('checkbox');
    expect(input.dataset.slot).toBe('data-table-checkbox');
    expect(container.querySelectorAll('*')).toHaveLength(4);
    expect(container.firstElementChild!.tagName).toBe('SPAN');

    const expectState = (state: string, checked: boolean, indeterminate: boolean) => {
      expect(box()).toBe(input);
      expect(markOf(input)).toBe(mark);
      expect(input.dataset.state).toBe(state);
      expect(input.checked).toBe(checked);
      expect(input.indeterminate).toBe(indeterminate);
      expect(input.hasAttribute('aria-checked')).toBe(false);
      expect(mark.classList.contains('invisible')).toBe(state === 'unchecked');
    };
    expectState('unchecked', false, false);

    rerender(<DataTableCheckbox aria-label="Pick" checked onCheckedChange={() => {}} />);
    expectState('checked', true, false);
    const check = mark.querySelector('path')!.getAttribute('d');

    rerender(
      <DataTableCheckbox aria-label="Pick" checked="indeterminate" onCheckedChange={() => {}} />,
    );
    expectState('indeterminate', false, true);
    expect(mark.querySelector('path')!.getAttribute('d')).not.toBe(check);

    rerender(<DataTableCheckbox aria-label="Pick" checked={false} onCheckedChange={() => {}} />);
    expectState('unchecked', false, false);
    expect(container.querySelectorAll('*')).toHaveLength(4);
  });

  it('reports the next state; an indeterminate checkbox becomes checked', () => {
    const onCheckedChange = vi.fn<(checked: boolean) => void>();
    const { rerender } = render(
      <DataTableCheckbox aria-label="Pick" checked={false} onCheckedChange={onCheckedChange} />,
    );
    fireEvent.click(box());
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    rerender(<DataTableCheckbox aria-label="Pick" checked onCheckedChange={onCheckedChange} />);
    fireEvent.click(box());
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);

    rerender(
      <DataTableCheckbox
        aria-label="Pick"
        checked="indeterminate"
        onCheckedChange={onCheckedChange}
      />,
    );
    fireEvent.click(box());
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(onCheckedChange).toHaveBeenCalledTimes(3);
  });

  it('stays indeterminate when the caller keeps that state', () => {
    render(
      <DataTableCheckbox aria-label="Pick" checked="indeterminate" onCheckedChange={() => {}} />,
    );
    fireEvent.click(box());
    expect(box().checked).toBe(false);
    expect(box().indeterminate).toBe(true);
    expect(box().dataset.state).toBe('indeterminate');
  });

  it('keeps its own state when uncontrolled', () => {
    const onCheckedChange = vi.fn<(checked: boolean) => void>();
    render(
      <DataTableCheckbox aria-label="Pick" defaultChecked onCheckedChange={onCheckedChange} />,
    );
    expect(box().dataset.state).toBe('checked');
    fireEvent.click(box());
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
    expect(box().dataset.state).toBe('unchecked');
    expect(markOf(box()).classList.contains('invisible')).toBe(true);
  });

  it('does not toggle while disabled, and fades box and mark together', () => {
    const onCheckedChange = vi.fn<(checked: boolean) => void>();
    render(
      <DataTableCheckbox aria-label="Pick" disabled checked onCheckedChange={onCheckedChange} />,
    );
    fireEvent.click(box());
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(box().disabled).toBe(true);
    expect(box().parentElement!.classList.contains('opacity-50')).toBe(true);
  });

  it('passes the ref and other props to the input, className to the wrapper', () => {
    const ref = React.createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(
      <DataTableCheckbox
        ref={ref}
        aria-label="Pick"
        name="pick"
        className="ml-2"
        onChange={onChange}
      />,
    );
    expect(ref.current).toBe(box());
    expect(box().name).toBe('pick');
    expect(box().parentElement!.classList.contains('ml-2')).toBe(true);
    fireEvent.click(box());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(box().checked).toBe(true);
  });
});

import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { buttonVariants } from '../button/button';
import { CloseIcon, ErrorIcon } from '../icons/icons';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { acceptsFile, formatFileSize } from './accept-file';

/** How the file arrived (the app sends different analytics), or 'remove' for the remove button. */
export type FileDropVia = 'select' | 'drop' | 'remove';
export type FileRejectReason = 'type';

export const fileDropVariants = cva(
  [
    'flex flex-col items-center gap-3 rounded-card border-2 border-dashed px-6 py-8 text-center',
    'transition-colors',
  ],
  {
    variants: {
      state: {
        idle: 'border-surface-strong bg-surface',
        dragging: 'border-brand-600 bg-brand-50',
        // No opacity: the texts inside must keep their contrast.
        disabled: 'cursor-not-allowed border-surface-border bg-surface-muted',
      },
      size: {
        md: 'min-h-56',
        sm: 'min-h-40 px-4 py-5',
      },
    },
    defaultVariants: { state: 'idle', size: 'md' },
  },
);

export type FileDropIllustrationProps = React.ComponentProps<'svg'> & {
  state: 'upload' | 'file-added';
};

/** The upload illustration: a cloud with an arrow, or a document with a check. */
export function FileDropIllustration({ state, className, ...props }: FileDropIllustrationProps) {
  return (
    <svg
      data-slot="file-drop-illustration"
      data-state={state}
      viewBox="0 0 96 72"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
      className={cn('h-18 w-24 shrink-0', className)}
      {...props}
    >
      {state === 'upload' ? (
        <>
          <path
            d="M28 58a16 16 0 0 1-3-31.7A22 22 0 0 1 67 22a15 15 0 0 1 3 36H28Z"
            className="fill-brand-50 stroke-brand-500"
            strokeWidth={3}
          />
          <path d="M48 52V32M39 40l9-9 9 9" className="stroke-brand-700" strokeWidth={4} />
        </>
      ) : (
        <>
          <path
            d="M56 6H30a4 4 0 0 0-4 4v52a4 4 0 0 0 4 4h36a4 4 0 0 0 4-4V20L56 6Z"
            className="fill-surface stroke-brand-500"
            strokeWidth={3}
          />
          <path d="M56 6v14h14M36 30h24M36 38h16" className="stroke-brand-500" strokeWidth={3} />
          <circle cx="66" cy="54" r="13" className="fill-success-solid" />
          <path d="m60 54 4.5 4.5L72.5 50" className="stroke-ink-inverse" strokeWidth={3.5} />
        </>
      )}
    </svg>
  );
}

export type FileDropProps = Omit<
  React.ComponentProps<'div'>,
  'onDrop' | 'onDragOver' | 'onDragEnter' | 'onDragLeave' | 'defaultValue'
> &
  VariantProps<typeof fileDropVariants> & {
    /** The chosen file (controlled); `null` = none. */
    file?: File | null;
    defaultFile?: File | null;
    /** A valid file was chosen (`select`) or dropped (`drop`), or removed (`null`, `remove`). */
    onFileChange?: (file: File | null, via: FileDropVia) => void;
    /** A file was refused; the widget also shows `rejectMessage`. */
    onReject?: (file: File, reason: FileRejectReason) => void;
    /** Accepted types, as for `<input accept>`: extensions and/or MIME types. */
    accept?: string;
    /** Instruction in the zone; also names the zone. */
    label?: React.ReactNode;
    /** Text of the picker button (the hidden input's label). */
    chooseLabel?: string;
    /** Shown until a file is chosen. */
    emptyText?: string;
    /** Shown (role="alert") after a refused file. */
    rejectMessage?: string;
    /** Accessible name of the remove button given the file name; `null` hides the button. */
    formatRemoveLabel?: ((fileName: string) => string) | null;
    disabled?: boolean;
    /** Force the drag-over highlight (stories, visual tests). */
    dragging?: boolean;
    /** Forwarded to the hidden `<input type="file">` (e.g. `name`, `ref`). */
    inputProps?: Omit<React.ComponentProps<'input'>, 'type' | 'accept' | 'onChange' | 'disabled'>;
  };

const hasFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * A drop zone plus a 'Choose File' picker (a real, visually hidden `<input type="file">` reached
 * with Tab; its label looks like a button). Files not matching `accept` (by default '.csv',
 * decided by the name, case-insensitive) are refused with a visible alert and never replace the
 * current file.
 */
export function FileDrop({
  file: fileProp,
  defaultFile = null,
  onFileChange,
  onReject,
  accept = '.csv',
  label = 'Drag and drop your CSV file here, or',
  chooseLabel = 'Choose File',
  emptyText = 'No File Added',
  rejectMessage = 'Only .csv files can be uploaded.',
  formatRemoveLabel = (fileName) => `Remove ${fileName}`,
  disabled = false,
  dragging: draggingProp,
  inputProps,
  size,
  className,
  ...props
}: FileDropProps) {
  // onFileChange takes a second argument, so it is called here rather than by the hook.
  const [file, setFile] = useControllableState<File | null>({
    value: fileProp,
    defaultValue: defaultFile,
  });
  const [rejected, setRejected] = React.useState<string | null>(null);
  const [dragOver, setDragOver] = React.useState(false);
  // dragenter/dragleave fire for every child; count them so the highlight does not flicker.
  const dragDepth = React.useRef(0);
  const baseId = React.useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const statusId = `${baseId}-status`;
  const errorId = `${baseId}-error`;

  const dragging = !disabled && (draggingProp ?? dragOver);
  const state = disabled ? 'disabled' : dragging ? 'dragging' : 'idle';

  const take = (candidate: File | undefined, via: 'select' | 'drop') => {
    if (!candidate) return;
    if (!acceptsFile(candidate, accept)) {
      setRejected(candidate.name);
      onReject?.(candidate, 'type');
      return;
    }
    setRejected(null);
    setFile(candidate);
    onFileChange?.(candidate, via);
  };

  const resetDrag = () => {
    dragDepth.current = 0;
    setDragOver(false);
  };

  return (
    <div
      data-slot="file-drop"
      data-state={file ? 'file-added' : 'empty'}
      data-dragging={dragging || undefined}
      data-disabled={disabled || undefined}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={statusId}
      className={cn(fileDropVariants({ state, size }), className)}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        dragDepth.current += 1;
        setDragOver(true);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        // Allows the drop and shows the copy cursor.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        if (disabled) return;
        dragDepth.current = Math.max(0, dragDepth.current - 1);
        if (dragDepth.current === 0) setDragOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        resetDrag();
        if (disabled) return;
        take(event.dataTransfer.files[0], 'drop');
      }}
      {...props}
    >
      <FileDropIllustration
        state={file ? 'file-added' : 'upload'}
        className={disabled ? 'grayscale' : undefined}
      />
      <p id={labelId} data-slot="file-drop-label" className="text-sm font-medium text-ink">
        {label}
      </p>
      {/* The real picker: visually hidden but focusable; its label below is the visible button. */}
      <input
        {...inputProps}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        data-slot="file-drop-input"
        aria-describedby={rejected !== null ? `${statusId} ${errorId}` : statusId}
        className="peer sr-only"
        onChange={(event) => {
          take(event.currentTarget.files?.[0], 'select');
          // Let the same file be chosen again after a remove.
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        data-slot="file-drop-choose"
        className={cn(
          buttonVariants({ variant: 'outline', size: 'md' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          disabled &&
            'cursor-not-allowed border-surface-border bg-surface-muted text-ink-muted hover:bg-surface-muted',
        )}
      >
        {chooseLabel}
      </label>
      <div className="flex min-h-8 items-center gap-1">
        <p
          id={statusId}
          data-slot="file-drop-status"
          aria-live="polite"
          className={cn('text-sm break-all', file ? 'font-medium text-ink' : 'text-ink-muted')}
        >
          {file ? (
            <>
              <span data-slot="file-drop-name">{file.name}</span>{' '}
              <span className="font-normal text-ink-muted">({formatFileSize(file.size)})</span>
            </>
          ) : (
            emptyText
          )}
        </p>
        {file && formatRemoveLabel && !disabled ? (
          <button
            type="button"
            data-slot="file-drop-remove"
            aria-label={formatRemoveLabel(file.name)}
            onClick={() => {
              setRejected(null);
              setFile(null);
              onFileChange?.(null, 'remove');
            }}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-surface-sunken hover:text-ink"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      {rejected !== null ? (
        <p
          id={errorId}
          role="alert"
          data-slot="file-drop-error"
          className="flex items-start gap-1.5 text-sm font-medium text-danger-fg"
        >
          <ErrorIcon className="mt-0.5 shrink-0" />
          <span>{rejectMessage}</span>
        </p>
      ) : null}
    </div>
  );
}

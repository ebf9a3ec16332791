import * as React from 'react';

import { EMAIL_BODY_MAX_LENGTH, EMAIL_SUBJECT_MAX_LENGTH } from '@domain/notifications';

import { Banner } from '../../primitives/banner/banner';
import { Button } from '../../primitives/button/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../primitives/dialog/dialog';
import { EmailPreview } from '../email-preview/email-preview';
import { TextField } from '../../primitives/text-field/text-field';
import { TextareaField } from '../../primitives/textarea-field/textarea-field';

export interface EmailTemplateInput {
  subject: string;
  body: string;
}

export type EmailTemplateDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The saved subject ('' for the default); the form starts from it each time it opens. */
  defaultSubject: string;
  /** The saved body ('' for the default). */
  defaultBody: string;
  /**
   * 'Save email template' with the texts as typed (the app trims and sanitises, and closes the
   * dialog on success by setting `open` to false; the dialog never closes itself on save).
   */
  onSave: (input: EmailTemplateInput) => void | Promise<unknown>;
  /** Saving: 'Saving...', fields read-only, the dialog cannot be dismissed. */
  saving?: boolean;
  /** A failure shown in an error banner above the buttons. */
  error?: React.ReactNode;
  bodyMaxLength?: number;
  subjectMaxLength?: number;
};

/**
 * Notifications › 'Customise email': Subject, Email Body (max 3000, live counter), a sandboxed
 * preview of the sanitised body, 'Save email template' and 'Cancel'.
 */
export function EmailTemplateDialog({ open, onOpenChange, ...props }: EmailTemplateDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (props.saving && !next ? undefined : onOpenChange(next))}
    >
      {/* Radix unmounts the content when closed, so the form starts fresh on every opening. */}
      {open ? <TemplateForm {...props} /> : null}
    </Dialog>
  );
}

function TemplateForm({
  defaultSubject,
  defaultBody,
  onSave,
  saving = false,
  error,
  bodyMaxLength = EMAIL_BODY_MAX_LENGTH,
  subjectMaxLength = EMAIL_SUBJECT_MAX_LENGTH,
}: Omit<EmailTemplateDialogProps, 'open' | 'onOpenChange'>) {
  const [subject, setSubject] = React.useState(defaultSubject);
  const [body, setBody] = React.useState(defaultBody);
  const deferredBody = React.useDeferredValue(body);
  const deferredSubject = React.useDeferredValue(subject);

  return (
    <DialogContent
      data-slot="email-template-dialog"
      size="xl"
      title="Customise email"
      description="Members receive this email when they are invited to enroll. Leave a field empty to use the default text."
      dismissible={!saving}
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void Promise.resolve(onSave({ subject, body })).catch(() => undefined);
        }}
      >
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          maxLength={subjectMaxLength}
          readOnly={saving}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextareaField
          label="Email Body"
          name="body"
          value={body}
          maxLength={bodyMaxLength}
          rows={8}
          readOnly={saving}
          hint="Bold, italic, underline, paragraphs, lists and https or mailto links are kept."
          onChange={(event) => setBody(event.target.value)}
        />
        <EmailPreview subject={deferredSubject} body={deferredBody} />
        {error ? <Banner kind="error">{error}</Banner> : null}
        <DialogFooter>
          <DialogClose>
            <Button variant="outline" disabled={saving}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" busy={saving} busyLabel="Saving...">
            Save email template
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

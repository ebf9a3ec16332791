import { useState } from 'react';
import { useLocation } from 'wouter';
import { Banner } from '@ui/primitives/banner/banner';
import { Button } from '@ui/primitives/button/button';
import { FileDrop } from '@ui/primitives/file-drop/file-drop';
import { StepTrail } from '@ui/primitives/step-trail/step-trail';
import { analytics } from '../analytics/instance';
import { messages } from '../messages/messages';
import { paths } from '../routing/paths';
import { usePageTitle } from '../routing/page-title';
import { downloadCsvTemplate } from './csv-template';
import type { ConfirmState } from './flow-state';
import { useReadMembersFile } from './use-members';

export const CSV_STEPS = ['1. Upload CSV', '2. Send Invitations'];

export default function MemberUploadScreen() {
  usePageTitle('Upload Members');
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const read = useReadMembersFile();
  const busy = read.busy;

  async function upload() {
    if (!file) return;
    analytics.track('uploadMembersCsvButton');
    await read.trigger(file, {
      onSuccess: (result) => {
        const state: ConfirmState = { source: 'csv', members: result.members, error: result.error };
        navigate(paths.memberConfirm, { state });
      },
    });
  }

  return (
    <section aria-labelledby="upload-heading" className="mx-auto flex max-w-3xl flex-col gap-6">
      <StepTrail steps={CSV_STEPS} current={0} />
      <div>
        <h1 id="upload-heading" className="text-2xl font-semibold text-ink">
          Add Team Members: CSV
        </h1>
        <p className="mt-2 text-ink-muted">
          You can confirm the data before any invitation is sent. The CSV must include
          &lsquo;fullname&rsquo; and &lsquo;email&rsquo; columns.
        </p>
        <Button
          variant="link"
          className="mt-2"
          onClick={() => {
            analytics.track('downloadCsvTemplate');
            downloadCsvTemplate();
          }}
        >
          Example Template
        </Button>
      </div>
      {read.error ? <Banner kind="error">{messages.readMembersFailed}</Banner> : null}
      <FileDrop
        label="Drag and drop your CSV file here, or choose it from your computer."
        file={file}
        onFileChange={(next, via) => {
          read.clearError();
          setFile(next);
          if (via === 'select') analytics.track('uploadMembersFileSelect');
          if (via === 'drop') analytics.track('uploadMembersDrop');
        }}
        disabled={busy}
      />
      <div className="flex justify-end">
        <Button disabled={!file} busy={busy} busyLabel="Uploading..." onClick={() => void upload()}>
          Upload
        </Button>
      </div>
    </section>
  );
}

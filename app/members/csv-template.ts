import { CSV_TEMPLATE_FILE_NAME, CSV_TEMPLATE_HEADER } from '@contract/members';

/** The example template's content: the header row and one example row, CRLF as CSV expects. */
export function csvTemplate(): string {
  return `${CSV_TEMPLATE_HEADER.join(',')}\r\nJane Doe,jane.doe@example.com\r\n`;
}

/** 'Example Template' downloads member_template.csv (docs/product/members.md, 'CSV upload'). */
export function downloadCsvTemplate(): void {
  const url = URL.createObjectURL(new Blob([csvTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CSV_TEMPLATE_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

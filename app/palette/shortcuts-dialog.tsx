import { Dialog, DialogContent } from '@ui/primitives/dialog/dialog';
import { SHORTCUTS } from './commands';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The `?` dialog: every keyboard shortcut of the portal (docs/decisions/060). Loaded on first use. */
export default function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mac = isMac();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="Shortcuts work anywhere in the portal, except / and ? while you type in a field."
        size="sm"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.does} className="border-t border-surface-border first:border-t-0">
                <td className="py-2 pe-4 whitespace-nowrap">
                  {(mac ? shortcut.mac : shortcut.keys).map((k, i) => (
                    <span key={k}>
                      {i > 0 ? <span aria-hidden="true"> + </span> : null}
                      <kbd className="rounded border border-surface-strong bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-ink">
                        {k}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2 text-ink">{shortcut.does}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}

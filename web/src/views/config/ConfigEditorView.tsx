import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfigCodeEditor, type ConfigEditorHandle, type ConfigEditorTexts } from '../../components/config-editor/ConfigCodeEditor';
import type { ConfigIssue } from '../../components/config-editor/config-lint';
import { PageTitle } from '../../components/layout/PageTitle';
import { QueryStatus } from '../../components/layout/QueryStatus';
import { Button } from '../../components/ui/Button';
import { describeValidation } from '../../hooks/describe-error';
import { useConfigDownload } from '../../hooks/use-download';
import { ConflictDialog, LeaveDialog, LossDialog } from './ConfigDialogs';
import { ConfigIssueList } from './ConfigIssueList';
import { ConfigToolbar } from './ConfigToolbar';
import { formatConfig, parseConfigObject } from './config-text';
import { useConfigDocument } from './use-config-document';
import { useConfigSave } from './use-config-save';

/** Asks before leaving with unsaved edits: in-app navigation (router blocker) and closing the tab. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

function useEditorTexts(): ConfigEditorTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      syntax: t('editor:lint.syntax'),
      notObject: t('editor:lint.notObject'),
      duplicateKey: (key: string) => t('editor:lint.duplicateKey', { key }),
      source: { syntax: t('editor:source.syntax'), schema: t('editor:source.schema'), server: t('editor:source.server') },
      describe: (message: string) => describeValidation(t, message),
    }),
    [t],
  );
}

/** /config (admin): config.json in a code editor with the server's schema, saved as a whole and applied live. */
export function ConfigEditorView() {
  const { t } = useTranslation();
  const doc = useConfigDocument();
  const download = useConfigDownload();
  const texts = useEditorTexts();
  const [handle, setHandle] = useState<ConfigEditorHandle | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [issues, setIssues] = useState<ConfigIssue[]>([]);
  const baselineText = doc.baseline?.text ?? null;
  const current = text ?? baselineText ?? '';
  const dirty = baselineText !== null && current !== baselineText;
  const parsed = useMemo(() => parseConfigObject(current), [current]);
  const saver = useConfigSave(doc.baseline, handle, (next) => {
    doc.setSaved(next);
    setText(next.text);
  });
  const blocker = useLeaveGuard(dirty);

  const reload = () => {
    setText(null);
    saver.closeConflict();
    void doc.reload();
  };
  const lineAt = (offset: number) => current.slice(0, offset).split('\n').length;

  return (
    <div className="flex h-[calc(100dvh-9rem)] min-h-96 flex-col gap-3">
      <PageTitle subtitle={t('editor:subtitle')}>{t('common:routes.config')}</PageTitle>
      <QueryStatus query={doc.file} errorTestId="config-load-error" />
      {doc.baseline ? (
        <>
          <ConfigToolbar
            dirty={dirty}
            validJson={parsed !== null}
            saving={saver.saving}
            modifiedAt={doc.stat.data?.modifiedAt ?? doc.baseline.modifiedAt}
            onSave={() => parsed && saver.save(current, parsed)}
            onRevert={() => handle?.setText(doc.baseline?.text ?? '')}
            onFormat={() => parsed && handle?.setText(formatConfig(parsed))}
            onDownload={() => void download.run()}
          />
          {doc.changedElsewhere && !saver.saving ? (
            <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-warning bg-surface px-3 py-2 text-sm" data-testid="config-changed-elsewhere">
              <span className="text-foreground">{t('editor:changedElsewhere')}</span>
              <Button size="sm" variant="secondary" onClick={reload}>
                {t('editor:conflict.reload')}
              </Button>
            </div>
          ) : null}
          <div className="min-h-0 flex-1 overflow-hidden rounded-lg border border-border">
            <ConfigCodeEditor
              key={doc.generation}
              initialText={doc.baseline.text}
              texts={texts}
              label={t('editor:editorLabel')}
              onChange={setText}
              onIssues={setIssues}
              onReady={setHandle}
            />
          </div>
          <ConfigIssueList issues={issues} lineAt={lineAt} onReveal={(from) => handle?.reveal(from)} />
        </>
      ) : null}
      <LossDialog loss={saver.pendingLoss} onConfirm={saver.confirmLoss} onCancel={saver.cancelLoss} />
      <ConflictDialog open={saver.conflict} onReload={reload} onOverwrite={saver.overwrite} onClose={saver.closeConflict} />
      <LeaveDialog open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '@homecam/shared';
import { ApiError } from '../../lib/api-error';
import { useCreateCamera, useUpdateCamera } from '../../hooks/use-cameras';
import { useToast } from '../../hooks/use-toast';
import { requiredFieldsNotice } from '../../forms/required-fields';
import { Button } from '../ui/Button';
import { FormNotice } from '../ui/FormNotice';
import { Modal } from '../ui/Modal';
import { FIELD_GROUPS, type GroupId } from './camera-fields';
import { cameraToForm, formToInput, formToPatch, issuesToErrors, newCameraForm, validateCameraForm, type FieldErrors, type FormValues } from './camera-form';
import { CameraFieldInput } from './CameraFieldInput';
import { CameraFormSection } from './CameraFormSection';
import { ConfigFileFields } from './ConfigFileFields';
import { OnvifEventsStatus } from './OnvifEventsStatus';
import { ModalActions } from '../ui/ModalActions';

export interface CameraFormDialogProps {
  /** The camera to edit; none: add a new one. */
  camera?: Camera;
  /** A new camera's fields already known (from its ONVIF profiles: Find cameras). */
  prefill?: FormValues;
  rooms: readonly string[];
  canEdit: boolean;
  isAdmin: boolean;
  onClose: () => void;
}

/** The fields marked required (name, source): spec §5's 'fill all required fields' is about them. */
const REQUIRED_PATHS = FIELD_GROUPS.flatMap((group) => group.fields).filter((field) => field.required).map((field) => field.path);

const groupsWithErrors = (errors: FieldErrors) =>
  FIELD_GROUPS.filter((group) => group.fields.some((field) => errors[field.path])).map((group) => group.id);

/** Which field groups are unfolded: general and stream at first, plus any group with an error. */
function useOpenGroups() {
  const [open, setOpen] = useState<ReadonlySet<GroupId>>(() => new Set(['general', 'stream']));
  return {
    open,
    openGroups: (ids: readonly GroupId[]) => setOpen((previous) => new Set([...previous, ...ids])),
    toggle: (id: GroupId) =>
      setOpen((previous) => {
        const next = new Set(previous);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
}

function FormFooter({ canEdit, busy, onClose }: { canEdit: boolean; busy: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalActions onCancel={onClose} cancelLabel={canEdit ? t('actions.cancel') : t('cameras:settings.close')}>
      {canEdit ? (
        <Button type="submit" form="camera-form" disabled={busy} data-testid="camera-form-submit">
          {t('actions.save')}
        </Button>
      ) : null}
    </ModalActions>
  );
}

interface FieldGroupsProps {
  values: FormValues;
  errors: FieldErrors;
  open: ReadonlySet<GroupId>;
  onToggle: (id: GroupId) => void;
  onChange: (path: string, value: FormValues[string]) => void;
  /** What every field input gets alike. */
  field: { rooms: readonly string[]; disabled: boolean; revealSources: boolean; isAdmin: boolean };
  /** The camera's motion zones (object detection counts labels per zone). */
  zoneCount: number;
  /** The stored camera's name (editing), for the status of its ONVIF events. */
  camera?: string | undefined;
}

/** The schema's fields in their foldable groups; a group with an error says so when folded. */
function FieldGroups({ values, errors, open, onToggle, onChange, field: common, zoneCount, camera }: FieldGroupsProps) {
  const { t } = useTranslation();
  const objects = { labels: String(values['objectDetection.labels'] ?? ''), zoneCount };
  return FIELD_GROUPS.map((group) => (
    <CameraFormSection
      key={group.id}
      id={group.id}
      title={t(group.title)}
      hint={group.hint ? t(group.hint) : undefined}
      open={open.has(group.id)}
      invalid={group.fields.some((field) => errors[field.path])}
      onToggle={() => onToggle(group.id)}
    >
      {group.fields.map((field) => (
        <CameraFieldInput
          key={field.path}
          field={field}
          value={values[field.path] ?? ''}
          onChange={(value) => onChange(field.path, value)}
          error={errors[field.path]}
          objects={objects}
          {...common}
        />
      ))}
      {group.id === 'onvif' && camera && open.has('onvif') ? <OnvifEventsStatus camera={camera} /> : null}
    </CameraFormSection>
  ));
}

/** Add or edit a camera: every field of the schema in groups, checked with the shared schema before sending. */
export function CameraFormDialog({ camera, prefill, rooms, canEdit, isAdmin, onClose }: CameraFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateCamera();
  const update = useUpdateCamera();
  const [initial] = useState<FormValues>(() => (camera ? cameraToForm(camera) : { ...newCameraForm(rooms[0] ?? 'Standard'), ...prefill }));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const { open, toggle, openGroups } = useOpenGroups();
  const busy = create.isPending || update.isPending;

  function showErrors(next: FieldErrors) {
    setErrors(next);
    openGroups(groupsWithErrors(next));
  }

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') showErrors(issuesToErrors(error.validationIssues));
    toast.apiError(error);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit) return;
    const problems = validateCameraForm(values);
    showErrors(problems);
    setNotice(requiredFieldsNotice(REQUIRED_PATHS.map((path) => String(values[path] ?? ''))));
    if (Object.keys(problems).length > 0) return;
    const done = (saved: Camera) => {
      toast.success(t(camera ? 'cameras:settings.saved' : 'cameras:settings.created', { camera: saved.name }));
      onClose();
    };
    if (!camera) {
      create.mutate(formToInput(values), { onSuccess: done, onError });
      return;
    }
    const patch = formToPatch(initial, values);
    if (Object.keys(patch).length === 0) onClose();
    else update.mutate({ name: camera.name, patch }, { onSuccess: done, onError });
  }

  return (
    <Modal
      open
      size="wide"
      title={camera ? t('cameras:settings.editTitle', { camera: camera.name }) : t('cameras:settings.addTitle')}
      onClose={onClose}
      testId="camera-form-dialog"
      footer={<FormFooter canEdit={canEdit} busy={busy} onClose={onClose} />}
    >
      <form id="camera-form" noValidate onSubmit={submit}>
        <FormNotice messageKey={notice} className="mb-3" />
        <FieldGroups
          values={values}
          errors={errors}
          open={open}
          onToggle={toggle}
          onChange={(path, value) => setValues((previous) => ({ ...previous, [path]: value }))}
          field={{ rooms, disabled: !canEdit || busy, revealSources: isAdmin && camera !== undefined, isAdmin }}
          zoneCount={camera?.videoanalysis.regions.length ?? 0}
          camera={camera?.name}
        />
        <ConfigFileFields camera={camera} />
      </form>
    </Modal>
  );
}

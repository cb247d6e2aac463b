import { TEMPLATE_DESCRIPTION_MAX } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Grid, type GridColProps, TextInput } from '@mantine/core';

export interface TemplateDescriptions {
  descriptionDeu: string;
  descriptionIta: string;
}

/**
 * The German and Italian description of a template, both required (the head form of a new template
 * and the positions screen): two grid columns of `span`; an empty one says so once `showMissing`.
 */
export function TemplateDescriptionFields({
  values,
  onChange,
  showMissing,
  span,
}: {
  values: TemplateDescriptions;
  onChange: (values: TemplateDescriptions) => void;
  showMissing: boolean;
  span: GridColProps['span'];
}) {
  const { t } = useLingui();
  const error = (text: string) => (showMissing && text.trim() === '' ? t`Dieses Feld ist erforderlich` : undefined);
  const fields = [
    { name: 'descriptionDeu', label: t`Beschreibung (deutsch)` },
    { name: 'descriptionIta', label: t`Beschreibung (italienisch)` },
  ] as const;
  return fields.map(({ name, label }) => (
    <Grid.Col key={name} span={span}>
      <TextInput
        size="sm"
        label={label}
        name={name}
        withAsterisk
        maxLength={TEMPLATE_DESCRIPTION_MAX}
        value={values[name]}
        error={error(values[name])}
        onChange={(e) => onChange({ ...values, [name]: e.currentTarget.value })}
      />
    </Grid.Col>
  ));
}

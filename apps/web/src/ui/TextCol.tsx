import { Grid, type GridColProps, TextInput, type TextInputProps } from '@mantine/core';

/**
 * One text field in a column of a form grid, the layout of the master-data editors:
 * `<TextCol span={{ base: 6, sm: 3 }} {...field('email')} />` (size sm; every other prop goes to the TextInput).
 */
export function TextCol({ span, ...input }: TextInputProps & { span: GridColProps['span'] }) {
  return (
    <Grid.Col span={span}>
      <TextInput size="sm" {...input} />
    </Grid.Col>
  );
}

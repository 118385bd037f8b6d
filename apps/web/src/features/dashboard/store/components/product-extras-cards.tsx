import { storesLimits } from '@atrium/contract/stores/products-v1';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { t } from '../strings.ts';
import { defaultTextFieldLength, rowKey } from '../lib/product-extras.ts';
import type { DetailsFormApi } from './details-form.tsx';

const x = t.extras;

function CardHeading({
  title,
  description,
  add,
  disabled,
  onAdd,
}: {
  title: string;
  description: string;
  add: string;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={2}>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" maw={560}>
          {description}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPlus size={14} />}
        disabled={disabled}
        onClick={onAdd}
      >
        {add}
      </Button>
    </Group>
  );
}

/** The texts a buyer writes for the product before adding it to the cart (v1 `customTextFields`). */
export function CustomTextFieldsCard({ form }: { form: DetailsFormApi }) {
  const rows = form.values.textFields;
  return (
    <Card p="lg">
      <Stack gap="md">
        <CardHeading
          title={x.textFields}
          description={x.textFieldsHint}
          add={x.addTextField}
          disabled={rows.length >= storesLimits.customTextFields}
          onAdd={() =>
            form.insertListItem('textFields', {
              key: rowKey(),
              title: '',
              maxLength: defaultTextFieldLength,
              mandatory: false,
            })
          }
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {x.noTextFields}
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const label = row.title.trim() || x.textFieldNumber(index + 1);
          return (
            <Paper key={row.key} withBorder p="md" radius="md" data-testid="text-field-row">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextInput
                  label={x.textFieldTitle}
                  placeholder={x.textFieldPlaceholder}
                  maxLength={storesLimits.customTextTitleLength}
                  style={{ flex: '1 1 220px' }}
                  {...form.getInputProps(`textFields.${index}.title`)}
                />
                <NumberInput
                  label={x.maxLength}
                  min={1}
                  max={storesLimits.customTextMaxLength}
                  allowDecimal={false}
                  allowNegative={false}
                  w={150}
                  {...form.getInputProps(`textFields.${index}.maxLength`)}
                />
                <Checkbox
                  label={x.mandatory}
                  mt={32}
                  {...form.getInputProps(`textFields.${index}.mandatory`, { type: 'checkbox' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  ml="auto"
                  aria-label={x.removeTextField(label)}
                  onClick={() => form.removeListItem('textFields', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Card>
  );
}

/** Sections the product page shows under the description, like care or sizing (v1 `additionalInfoSections`). */
export function InfoSectionsCard({ form }: { form: DetailsFormApi }) {
  const rows = form.values.sections;
  return (
    <Card p="lg">
      <Stack gap="md">
        <CardHeading
          title={x.sections}
          description={x.sectionsHint}
          add={x.addSection}
          disabled={rows.length >= storesLimits.infoSections}
          onAdd={() => form.insertListItem('sections', { key: rowKey(), title: '', text: '', html: '' })}
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {x.noSections}
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const label = row.title.trim() || x.sectionNumber(index + 1);
          return (
            <Paper key={row.key} withBorder p="md" radius="md" data-testid="info-section-row">
              <Stack gap="sm">
                <Group align="flex-end" gap="sm" wrap="nowrap">
                  <TextInput
                    label={x.sectionTitle}
                    placeholder={x.sectionPlaceholder}
                    maxLength={storesLimits.infoSectionTitleLength}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`sections.${index}.title`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={x.removeSection(label)}
                    onClick={() => form.removeListItem('sections', index)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                <Textarea
                  label={x.sectionText}
                  description={t.editor.descriptionHint}
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps(`sections.${index}.text`)}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Card>
  );
}

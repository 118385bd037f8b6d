import type { Product, ProductInput } from '@atrium/sdk/modules/stores';
import { productInputSchema, storesLimits, type StoresDiscount } from '@atrium/contract/stores/products-v1';
import {
  Autocomplete,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { t } from '../strings.ts';
import { htmlOf, plainTextOf } from '../../../../lib/rich-text.ts';
import { useLabels } from '../api/labels.ts';
import { useUpdateProduct } from '../api/products.ts';
import { formatAmount, numberOrEmpty } from '../lib/format.ts';
import { previewPrice } from '../lib/pricing.ts';
import {
  extrasErrorPath,
  infoSectionRowsOf,
  infoSectionsInput,
  textFieldRowsOf,
  textFieldsInput,
  type InfoSectionRow,
  type TextFieldRow,
} from '../lib/product-extras.ts';
import { priceTooHigh } from '../../shared/price-limit.ts';
import { CustomTextFieldsCard, InfoSectionsCard } from './product-extras-cards.tsx';

const e = t.editor;

export interface DetailsValues {
  name: string;
  description: string;
  visible: boolean;
  ribbon: string;
  brand: string;
  productType: Product['productType'];
  sku: string;
  weight: number | string;
  price: number | string;
  cost: number | string;
  discountType: StoresDiscount['type'];
  discountValue: number | string;
  textFields: TextFieldRow[];
  sections: InfoSectionRow[];
}
type Values = DetailsValues;
export type DetailsFormApi = UseFormReturnType<DetailsValues>;

function valuesOf(product: Product): Values {
  return {
    name: product.name,
    description: plainTextOf(product.description),
    visible: product.visible,
    ribbon: product.ribbon ?? '',
    brand: product.brand ?? '',
    productType: product.productType,
    sku: product.sku,
    // A product without a weight reads 0: shown as an empty field.
    weight: product.weight || '',
    price: product.priceData.price,
    cost: product.costAndProfitData?.itemCost ?? '',
    discountType: product.discount.type,
    discountValue: product.discount.value,
    textFields: textFieldRowsOf(product),
    sections: infoSectionRowsOf(product),
  };
}

/** Only what the owner changed, so a description written as richer HTML elsewhere is left alone. */
function inputOf(values: Values, dirty: (field: keyof Values) => boolean): ProductInput {
  const input: ProductInput = {};
  const price = numberOrEmpty(values.price);
  const cost = numberOrEmpty(values.cost);
  const discount = numberOrEmpty(values.discountValue);
  const weight = numberOrEmpty(values.weight);
  if (dirty('name')) input.name = values.name.trim();
  if (dirty('description')) input.description = htmlOf(values.description);
  if (dirty('visible')) input.visible = values.visible;
  if (dirty('ribbon')) input.ribbon = values.ribbon.trim() || null;
  if (dirty('brand')) input.brand = values.brand.trim() || null;
  if (dirty('productType')) input.productType = values.productType;
  if (dirty('sku')) input.sku = values.sku.trim() || null;
  if (dirty('weight')) input.weight = weight === '' ? null : weight;
  if (dirty('textFields')) input.customTextFields = textFieldsInput(values.textFields);
  if (dirty('sections')) input.additionalInfoSections = infoSectionsInput(values.sections);
  if (dirty('price')) input.priceData = { price: price === '' ? Number.NaN : price };
  if (dirty('cost')) input.costAndProfitData = { itemCost: cost === '' ? null : cost };
  if (dirty('discountType') || dirty('discountValue')) {
    input.discount = {
      type: values.discountType,
      value: values.discountType === 'NONE' || discount === '' ? 0 : discount,
    };
  }
  return input;
}

/** Maps the contract's complaints onto the form's fields (a list's by row: `textFields.0.title`). */
function errorsOf(input: ProductInput): Record<string, string> {
  const result = productInputSchema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, keyof Values> = {
    name: 'name',
    description: 'description',
    ribbon: 'ribbon',
    brand: 'brand',
    sku: 'sku',
    weight: 'weight',
    priceData: 'price',
    costAndProfitData: 'cost',
    discount: 'discountValue',
  };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = extrasErrorPath(issue.path) ?? fields[String(issue.path[0])];
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Name, description, visibility, ribbon, brand, type, SKU, weight, price, cost, discount, the buyer's
 * custom texts and the info sections: one form, saved together with one product update.
 */
export function DetailsForm({ product }: { product: Product }) {
  const form = useForm<Values>({
    initialValues: valuesOf(product),
    validate: { price: priceTooHigh },
  });
  const ribbons = useLabels('ribbon');
  const brands = useLabels('brand');
  const save = useUpdateProduct({
    onSuccess: (saved) => {
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      form.resetDirty();
      notifications.show({ color: 'teal', message: e.saved });
    },
  });
  const { values } = form;
  const currency = product.priceData.currency;
  const price = numberOrEmpty(values.price);
  const cost = numberOrEmpty(values.cost);
  const discountValue = numberOrEmpty(values.discountValue);
  const preview =
    price === ''
      ? undefined
      : previewPrice(
          price,
          { type: values.discountType, value: discountValue === '' ? 0 : discountValue },
          cost === '' ? null : cost,
        );

  return (
    <form
      onSubmit={form.onSubmit((submitted) => {
        const input = inputOf(submitted, (field) => form.isDirty(field));
        const errors = errorsOf(input);
        if (Object.keys(errors).length > 0) {
          form.setErrors(errors);
          return;
        }
        save.mutate({ productId: product.id, input });
      })}
    >
      <Stack gap="lg">
        <Card p="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              {e.details}
            </Title>
            <TextInput
              label={e.name}
              required
              maxLength={storesLimits.nameLength}
              {...form.getInputProps('name')}
            />
            <Textarea
              label={e.description}
              description={e.descriptionHint}
              autosize
              minRows={3}
              maxRows={10}
              {...form.getInputProps('description')}
            />
            <Switch
              label={e.visible}
              description={e.visibleHint}
              {...form.getInputProps('visible', { type: 'checkbox' })}
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Autocomplete
                  label={e.ribbon}
                  description={e.ribbonHint}
                  placeholder={e.none}
                  data={(ribbons.data ?? []).map((label) => label.name)}
                  maxLength={storesLimits.ribbonLength}
                  clearable
                  {...form.getInputProps('ribbon')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Autocomplete
                  label={e.brand}
                  description={e.brandHint}
                  placeholder={e.none}
                  data={(brands.data ?? []).map((label) => label.name)}
                  maxLength={storesLimits.brandLength}
                  clearable
                  {...form.getInputProps('brand')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Card>
        <Card p="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              {e.shipping}
            </Title>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="product-type-label">
                {e.productType}
              </Text>
              <SegmentedControl
                aria-labelledby="product-type-label"
                data={(['physical', 'digital'] as const).map((value) => ({
                  value,
                  label: e.productTypes[value],
                }))}
                {...form.getInputProps('productType')}
                w="fit-content"
              />
            </Stack>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={e.sku}
                  description={e.skuHint}
                  maxLength={storesLimits.skuLength}
                  {...form.getInputProps('sku')}
                />
              </Grid.Col>
              {values.productType === 'physical' ? (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <NumberInput
                    label={e.weight}
                    description={e.weightHint}
                    min={0}
                    max={storesLimits.weight}
                    decimalScale={3}
                    {...form.getInputProps('weight')}
                  />
                </Grid.Col>
              ) : null}
            </Grid>
          </Stack>
        </Card>
        <Card p="lg">
          <Stack gap="md">
            <Title order={3} fz="lg">
              {e.pricing}
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={e.price}
                  required
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('price')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={e.cost}
                  description={e.costHint}
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('cost')}
                />
              </Grid.Col>
            </Grid>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {e.discount}
              </Text>
              <Group gap="sm" align="center" wrap="wrap">
                <SegmentedControl
                  data={(['NONE', 'PERCENT', 'AMOUNT'] as const).map((value) => ({
                    value,
                    label: e.discountTypes[value],
                  }))}
                  {...form.getInputProps('discountType')}
                />
                {values.discountType !== 'NONE' ? (
                  <NumberInput
                    aria-label={e.discountValue}
                    min={0}
                    max={values.discountType === 'PERCENT' ? 100 : undefined}
                    decimalScale={2}
                    suffix={values.discountType === 'PERCENT' ? '%' : undefined}
                    w={140}
                    {...form.getInputProps('discountValue')}
                  />
                ) : null}
              </Group>
            </Stack>
            {preview ? (
              <Group gap="lg" data-testid="price-preview">
                <Text size="sm">
                  {e.salePrice}: <b>{formatAmount(preview.paid, currency)}</b>
                </Text>
                {preview.profit !== undefined ? (
                  <Text size="sm" c="dimmed">
                    {e.profit(formatAmount(preview.profit, currency), preview.margin)}
                  </Text>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Card>
        <CustomTextFieldsCard form={form} />
        <InfoSectionsCard form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {e.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { storesLimits } from '@atrium/contract/stores/products-v1';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../strings.ts';
import { t as shared } from '../../shared/strings.ts';
import { useCreateProduct } from '../api/products.ts';
import { numberOrEmpty } from '../lib/format.ts';

const s = t.products;

/** A product starts with a name and a price, hidden until its editor shows it. */
export function NewProductModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const create = useCreateProduct({
    onSuccess: (product) => {
      notifications.show({ color: 'teal', message: s.created });
      onClose();
      setName('');
      setPrice('');
      navigate(`/dashboard/store/products/${product.id}`);
    },
  });
  const amount = numberOrEmpty(price);
  const valid = name.trim().length > 0 && amount !== '';
  return (
    <Modal opened={opened} onClose={onClose} title={s.newTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid)
            create.mutate({ name: name.trim(), priceData: { price: amount as number }, visible: false });
        }}
      >
        <Stack>
          <TextInput
            label={s.newName}
            required
            value={name}
            maxLength={storesLimits.nameLength}
            onChange={(event) => setName(event.currentTarget.value)}
            data-autofocus
          />
          <NumberInput
            label={s.newPrice}
            required
            value={price}
            onChange={setPrice}
            min={0}
            decimalScale={2}
            fixedDecimalScale
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {shared.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!valid}>
              {s.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

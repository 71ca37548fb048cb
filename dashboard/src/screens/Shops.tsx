import type { Shop, Status } from '../api/types';
import { ResourceScreen, type FormProps, type ResourceConfig } from '../components/ResourceScreen';
import { LanguageMapInput, TextInput } from '../components/ui';
import { cleanLanguageMap, compact } from '../form';

export interface ShopForm {
  shopId: string;
  name: string;
  logo: string;
  image: string;
  description: Record<string, string>;
  status: Status;
}

function ShopFields({ value: f, set, errors, editing }: FormProps<ShopForm>) {
  return (
    <div className="form-grid">
      <TextInput
        label="Shop id"
        value={f.shopId}
        disabled={editing}
        error={errors.shopId}
        hint="Generated when empty."
        onChange={(shopId) => set({ shopId })}
      />
      <TextInput label="Name" value={f.name} error={errors.name} onChange={(name) => set({ name })} />
      <TextInput label="Logo URL" type="url" value={f.logo} error={errors.logo} onChange={(logo) => set({ logo })} />
      <TextInput label="Image URL" type="url" value={f.image} error={errors.image} onChange={(image) => set({ image })} />
      <div className="field-wide">
        <LanguageMapInput
          label="Description"
          value={f.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </div>
    </div>
  );
}

export const shopsConfig: ResourceConfig<Shop, ShopForm> = {
  resource: 'shop',
  title: 'Shops',
  singular: 'Shop',
  idKey: 'shopId',
  intro: 'Partners or places that offers belong to.',
  columns: [
    { label: 'Shop id', render: (s) => <code>{s.shopId}</code> },
    { label: 'Name', render: (s) => s.name },
  ],
  blank: () => ({ shopId: '', name: '', logo: '', image: '', description: { de: '', en: '' }, status: 'ACTIVE' }),
  toForm: (s) => ({
    shopId: s.shopId,
    name: s.name ?? '',
    logo: s.logo ?? '',
    image: s.image ?? '',
    description: { de: '', en: '', ...s.description },
    status: s.status ?? 'ACTIVE',
  }),
  toBody: (f) =>
    compact({
      shopId: f.shopId.trim() || undefined,
      name: f.name,
      logo: f.logo.trim() || undefined,
      image: f.image.trim() || undefined,
      description: cleanLanguageMap(f.description),
      status: f.status,
    }),
  fields: ['shopId', 'name', 'logo', 'image', 'description'],
  Form: ShopFields,
  emptyText: <p>No shops yet.</p>,
};

export function ShopsScreen() {
  return <ResourceScreen config={shopsConfig} />;
}

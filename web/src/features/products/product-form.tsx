import { Switch } from "@mantine/core";
import { DEFAULT_TOLERANCE_PCT } from "@domain/catch-weight";
import { DecimalField, type FormBinding, SelectField, TextField } from "../../components/form-fields";
import { useMainProducts } from "./api/get-main-products";

export interface ProductFormValues {
  name: string;
  quantity: string | number;
  price: string | number;
  unitWeight: string | number;
  isWeighted: boolean;
  requiresWeighing: boolean;
  weightTolerancePct: string | number;
  isFeaturedProduct: boolean;
  dependent: boolean;
  principalProductId: string;
}

export const emptyProductForm: ProductFormValues = {
  name: "",
  quantity: "",
  price: "",
  unitWeight: "",
  isWeighted: true,
  requiresWeighing: false,
  weightTolerancePct: DEFAULT_TOLERANCE_PCT,
  isFeaturedProduct: false,
  dependent: false,
  principalProductId: "0",
};

interface ProductFieldsProps extends FormBinding<ProductFormValues> {
  withFeatured?: boolean;
  selfId?: number;
}

/** Stock, price and unit weight: a product's and a promotion's (where the dialog does not require them). */
export function ProductAmountFields({ form, required }: { form: FormBinding<ProductFormValues>; required?: boolean }) {
  return (
    <>
      <DecimalField of={form} field="quantity" label="Cantidad (KG)" required={required} decimals={3} unit="kg" />
      <DecimalField of={form} field="price" label="Precio" required={required} decimals={2} unit="$" />
      <DecimalField
        of={form}
        field="unitWeight"
        label="Peso por unidad (kg)"
        required={required}
        decimals={3}
        unit="kg"
      />
    </>
  );
}

/** SPEC.md §5: the principal product is only chosen (and sent) with the dependency switch on. */
export function ProductFields({ values, errors, onChange, withFeatured, selfId }: ProductFieldsProps) {
  const mains = useMainProducts();
  const options = [
    { value: "0", label: "NO" },
    ...(mains.data ?? [])
      .filter((p) => p.PK_Products !== selfId)
      .map((p) => ({ value: String(p.PK_Products), label: p.Name })),
  ];
  const form = { values, errors, onChange };
  return (
    <>
      <TextField of={form} field="name" label="Nombre" required />
      <Switch
        label="Depende de otro producto"
        checked={values.dependent}
        onChange={(e) => {
          onChange("dependent", e.currentTarget.checked);
          if (!e.currentTarget.checked) onChange("principalProductId", "0");
        }}
      />
      {values.dependent && (
        <SelectField
          of={form}
          field="principalProductId"
          fallback="0"
          label="Producto principal"
          searchable
          data={options}
          error={mains.isError ? "No se pudieron cargar los productos principales." : undefined}
          allowDeselect={false}
        />
      )}
      <ProductAmountFields form={form} required />
      <Switch
        label="Se pesa en el pedido"
        checked={values.isWeighted}
        onChange={(e) => onChange("isWeighted", e.currentTarget.checked)}
      />
      <Switch
        label="Se pesa al preparar (peso real)"
        description="El preparador anota el peso real de cada caja; se cobra por ese peso."
        checked={values.requiresWeighing}
        onChange={(e) => onChange("requiresWeighing", e.currentTarget.checked)}
      />
      {values.requiresWeighing && (
        <DecimalField
          of={form}
          field="weightTolerancePct"
          label="Tolerancia de peso (%)"
          description="Más diferencia que esta con lo pedido pide confirmación."
          required
          decimals={2}
        />
      )}
      {withFeatured && (
        <Switch
          label="Destacado"
          checked={values.isFeaturedProduct}
          onChange={(e) => onChange("isFeaturedProduct", e.currentTarget.checked)}
        />
      )}
    </>
  );
}

/** A number field's text that the es-AR reading refused stays text: it must not reach the server as another number. */
export const asNumber = (value: string | number) => (typeof value === "number" || value.trim() === "" ? value : NaN);

export function toProductPayload(values: ProductFormValues, withFeatured: boolean) {
  return {
    name: values.name.trim(),
    quantity: asNumber(values.quantity),
    price: asNumber(values.price),
    unitWeight: asNumber(values.unitWeight),
    isWeighted: values.isWeighted,
    requiresWeighing: values.requiresWeighing,
    weightTolerancePct: asNumber(values.weightTolerancePct),
    ...(withFeatured ? { isFeaturedProduct: values.isFeaturedProduct } : {}),
    ...(values.dependent ? { principalProductId: Number(values.principalProductId) } : {}),
  };
}

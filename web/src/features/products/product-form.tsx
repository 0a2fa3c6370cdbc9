import { Select, Switch, TextInput } from "@mantine/core";
import { DecimalInput } from "../../components/decimal-input";
import { useMainProducts } from "./api/get-main-products";

export interface ProductFormValues {
  name: string;
  quantity: string | number;
  price: string | number;
  unitWeight: string | number;
  isWeighted: boolean;
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
  isFeaturedProduct: false,
  dependent: false,
  principalProductId: "0",
};

interface ProductFieldsProps {
  values: ProductFormValues;
  errors: Record<string, string>;
  onChange<K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]): void;
  withFeatured?: boolean;
  selfId?: number;
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
  return (
    <>
      <TextInput
        label="Nombre"
        required
        value={values.name}
        error={errors.name}
        onChange={(e) => onChange("name", e.currentTarget.value)}
      />
      <Switch
        label="Depende de otro producto"
        checked={values.dependent}
        onChange={(e) => {
          onChange("dependent", e.currentTarget.checked);
          if (!e.currentTarget.checked) onChange("principalProductId", "0");
        }}
      />
      {values.dependent && (
        <Select
          label="Producto principal"
          searchable
          data={options}
          value={values.principalProductId}
          onChange={(v) => onChange("principalProductId", v ?? "0")}
          error={mains.isError ? "No se pudieron cargar los productos principales." : errors.principalProductId}
          allowDeselect={false}
        />
      )}
      <DecimalInput
        label="Cantidad (KG)"
        required
        decimals={3}
        unit="kg"
        value={values.quantity}
        error={errors.quantity}
        onChange={(v) => onChange("quantity", v)}
      />
      <DecimalInput
        label="Precio"
        required
        decimals={2}
        unit="$"
        value={values.price}
        error={errors.price}
        onChange={(v) => onChange("price", v)}
      />
      <DecimalInput
        label="Peso por unidad (kg)"
        required
        decimals={3}
        unit="kg"
        value={values.unitWeight}
        error={errors.unitWeight}
        onChange={(v) => onChange("unitWeight", v)}
      />
      <Switch
        label="Se pesa en el pedido"
        checked={values.isWeighted}
        onChange={(e) => onChange("isWeighted", e.currentTarget.checked)}
      />
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
    ...(withFeatured ? { isFeaturedProduct: values.isFeaturedProduct } : {}),
    ...(values.dependent ? { principalProductId: Number(values.principalProductId) } : {}),
  };
}

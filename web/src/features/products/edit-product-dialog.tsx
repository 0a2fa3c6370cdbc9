import { Alert, Button, Group, Loader, Modal, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Product } from "@domain/contracts/products";
import { ApiError } from "../../api/messages";
import { TextField } from "../../components/form-fields";
import { notifySuccess } from "../../components/notify";
import { useDeleteProduct } from "./api/delete-product";
import { useProduct } from "./api/get-product";
import { useUpdateProduct } from "./api/update-product";
import {
  asNumber,
  emptyProductForm,
  ProductAmountFields,
  ProductFields,
  toProductPayload,
  type ProductFormValues,
} from "./product-form";

type EditValues = ProductFormValues & { promotions: string };

function fromProduct(p: Product): EditValues {
  return {
    ...emptyProductForm,
    name: p.Name,
    quantity: Number(p.Quantity),
    price: Number(p.Price),
    unitWeight: Number(p.Unit_Weight),
    isWeighted: p.If_Weight,
    requiresWeighing: p.Requires_Weighing,
    weightTolerancePct: Number(p.Weight_Tolerance_Pct),
    isFeaturedProduct: p.Featured_Product,
    dependent: p.Id_Principal_Product > 0,
    principalProductId: String(p.Id_Principal_Product),
    promotions: p.Promotions ?? "0",
  };
}

/** SPEC.md §2: failures of this dialog go to the console; the dialog stays open with the reason. */
export function EditProductDialog({ productId, onClose }: { productId: number; onClose(): void }) {
  const product = useProduct(productId);
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [values, setValues] = useState<EditValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [asPromotion, setAsPromotion] = useState<boolean | null>(null);
  const promotion = asPromotion ?? product.data?.is_promotion ?? false;

  useEffect(() => {
    if (product.data && !values) setValues(fromProduct(product.data));
    if (product.isError) console.error("Error cargando producto");
  }, [product.data, product.isError, values]);

  const change = <K extends keyof EditValues>(field: K, value: EditValues[K]) => {
    setValues((v) => v && { ...v, [field]: value });
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    try {
      await action();
      notifySuccess(success);
      onClose();
    } catch (error) {
      console.error(fallback, error);
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setFailure(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback);
    }
  }

  const save = () => {
    if (!values) return;
    const body = promotion
      ? {
          name: values.name.trim(),
          promotions: values.promotions,
          quantity: asNumber(values.quantity),
          price: asNumber(values.price),
          unitWeight: asNumber(values.unitWeight),
        }
      : toProductPayload(values, true);
    return run(
      () => update.mutateAsync({ id: productId, body }),
      "Producto actualizado correctamente.",
      "No se pudo guardar",
    );
  };

  const form = values && { values, errors, onChange: change };

  return (
    <Modal opened onClose={onClose} title={promotion ? "Editar promoción" : "Editar producto"} size="lg">
      {product.isError && <Alert color="red">Error cargando producto</Alert>}
      {!values && !product.isError && <Loader />}
      {form && (
        <Stack>
          <Switch
            label="Es una promoción"
            checked={promotion}
            onChange={(e) => setAsPromotion(e.currentTarget.checked)}
          />
          {promotion ? (
            <>
              <TextField of={form} field="name" label="Nombre" required />
              <TextInput
                label="Productos de la promoción (IDs separados por '-')"
                value={form.values.promotions}
                error={errors.promotions}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setValues((v) => v && { ...v, promotions: text });
                }}
              />
              <ProductAmountFields form={form} />
            </>
          ) : (
            <ProductFields {...form} withFeatured selfId={productId} />
          )}
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              color="red"
              variant="light"
              onClick={() =>
                run(() => remove.mutateAsync(productId), "Producto eliminado correctamente.", "No se pudo eliminar")
              }
            >
              Eliminar
            </Button>
            <Group>
              <Button component={Link} to={`/products/${productId}/lotes`} variant="default">
                Lotes
              </Button>
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button onClick={save}>Guardar</Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

import { Button, Group, Paper, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CreateProductRequest } from "../../../../domain/contracts/products";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { fieldErrors } from "../../components/field-errors";
import { createProduct, productKeys } from "./api";
import { emptyProductForm, ProductFields, toProductPayload, type ProductFormValues } from "./product-form";

export function NewProductPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = toProductPayload(values, false);
    const invalid = fieldErrors(CreateProductRequest, payload);
    if (Object.keys(invalid).length) return setErrors(invalid);
    setBusy(true);
    try {
      await createProduct(payload);
      notifySuccess("Producto creado correctamente.");
      await client.invalidateQueries({ queryKey: productKeys.all });
      navigate("/products");
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fieldErrors);
      notifyError("No se pudo crear el producto.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageTitle>Nuevo Producto</PageTitle>
      <Paper withBorder p="lg" maw={560} component="form" onSubmit={submit}>
        <Stack>
          <ProductFields
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((v) => ({ ...v, [field]: value }));
              setErrors(({ [field]: _cleared, ...rest }) => rest);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Crear producto
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

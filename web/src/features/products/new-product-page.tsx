import { Button, Group, Paper, Stack } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CreateProductRequest } from "@domain/contracts/products";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { fieldErrors } from "../../components/field-errors";
import { useCreateProduct } from "./api/create-product";
import { emptyProductForm, ProductFields, toProductPayload, type ProductFormValues } from "./product-form";

export function NewProductPage() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = toProductPayload(values, false);
    const invalid = fieldErrors(CreateProductRequest, payload);
    if (Object.keys(invalid).length) return setErrors(invalid);
    try {
      await create.mutateAsync(payload);
      notifySuccess("Producto creado correctamente.");
      void navigate("/products");
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fieldErrors);
      notifyError("No se pudo crear el producto.");
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
            <Button type="submit" loading={create.isPending}>
              Crear producto
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

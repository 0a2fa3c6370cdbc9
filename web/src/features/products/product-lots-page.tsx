import { Alert, Anchor, Loader } from "@mantine/core";
import { Link, useParams } from "react-router";
import { useCan } from "../../api/can";
import { PageTitle } from "../../components/page-title";
import { ProductLots } from "../lots";
import { useProduct } from "./api/get-product";

/** /products/:productId/lotes — a product's lots: 'Ingresar lote' (Admin and Preparador) and what each has left. */
export function ProductLotsPage() {
  const productId = Number(useParams().productId);
  const valid = Number.isSafeInteger(productId) && productId > 0;
  const product = useProduct(valid ? productId : null);
  const receives = useCan("lots.receive");
  const name = product.data?.Name;
  return (
    <>
      <Anchor component={Link} to="/products" size="sm">
        ← Volver a Productos
      </Anchor>
      <PageTitle>{name ? `Lotes de ${name}` : "Lotes del producto"}</PageTitle>
      {product.isLoading && <Loader aria-label="Cargando el producto" />}
      {(product.isError || !valid) && <Alert color="red">No se pudo cargar el producto.</Alert>}
      {name && <ProductLots productId={productId} productName={name} receives={receives} />}
    </>
  );
}

import { Alert, Button, Card, Grid, Group, Loader, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { DecimalInput } from "../../components/decimal-input";
import { useEffect, useMemo, useState } from "react";
import { useParams } from "react-router";
import { typeRefusal } from "../../../../domain/cart";
import type { Product } from "../../../../domain/contracts/products";
import { formatMoney, formatWeight, toCentavos, toGrams } from "../../../../domain/money";
import { orderTotals, priceLine, type LineType } from "../../../../domain/pricing";
import { parseQuantity } from "../../../../domain/quantity";
import { normalizeSearch } from "../../../../domain/text";
import { useCan } from "../../api/can";
import { notifyError, notifyFailure, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { ProductPicker } from "../../components/product-picker";
import { useVirtualFreezer } from "./api/get-virtual-freezer";
import { useSaveVirtualFreezer } from "./api/save-virtual-freezer";

interface Line {
  productId: number;
  name: string;
  units: string;
  type: LineType;
}

export function VirtualFreezerPage() {
  const clientId = Number(useParams().clientId);
  const freezer = useVirtualFreezer(clientId);
  const saving = useSaveVirtualFreezer();
  const [enabled, setEnabled] = useState(false);
  const [lines, setLines] = useState<Line[] | null>(null);
  const [search, setSearch] = useState("");
  // Preparador and Despachante read the balance; the server refuses their saves (403).
  const writes = useCan("catalog.write");

  useEffect(() => {
    if (!freezer.data || lines) return;
    setEnabled(freezer.data.has_virtual_freezer);
    setLines(
      freezer.data.cart.items.map((i) => ({
        productId: i.PK_Products,
        name: i.Name,
        units: String(Number(i.Quantity)),
        type: i.Type,
      })),
    );
  }, [freezer.data, lines]);

  const catalog = useMemo(() => new Map((freezer.data?.products ?? []).map((p) => [p.PK_Products, p])), [freezer.data]);
  const shown = (freezer.data?.products ?? [])
    .filter((p) => normalizeSearch(p.Name).includes(normalizeSearch(search)))
    .slice(0, 50);
  const totals = orderTotals(
    (lines ?? []).flatMap((line) => {
      const product = catalog.get(line.productId);
      const quantity = parseQuantity(line.units, line.type);
      if (!product || !quantity.ok) return [];
      const priced = priceLine({
        type: line.type,
        milliUnits: quantity.milliUnits,
        price: toCentavos(product.Price),
        unitWeight: toGrams(product.Unit_Weight),
        weighted: product.If_Weight,
        virtualFreezer: false,
      });
      return [{ ...priced, productId: line.productId }];
    }),
  );

  const add = (product: Product) =>
    setLines((current) => {
      const list = current ?? [];
      const existing = list.find((l) => l.productId === product.PK_Products);
      if (existing)
        return list.map((l) => (l === existing ? { ...l, units: String(Number(l.units.replace(",", ".")) + 1) } : l));
      return [
        ...list,
        { productId: product.PK_Products, name: product.Name, units: "1", type: product.is_promotion ? "PROMO" : "KG" },
      ];
    });

  /** SPEC.md §5: a type the product cannot take is refused as it is chosen, and the line keeps its type. */
  function chooseType(index: number, type: LineType) {
    const product = lines?.[index] && catalog.get(lines[index].productId);
    const refusal = product && typeRefusal(type, { promotions: product.Promotions, unitWeight: product.Unit_Weight });
    if (refusal) return void notifyError(refusal);
    setLines((ls) => ls!.map((l, i) => (i === index ? { ...l, type } : l)));
  }

  async function save() {
    try {
      await saving.mutateAsync({
        clientId,
        has_virtual_freezer: enabled,
        items: enabled ? (lines ?? []).map((l) => ({ productId: l.productId, units: l.units, type: l.type })) : [],
      });
      notifySuccess("Freezer virtual guardado con éxito.");
    } catch (failure) {
      notifyFailure(failure, "Error al guardar el freezer virtual.");
    }
  }

  if (freezer.isLoading) return <Loader />;
  if (freezer.isError || !freezer.data) return <Alert color="red">Error al cargar los datos.</Alert>;

  return (
    <>
      <PageTitle>{`Freezer Virtual · ${freezer.data.client.Name}`}</PageTitle>
      <Switch
        label="¿Tiene Freezer Virtual?"
        checked={enabled}
        disabled={!writes}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
        mb="md"
      />
      {!enabled ? (
        writes && (
          <Button onClick={save} loading={saving.isPending}>
            Guardar
          </Button>
        )
      ) : (
        <Grid>
          {writes && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ProductPicker
                label="Productos disponibles"
                products={shown}
                search={search}
                onSearch={setSearch}
                onPick={add}
                formatPrice={formatMoney}
                height={420}
              />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: writes ? 7 : 12 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Freezer
              </Title>
              <Stack gap="xs">
                {(lines ?? []).map((line, index) => {
                  const check = parseQuantity(line.units, line.type);
                  const promo = catalog.get(line.productId)?.is_promotion ?? false;
                  return (
                    <Group key={line.productId} wrap="nowrap">
                      <Text style={{ flex: 1 }}>{line.name}</Text>
                      <DecimalInput
                        aria-label={`Cantidad de ${line.name}`}
                        w={120}
                        decimals={line.type === "KG" ? 3 : 0}
                        // Units are kept as "2.5" (a number's text), never as es-AR text: read them as a number.
                        value={Number.isFinite(Number(line.units)) ? Number(line.units) : line.units}
                        readOnly={!writes}
                        error={check.ok ? undefined : check.message}
                        onChange={(v) =>
                          setLines((ls) => ls!.map((l, i) => (i === index ? { ...l, units: String(v) } : l)))
                        }
                      />
                      <Select
                        aria-label={`Tipo de ${line.name}`}
                        w={100}
                        data={promo ? ["PROMO"] : ["KG", "UN"]}
                        value={line.type}
                        disabled={promo || !writes}
                        allowDeselect={false}
                        onChange={(v) => chooseType(index, (v ?? "KG") as LineType)}
                      />
                      {writes && (
                        <Button
                          variant="subtle"
                          color="red"
                          onClick={() => setLines((ls) => ls!.filter((_, i) => i !== index))}
                        >
                          Quitar
                        </Button>
                      )}
                    </Group>
                  );
                })}
              </Stack>
              <Group justify="space-between" mt="md">
                <Text>Peso Total: {formatWeight(totals.weight)}</Text>
                <Text fw={600}>Total a Pagar: {formatMoney(totals.total)}</Text>
              </Group>
              {writes && (
                <Group justify="flex-end" mt="md">
                  <Button onClick={save} loading={saving.isPending}>
                    Guardar freezer
                  </Button>
                </Group>
              )}
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

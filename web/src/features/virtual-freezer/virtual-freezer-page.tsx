import { Alert, Button, Card, Grid, Group, Loader, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useParams } from "react-router";
import { formatMoney, formatWeight } from "@domain/money";
import { normalizeSearch } from "@domain/text";
import { useCan } from "../../api/can";
import { notifyFailure, notifySuccess } from "../../components/notify";
import { PageTitle } from "../../components/page-title";
import { ProductPicker } from "../../components/product-picker";
import { useVirtualFreezer } from "./api/get-virtual-freezer";
import { useSaveVirtualFreezer } from "./api/save-virtual-freezer";
import { FreezerLineRow } from "./freezer-line-row";
import { useFreezerLines } from "./use-freezer-lines";

/** /clients/:clientId/virtual-freezer: whether the client has a virtual freezer, and what it holds. */
export function VirtualFreezerPage() {
  const clientId = Number(useParams().clientId);
  const freezer = useVirtualFreezer(clientId);
  const saving = useSaveVirtualFreezer();
  const edit = useFreezerLines(freezer.data);
  const [search, setSearch] = useState("");
  // Preparador and Despachante read the balance; the server refuses their saves (403).
  const writes = useCan("catalog.write");
  const shown = (freezer.data?.products ?? [])
    .filter((p) => normalizeSearch(p.Name).includes(normalizeSearch(search)))
    .slice(0, 50);

  async function save() {
    try {
      await saving.mutateAsync({
        clientId,
        has_virtual_freezer: edit.enabled,
        items: edit.enabled ? edit.lines.map((l) => ({ productId: l.productId, units: l.units, type: l.type })) : [],
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
        checked={edit.enabled}
        disabled={!writes}
        onChange={(e) => edit.setEnabled(e.currentTarget.checked)}
        mb="md"
      />
      {!edit.enabled ? (
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
                onPick={edit.add}
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
                {edit.lines.map((line, index) => (
                  <FreezerLineRow
                    key={line.productId}
                    line={line}
                    promo={edit.catalog.get(line.productId)?.is_promotion ?? false}
                    writes={writes}
                    onUnits={(units) => edit.change(index, { units })}
                    onType={(type) => edit.chooseType(index, type)}
                    onRemove={() => edit.remove(index)}
                  />
                ))}
              </Stack>
              <Group justify="space-between" mt="md">
                <Text>Peso Total: {formatWeight(edit.totals.weight)}</Text>
                <Text fw={600}>Total a Pagar: {formatMoney(edit.totals.total)}</Text>
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

import { Alert, Button, Group, List, Loader, Modal, Table, Text, Title } from "@mantine/core";
import { useFullData } from "./api/get-full-data";

export function FullDataDialog({ clientId, onClose }: { clientId: number; onClose(): void }) {
  const data = useFullData(clientId);
  const section = (title: string, items: { id: number; description: string }[]) => (
    <>
      <Title order={3} size="h5" mt="md">
        {title}
      </Title>
      {items.length ? (
        <List>
          {items.map((item) => (
            <List.Item key={item.id}>{item.description}</List.Item>
          ))}
        </List>
      ) : (
        <Text c="dimmed" size="sm">
          Sin registros.
        </Text>
      )}
    </>
  );
  return (
    <Modal opened onClose={onClose} title="Datos del cliente" size="lg">
      {data.isLoading && <Loader />}
      {data.isError && <Alert color="red">No se pudieron cargar los datos del cliente.</Alert>}
      {data.data && (
        <>
          {section("Reclamos activos", data.data.order_claims)}
          {section("Bonificaciones activas", data.data.bonuses)}
          <Title order={3} size="h5" mt="md">
            Reclamos por producto
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producto</Table.Th>
                <Table.Th>Reclamo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.product_claims.map((claim) => (
                <Table.Tr key={claim.id}>
                  <Table.Td>{claim.product_name}</Table.Td>
                  <Table.Td>{claim.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Volver</Button>
      </Group>
    </Modal>
  );
}

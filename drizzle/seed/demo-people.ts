export const FIRST_NAMES = [
  "María Fernanda", "Juan Carlos", "Lucía", "Martín", "Sofía", "Diego", "Valeria", "Gustavo", "Paula", "Sebastián",
  "Carolina", "Hernán", "Florencia", "Pablo", "Camila", "Ricardo", "Gabriela", "Fernando", "Natalia", "Alejandro",
];
export const LAST_NAMES = [
  "Gómez", "Rodríguez", "Fernández", "López", "Martínez", "Pérez", "García", "Sánchez", "Romero", "Díaz",
  "Álvarez", "Torres", "Ruiz", "Ramírez", "Flores", "Benítez", "Acosta", "Medina", "Herrera", "Suárez",
];
export const STREETS = [
  "Av. Calchaquí", "Rivadavia", "Mitre", "Av. Hipólito Yrigoyen", "Alsina", "San Martín", "Belgrano", "Moreno",
  "Av. La Plata", "Zapiola", "Brown", "Av. Pavón", "Sarmiento", "Lavalle", "Av. Mosconi", "Humberto Primo",
];
export const BUSINESS_SUFFIXES = ["", "", "", " (Almacén)", " (Rotisería)", " (Kiosco)", " (Restaurante)"];
